/**
 * The sns topic a channel is, named on the channel's page as its operations' pages name it: the
 * channel binding's `name` (the name AWS sees), else the one topic its operations' sns bindings
 * name, else, on a channel whose servers all speak sns, its address (when the address is one name,
 * not a template). So that the channel page and "Publishes to the topic …" on an operation's page
 * tell the reader the same name.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { escapeHtml } from '../html-text.ts';
import { TOPIC_NAME_NOTE } from '../sns/subscription-words.ts';
import { type Context, entityByUrl, operationsOn } from './page-context.ts';
import type { Fact } from './page-types.ts';
import { channelSnsBinding, isOnSnsServers } from './sns-hands-on.ts';
import { topicName } from './sns-topic-name.ts';

/** The channel's topic as a fact ("SNS topic"), or undefined for a channel that is no sns topic. */
export function channelTopicFact(ctx: Context, url: string, channel: Record<string, unknown>, at: Location, address: string | undefined): Fact | undefined {
  const entity = entityByUrl(ctx, url);
  const binding = channelSnsBinding(ctx, channel, at);
  const hasBinding = Object.keys(binding).length > 0;
  // The topics the operations on it name in their own sns bindings (the operation page names the same).
  const named = new Set<string>();
  for (const { sns } of entity ? operationsOn(ctx, entity) : []) {
    const name = sns ? topicName(binding, sns.topic, address).name : undefined;
    if (name !== undefined) named.add(name);
  }
  const own = topicName(binding, undefined, address).name;
  const name = own ?? (named.size === 1 ? [...named][0] : undefined);
  if (name !== undefined)
    return {
      label: 'SNS topic',
      text: name,
      code: true,
      ...(address !== undefined && address !== name
        ? // Where the page first names the topic (the address is the fact above): the topic section's settings do not say it again.
          { noteHtml: `${escapeHtml(TOPIC_NAME_NOTE)}.`, wording: true }
        : {}),
    };
  // No name written: the operations publish to the channel's address, as their pages say.
  if ((hasBinding || isOnSnsServers(ctx, entity)) && address !== undefined && address !== '' && !address.includes('{'))
    return { label: 'SNS topic', text: address, code: true, noteHtml: 'The channel’s address: no binding names the topic otherwise.' };
  return undefined;
}
