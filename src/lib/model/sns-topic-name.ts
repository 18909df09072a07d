/**
 * The name of the topic AWS sees for an sns operation. The SPEC (sns binding) makes the channel
 * binding's `name` the topic's name (required there, and the name its access policy and its
 * subscriptions concern); the operation binding's `topic` is for a channel whose topic is not
 * simply the channel's name, and the channel's address is the channel's, not a name AWS knows.
 * When a document gives two names, the page shows the one AWS sees, so that no command targets a
 * topic the policy does not cover; another name an operation's binding writes is said to the
 * authors in the page's folded Source.
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';

export interface TopicName {
  /** The name AWS sees, when the document gives one. */
  name?: string;
  /** Another name the document gives for the topic, and where (the operation's: said in the page's Source). */
  other?: { source: 'operation' | 'address'; value: string };
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The topic part of an sns topic ARN (`arn:aws:sns:<region>:<account>:<name>`). */
export function topicOfArn(arn: string): string | undefined {
  return /^arn:[^:]*:sns:[^:]*:[^:]*:([^:]+)$/.exec(arn)?.[1];
}

export function topicName(channelSns: Record<string, unknown>, operationTopic: unknown, address: unknown): TopicName {
  const identifier = isPlainObject(operationTopic) ? operationTopic : {};
  const arn = text(identifier.arn);
  const fromOperation = text(identifier.name) ?? (arn ? topicOfArn(arn) : undefined);
  const fromChannel = text(channelSns.name);
  if (fromChannel === undefined) return fromOperation === undefined ? {} : { name: fromOperation };
  if (fromOperation !== undefined && fromOperation !== fromChannel) return { name: fromChannel, other: { source: 'operation', value: fromOperation } };
  const channelAddress = text(address);
  if (channelAddress !== undefined && channelAddress !== fromChannel) return { name: fromChannel, other: { source: 'address', value: channelAddress } };
  return { name: fromChannel };
}
