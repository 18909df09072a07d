/**
 * The words of the sns pages said in more than one place (a page and its Markdown twin, a
 * component and the model), kept here so that each is said the same wherever it is said: why a
 * topic's name is not its channel's address, what happens when a delivery fails, and the words
 * that tell a receiving operation's own subscriptions (the SQS queues its sqs binding defines:
 * sns.ts isOwnSubscription) from the topic's other subscribers (SnsOperation.astro, twin-sns.ts).
 */

/**
 * Why the topic's name differs from the channel's address (SPEC, sns binding: the channel
 * binding's `name` is the topic's and "may differ from the channel name"): said once on a page,
 * where the reader first meets the name (the channel's "SNS topic" fact, the operation's first
 * line about its topic), the address after it when the address is not beside it.
 */
export const TOPIC_NAME_NOTE = 'The name clients use with AWS (the topic’s ARN ends in it), not the channel’s address';

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

/**
 * What happens when a delivery fails, said once for a fan-out's subscriptions (under its table, at
 * the end of its twin's list); each subscription gives only its retries (sns-delivery.ts
 * retryPolicyText, the words its operation's page uses) and its dead-letter queue.
 */
export const RETRIES_KEY =
  'If a delivery fails, SNS retries it as its row says; then it moves the message to the subscription’s dead-letter queue, or drops it when there is none.';

/** Where a failed message ends, for a subscription without a dead-letter queue. */
export const DROPPED = 'dropped';

const ENVELOPE_WORDS = 'delivered in the SNS envelope';

/**
 * How a subscription gets each message, in a word, for a row or a line: raw where AWS offers the
 * choice (SQS, HTTP(S), Firehose) and it is on, else the SNS envelope (always for Lambda and
 * e-mail-json); e-mail, SMS and push get the message's text: nothing to say.
 */
export function deliveryWord(protocol: string, raw: boolean | undefined): string | undefined {
  if (['sqs', 'http', 'https', 'firehose'].includes(protocol)) return raw ? 'delivered raw' : ENVELOPE_WORDS;
  return protocol === 'lambda' || protocol === 'email-json' ? ENVELOPE_WORDS : undefined;
}
