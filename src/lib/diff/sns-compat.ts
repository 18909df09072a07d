/**
 * The sns binding (0.2.0) in two versions, by what each change does to the topic's publishers
 * and subscribers: the topic renamed (neither reaches the other), standard ⇄ FIFO (the topic
 * must be recreated; FIFO topics take only FIFO queues), access removed from the policy, and per
 * subscription (matched by protocol and endpoint): removed, filter narrowed or widened, raw
 * delivery switched, dead-letter queue removed.
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { canonical, quote, sameValue } from './canonical.ts';
import { addBase, addHead, child, field, type DiffContext, type Node } from './diff-context.ts';
import { compareFilterPolicy } from './sns-filter-compat.ts';

const obj = (n: Node | undefined): Record<string, unknown> => (n && isPlainObject(n.value) ? n.value : {});

export function compareSnsChannel(ctx: DiffContext, b: Node, h: Node, object: string): void {
  const bo = obj(b);
  const ho = obj(h);
  if (!sameValue(bo.name, ho.name)) {
    addHead(ctx, child(h.at, 'name'), {
      rule: 'sns-topic-renamed',
      severity: 'breaking',
      object,
      message: `SNS topic renamed ${quote(bo.name ?? '(none)')} → ${quote(ho.name ?? '(none)')}: publishers and subscriptions of the old topic no longer reach each other`,
    });
  }
  const ordering = (o: Record<string, unknown>): string => (isPlainObject(o.ordering) && o.ordering.type === 'FIFO' ? 'FIFO' : 'standard');
  if (ordering(bo) !== ordering(ho)) {
    addHead(ctx, child(h.at, 'ordering'), {
      rule: 'sns-fifo-switched',
      severity: 'breaking',
      object,
      message: `SNS topic switched from ${ordering(bo)} to ${ordering(ho)}: the topic must be recreated (a FIFO topic's name ends in .fifo), publishers must ${ordering(ho) === 'FIFO' ? 'send a message group id' : 'stop sending group ids'}, and ${ordering(ho) === 'FIFO' ? 'only FIFO queues can subscribe' : 'FIFO queues can no longer subscribe'}`,
    });
  }
  const dedup = (o: Record<string, unknown>): boolean => isPlainObject(o.ordering) && o.ordering.contentBasedDeduplication === true;
  if (dedup(bo) !== dedup(ho)) {
    addHead(ctx, child(h.at, 'ordering'), {
      rule: 'sns-deduplication-switched',
      severity: 'non-breaking',
      object,
      message: `content-based deduplication turned ${dedup(ho) ? 'on: identical messages within 5 minutes are delivered once' : 'off: publishers must send a deduplication id'}`,
    });
  }
  comparePolicy(ctx, field(ctx.base, b, 'policy'), field(ctx.head, h, 'policy'), object);
  if (!sameValue(bo.tags, ho.tags))
    addHead(ctx, child(h.at, 'tags'), { rule: 'sns-tags-changed', severity: 'info', object, message: 'SNS topic tags changed' });
}

/** Access removed (an Allow statement gone, a Deny statement added) breaks whoever had it. */
function comparePolicy(ctx: DiffContext, b: Node | undefined, h: Node | undefined, object: string): void {
  const statements = (n: Node | undefined): Map<string, Record<string, unknown>> => {
    const list = isPlainObject(n?.value) && Array.isArray(n.value.statements) ? n.value.statements : [];
    return new Map(list.filter(isPlainObject).map((s) => [canonical(s), s]));
  };
  const old = statements(b);
  const now = statements(h);
  for (const [key, s] of old) {
    if (now.has(key)) continue;
    const allow = s.effect === 'Allow';
    addBase(ctx, b!.at, {
      rule: 'sns-policy-changed',
      severity: allow ? 'breaking' : 'non-breaking',
      object,
      message: `access policy: the ${quote(s.effect)} statement for ${quote(s.principal)} on ${quote(s.action)} was removed${allow ? ': that principal loses the access it had' : ''}`,
    });
  }
  for (const [key, s] of now) {
    if (old.has(key)) continue;
    const deny = s.effect === 'Deny';
    addHead(ctx, h!.at, {
      rule: 'sns-policy-changed',
      severity: deny ? 'breaking' : 'non-breaking',
      object,
      message: `access policy: a ${quote(s.effect)} statement for ${quote(s.principal)} on ${quote(s.action)} was added${deny ? ': that principal loses access it may have had' : ''}`,
    });
  }
}

/** A subscription's identity across versions: its protocol and endpoint. */
const consumerKey = (c: unknown): string => (isPlainObject(c) ? `${canonical(c.protocol)} ${canonical(c.endpoint)}` : canonical(c));

export function compareSnsOperation(ctx: DiffContext, b: Node, h: Node, object: string): void {
  const bo = obj(b);
  const ho = obj(h);
  if (!sameValue(bo.topic, ho.topic)) {
    addHead(ctx, child(h.at, Object.hasOwn(ho, 'topic') ? 'topic' : ''), {
      rule: 'sns-topic-renamed',
      severity: 'breaking',
      object,
      message: `SNS topic of the operation ${quote(bo.topic ?? '(the channel)')} → ${quote(ho.topic ?? '(the channel)')}: it now publishes or subscribes elsewhere`,
    });
  }
  if (!sameValue(bo.deliveryPolicy, ho.deliveryPolicy)) {
    addHead(ctx, child(h.at, 'deliveryPolicy'), {
      rule: 'sns-delivery-policy-changed',
      severity: 'non-breaking',
      object,
      message: "the topic's delivery policy (retries of HTTP subscriptions) changed",
    });
  }
  const list = (o: Record<string, unknown>, at: Node['at']): Map<string, Node> => {
    const out = new Map<string, Node>();
    (Array.isArray(o.consumers) ? o.consumers : []).forEach((c, i) => {
      out.set(consumerKey(c), { value: c, at: child(at, 'consumers', String(i)) });
    });
    return out;
  };
  const old = list(bo, b.at);
  const now = list(ho, h.at);
  for (const [key, o] of old) {
    const n = now.get(key);
    const name = describe(o.value);
    if (!n) {
      addBase(ctx, o.at, {
        rule: 'sns-subscription-removed',
        severity: 'breaking',
        object,
        message: `${name} removed: it stops receiving the topic's messages`,
      });
      continue;
    }
    compareConsumer(ctx, o, n, object, name);
  }
  for (const [key, n] of now) {
    if (!old.has(key)) addHead(ctx, n.at, { rule: 'sns-subscription-added', severity: 'non-breaking', object, message: `${describe(n.value)} added` });
  }
}

/**
 * A subscription as a reader names it: "SQS subscription audit-queue", its protocol as AWS writes
 * it and its endpoint bare where it is a plain name; anything else quoted, as diff quotes values.
 */
function describe(consumer: unknown): string {
  if (!isPlainObject(consumer)) return `subscription ${quote(consumer)}`;
  const endpoint = isPlainObject(consumer.endpoint) ? Object.values(consumer.endpoint).find((v) => typeof v === 'string') : undefined;
  const protocol = typeof consumer.protocol === 'string' ? PROTOCOL_NAMES.get(consumer.protocol) : undefined;
  const target = endpoint ?? consumer.endpoint;
  const shown = typeof target === 'string' && PLAIN_NAME.test(target) ? target : quote(target ?? '?');
  return `${protocol ?? quote(consumer.protocol ?? '?')} subscription ${shown}`;
}

/** The sns binding's protocols as AWS's pages write them. */
const PROTOCOL_NAMES: ReadonlyMap<string, string> = new Map([
  ['sqs', 'SQS'],
  ['http', 'HTTP'],
  ['https', 'HTTPS'],
  ['email', 'Email'],
  ['email-json', 'Email-JSON'],
  ['sms', 'SMS'],
  ['lambda', 'Lambda'],
  ['firehose', 'Firehose'],
  ['application', 'Application'],
]);

/** An endpoint shown without quotes: a queue's or function's name, an ARN, a URL without spaces. */
const PLAIN_NAME = /^[\w.:/@+=-]{1,120}$/;

function compareConsumer(ctx: DiffContext, o: Node, n: Node, object: string, name: string): void {
  const oc = obj(o);
  const nc = obj(n);
  for (const f of compareFilterPolicy(field(ctx.base, o, 'filterPolicy'), field(ctx.head, n, 'filterPolicy'))) {
    const severity = f.effect === 'widen' ? 'non-breaking' : 'breaking';
    const why =
      f.effect === 'narrow'
        ? 'the filter is narrowed: it stops receiving messages it received'
        : f.effect === 'widen'
          ? 'the filter is widened: it now also receives messages it did not, which its handler must accept'
          : 'the filter changed in a way that may drop messages it received';
    ctx.changes.push({
      rule: f.effect === 'widen' ? 'sns-filter-widened' : f.effect === 'narrow' ? 'sns-filter-narrowed' : 'sns-filter-changed',
      severity,
      side: f.side,
      at: f.at,
      object,
      message: `${name}: ${f.what}; ${why}`,
    });
  }
  const scope = (c: Record<string, unknown>): string => (c.filterPolicyScope === 'MessageBody' ? 'MessageBody' : 'MessageAttributes');
  if (scope(oc) !== scope(nc)) {
    addHead(ctx, child(n.at, 'filterPolicyScope'), {
      rule: 'sns-filter-changed',
      severity: 'breaking',
      object,
      message: `${name}: the filter now applies to ${scope(nc)}, not ${scope(oc)}: it matches other messages`,
    });
  }
  if (Boolean(oc.rawMessageDelivery) !== Boolean(nc.rawMessageDelivery)) {
    addHead(ctx, child(n.at, 'rawMessageDelivery'), {
      rule: 'sns-raw-delivery-switched',
      severity: 'breaking',
      object,
      message: `${name}: raw message delivery switched ${nc.rawMessageDelivery ? 'on: the endpoint receives the bare message, no longer wrapped in the SNS envelope' : 'off: the endpoint receives the message wrapped in the SNS envelope (JSON with Message, MessageId, …)'}; its parser must change`,
    });
  }
  const dlq = (c: Record<string, unknown>): unknown => (isPlainObject(c.redrivePolicy) ? c.redrivePolicy.deadLetterQueue : undefined);
  const was = dlq(oc);
  const is = dlq(nc);
  if (was !== undefined && is === undefined) {
    addBase(ctx, child(o.at, 'redrivePolicy'), {
      rule: 'sns-dead-letter-queue-removed',
      severity: 'breaking',
      object,
      message: `${name}: dead-letter queue ${quote(was)} removed: messages that cannot be delivered are lost instead of kept`,
    });
  } else if (was === undefined && is !== undefined) {
    addHead(ctx, child(n.at, 'redrivePolicy'), {
      rule: 'sns-dead-letter-queue-added',
      severity: 'non-breaking',
      object,
      message: `${name}: dead-letter queue ${quote(is)} added`,
    });
  } else if (!sameValue(was, is)) {
    addHead(ctx, child(n.at, 'redrivePolicy'), {
      rule: 'sns-dead-letter-queue-changed',
      severity: 'non-breaking',
      object,
      message: `${name}: dead-letter queue ${quote(was)} → ${quote(is)}: whoever watches the old queue no longer sees failures`,
    });
  } else if (!sameValue(oc.redrivePolicy, nc.redrivePolicy)) {
    addHead(ctx, child(n.at, 'redrivePolicy'), {
      rule: 'sns-redrive-changed',
      severity: 'non-breaking',
      object,
      message: `${name}: maxReceiveCount changed`,
    });
  }
  if (!sameValue(oc.deliveryPolicy, nc.deliveryPolicy)) {
    addHead(ctx, child(n.at, 'deliveryPolicy'), {
      rule: 'sns-delivery-policy-changed',
      severity: 'non-breaking',
      object,
      message: `${name}: its delivery policy (retries) changed`,
    });
  }
  if (!sameValue(oc.displayName, nc.displayName)) {
    addHead(ctx, child(n.at, 'displayName'), {
      rule: 'sns-display-name-changed',
      severity: 'info',
      object,
      message: `${name}: display name changed`,
    });
  }
}
