/**
 * What a portal card says an API does: the messages it sends and those it receives ("Sends
 * OrderPlaced, OrderCancelled"), named as its operations carry them, a few each and the rest
 * counted, so that a reader sees which events an API is about without opening it, and a card
 * does not grow with the API.
 */
import type { Page } from '../lib/model/page-types.ts';

/** Messages named per direction; the rest are counted ("and 4 more"). */
export const CARD_MESSAGES_SHOWN = 3;

export interface CardAction {
  action: 'send' | 'receive';
  /** The first messages, in the order the operations carry them, each once. */
  names: string[];
  /** How many more messages go this way. */
  more: number;
}

/** The API's sends, then its receives; a direction without messages is left out. */
export function cardActions(pages: readonly Page[]): CardAction[] {
  const byAction = { send: new Set<string>(), receive: new Set<string>() };
  for (const page of pages) {
    if (page.kind !== 'operation') continue;
    for (const action of ['send', 'receive'] as const) if (page.badges.includes(action)) for (const name of page.messages ?? []) byAction[action].add(name);
  }
  return (['send', 'receive'] as const).flatMap((action) => {
    const all = [...byAction[action]];
    return all.length === 0 ? [] : [{ action, names: all.slice(0, CARD_MESSAGES_SHOWN), more: Math.max(0, all.length - CARD_MESSAGES_SHOWN) }];
  });
}
