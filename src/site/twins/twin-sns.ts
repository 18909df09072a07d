/**
 * The sns binding in words, as the pages show it (SnsTopic.astro, SnsOperation.astro): the topic,
 * its policy, who publishes to it and every subscription across the API; on an operation, each
 * subscription with its filter, dead-letter queue and the retries it really gets.
 */
import { fixedPolicySubscriptions, retryPolicyText, type DeliveryView, type EffectiveField } from '../../lib/model/sns-delivery.ts';
import type { TopicName } from '../../lib/model/sns-topic-name.ts';
import {
  type ConsumerView,
  type Endpoint,
  type FanOut,
  queueRedrive,
  queueRedriveWords,
  type SnsOperationView,
  type SnsTopicView,
  isRefused,
  shortEndpoint,
  subscriptionLine,
  verdictConsequence,
  verdictLine,
} from '../../lib/model/sns.ts';
import type { SnsHandsOn } from '../../lib/model/sns-hands-on-types.ts';
import { DEDUPLICATION_NOTE, PUBLISH_HEADING, PUBLISH_LEAD } from '../../lib/sns/snippets.ts';
import { DROPPED, deliveryWord, OWN_SUBSCRIPTION_MARK, RETRIES_KEY, subscriptionGroups } from '../../lib/sns/subscription-words.ts';
import { codeSpan, escapeInline, fencedBlock, heading, lineStart } from './markdown-text.ts';
import { pageLink } from './twin-values.ts';
import { subscriptionHolder } from '../../lib/model/flow-fan-out.ts';
import { fixedReason, fixedRetriesWords, snsRetries } from '../../lib/model/sns-retries.ts';

const defaulted = (isDefault: boolean): string => (isDefault ? ' (default)' : '');

export function topicLines(topic: SnsTopicView, fanOut: FanOut, root: string): string[] {
  const lines = [`**Published by:** ${fanOut.producers.map((p) => pageLink(p, root)).join(', ') || 'no operation of this API'}`, ''];
  if (fanOut.consumers.length === 0) lines.push('**Subscriptions:** none in this API');
  else {
    lines.push(`**Subscriptions (${fanOut.consumers.length}):**`, '');
    const publishers = new Set(fanOut.producers.map((p) => p.url));
    for (const c of fanOut.consumers) {
      // Who holds it, as the page says (flow-fan-out.ts subscriptionHolder): its receiving operation only when that operation's queue it is.
      const holder = subscriptionHolder(publishers, c);
      const parts = [
        // The names a reader knows, as the page shows them (their ARNs are on the operation's twin).
        `${escapeInline(c.protocolLabel)} ${codeSpan(shortEndpoint(c.endpoint))}, ${holder.words}${holder.named ? ` ${pageLink(c.operation, root)}` : ''}`,
        c.verdict
          ? `**${escapeInline(verdictLine(c.verdict))}**`
          : c.filter?.length
            ? `only where ${c.filter.map(escapeInline).join(' and ')}`
            : 'every message',
        // Retries AWS fixes by their name, their numbers once under the list (as the page says them).
        c.fixed ? escapeInline(fixedRetriesWords(c.fixed.by)) : c.retries && escapeInline(c.retries),
        c.deadLetter ? `dead-letter queue ${codeSpan(shortEndpoint(c.deadLetter))}` : c.retries && DROPPED,
      ].filter(Boolean);
      lines.push(`- ${parts.join(' · ')}`);
    }
    const fixed = fanOut.consumers.flatMap((c) => (c.fixed ? [{ ...c.fixed, kind: c.protocolLabel }] : []));
    for (const by of new Set(fixed.map((f) => f.by))) {
      const mine = fixed.filter((f) => f.by === by);
      const kinds = [...new Set(mine.map((f) => f.kind))].join(', ');
      lines.push('', escapeInline(`${fixedRetriesWords(by)} (${kinds}): ${mine[0]!.schedule}${fixedReason(by)}.`));
    }
    // What the numbers mean, once for every subscription.
    if (fanOut.consumers.some((c) => c.retries)) lines.push('', escapeInline(RETRIES_KEY));
  }
  // As on the page: who receives what first, then the topic's settings and its policy.
  lines.push(
    '',
    `- **Topic name:** ${topic.name ? codeSpan(topic.name) : 'not given'}`,
    `- **Type:** ${escapeInline(topic.ordering)}${defaulted(topic.orderingDefault)}`,
    `- **Content-based deduplication:** ${topic.contentBasedDeduplication ? 'on' : 'off'}${defaulted(topic.deduplicationDefault)}`,
  );
  if (topic.tags.length > 0) lines.push(`- **Tags:** ${topic.tags.map(([k, v]) => `${codeSpan(k)} = ${codeSpan(v)}`).join(', ')}`);
  if (topic.statements.length > 0) {
    lines.push('- **Access policy:**');
    topic.statements.forEach((s, i): void => {
      const principals = s.principals.map((p) => `${p.kind ? `${escapeInline(p.kind)} ` : ''}${p.values.map(codeSpan).join(', ')}`).join('; ');
      const conditions = s.conditions.map((c) => `${codeSpan(c.operator)} → ${codeSpan(c.key)} → ${c.values.map(codeSpan).join(', ')}`).join('; ');
      const parts = [
        `**Statement ${i + 1}: ${escapeInline(s.effect)}**`,
        principals && `principals ${principals}`,
        s.actions.length > 0 && `actions ${s.actions.map(codeSpan).join(', ')}`,
        s.resources.length > 0 && `resources ${s.resources.map(codeSpan).join(', ')}`,
        conditions && `conditions ${conditions}`,
      ].filter(Boolean);
      lines.push(`  - ${parts.join(' · ')}`);
    });
  }
  return lines;
}

export function operationLines(view: SnsOperationView, topic: TopicName = {}): string[] {
  const arns = endpoints(view.topic.filter((e) => e.kind === 'arn'));
  const lines = [
    `- **Side:** ${view.side === 'producer' ? 'producer (publishes to the topic)' : 'consumer (subscribed to the topic)'}`,
    `- **Topic:** ${topic.name ? `${codeSpan(topic.name)}${arns ? ` (${arns})` : ''}` : endpoints(view.topic) || 'not given'}`,
  ];
  if (view.topicDelivery) lines.push('- **Topic delivery policy:**', ...deliveryLines(view.topicDelivery, '  '));
  if (view.consumers.length > 0) {
    lines.push('', `### Subscriptions (${view.consumers.length})`);
    // As the page: the operation's own first and marked, the topic's others under a heading of their own.
    // The others a line each, as the page's rows (SnsOtherSubscriptions.astro); what the retries mean once, after them all.
    let n = 0;
    for (const group of subscriptionGroups(view.consumers)) {
      if (group.heading)
        lines.push('', heading(3, `${group.heading} (${group.consumers.length})`), '', ...group.consumers.map((c) => otherConsumerLine(c, ++n)));
      else for (const c of group.consumers) lines.push('', ...consumerLines(c, ++n));
    }
    if (view.consumers.some((c) => !isRefused(c.verdict))) lines.push('', escapeInline(RETRIES_KEY));
  }
  // Named by the operation's own subscription, whose queue and dead-letter queue they are; listed only when no subscription is its own (review 18).
  if (view.queues.length > 0 && !view.consumers.some((c) => c.own))
    lines.push('', `**SQS queues this operation uses:** ${view.queues.map((q) => codeSpan(q.name)).join(', ')}`);
  return [...lines, ''];
}

/**
 * Another team's subscription in one line: its name and endpoint, what it receives, its retries and
 * dead-letter queue, how it is delivered. AWS's fixed retries by their name, as the page's row
 * says them: their numbers are said once, under Retries (retriesLines).
 */
function otherConsumerLine(c: ConsumerView, n: number): string {
  const delivery = isRefused(c.verdict) ? undefined : deliveryWord(c.protocol, c.rawMessageDelivery);
  const fixed = !isRefused(c.verdict) && c.delivery?.fixedBy ? c.delivery.fixedBy : undefined;
  const line = fixed ? subscriptionLine(c, fixedRetriesWords(fixed)) : c.line;
  return `- **Subscription ${n}:** ${escapeInline(line)}${delivery ? ` · ${delivery}` : ''}`;
}

/**
 * The retries AWS fixes, once per policy with the protocols of the subscriptions that follow it, and
 * the topic's delivery policy where it applies: the page's Retries section (SnsRetries.astro).
 */
export function retriesLines(view: SnsOperationView): string[] {
  const retries = snsRetries(view);
  if (!retries) return [];
  const lines = [heading(2, 'Retries'), ''];
  for (const f of retries.fixed)
    lines.push(`- **${escapeInline(fixedPolicySubscriptions(f.by, f.protocols))}:** ${escapeInline(`${retryPolicyText(f.delivery)}${fixedReason(f.by)}.`)}`);
  if (retries.topic)
    lines.push('- **Topic delivery policy** (for HTTP(S) subscriptions, unless they declare their own):', ...deliveryLines(retries.topic, '  '));
  return [...lines, ''];
}

function consumerLines(c: ConsumerView, n: number): string[] {
  const lines = [
    heading(4, `Subscription ${n}: ${escapeInline(c.protocolLabel)}${c.own ? ` (${OWN_SUBSCRIPTION_MARK})` : ''}`),
    '',
    // Each fact on a line of its own below, once (review 18): no summary line saying them again first.
    `- **Protocol:** ${codeSpan(c.protocol)}`,
  ];
  if (c.endpoints.length > 0) lines.push(`- **Endpoint:** ${endpoints(c.endpoints)}`);
  if (c.displayName) lines.push(`- **SMS display name:** ${codeSpan(c.displayName)}`);
  if (c.rawMessageDelivery !== undefined)
    lines.push(
      `- **Raw message delivery:** ${c.rawMessageDelivery ? 'on: the message body is delivered as published, without the SNS envelope' : 'off: the message arrives inside the SNS JSON envelope'}`,
    );
  if (c.verdict) lines.push(`- **${escapeInline(verdictLine(c.verdict))}.** ${escapeInline(verdictConsequence(c.verdict))}`);
  if (c.filterPolicy) {
    lines.push(`- **Filter policy** (on the message ${escapeInline(c.filterPolicyScope)}${defaulted(c.scopeDefault)}):`);
    for (const f of c.filterPolicy.summary) lines.push(`  - ${lineStart(escapeInline(f.attribute))} ${escapeInline(f.condition)}`);
    // Inside the list item: indented to its content, after the conditions.
    lines.push(
      ...fencedBlock(c.filterPolicy.json, 'json')
        .split('\n')
        .map((l) => `  ${l}`),
    );
  } else lines.push(`- **Filter policy:** none${isRefused(c.verdict) ? '' : ': every message is delivered'}`);
  // Nothing is delivered to a refused subscription: no dead-letter queue or retries to tell of.
  if (isRefused(c.verdict)) return lines;
  if (c.redrive) lines.push(`- **Dead-letter queue:** ${endpoints(c.redrive.deadLetterQueue)}`);
  const redrive = queueRedrive(c);
  if (redrive) {
    const words = queueRedriveWords(redrive);
    lines.push(
      `- **If processing fails:** ${escapeInline(words.before.trimEnd())} ${endpoints(redrive.deadLetterQueue)} ${escapeInline(words.after.trimStart())}`,
    );
  }
  // AWS's fixed retries by name, their numbers once under Retries (retriesLines), as the page's card links to them.
  if (c.delivery?.fixedBy) {
    lines.push(`- **Delivery retries:** ${escapeInline(fixedRetriesWords(c.delivery.fixedBy))} (under Retries)`);
    if (c.delivery.ignored) lines.push(`  - ${IGNORED_POLICY}`);
  } else if (c.delivery) lines.push('- **Delivery retries:**', ...deliveryLines(c.delivery, '  '));
  return lines;
}

const IGNORED_POLICY = 'the document’s policy does not apply to this protocol (AWS applies it to HTTP(S) subscriptions only)';

/** A policy the document declares (a subscription's or the topic's), as its values and the schedule they make. */
function deliveryLines(d: DeliveryView, indent: string): string[] {
  const lines: string[] = [];
  if (d.ignored) lines.push(`${indent}- ${IGNORED_POLICY}`);
  if (d.schedule) lines.push(`${indent}- ${escapeInline(retryPolicyText(d))}`);
  for (const f of d.effective) lines.push(`${indent}- ${field(f)}`);
  if (d.throttle !== undefined) lines.push(`${indent}- at most ${d.throttle} deliveries per second`);
  return lines;
}

function field(f: EffectiveField): string {
  const from = f.from === 'aws' ? 'fixed by AWS' : `from the ${f.from}`;
  return `${codeSpan(f.field)}: ${codeSpan(String(f.value))} (${from})`;
}

function endpoints(list: Endpoint[]): string {
  return list.map((e) => `${escapeInline(e.kind)} ${codeSpan(e.value)}`).join(', ');
}

/**
 * The commands to publish and subscribe (issue 24), as the page shows them: the `aws` command line
 * of each (the page also folds the SDK forms under it), with its notes. An assistant that reads
 * the twin can hand a reader a command that passes the subscription's filter.
 */
export function handsOnLines(handsOn: SnsHandsOn): string[] {
  const lines: string[] = [];
  const snippet = (title: string, notes: string[], code: string | undefined): void => {
    if (code === undefined) return;
    lines.push(`**${escapeInline(title)}**`, '', ...notes.map((n) => `- ${escapeInline(n)}`), ...(notes.length > 0 ? [''] : []), fencedBlock(code, 'sh'), '');
  };
  if (handsOn.publish.length > 0 || handsOn.unreachable.length > 0) {
    lines.push(heading(3, PUBLISH_HEADING), '', PUBLISH_LEAD, '');
    if (handsOn.deduplicatesByContent) lines.push(DEDUPLICATION_NOTE, '');
    for (const v of handsOn.publish) {
      snippet(v.title, v.notes, v.cli?.code);
      // The file the command reads its body from, which the page offers for download: here in full, so that the command runs as copied.
      if (v.cli && v.bodyFile)
        lines.push(
          `${codeSpan(v.bodyFile.name)}, the payload of ${escapeInline(v.bodyFile.message)}’s ${escapeInline(v.bodyFile.example)}:`,
          '',
          fencedBlock(v.bodyFile.text.trimEnd(), 'json'),
          '',
        );
    }
    if (handsOn.publishMore > 0) lines.push(`And ${handsOn.publishMore} more filters, on the page.`, '');
    for (const u of handsOn.unreachable)
      lines.push(
        `- Unreachable: ${codeSpan(u.name)}: ${escapeInline(u.line)}, ${u.refused ? 'so the subscription cannot be created and no message reaches it' : 'so no message reaches it'}.`,
      );
    if (handsOn.unreachable.length > 0) lines.push('');
    if (handsOn.receive) snippet(handsOn.receive.title, handsOn.receive.notes, handsOn.receive.cli.code);
  }
  if (handsOn.subscribe.length > 0) {
    lines.push(heading(3, 'Subscribe'), '');
    for (const s of handsOn.subscribe) snippet(s.title, s.notes, s.cli.code);
    if (handsOn.subscribeMore > 0) lines.push(`And ${handsOn.subscribeMore} more subscriptions, on the page.`, '');
  }
  if (handsOn.placeholders.length > 0) lines.push(`Replace ${handsOn.placeholders.map(codeSpan).join(', ')} with your own values.`, '');
  return lines;
}
