/**
 * What a portal card says an API does: the messages it sends and those it receives ("Sends
 * Order placed, Comment changed"), each by its title or, without one, a name read from its key
 * (the key kept for its tooltip): one list reads alike whether the author wrote titles or not; a few each and the rest
 * counted, so that a reader sees which events an API is about without opening it, and a card
 * does not grow with the API.
 */
import type { MessageLabel, Page } from '../lib/model/page-types.ts';

/** Messages named per direction; the rest are counted ("and 4 more"). */
export const CARD_MESSAGES_SHOWN = 3;

export interface CardAction {
  action: 'send' | 'receive';
  /** The first messages, in the order the operations carry them, each once. */
  names: MessageLabel[];
  /** How many more messages go this way. */
  more: number;
}

/** The API's sends, then its receives; a direction without messages is left out. */
export function cardActions(pages: readonly Page[]): CardAction[] {
  const byAction = { send: new Map<string, MessageLabel>(), receive: new Map<string, MessageLabel>() };
  for (const page of pages) {
    if (page.kind !== 'operation') continue;
    for (const action of ['send', 'receive'] as const)
      if (page.badges.includes(action))
        for (const label of page.messageLabels ?? []) if (!byAction[action].has(label.title)) byAction[action].set(label.title, label);
  }
  return (['send', 'receive'] as const).flatMap((action) => {
    const all = [...byAction[action].values()];
    return all.length === 0 ? [] : [{ action, names: all.slice(0, CARD_MESSAGES_SHOWN), more: Math.max(0, all.length - CARD_MESSAGES_SHOWN) }];
  });
}
