/**
 * Topic names AWS refuses (topic-name-rules.ts), wherever a document names a topic: the channel
 * binding's `name`, an operation binding's `topic.name` and the name at the end of its
 * `topic.arn`, and the channel's address where nothing else names the topic and the pages take
 * the address for its name (a channel with an sns binding, or whose servers all speak sns). A FIFO
 * topic (the channel binding's `ordering.type`) whose name lacks `.fifo` is `sns-fifo-name`; a
 * standard topic's name that ends so is refused like any other dot. Warnings: the SPEC's binding
 * sets no rule for the name.
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { isFifoBinding } from '../../sns/fifo-protocols.ts';
import { acceptedTopicName, hasFifoSuffix, refusedTopicName } from '../../sns/topic-name-rules.ts';
import { effective } from '../effective.ts';
import { fieldAt, problem, type Rule, type RuleContext } from './rule.ts';

/** The name part of an sns topic ARN (`arn:<partition>:sns:<region>:<account>:<name>`). */
const SNS_ARN = /^arn:[^:]*:sns:[^:]*:[^:]*:([^:]*)$/;

interface ChannelTopic {
  /** The channel binding's sns object, when the channel has one. */
  binding?: Record<string, unknown>;
  fifo: boolean;
}

export const snsTopicNameRule: Rule = {
  id: 'sns-topic-name',
  description:
    'SNS topic names AWS refuses (1–256 letters, digits, hyphens, underscores; ".fifo" ending FIFO topics only), wherever a name or address names a topic (warnings)',
  run(ctx) {
    // Channels whose address an operation's binding leaves as the topic's name.
    const addressNamed = new Set<string>();
    for (const op of ctx.index.of('Operation')) {
      const merged = effective(ctx.doc, op);
      const channel = ctx.doc.deref(op.value.channel, fieldAt(op, 'channel'));
      const topic = channel && isPlainObject(channel.value) ? channelTopic(ctx, channel.value, channel.at) : { fifo: false };
      if (!merged.origin.bindings) continue;
      const bindings = ctx.doc.deref(merged.value.bindings, fieldAt(merged.origin.bindings, 'bindings'));
      if (!bindings || !isPlainObject(bindings.value) || !isPlainObject(bindings.value.sns)) continue;
      const identifier = isPlainObject(bindings.value.sns.topic) ? bindings.value.sns.topic : {};
      const at = fieldAt(bindings.at, 'sns', 'topic');
      let named = false;
      if (typeof identifier.name === 'string') {
        named = true;
        checkName(ctx, identifier.name, fieldAt(at, 'name'), topic, 'the operation binding names the topic');
      }
      const arnName = typeof identifier.arn === 'string' ? SNS_ARN.exec(identifier.arn)?.[1] : undefined;
      if (arnName !== undefined) {
        named = true;
        checkName(ctx, arnName, fieldAt(at, 'arn'), topic, 'the operation binding’s topic ARN ends with the topic name');
      }
      if (!named && channel && typeof topic.binding?.name !== 'string') addressNamed.add(`${channel.at.file}#${channel.at.pointer}`);
    }
    // Each channel binding where it is written (a shared one in components once).
    for (const node of ctx.index.of('ChannelBindings')) {
      const sns = node.value.sns;
      if (isPlainObject(sns) && typeof sns.name === 'string')
        checkName(ctx, sns.name, fieldAt(node, 'sns', 'name'), { binding: sns, fifo: isFifoBinding(sns) }, 'the channel binding names the topic');
    }
    for (const channel of ctx.index.of('Channel')) {
      const topic = channelTopic(ctx, channel.value, channel.at);
      if (typeof topic.binding?.name === 'string') continue;
      const address = channel.value.address;
      if (typeof address !== 'string' || address === '' || address.includes('{')) continue;
      const takenAsName =
        topic.binding !== undefined || onSnsServers(ctx, channel.value, channel.at) || addressNamed.has(`${channel.at.file}#${channel.at.pointer}`);
      if (takenAsName)
        checkName(ctx, address, fieldAt(channel, 'address'), topic, 'no binding names the topic, so its name is taken to be the channel’s address');
    }
  },
};

function checkName(ctx: RuleContext, name: string, at: Location, topic: ChannelTopic, source: string): void {
  const refused = refusedTopicName(name);
  if (refused !== undefined) {
    const fifo = topic.fifo || hasFifoSuffix(name);
    ctx.report(
      problem(
        'sns-topic-name',
        'warning',
        at,
        `AWS refuses the topic name "${name}" (${source}): ${refused}`,
        `Name the topic as AWS takes it, for instance "${acceptedTopicName(fifo && !hasFifoSuffix(name) ? `${name}.fifo` : name)}"${source.includes('address') ? ', in the channel binding’s `name` (bindings.sns.name) or as the address' : ''}.`,
      ),
    );
    return;
  }
  if (topic.fifo && !hasFifoSuffix(name)) {
    ctx.report(
      problem(
        'sns-fifo-name',
        'warning',
        at,
        `the FIFO topic name "${name}" does not end with ".fifo" (${source})`,
        `AWS takes a FIFO topic only under a name that ends with ".fifo": "${name}.fifo".`,
      ),
    );
    return;
  }
  if (topic.binding !== undefined && !topic.fifo && hasFifoSuffix(name)) {
    ctx.report(
      problem(
        'sns-topic-name',
        'warning',
        at,
        `AWS refuses the topic name "${name}" (${source}): only a FIFO topic's name ends with ".fifo", and the channel binding makes this topic standard`,
        'Set the channel binding’s ordering.type to FIFO, or drop ".fifo" from the name.',
      ),
    );
  }
}

/** The channel's sns binding, and whether it makes the topic FIFO. */
function channelTopic(ctx: RuleContext, channel: Record<string, unknown>, at: Location): ChannelTopic {
  const bindings = ctx.doc.deref(channel.bindings, fieldAt(at, 'bindings'));
  const sns = bindings && isPlainObject(bindings.value) && isPlainObject(bindings.value.sns) ? bindings.value.sns : undefined;
  return { ...(sns ? { binding: sns } : {}), fifo: isFifoBinding(sns) };
}

/** Whether the channel lists servers and every one of them speaks sns (the pages then take the address for the topic). */
function onSnsServers(ctx: RuleContext, channel: Record<string, unknown>, at: Location): boolean {
  if (!Array.isArray(channel.servers) || channel.servers.length === 0) return false;
  return channel.servers.every((ref, i) => {
    const server = ctx.doc.deref(ref, fieldAt(at, 'servers', i));
    return server !== undefined && isPlainObject(server.value) && typeof server.value.protocol === 'string' && server.value.protocol.toLowerCase() === 'sns';
  });
}
