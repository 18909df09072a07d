/**
 * The sns delivery policy in time: the effective policy of a subscription (its own values over
 * the topic's, each with where it came from) and the retry schedule its phases produce: immediate
 * retries, pre-backoff retries at the minimum delay, backoff retries between the minimum and the
 * maximum delay, post-backoff retries at the maximum delay. The SPEC names the backoff functions
 * but not their curves, so the backoff delays are an approximation (the page says so).
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { countText } from '../count-text.ts';
import { fixedPolicyOf, type FixedPolicy as ProtocolPolicy } from '../sns/delivery-protocols.ts';

export const DELIVERY_FIELDS = [
  'minDelayTarget',
  'maxDelayTarget',
  'numRetries',
  'numNoDelayRetries',
  'numMinDelayRetries',
  'numMaxDelayRetries',
  'backoffFunction',
  'maxReceivesPerSecond',
] as const;

export interface EffectiveField {
  field: (typeof DELIVERY_FIELDS)[number];
  value: string | number;
  /** `aws`: a value AWS fixes (protocols other than HTTP(S), or its default for HTTP(S)). */
  from: 'subscription' | 'topic' | 'aws';
}

export interface RetryStep {
  attempt: number;
  phase: 'immediate' | 'pre-backoff' | 'backoff' | 'post-backoff';
  /** Seconds waited before this retry. */
  delay: number;
  /** Seconds since the first delivery failed. */
  elapsed: number;
}

export interface DeliveryView {
  effective: EffectiveField[];
  /** Undefined when numRetries (or a delay the phases need) is not given. */
  schedule?: RetryStep[];
  /** How many retries the schedule lists beyond those shown (long schedules are cut). */
  more?: number;
  /** Seconds from the first failure to the last retry. */
  totalSeconds?: number;
  /** Each phase that has retries: how many, and when it starts and ends (seconds since the first failure): the timeline's bands. */
  phases?: { phase: RetryStep['phase']; count: number; start: number; end: number }[];
  backoffFunction?: string;
  throttle?: number;
  /**
   * Whose policy this is when the document's is not the one that applies: the policy AWS fixes for
   * the protocol, or AWS's default for an HTTP(S) subscription without one.
   */
  fixedBy?: FixedPolicy;
  /** A policy of the document that AWS does not apply to this protocol (it applies to HTTP(S) only). */
  ignored?: boolean;
  /** With `ignored`: what the document declares, each value with where it came from. */
  declared?: EffectiveField[];
}

/** A protocol's name in a fixed policy's words, in the order AWS lists them. */
const FIXED_PROTOCOL_WORDS: [protocol: string, words: string][] = [
  ['sqs', 'SQS'],
  ['lambda', 'Lambda'],
  ['firehose', 'Firehose'],
  ['email', 'e-mail'],
  ['email-json', 'e-mail'],
  ['sms', 'SMS'],
  ['application', 'mobile push'],
];

/**
 * The subscriptions a fixed policy applies to on this page, named by the protocols they use
 * ("SQS and Lambda"): only those, not every protocol AWS gives the policy (a row "SQS, Lambda and
 * Firehose" on a page without a Firehose subscription reads as one the page forgot).
 */
export function fixedPolicySubscriptions(by: FixedPolicy, protocols: readonly string[]): string {
  if (by === 'http-default') return FIXED_POLICIES[by].subscriptions;
  const words = [...new Set(FIXED_PROTOCOL_WORDS.filter(([p]) => protocols.includes(p)).map(([, w]) => w))];
  if (words.length === 0) return FIXED_POLICIES[by].subscriptions;
  const listed = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return listed.charAt(0).toUpperCase() + listed.slice(1);
}

/** A fixed policy in a sentence, for the subscriptions of the protocols given ("AWS fixes the retries of SQS subscriptions"). */
export function fixedPolicyLabel(by: FixedPolicy, protocols: readonly string[]): string {
  if (by === 'http-default') return FIXED_POLICIES[by].label;
  const names = fixedPolicySubscriptions(by, protocols);
  return `AWS fixes the retries of ${names.startsWith('E-mail') ? `e${names.slice(1)}` : names} subscriptions`;
}

/**
 * The delivery policies AWS fixes (Amazon SNS "message delivery retries"): only HTTP(S)
 * subscriptions follow the policy a topic or subscription declares; AWS managed endpoints
 * (SQS, Lambda, Firehose) and customer managed ones (e-mail, SMS, mobile push) always follow
 * these; an HTTP(S) subscription without any policy follows AWS's default.
 */
export type FixedPolicy = ProtocolPolicy | 'http-default';

export const FIXED_POLICIES: Record<FixedPolicy, { label: string; subscriptions: string; policy: Record<string, number | string> }> = {
  // 3 immediate, 2 at 1 s, 10 backing off exponentially from 1 to 20 s, 100,000 at 20 s: 100,015 retries over about 23 days.
  'aws-managed': {
    label: 'AWS fixes the retries of SQS, Lambda and Firehose subscriptions',
    subscriptions: 'SQS, Lambda and Firehose',
    policy: {
      numRetries: 100_015,
      numNoDelayRetries: 3,
      numMinDelayRetries: 2,
      minDelayTarget: 1,
      maxDelayTarget: 20,
      numMaxDelayRetries: 100_000,
      backoffFunction: 'exponential',
    },
  },
  // 2 at 10 s, 10 backing off exponentially from 10 to 600 s, 38 at 600 s: 50 retries over about 6 hours.
  'customer-managed': {
    label: 'AWS fixes the retries of e-mail, SMS and mobile push subscriptions',
    subscriptions: 'E-mail, SMS and mobile push',
    policy: {
      numRetries: 50,
      numNoDelayRetries: 0,
      numMinDelayRetries: 2,
      minDelayTarget: 10,
      maxDelayTarget: 600,
      numMaxDelayRetries: 38,
      backoffFunction: 'exponential',
    },
  },
  // 3 retries, 20 s apart.
  'http-default': {
    label: "AWS's default for HTTP(S) subscriptions without a delivery policy",
    subscriptions: 'HTTP(S) without a delivery policy',
    policy: {
      numRetries: 3,
      numNoDelayRetries: 0,
      numMinDelayRetries: 0,
      minDelayTarget: 20,
      maxDelayTarget: 20,
      numMaxDelayRetries: 0,
      backoffFunction: 'linear',
    },
  },
};

/**
 * The delivery policy a subscription really has: for HTTP(S), its own over the topic's (AWS's
 * default when neither gives one); for every other protocol, the one AWS fixes, whatever the
 * document says (`ignored` when the subscription declares a policy of its own).
 */
export function subscriptionDelivery(protocol: unknown, own: unknown, topic: unknown): DeliveryView | undefined {
  const fixed = fixedPolicyOf(protocol);
  if (!fixed) return deliveryView(own, topic) ?? fixedView('http-default', []);
  // The topic's policy says itself that it is for HTTP(S) subscribers; only a policy the
  // subscription declares for itself is shown here as not applied.
  return fixedView(fixed, effectivePolicy(own, undefined));
}

/** AWS's policy; `declared`: what the document says instead, shown as not applied. */
function fixedView(fixed: FixedPolicy, declared: EffectiveField[]): DeliveryView {
  const view = deliveryView(undefined, FIXED_POLICIES[fixed].policy)!;
  view.effective = view.effective.map((e) => ({ ...e, from: 'aws' }));
  view.fixedBy = fixed;
  if (declared.length > 0) {
    view.ignored = true;
    view.declared = declared;
  }
  return view;
}

export function effectivePolicy(own: unknown, topic: unknown): EffectiveField[] {
  const out: EffectiveField[] = [];
  for (const field of DELIVERY_FIELDS) {
    const mine = isPlainObject(own) ? own[field] : undefined;
    const theirs = isPlainObject(topic) ? topic[field] : undefined;
    if (typeof mine === 'number' || typeof mine === 'string') out.push({ field, value: mine, from: 'subscription' });
    else if (typeof theirs === 'number' || typeof theirs === 'string') out.push({ field, value: theirs, from: 'topic' });
  }
  return out;
}

const MAX_STEPS = 40;

/** Delay of backoff retry `i` (1-based) of `n`, between `min` and `max`, by the named curve (approximate). */
export function backoffDelay(fn: string, i: number, n: number, min: number, max: number): number {
  if (n <= 0) return min;
  const t = n === 1 ? 1 : (i - 1) / (n - 1);
  switch (fn) {
    case 'exponential':
      return min + (max - min) * ((2 ** (t * 10) - 1) / (2 ** 10 - 1));
    case 'geometric':
      return min > 0 ? min * (max / min) ** t : max * t;
    case 'arithmetic':
      return min + (max - min) * t * t;
    default:
      return min + (max - min) * t;
  }
}

/** "8 retries over about 4 minutes": the schedule's length and span (the span left out when it is beyond any number). */
export function retriesSummary(view: DeliveryView): string {
  const retries = (view.schedule?.length ?? 0) + (view.more ?? 0);
  const count = countText(retries);
  return view.totalSeconds === undefined ? `${count} retries` : `${count} retries over about ${duration(view.totalSeconds)}`;
}

/**
 * A subscription's retries in the words every page says them (the channel's fan-out, the
 * operation's card and its Retries section, their Markdown twins): how many over about how long,
 * the phases that make them up, and whose policy it is when the document's is not the one that
 * applies: "100,015 retries over about 23 days (3 immediately, 2 every 1 s, 10 backing off
 * (exponential) to 20 s, then 100,000 every 20 s), fixed by AWS". A backoff's name alone
 * ("exponential") misleads: most of such a schedule is at its maximum delay.
 */
export function retryPolicyText(view: DeliveryView): string {
  const owner = view.fixedBy === 'http-default' ? ", AWS's default" : view.fixedBy ? ', fixed by AWS' : '';
  return `${retryScheduleText(view)}${owner}`;
}

/** The retries' numbers alone, without whose policy they are: "100,015 retries over about 23 days (3 immediately, …)". */
export function retryScheduleText(view: DeliveryView): string {
  const phases = phasesSentence(view);
  return `${retriesSummary(view)}${phases ? ` (${phases})` : ''}`;
}

const PHASE_WORDS: Record<RetryStep['phase'], (p: { count: number }, view: DeliveryView) => string> = {
  immediate: (p) => `${counted(p.count)} immediately`,
  'pre-backoff': (p, view) => `${counted(p.count)} every ${delayOf(view, 'minDelayTarget')}`,
  backoff: (p, view) => `${counted(p.count)} backing off (${view.backoffFunction ?? 'linear'}) to ${delayOf(view, 'maxDelayTarget')}`,
  'post-backoff': (p, view) => `${counted(p.count)} every ${delayOf(view, 'maxDelayTarget')}`,
};

const counted = countText;

function delayOf(view: DeliveryView, field: 'minDelayTarget' | 'maxDelayTarget'): string {
  const value = view.effective.find((e) => e.field === field)?.value;
  return typeof value === 'number' ? duration(value) : String(value);
}

/**
 * The schedule in one sentence, phase by phase: "3 immediately, 2 every 1 s, 10 backing off
 * (exponential) to 20 s, then 100,000 every 20 s". Undefined without phases.
 */
export function phasesSentence(view: DeliveryView): string | undefined {
  if (!view.phases || view.phases.length === 0) return undefined;
  const parts = view.phases.map((p) => PHASE_WORDS[p.phase](p, view));
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')}, then ${parts.at(-1)}`;
}

/** Seconds as a reader counts them: 45 s, 12 minutes, 6.5 hours, 23 days. */
export function duration(seconds: number): string {
  const round = (n: number): string => (n >= 10 ? String(Math.round(n)) : String(Math.round(n * 10) / 10));
  if (seconds < 120) return `${round(seconds)} s`;
  if (seconds < 2 * 3600) return `${round(seconds / 60)} minutes`;
  if (seconds < 2 * 86_400) return `${round(seconds / 3600)} hours`;
  return `${round(seconds / 86_400)} days`;
}

/** Retries summed one by one up to this many; above it, from evenly spaced samples of the curve. */
const SUMMED_EXACTLY = 10_000;

/** Seconds the `n` backoff retries wait in all. */
function backoffTotal(fn: string, n: number, min: number, max: number): number {
  if (n <= SUMMED_EXACTLY) {
    let sum = 0;
    for (let i = 1; i <= n; i++) sum += backoffDelay(fn, i, n, min, max);
    return sum;
  }
  let sampled = 0;
  for (let k = 0; k < SUMMED_EXACTLY; k++) sampled += backoffDelay(fn, 1 + (k * (n - 1)) / (SUMMED_EXACTLY - 1), n, min, max);
  return (sampled / SUMMED_EXACTLY) * n;
}

export function deliveryView(own: unknown, topic: unknown): DeliveryView | undefined {
  const effective = effectivePolicy(own, topic);
  if (effective.length === 0) return undefined;
  const get = (f: string): number | string | undefined => effective.find((e) => e.field === f)?.value;
  const num = (f: string): number | undefined => (typeof get(f) === 'number' ? (get(f) as number) : undefined);
  const view: DeliveryView = { effective };
  const fn = typeof get('backoffFunction') === 'string' ? (get('backoffFunction') as string) : undefined;
  if (fn) view.backoffFunction = fn;
  const throttle = num('maxReceivesPerSecond');
  if (throttle !== undefined) view.throttle = throttle;
  const total = num('numRetries');
  const min = num('minDelayTarget');
  const max = num('maxDelayTarget') ?? min;
  if (total === undefined) return view;
  // Counts as the document gives them, which may be anything (a preview of a broken document
  // with numRetries 1e308 must still build): the schedule lists its first steps and sums the
  // rest, it never enumerates them.
  const count = (n: number | undefined, room: number): number => Math.max(0, Math.min(Math.floor(n ?? 0), room));
  const retries = count(total, Infinity);
  const immediate = count(num('numNoDelayRetries'), retries);
  const pre = count(num('numMinDelayRetries'), retries - immediate);
  const post = count(num('numMaxDelayRetries'), retries - immediate - pre);
  const backoff = retries - immediate - pre - post;
  if ((pre + backoff > 0 && min === undefined) || (backoff + post > 0 && max === undefined)) return view;
  const curve = fn ?? 'linear';
  const phases: [RetryStep['phase'], number, (i: number) => number][] = [
    ['immediate', immediate, () => 0],
    ['pre-backoff', pre, () => min ?? 0],
    ['backoff', backoff, (i) => backoffDelay(curve, i, backoff, min ?? 0, max ?? 0)],
    ['post-backoff', post, () => max ?? 0],
  ];
  const steps: RetryStep[] = [];
  let elapsed = 0;
  for (const [phase, n, delayOf] of phases) {
    for (let i = 1; i <= n && steps.length < MAX_STEPS; i++) {
      const delay = delayOf(i);
      elapsed += delay;
      steps.push({ attempt: steps.length + 1, phase, delay: Math.round(delay * 10) / 10, elapsed: Math.round(elapsed * 10) / 10 });
    }
  }
  view.schedule = steps;
  const preEnd = pre * (min ?? 0);
  const backoffEnd = preEnd + backoffTotal(curve, backoff, min ?? 0, max ?? 0);
  const totalSeconds = backoffEnd + post * (max ?? 0);
  if (Number.isFinite(totalSeconds)) {
    const tenth = (n: number): number => Math.round(n * 10) / 10;
    view.totalSeconds = tenth(totalSeconds);
    const spans: [RetryStep['phase'], number, number, number][] = [
      ['immediate', immediate, 0, 0],
      ['pre-backoff', pre, 0, preEnd],
      ['backoff', backoff, preEnd, backoffEnd],
      ['post-backoff', post, backoffEnd, totalSeconds],
    ];
    view.phases = spans.filter(([, n]) => n > 0).map(([phase, n, start, end]) => ({ phase, count: n, start: tenth(start), end: tenth(end) }));
  }
  if (retries > steps.length) view.more = retries - steps.length;
  return view;
}
