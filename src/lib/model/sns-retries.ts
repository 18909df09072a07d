/**
 * The "Retries" section of an sns operation's page: each policy AWS fixes that a subscription of
 * the operation follows, said once with the protocols of the subscriptions that follow it (each
 * card links to its row), and the topic's delivery policy when a subscription here follows it (or
 * the operation publishes). A subscription AWS refuses gets no message, so no retries: it is not
 * counted. The section is a page section of its own, after the subscriptions, so that "On this
 * page" lists it (SnsRetries.astro).
 */
import type { DeliveryView, FixedPolicy } from './sns-delivery.ts';
import { isRefused, type SnsOperationView } from './sns.ts';

export interface SnsRetriesView {
  fixed: { by: FixedPolicy; delivery: DeliveryView; protocols: string[] }[];
  /** The topic's delivery policy, when it is said here. */
  topic?: DeliveryView;
}

/** The anchor of a fixed policy's row, which the cards link to. */
export const retriesAnchor = (by: FixedPolicy): string => `sns-retries-${by}`;

/** A subscription's retries when AWS fixes them, named in its row and linked to their numbers in Retries. */
export const fixedRetriesWords = (by: FixedPolicy): string => (by === 'http-default' ? "AWS's default retries" : "AWS's fixed retries");

/** Why AWS's numbers hold, after them: the fixed ones whatever a policy says, the default ones for want of one (as SnsRetries says it). */
export const fixedReason = (by: FixedPolicy): string =>
  by === 'http-default' ? ', as neither the topic nor the subscription declares a delivery policy' : ', whatever a delivery policy says';

/** The id of the section's heading. */
export const RETRIES_ANCHOR = 'sns-retries';

// The topic's delivery policy is the channel's: said only when a subscription of this operation follows it.
// (A deliveries-per-second limit taken from the topic is said in the card, "the topic's limit".)
const followsTopic = (d: DeliveryView | undefined): boolean =>
  d !== undefined && !d.fixedBy && d.effective.some((e) => e.from === 'topic' && e.field !== 'maxReceivesPerSecond');

/** What the Retries section says of the operation's subscriptions; undefined when it has nothing to say. */
export function snsRetries(view: SnsOperationView): SnsRetriesView | undefined {
  const delivering = view.consumers.filter((c) => !isRefused(c.verdict));
  const fixed: SnsRetriesView['fixed'] = [];
  for (const c of delivering) {
    const by = c.delivery?.fixedBy;
    if (!by) continue;
    const known = fixed.find((f) => f.by === by);
    if (known) known.protocols.push(c.protocol);
    else fixed.push({ by, delivery: c.delivery!, protocols: [c.protocol] });
  }
  const showTopic = view.topicDelivery !== undefined && (view.side === 'producer' || delivering.some((c) => followsTopic(c.delivery)));
  if (fixed.length === 0 && !showTopic) return undefined;
  return { fixed, ...(showTopic ? { topic: view.topicDelivery! } : {}) };
}
