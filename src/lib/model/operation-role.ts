/**
 * What an operation means for the reader, in the "For you" line, or who is on the other side
 * when the reader is not. A receiving operation whose messages another operation of this API (or
 * of another API of the portal) sends is not the reader's to send to: the line names that sender,
 * linked, instead of addressing the reader as the sender ("You send these messages"
 * on a warehouse queue the same API's publisher fills). Sending stays the reader's side: a
 * publisher's messages reach whoever subscribes, the reader among them.
 */
import type { PagePeers } from '../portal/flow-types.ts';
import { type Context, operationsOn } from './page-context.ts';
import type { Fact, FactParty } from './page-types.ts';
import type { Entity } from './types.ts';

/** Senders named on the line, at most; the rest counted ("and 2 more"). */
const SENDERS_NAMED = 3;

export function roleFact(ctx: Context, page: Entity, action: 'send' | 'receive', replies: boolean, channel: Entity | undefined, peers?: PagePeers): Fact {
  const senders = action === 'receive' ? sendersOf(ctx, page, channel, peers) : [];
  if (senders.length === 0) return { label: 'For you', text: actionMeaning(action, replies), wording: true };
  const more = senders.length - SENDERS_NAMED;
  return {
    label: 'Sent by',
    parties: senders.slice(0, SENDERS_NAMED),
    ...(more > 0 ? { text: `and ${more} more` } : {}),
    wording: true,
  };
}

/** The operations that send on the same channel: this API's first, then the portal's other APIs'. */
function sendersOf(ctx: Context, page: Entity, channel: Entity | undefined, peers?: PagePeers): FactParty[] {
  const own: FactParty[] = channel
    ? operationsOn(ctx, channel)
        .filter((op) => op.value.action === 'send' && op.entity.url !== page.url)
        .map((op) => ({ title: op.entity.title, url: op.entity.url }))
    : [];
  const others: FactParty[] = (peers?.sentBy ?? []).map((p) => ({ title: p.title, url: p.url, apiTitle: p.apiTitle }));
  return [...own, ...others];
}

/**
 * What the action means for a reader integrating with the application, in one short sentence
 * with one actor, the reader (as Stripe's and Redocly's references say what a call does for
 * its caller). The badge beside the title says what the API does ("API sends"), this fact only
 * what the reader does, under a label that says so ("For you"), a request and its reply included
 * ("You receive the request" under "API sends"): each side said once, never the API's action
 * again beside its badge (review 21), nor as one action said twice, once wrongly. The panel's
 * commands say the reader's side too (snippets.ts), so the page never switches who "you" is.
 */
function actionMeaning(action: 'send' | 'receive', replies: boolean): string {
  if (action === 'send') return replies ? 'You receive the request and send the reply.' : 'You receive these messages.';
  return replies ? 'You send the request and receive the reply.' : 'You send these messages.';
}
