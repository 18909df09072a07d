/**
 * The sns delivery policy in time: the effective policy of a subscription (its own values over
 * the topic's, each with where it came from) and the retry schedule its phases produce: immediate
 * retries, pre-backoff retries at the minimum delay, backoff retries between the minimum and the
 * maximum delay, post-backoff retries at the maximum delay. The SPEC names the backoff functions
 * but not their curves, so the backoff delays are an approximation (the page says so).
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';

export const DELIVERY_FIELDS = ['minDelayTarget', 'maxDelayTarget', 'numRetries', 'numNoDelayRetries', 'numMinDelayRetries', 'numMaxDelayRetries', 'backoffFunction', 'maxReceivesPerSecond'] as const;

export interface EffectiveField {
  field: (typeof DELIVERY_FIELDS)[number];
  value: string | number;
  from: 'subscription' | 'topic';
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
  backoffFunction?: string;
  throttle?: number;
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

/** "8 retries over about 245 s": the schedule's length and span (the span left out when it is beyond any number). */
export function retriesSummary(view: DeliveryView): string {
  const retries = (view.schedule?.length ?? 0) + (view.more ?? 0);
  return view.totalSeconds === undefined ? `${retries} retries` : `${retries} retries over about ${view.totalSeconds} s`;
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
  const totalSeconds = pre * (min ?? 0) + backoffTotal(curve, backoff, min ?? 0, max ?? 0) + post * (max ?? 0);
  if (Number.isFinite(totalSeconds)) view.totalSeconds = Math.round(totalSeconds * 10) / 10;
  if (retries > steps.length) view.more = retries - steps.length;
  return view;
}
