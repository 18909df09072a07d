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
  const immediate = Math.min(num('numNoDelayRetries') ?? 0, total);
  const pre = Math.min(num('numMinDelayRetries') ?? 0, total - immediate);
  const post = Math.min(num('numMaxDelayRetries') ?? 0, total - immediate - pre);
  const backoff = total - immediate - pre - post;
  if ((pre + backoff > 0 && min === undefined) || (backoff + post > 0 && max === undefined)) return view;
  const steps: RetryStep[] = [];
  let elapsed = 0;
  const push = (phase: RetryStep['phase'], delay: number): void => {
    elapsed += delay;
    steps.push({ attempt: steps.length + 1, phase, delay: Math.round(delay * 10) / 10, elapsed: Math.round(elapsed * 10) / 10 });
  };
  for (let i = 0; i < immediate; i++) push('immediate', 0);
  for (let i = 0; i < pre; i++) push('pre-backoff', min ?? 0);
  for (let i = 1; i <= backoff; i++) push('backoff', backoffDelay(fn ?? 'linear', i, backoff, min ?? 0, max ?? 0));
  for (let i = 0; i < post; i++) push('post-backoff', max ?? 0);
  view.schedule = steps.slice(0, MAX_STEPS);
  view.totalSeconds = Math.round(elapsed * 10) / 10;
  if (steps.length > MAX_STEPS) view.more = steps.length - MAX_STEPS;
  return view;
}
