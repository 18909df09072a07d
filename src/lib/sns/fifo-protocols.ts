/**
 * Which subscriptions a FIFO topic accepts (Amazon SNS "FIFO message delivery"): Amazon SQS
 * queues only, FIFO or standard. AWS refuses to create a subscription of any other protocol on a
 * FIFO topic (its console does not even offer one). Used by validation (a warning placed at the
 * protocol) and by the model (the subscription said to be refused, never to receive).
 */

/** The protocols the binding allows (SPEC, sns Consumer `protocol`). */
const KNOWN_PROTOCOLS: ReadonlySet<string> = new Set(['http', 'https', 'email', 'email-json', 'sms', 'sqs', 'application', 'lambda', 'firehose']);

/**
 * Whether AWS refuses a subscription of `protocol` on a FIFO topic: a known protocol other than
 * sqs. An unknown protocol is the schema's finding, not judged here.
 */
export function refusedOnFifo(protocol: unknown): boolean {
  return typeof protocol === 'string' && protocol !== 'sqs' && KNOWN_PROTOCOLS.has(protocol);
}

/** Whether a channel's sns binding makes its topic a FIFO topic (`ordering.type: FIFO`). */
export function isFifoBinding(channelSns: unknown): boolean {
  if (typeof channelSns !== 'object' || channelSns === null) return false;
  const ordering = (channelSns as Record<string, unknown>).ordering;
  return typeof ordering === 'object' && ordering !== null && (ordering as Record<string, unknown>).type === 'FIFO';
}
