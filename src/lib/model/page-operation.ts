/** Operation pages: action, channel, messages, reply, security, traits applied, sns side. */
import { isFifoBinding } from '../sns/fifo-protocols.ts';
import type { Location } from '../diagnostics/diagnostic.ts';
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { toLink } from './entity-locator.ts';
import { traitsFacts } from './page-traits.ts';
import { otherBindings, producerDeliveryPolicy, snsBindingAuthorFacts } from './page-bindings.ts';
import { bindingsOf, channelServers, type Context, merged, sub } from './page-context.ts';
import { securitySection, serverSecuritySection } from './page-server.ts';
import { renderInlineMarkdown } from '../markdown/render-markdown.ts';
import type { Fact, InlineMessage, Page, PageSection } from './page-types.ts';
import { messageContent } from './page-message.ts';
import { templateParts } from './page-values.ts';
import { runtimeExpressionMeaning } from './runtime-expression-words.ts';
import type { Entity, Link } from './types.ts';
import { operationView } from './sns.ts';
import { channelSnsBinding, isOnSnsServers, isSnsTopicChannel, neverReceivedBy, snsHandsOn } from './sns-hands-on.ts';
import { topicName } from './sns-topic-name.ts';
import { replyDiagram } from './flow-reply.ts';
import type { PagePeers } from '../portal/flow-types.ts';
import { peersSection } from './page-peers.ts';
import { samplesSection } from './page-samples.ts';
import { tryItView } from './page-try-it.ts';
import { roleFact } from './operation-role.ts';

export function operationPage(ctx: Context, page: Page, op: Record<string, unknown>, at: Location, peers?: PagePeers): void {
  const m = merged(ctx, op, at);
  const value = m.value;
  const action = typeof value.action === 'string' ? value.action : undefined;
  const channelEntity = ctx.locator.target(op.channel, sub(at, 'channel'));
  if (action === 'send' || action === 'receive')
    page.facts.push(roleFact(ctx, page, action, value.reply !== undefined, channelEntity?.kind === 'channel' ? channelEntity : undefined, peers));
  const channel = ctx.locator.link(op.channel, sub(at, 'channel'));
  if (channel) page.facts.push({ label: 'Channel', link: channel });
  const channelValue = ctx.doc.deref(op.channel, sub(at, 'channel'));
  const address = channelValue && isPlainObject(channelValue.value) ? channelValue.value.address : undefined;
  if (typeof address === 'string') page.facts.push({ label: 'Address', text: address, code: true, template: templateParts(address) });
  else if (channelValue) page.facts.push({ label: 'Address', text: 'set at run time (the channel gives none)' });
  const servers = channelEntity?.kind === 'channel' ? channelServers(ctx, channelEntity) : [];
  if (servers.length > 0) page.facts.push({ label: servers.length === 1 ? 'Server' : 'Servers', links: servers });
  // Where the reply comes back, among the key facts beside the request's channel (review 18): said here once, linked;
  // the Reply section and its picture read it from here (replySection says only the reply's address).
  const replyChannel = replyChannelLink(ctx, op.reply, sub(at, 'reply'));
  if (replyChannel) page.facts.push({ label: 'Reply channel', link: replyChannel });
  // In a portal, who is on the other side: before the messages, which can fill a screen.
  if (peers && page.kind === 'operation') page.sections.push(peersSection(peers));
  // The operation's messages, or every message of its channel when it names none.
  const messageSites: { raw: unknown; site: Location }[] = Array.isArray(op.messages)
    ? op.messages.map((raw, i) => ({ raw, site: sub(at, 'messages', i) }))
    : channelValue && isPlainObject(channelValue.value)
      ? entries(channelValue.value.messages).map(([id, raw]) => ({ raw, site: sub(channelValue.at, 'messages', id) }))
      : [];
  page.sections.push(messagesSection(ctx, 'Messages', 'messages', messageSites, Array.isArray(op.messages) ? undefined : 'Every message of the channel.'));
  if (op.reply !== undefined) {
    const reply = ctx.doc.deref(op.reply, sub(at, 'reply'));
    if (reply && isPlainObject(reply.value)) {
      page.sections.push(replySection(ctx, reply.value, reply.at));
      const diagram = ctx.diagram(() => replyDiagram(page, action));
      // Before the sections it draws: the picture first, then the details.
      if (diagram) {
        page.sections.splice(page.sections.length - 2, 0, { type: 'diagram', heading: 'Request and reply', anchor: 'reply-flow', diagram });
        // The picture draws where the reply goes: the Reply section says it once, in a sentence, rather than as facts again (the twin keeps the facts).
        sayReplyOnce(page.sections[page.sections.length - 1]!);
      }
    }
  }
  // How to publish to the topic, or which subscriptions receive: after what the operation carries
  // (readers ask "what is in the message" first, as Redocly and Stripe lead with the payload); the
  // publish commands themselves sit beside the payload in the page's panel (ReferencePanel.astro).
  const bindings = bindingsOf(ctx, value.bindings, sub(m.origin.bindings ?? at, 'bindings'));
  // An operation that sends on a channel the sns binding makes a topic (or whose servers are all sns)
  // publishes to it, whether or not it carries a binding of its own.
  const sns =
    bindings && isPlainObject(bindings.value.sns)
      ? bindings.value.sns
      : value.action === 'send' && (isSnsTopicChannel(ctx, channelEntity) || isOnSnsServers(ctx, channelEntity))
        ? {}
        : undefined;
  if (sns) {
    // A trait or a components entry may have brought the binding: say which.
    const fromTrait =
      m.origin.bindings && (m.origin.bindings.file !== at.file || m.origin.bindings.pointer !== at.pointer) ? ctx.locator.at(m.origin.bindings) : undefined;
    const origin = bindings?.link ?? (fromTrait ? toLink(fromTrait) : undefined);
    const topicPolicy = sns.deliveryPolicy ?? producerDeliveryPolicy(ctx, channelEntity);
    const found = snsHandsOn(ctx, { value, at, sns, ...(channelEntity?.kind === 'channel' ? { channel: channelEntity } : {}) });
    const replyAt = replyWhere(ctx, op.reply, sub(at, 'reply'));
    const handsOn = found && replyAt && found.publish.length > 0 ? { ...found, replyWhere: replyAt } : found;
    const channelSns = channelValue && isPlainObject(channelValue.value) ? channelSnsBinding(ctx, channelValue.value, channelValue.at) : {};
    const view = operationView(sns, value.action, bindings?.value.sqs, 'sns', topicPolicy, isFifoBinding(channelSns));
    // The messages the operation's own subscriptions can never receive, said in their cards.
    const opInput = { value, at, sns, ...(channelEntity?.kind === 'channel' ? { channel: channelEntity } : {}) };
    const never = neverReceivedBy(
      ctx,
      opInput,
      view.consumers.filter((c) => c.own).map((c) => c.index),
    );
    for (const c of view.consumers) {
      const messages = never.get(c.index);
      if (messages) c.neverReceives = messages;
    }
    const topic = topicName(channelSns, sns.topic, address);
    // No binding names the topic: the commands publish to the channel's address, so the page names that topic too (a templated address is no one name).
    const addressTopic =
      topic.name === undefined && view.topic.length === 0 && typeof address === 'string' && address !== '' && !address.includes('{') ? address : undefined;
    page.sections.push({
      type: 'sns-operation',
      heading: value.action === 'receive' ? 'Amazon SNS subscriptions' : 'Amazon SNS topic',
      anchor: 'sns',
      view,
      topic,
      ...(addressTopic ? { addressTopic } : {}),
      // The summary shows the channel's address: where it is not the topic's name, the section says why beside the name.
      ...(topic.name !== undefined && typeof address === 'string' && address !== '' && address !== topic.name ? { otherAddress: address } : {}),
      ...(channelEntity?.kind === 'channel' ? { channelUrl: channelEntity.url } : {}),
      ...(channelEntity?.kind === 'channel' && isSnsTopicChannel(ctx, channelEntity) ? { fanOutOn: channelEntity.title } : {}),
      ...(origin ? { origin } : {}),
      ...(handsOn ? { handsOn } : {}),
    });
    page.authorFacts = [...(page.authorFacts ?? []), ...snsBindingAuthorFacts(origin, view.versionDefault ? undefined : view.bindingVersion, topic)];
  }
  // Code that sends or receives the message, for every protocol but sns (whose commands are above).
  if (!sns) {
    const samples = samplesSection(ctx, op, at, ctx.sampleLanguages);
    if (samples) page.sections.push(samples);
  }
  const tryIt = tryItView(ctx, op, at);
  if (tryIt) page.sections.push({ type: 'try-it', heading: 'Try it', anchor: 'try-it', view: tryIt });
  securitySection(ctx, page, value.security, sub(m.origin.security ?? at, 'security'), 'Security', true);
  serverSecuritySection(ctx, page, op.channel, sub(at, 'channel'));
  traitsFacts(ctx, page, m.origin, at, 'operationTraits');
  otherBindings(ctx, page, bindings);
  queueBindingIntoSns(page);
}

/**
 * The sqs binding beside an sns binding defines the queues the subscriptions deliver to: its
 * queues are named in the subscriptions' cards, so its settings are folded under the sns section's
 * list of queues rather than shown again in full as a Bindings section of their own.
 */
function queueBindingIntoSns(page: Page): void {
  const sns = page.sections.find((s) => s.type === 'sns-operation');
  const at = page.sections.findIndex((s) => s.type === 'bindings');
  const bindings = page.sections[at];
  if (sns?.type !== 'sns-operation' || sns.view.queues.length === 0 || bindings?.type !== 'bindings') return;
  const sqs = bindings.protocols.find((p) => p.key === 'sqs');
  if (!sqs) return;
  sns.queueBinding = sqs;
  bindings.protocols = bindings.protocols.filter((p) => p !== sqs);
  if (bindings.protocols.length === 0) page.sections.splice(at, 1);
}

/** Messages shown with their schemas and an example, up to this many; the rest as links with summaries. */
export const MAX_INLINE_MESSAGES = 5;

/** A list of messages (Reference Objects or inline), each shown as it would be on its own page. */
function messagesSection(
  ctx: Context,
  heading: string,
  anchor: string,
  sites: { raw: unknown; site: Location }[],
  intro?: string,
  facts?: Fact[],
): PageSection {
  const messages: InlineMessage[] = [];
  const others: (Link & { summaryHtml?: string })[] = [];
  for (const { raw, site } of sites) {
    const link = ctx.locator.link(raw, site) ?? ctx.locator.at(site);
    const target = ctx.doc.deref(raw, site);
    if (!link || !target || !isPlainObject(target.value)) continue;
    const summary = typeof target.value.summary === 'string' ? renderInlineMarkdown(target.value.summary) : undefined;
    if (messages.length >= MAX_INLINE_MESSAGES) {
      others.push({ ...toLinkOf(link), ...(summary ? { summaryHtml: summary } : {}) });
      continue;
    }
    const prefix = `${anchor}-${link.url.split('/').filter(Boolean).pop() ?? messages.length}`;
    const content = messageContent(ctx, target.value, target.at, prefix);
    messages.push({ anchor: prefix, link: toLinkOf(link), ...(summary ? { summaryHtml: summary } : {}), facts: content.facts, sections: content.sections });
  }
  return { type: 'messages', heading, anchor, ...(intro ? { intro } : {}), messages, others, ...(facts && facts.length > 0 ? { facts } : {}) };
}

const toLinkOf = (link: Link | Entity): Link => ('usedBy' in link ? toLink(link) : link);

/** The reply: where it is sent (an address or a runtime expression and what it points at), its channel, its messages inline. */
export function replySection(ctx: Context, reply: Record<string, unknown>, at: Location): PageSection {
  const facts: Fact[] = [];
  const address = ctx.doc.deref(reply.address, sub(at, 'address'));
  if (address && isPlainObject(address.value) && typeof address.value.location === 'string') {
    facts.push({ label: 'Reply address', text: address.value.location, code: true });
    const meaning = runtimeExpressionMeaning(address.value.location, 'the request message');
    if (meaning) facts.push({ label: 'Which means', text: meaning });
  }
  // The reply's channel is a key fact of the page (operationPage), not said again here.
  const channelValue = reply.channel !== undefined ? ctx.doc.deref(reply.channel, sub(at, 'channel')) : undefined;
  const channelAddress = channelValue && isPlainObject(channelValue.value) ? channelValue.value.address : undefined;
  if (typeof channelAddress === 'string')
    facts.push({ label: 'Reply channel address', text: channelAddress, code: true, template: templateParts(channelAddress) });
  const sites = Array.isArray(reply.messages)
    ? reply.messages.map((raw, i) => ({ raw, site: sub(at, 'messages', i) }))
    : channelValue && isPlainObject(channelValue.value)
      ? entries(channelValue.value.messages).map(([id, raw]) => ({ raw, site: sub(channelValue.at, 'messages', id) }))
      : [];
  return messagesSection(ctx, 'Reply', 'reply', sites, sites.length === 0 ? 'The reply names no message.' : undefined, facts);
}

/** The reply's channel, linked, when the reply names one. */
export function replyChannelLink(ctx: Context, raw: unknown, at: Location): Link | undefined {
  if (raw === undefined) return undefined;
  const reply = ctx.doc.deref(raw, at);
  if (!reply || !isPlainObject(reply.value) || reply.value.channel === undefined) return undefined;
  return ctx.locator.link(reply.value.channel, sub(reply.at, 'channel'));
}

/** A Reply section's facts (drawn by the request/reply picture above it) as one sentence: "The reply comes back to the address in the header replyTo of the request message." Its channel is a key fact of the page. */
function sayReplyOnce(section: PageSection): void {
  if (section.type !== 'messages' || !section.facts) return;
  const fact = (label: string) => section.facts?.find((f) => f.label === label);
  const expression = fact('Reply address')?.text;
  const meaning = expression !== undefined ? runtimeExpressionMeaning(expression, 'the request message') : undefined;
  const channelAddress = fact('Reply channel address')?.text;
  const to =
    expression !== undefined
      ? `the address ${meaning ? `in ${meaning}` : expression}`
      : channelAddress !== undefined
        ? `the address ${channelAddress}`
        : undefined;
  if (to !== undefined) section.factsInWords = `The reply comes back to ${to}.`;
}

/**
 * Where a request's reply comes back, for the sns publish commands (an sns topic carries no
 * reply): the reply's channel address, else the runtime expression the request names it in.
 */
function replyWhere(ctx: Context, raw: unknown, at: Location): string | undefined {
  if (raw === undefined) return undefined;
  const reply = ctx.doc.deref(raw, at);
  if (!reply || !isPlainObject(reply.value)) return undefined;
  const address = ctx.doc.deref(reply.value.address, sub(reply.at, 'address'));
  const location = address && isPlainObject(address.value) && typeof address.value.location === 'string' ? address.value.location : undefined;
  // Where exactly is the Reply section's sentence (sayReplyOnce): beside the commands, only that it is not this topic.
  if (location) return 'The reply does not come back on this topic: the Reply section says where.';
  const channel = ctx.doc.deref(reply.value.channel, sub(reply.at, 'channel'));
  const on = channel && isPlainObject(channel.value) && typeof channel.value.address === 'string' ? channel.value.address : undefined;
  return on ? `The reply comes back on ${on}, not on this topic.` : undefined;
}
