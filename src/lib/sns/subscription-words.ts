/**
 * The words that tell a receiving operation's own subscriptions (the SQS queues its sqs binding
 * defines: sns.ts isOwnSubscription) from the topic's other subscribers, the same on the page
 * (SnsOperation.astro) and in its Markdown twin (twin-sns.ts).
 */
export const OWN_SUBSCRIPTION_MARK = "This API's queue";
export const OTHER_SUBSCRIPTIONS_HEADING = 'Other subscriptions of the topic';

/**
 * The subscriptions in the order both show them: the operation's own first, the others after
 * under a heading of their own; one list when the document does not say which are its own (or
 * all are).
 */
export function subscriptionGroups<T extends { own?: boolean }>(consumers: readonly T[]): { heading?: string; consumers: T[] }[] {
  const own = consumers.filter((c) => c.own);
  return own.length > 0 && own.length < consumers.length
    ? [{ consumers: own }, { heading: OTHER_SUBSCRIPTIONS_HEADING, consumers: consumers.filter((c) => !c.own) }]
    : [{ consumers: [...consumers] }];
}
