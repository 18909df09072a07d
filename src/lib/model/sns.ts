/**
 * The sns binding (SPEC "Topic-notification binding") as what it means: the topic of a channel
 * (name, FIFO or standard, deduplication, tags, policy statements, who publishes and who is
 * subscribed across the whole API) and the subscriptions of an operation (protocol, endpoint,
 * raw delivery, filter policy, dead-letter queue, effective delivery policy and retry schedule).
 * Defaults the SPEC gives are shown as defaults.
 */
import { ownValue } from '../own-key.ts';
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import type { Link } from './types.ts';
import { refusedOnFifo } from '../sns/fifo-protocols.ts';
import { policyVerdict } from '../sns/filter-lint.ts';
import { deliveryView, type FixedPolicy, retriesSummary, subscriptionDelivery, type DeliveryView } from './sns-delivery.ts';

export const PROTOCOL_LABELS: Record<string, string> = {
  http: 'HTTP endpoint',
  https: 'HTTPS endpoint',
  email: 'E-mail',
  'email-json': 'E-mail (JSON)',
  sms: 'SMS',
  sqs: 'SQS queue',
  application: 'Mobile app endpoint',
  lambda: 'Lambda function',
  firehose: 'Firehose stream',
};

export interface Statement {
  effect: string;
  principals: { kind?: string; values: string[] }[];
  actions: string[];
  resources: string[];
  conditions: { operator: string; key: string; values: string[] }[];
}

export interface SnsTopicView {
  name?: string;
  /** The topic name is not the channel's id or address (readers confuse them). */
  nameDiffers: boolean;
  /**
   * The channel's address, when the topic's name is not it (`orders-{region}.fifo` for the topic
   * `orders.fifo`): the page says which of the two a client uses.
   */
  otherAddress?: string;
  ordering: string;
  orderingDefault: boolean;
  contentBasedDeduplication: boolean;
  deduplicationDefault: boolean;
  tags: [string, string][];
  bindingVersion: string;
  versionDefault: boolean;
  statements: Statement[];
}

export interface Endpoint {
  kind: string;
  value: string;
  /** For `name`: the anchor of the sqs queue of that name on the same page, if defined there. */
  queueAnchor?: string;
}

export interface ConsumerView {
  protocol: string;
  protocolLabel: string;
  endpoints: Endpoint[];
  displayName?: string;
  rawMessageDelivery?: boolean;
  /** `html`: the JSON highlighted, added before rendering. */
  filterPolicy?: { json: string; html?: string; summary: { attribute: string; condition: string }[] };
  filterPolicyScope: string;
  scopeDefault: boolean;
  /**
   * A subscription AWS refuses (a FIFO topic's, not to an SQS queue), or whose filter policy it
   * refuses or that never matches (filter-lint.ts, the validator's checks): no message reaches it.
   */
  verdict?: Verdict;
  redrive?: { deadLetterQueue: Endpoint[]; maxReceiveCount: number; countDefault: boolean };
  delivery?: DeliveryView;
  /**
   * Position in the binding's `consumers` list (its card's anchor is `sns-consumer-<index + 1>`):
   * kept when the cards are put in another order.
   */
  index: number;
  /**
   * The subscription is this operation's own: an SQS queue its sqs binding defines (SPEC: a
   * receiver is "a queue defined in a sqs binding on the same consumer-side operation"). Absent
   * when the binding names no queue this subscription delivers to, or no such binding exists.
   */
  own?: true;
  /**
   * Messages of the operation this subscription's filter can never pass, as their schemas prove
   * (never-received.ts): only on the operation's own subscriptions, which say what it receives.
   */
  neverReceives?: NeverReceived[];
  /** The subscription in one line, read first: "SQS queue q · only where … · 12 retries over about 10 minutes, then dlq". */
  line: string;
}

/** One condition of a filter that a message can never meet, and why, in words. */
export interface NeverReason {
  /** The field or attribute the condition reads: `total.amount`, `eventType`. */
  attribute: string;
  /** The condition as the card says it: `is a number > 0`, `is "OrderPlaced"`. */
  condition: string;
  /** What the message's schema says of the field: `never has total`, `has eventType "OrderCancelled" only`. */
  why: string;
}

/** A message a subscription never receives: its title, its page, and the conditions (one per alternative of the filter) it never meets. */
export interface NeverReceived {
  message: string;
  url?: string;
  reasons: NeverReason[];
}

export interface Verdict {
  effect: 'refused' | 'never-matches';
  /** What is refused or never matches: the filter policy, or the subscription itself (a FIFO topic delivers to SQS queues only). */
  of: 'filter' | 'subscription';
  /** In words: `"eventType" holds "OrderPlaced" outside a list`, or `a FIFO topic delivers to SQS queues only`. */
  reasons: string[];
}

/** Why AWS refuses a subscription of a FIFO topic, in words. */
export const FIFO_REASON = 'a FIFO topic delivers to SQS queues only';

/**
 * What AWS does, in the words every place uses (the callout, the twin, the guide, the try-it
 * list): AWS refuses a subscription or a filter policy, so it cannot be created; a policy AWS
 * takes may still never match.
 */
export function verdictHead(v: Verdict): string {
  return v.of === 'subscription'
    ? 'AWS refuses this subscription'
    : v.effect === 'refused'
      ? 'AWS refuses this filter policy'
      : 'This filter policy never matches';
}

/** The line a reader sees first about a refused subscription, a filter policy AWS refuses, or one that never matches. */
export function verdictLine(v: Verdict): string {
  return `${verdictHead(v)}: ${v.reasons.join('; ')}`;
}

/** The verdict in two words, for a badge in a table's cell or a card's row (the callout it links to says why). */
export function verdictBadge(v: Verdict): string {
  return v.effect === 'refused' ? 'Refused by AWS' : 'Never matches';
}

/** What the verdict means for the subscription, after its reasons. */
export function verdictConsequence(v: Verdict): string {
  if (v.effect !== 'refused') return 'No message reaches the subscription.';
  return v.of === 'subscription'
    ? 'It cannot be created, so no message reaches it.'
    : 'The subscription cannot be created as written, so no message reaches it.';
}

/** Whether AWS refuses the subscription, for its protocol or its filter policy: nothing is delivered to it, so nothing is retried or moved to a dead-letter queue. */
export const isRefused = (v: Verdict | undefined): boolean => v?.effect === 'refused';

/** The verdict of a subscription's filter policy in the scope it reads. */
export function filterVerdictOf(c: Record<string, unknown>): Verdict | undefined {
  if (!isPlainObject(c.filterPolicy)) return undefined;
  const verdict = policyVerdict(c.filterPolicy, c.filterPolicyScope === 'MessageBody' ? 'MessageBody' : 'MessageAttributes');
  return verdict && { effect: verdict.effect, of: 'filter', reasons: verdict.reasons };
}

/**
 * The verdict of a subscription (a consumer of the binding) on its topic: refused when the topic
 * is FIFO and the subscription is no SQS queue (said first: no filter matters then), else its
 * filter policy's.
 */
export function subscriptionVerdictOf(c: Record<string, unknown>, fifoTopic: boolean): Verdict | undefined {
  if (fifoTopic && refusedOnFifo(c.protocol)) {
    const label = ownValue(PROTOCOL_LABELS, String(c.protocol)) ?? String(c.protocol);
    // "an HTTPS endpoint", "an SMS", "an E-mail", "a Lambda function": the article as the label is read aloud.
    const article = /^(HTTP|SMS|E-mail)/.test(label) ? 'an' : 'a';
    return { effect: 'refused', of: 'subscription', reasons: [`${FIFO_REASON}, not to ${article} ${label}`] };
  }
  return filterVerdictOf(c);
}

export interface SnsOperationView {
  side: 'producer' | 'consumer';
  topic: Endpoint[];
  topicDelivery?: DeliveryView;
  consumers: ConsumerView[];
  bindingVersion: string;
  versionDefault: boolean;
  /** sqs queues defined beside it (targets of `name` endpoints), with their anchors. */
  queues: { name: string; anchor: string }[];
}

/**
 * Whether a subscription delivers to a queue the operation's own sqs binding defines: its
 * endpoint's `name` is such a queue, or its `arn` ends with such a queue's name. Only an SQS
 * subscription of a receiving operation; anything else is another subscriber of the topic.
 */
export function isOwnSubscription(c: Record<string, unknown>, queueNames: ReadonlySet<string>): boolean {
  if (c.protocol !== 'sqs' || !isPlainObject(c.endpoint) || queueNames.size === 0) return false;
  const { name, arn } = c.endpoint;
  if (typeof name === 'string' && queueNames.has(name)) return true;
  const arnQueue = typeof arn === 'string' ? /^arn:[^:]*:sqs:[^:]*:[^:]*:([^:/]+)$/.exec(arn)?.[1] : undefined;
  return arnQueue !== undefined && queueNames.has(arnQueue);
}

/** The names of the queues an operation's sqs binding defines (`queues`, or a single `queue`). */
export function sqsQueueNames(sqs: unknown): string[] {
  const queueList = isPlainObject(sqs) ? (Array.isArray(sqs.queues) ? sqs.queues : isPlainObject(sqs.queue) ? [sqs.queue] : []) : [];
  return queueList.filter(isPlainObject).flatMap((q) => (typeof q.name === 'string' ? [q.name] : []));
}

/**
 * Whether an operation receives a subscription its sns binding lists: the one rule both the
 * operation's page ("This API's queue") and its channel's fan-out ("received by …") follow. Only
 * a receiving operation, and only a subscription to a queue its sqs binding defines (SPEC: a
 * receiver is "a queue defined in a sqs binding on the same consumer-side operation"); any other
 * subscription it lists is received outside this API.
 */
export function receivesItself(c: Record<string, unknown>, action: unknown, queueNames: ReadonlySet<string>): boolean {
  return action === 'receive' && isOwnSubscription(c, queueNames);
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))) : v === undefined ? [] : [typeof v === 'string' ? v : JSON.stringify(v)];

export function topicView(binding: Record<string, unknown>, channelId: string, address: unknown): SnsTopicView {
  const ordering = isPlainObject(binding.ordering) ? binding.ordering : undefined;
  const name = typeof binding.name === 'string' ? binding.name : undefined;
  const statements = isPlainObject(binding.policy) && Array.isArray(binding.policy.statements) ? binding.policy.statements.filter(isPlainObject) : [];
  return {
    ...(name !== undefined ? { name } : {}),
    nameDiffers: name !== undefined && name !== channelId && name !== address,
    ...(name !== undefined && typeof address === 'string' && address !== '' && address !== name ? { otherAddress: address } : {}),
    ordering: typeof ordering?.type === 'string' ? ordering.type : 'standard',
    orderingDefault: typeof ordering?.type !== 'string',
    contentBasedDeduplication: ordering?.contentBasedDeduplication === true,
    deduplicationDefault: typeof ordering?.contentBasedDeduplication !== 'boolean',
    tags: isPlainObject(binding.tags) ? Object.entries(binding.tags).map(([k, v]) => [k, String(v)]) : [],
    bindingVersion: typeof binding.bindingVersion === 'string' ? binding.bindingVersion : 'latest',
    versionDefault: typeof binding.bindingVersion !== 'string',
    statements: statements.map((s) => ({
      effect: String(s.effect ?? ''),
      principals: isPlainObject(s.principal)
        ? Object.entries(s.principal).map(([kind, v]) => ({ kind, values: strings(v) }))
        : [{ values: strings(s.principal) }],
      actions: strings(s.action),
      resources: strings(s.resource),
      conditions: (Array.isArray(s.condition) ? s.condition : s.condition === undefined ? [] : [s.condition])
        .filter(isPlainObject)
        .flatMap((c) =>
          Object.entries(c).flatMap(([operator, keys]) =>
            isPlainObject(keys)
              ? Object.entries(keys).map(([key, values]) => ({ operator, key, values: strings(values) }))
              : [{ operator, key: '', values: strings(keys) }],
          ),
        ),
    })),
  };
}

function endpoints(identifier: unknown, queues: Map<string, string>): Endpoint[] {
  if (!isPlainObject(identifier)) return [];
  return ['url', 'email', 'phone', 'arn', 'name'].flatMap((kind) => {
    const value = identifier[kind];
    if (typeof value !== 'string') return [];
    const anchor = kind === 'name' ? queues.get(value) : undefined;
    return [{ kind, value, ...(anchor ? { queueAnchor: anchor } : {}) }];
  });
}

const OPERATORS = new Set(['numeric', 'prefix', 'suffix', 'anything-but', 'exists', 'equals-ignore-case', 'cidr', 'wildcard']);

/** A readable line per filter attribute: `eventType` → `is one of OrderPlaced, OrderCancelled`. */
export function filterSummary(policy: Record<string, unknown>, prefix = ''): { attribute: string; condition: string }[] {
  const out: { attribute: string; condition: string }[] = [];
  for (const [attribute, rule] of Object.entries(policy)) {
    const name = prefix ? `${prefix}.${attribute}` : attribute;
    // An object is a nested attribute, unless it is itself a condition ({numeric: […]}, {prefix: …}).
    if (isPlainObject(rule) && !Object.keys(rule).some((k) => OPERATORS.has(k))) {
      out.push(...filterSummary(rule, name));
      continue;
    }
    const list = Array.isArray(rule) ? rule : [rule];
    if (list.length > 1 && list.every((c) => !isPlainObject(c))) {
      out.push({ attribute: name, condition: `is one of ${list.map((c) => JSON.stringify(c)).join(', ')}` });
      continue;
    }
    const conditions = list.map(describeCondition);
    out.push({ attribute: name, condition: conditions.length === 1 ? conditions[0]! : `any of: ${conditions.join('; ')}` });
  }
  return out;
}

function describeCondition(c: unknown): string {
  if (!isPlainObject(c)) return `is ${JSON.stringify(c)}`;
  if (Array.isArray(c.numeric)) {
    const parts: string[] = [];
    for (let i = 0; i + 1 < c.numeric.length; i += 2) parts.push(`${String(c.numeric[i])} ${String(c.numeric[i + 1])}`);
    return `is a number ${parts.join(' and ')}`;
  }
  if (c.prefix !== undefined) return `starts with ${JSON.stringify(c.prefix)}`;
  if (c.suffix !== undefined) return `ends with ${JSON.stringify(c.suffix)}`;
  if (c['anything-but'] !== undefined) return `is anything but ${JSON.stringify(c['anything-but'])}`;
  if (c.exists !== undefined) return c.exists ? 'is present' : 'is absent';
  if (c['equals-ignore-case'] !== undefined) return `equals ${JSON.stringify(c['equals-ignore-case'])} (any case)`;
  return `matches ${JSON.stringify(c)}`;
}

/**
 * `topicPolicy` is the topic-level delivery policy: this binding's own, or for a consumer the one
 * the producer side of the same topic declares.
 */
export function operationView(
  binding: Record<string, unknown>,
  action: unknown,
  sqs: unknown,
  anchorPrefix: string,
  topicPolicy: unknown = binding.deliveryPolicy,
  fifoTopic = false,
): SnsOperationView {
  const queues = sqsQueueNames(sqs).map((name) => ({ name, anchor: `${anchorPrefix}-queue-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}` }));
  const queueAnchors = new Map(queues.map((q) => [q.name, q.anchor]));
  const queueNames = new Set(queueAnchors.keys());
  const consumers = entries(binding.consumers)
    .flatMap(([, c]) => (isPlainObject(c) ? [c] : []))
    .map((c, index): Omit<ConsumerView, 'line'> => {
      const redrive = isPlainObject(c.redrivePolicy) ? c.redrivePolicy : undefined;
      const delivery = subscriptionDelivery(c.protocol, c.deliveryPolicy, topicPolicy);
      const verdict = subscriptionVerdictOf(c, fifoTopic);
      return {
        index,
        ...(receivesItself(c, action, queueNames) ? { own: true as const } : {}),
        protocol: String(c.protocol ?? ''),
        protocolLabel: ownValue(PROTOCOL_LABELS, String(c.protocol)) ?? String(c.protocol ?? 'unknown'),
        endpoints: endpoints(c.endpoint, queueAnchors),
        ...(typeof c.displayName === 'string' ? { displayName: c.displayName } : {}),
        ...(typeof c.rawMessageDelivery === 'boolean' ? { rawMessageDelivery: c.rawMessageDelivery } : {}),
        ...(isPlainObject(c.filterPolicy) ? { filterPolicy: { json: JSON.stringify(c.filterPolicy, null, 2), summary: filterSummary(c.filterPolicy) } } : {}),
        filterPolicyScope: typeof c.filterPolicyScope === 'string' ? c.filterPolicyScope : 'MessageAttributes',
        scopeDefault: typeof c.filterPolicyScope !== 'string',
        ...(verdict ? { verdict } : {}),
        ...(redrive
          ? {
              redrive: {
                deadLetterQueue: endpoints(redrive.deadLetterQueue, queueAnchors),
                maxReceiveCount: typeof redrive.maxReceiveCount === 'number' ? redrive.maxReceiveCount : 10,
                countDefault: typeof redrive.maxReceiveCount !== 'number',
              },
            }
          : {}),
        ...(delivery ? { delivery } : {}),
      };
    })
    .map((c) => ({ ...c, line: subscriptionLine(c) }));
  const topicDelivery = deliveryView(undefined, topicPolicy);
  return {
    side: action === 'receive' ? 'consumer' : 'producer',
    topic: endpoints(binding.topic, queueAnchors),
    ...(topicDelivery ? { topicDelivery } : {}),
    consumers,
    bindingVersion: typeof binding.bindingVersion === 'string' ? binding.bindingVersion : 'latest',
    versionDefault: typeof binding.bindingVersion !== 'string',
    queues,
  };
}

/** Every consumer and producer of a topic, across all operations of the API that use the channel. */
/** What a binding's page used by several channels (or none) says instead of a fan-out: each channel has its own. */
export function fanOutOfWords(channels: number): string {
  return channels === 0
    ? 'No channel of this API uses this binding: its fan-out is that of the channels that will.'
    : 'Each channel that uses this binding has its own publishers and subscriptions, on its page: ';
}

export interface FanOut {
  producers: Link[];
  consumers: {
    operation: Link;
    protocolLabel: string;
    endpoint: string;
    /** Readable filter (`eventType is one of …`), absent when every message is delivered. */
    filter?: string[];
    /** The subscription or its filter policy is refused by AWS, or the filter never matches: said before the filter. */
    verdict?: Verdict;
    /** Absent for a refused subscription: nothing is delivered to it. */
    deadLetter?: string;
    /** Its retries in the words its operation's page says them (sns-delivery.ts retryPolicyText); absent for a refused subscription. */
    retries?: string;
    /** Retries AWS fixes (whatever a delivery policy says): their numbers, said once under the table for every row that follows them. */
    fixed?: { by: FixedPolicy; schedule: string };
    /** The operation receives it itself (receivesItself); else it only lists a subscription received outside this API. */
    own?: true;
  }[];
}

/**
 * An endpoint as a reader recognises it in a short list: an ARN by its resource name
 * (`fraud-screening`), a URL by its host, anything else as written.
 */
export function shortEndpoint(value: string): string {
  const resource = /^arn:[^:]*:[^:]*:[^:]*:[^:]*:(.+)$/.exec(value)?.[1]?.split(/[:/]/).pop();
  if (resource) return resource;
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(value)?.[1];
  return host ?? value;
}

/** What a subscription receives and what happens when delivery fails (not for a refused one, to which nothing is delivered), in one line. */
export function subscriptionLine(c: Omit<ConsumerView, 'line'>, retriesWords?: string): string {
  const endpoint = c.endpoints[0]?.value;
  const what = c.verdict
    ? verdictLine(c.verdict)
    : c.filterPolicy && c.filterPolicy.summary.length > 0
      ? `only where ${c.filterPolicy.summary.map((f) => `${f.attribute} ${f.condition}`).join(' and ')}`
      : 'every message';
  const deadLetter = c.redrive?.deadLetterQueue[0]?.value;
  const failing = isRefused(c.verdict)
    ? undefined
    : retriesWords !== undefined || c.delivery?.schedule
      ? `${retriesWords ?? retriesSummary(c.delivery!)}, then ${deadLetter ?? 'dropped'}`
      : deadLetter
        ? `failed deliveries to ${deadLetter}`
        : undefined;
  return [endpoint ? `${c.protocolLabel} ${endpoint}` : c.protocolLabel, what, failing].filter(Boolean).join(' · ');
}

/**
 * The binding's `maxReceiveCount` as AWS means it. sns itself has no receive count: it retries a
 * delivery as its retry policy says, then moves a message it could not deliver to the
 * subscription's dead-letter queue (`RedrivePolicy` of the subscription, a queue ARN only). A
 * receive count belongs to an sqs queue's own redrive policy: the queue moves a message that its
 * consumers received that many times without deleting it (they failed to process it) to a
 * dead-letter queue. So the count is said only for an sqs subscription, apart from sns's retries.
 */
export function queueRedrive(
  c: Pick<ConsumerView, 'protocol' | 'redrive' | 'verdict'>,
): { count: number; isDefault: boolean; deadLetterQueue: Endpoint[] } | undefined {
  // A refused subscription puts nothing in the queue: no message to fail processing.
  if (c.protocol !== 'sqs' || !c.redrive || c.redrive.deadLetterQueue.length === 0 || isRefused(c.verdict)) return undefined;
  return { count: c.redrive.maxReceiveCount, isDefault: c.redrive.countDefault, deadLetterQueue: c.redrive.deadLetterQueue };
}

/** The words around the queue's name in "If processing fails": the queue's redrive policy, never sns's retries. */
export function queueRedriveWords(r: { count: number; isDefault: boolean }): { before: string; after: string } {
  return {
    before: `once its consumers have received a message ${r.count} ${r.count === 1 ? 'time' : 'times'} without deleting it, the queue moves it to `,
    after: ` (the queue's redrive policy${r.isDefault ? ', with the default count' : ''})`,
  };
}
