/**
 * The direction rule: whether a change of a message's content breaks anyone depends on who
 * writes the message. Messages the application sends are read by others with the old schema, so
 * a change that widens what may be sent breaks them; messages it receives are written by others
 * with the old schema, so a change that narrows what is accepted breaks them; a message used
 * both ways must stay compatible both ways. A message may declare a schema-registry mode with
 * `x-compatibility` instead (BACKWARD: new readers read old data, so narrowing breaks; FORWARD:
 * old readers read new data, so widening breaks; FULL: both; NONE: no guarantee).
 */
import type { BrokenSide, ChangeSeverity, CompatibilityPolicy, Effect, Usage } from './types.ts';

/** A change of a schema, as the schema comparisons find it (before the direction rule is applied). */
export interface ContentFinding {
  rule: string;
  effect: Effect;
  side: 'base' | 'head';
  at: { file: string; pointer: string };
  /** What changed, e.g. "payload.quantity: minimum lowered from 1 to 0". */
  what: string;
  /** A value the change lets through or shuts out, e.g. "quantity 0". */
  example?: string;
  /**
   * How it is judged, when not by its effect alone: `wording` is info; `default` is a new value
   * that readers filling in defaults read (it breaks readers on the old schema, as widening
   * does); `unfinished` is a comparison stopped at its limits (breaking wherever a change could
   * break, since it may hide one); `unjudged` is a schema this tool cannot compare (to review).
   */
  judge?: 'wording' | 'default' | 'unfinished' | 'unjudged';
}

export const POLICIES: readonly CompatibilityPolicy[] = ['BACKWARD', 'FORWARD', 'FULL', 'NONE'];

export function isPolicy(value: unknown): value is CompatibilityPolicy {
  return typeof value === 'string' && (POLICIES as readonly string[]).includes(value);
}

/** Which effects break, for a message used or declared this way. */
function guards(direction: Usage | CompatibilityPolicy): { widen: boolean; narrow: boolean } {
  switch (direction) {
    case 'send':
    case 'FORWARD':
      return { widen: true, narrow: false };
    case 'receive':
    case 'BACKWARD':
      return { widen: false, narrow: true };
    case 'both':
    case 'FULL':
      return { widen: true, narrow: true };
    default:
      return { widen: false, narrow: false };
  }
}

export interface Classified {
  severity: ChangeSeverity;
  /** Why, in a reviewer's words. */
  reason: string;
  /** Whom a breaking change breaks, when its effect says (a widening its receivers, a narrowing its senders). */
  breaks?: BrokenSide;
}

/**
 * Who declared the policy a change is judged by: the message as it is now, or its base version
 * (whose promise readers and writers relied on, when the change also changes the policy).
 */
type Declared = 'now' | 'before';

const declares = (direction: string, declared: Declared): string =>
  declared === 'before'
    ? `the base version declared x-compatibility: ${direction}, the promise its users relied on; `
    : `the message declares x-compatibility: ${direction}; `;

export function classifyContent(effect: Effect, direction: Usage | CompatibilityPolicy, example?: string, declared: Declared = 'now'): Classified {
  if (effect === 'none') return { severity: 'non-breaking', reason: 'messages valid before are valid now and the other way round' };
  const guard = guards(direction);
  const breaksOld = (effect === 'widen' || effect === 'both') && guard.widen;
  const breaksNew = (effect === 'narrow' || effect === 'both') && guard.narrow;
  const policy = direction === 'BACKWARD' || direction === 'FORWARD' || direction === 'FULL' || direction === 'NONE';
  const prefix = policy ? declares(direction, declared) : '';
  // A widening breaks those who read the message (its receivers), a narrowing those who write it
  // (its senders): a message used both ways is broken on the side the change reaches, not on both.
  const breaks: BrokenSide | undefined = breaksOld && breaksNew ? 'senders and receivers' : breaksOld ? 'receivers' : breaksNew ? 'senders' : undefined;
  if (breaksOld) {
    const who = policy ? 'readers still on the old schema' : 'receivers built on the old schema';
    return { severity: 'breaking', breaks: breaks!, reason: `${prefix}${who} reject ${example ?? 'messages that use it'}` };
  }
  if (breaksNew) {
    const who = policy ? 'messages written with the old schema' : 'senders built on the old schema';
    return {
      severity: 'breaking',
      breaks: breaks!,
      reason: policy
        ? `${prefix}${who} (${example ?? 'some of them'}) are rejected by the new one`
        : `${who} may still send ${example ?? 'messages'} that this application now rejects`,
    };
  }
  switch (direction) {
    case 'send':
      return { severity: 'non-breaking', reason: 'this application sends it, and now sends a subset of what receivers accept' };
    case 'receive':
      return { severity: 'non-breaking', reason: 'this application receives it, and accepts everything senders on the old schema write' };
    case 'unused':
      return { severity: 'non-breaking', reason: 'no operation of this document sends or receives it' };
    case 'NONE':
      return { severity: 'non-breaking', reason: `${declares('NONE', declared).slice(0, -2)} (no compatibility is promised)` };
    case 'BACKWARD':
      return { severity: 'non-breaking', reason: `${prefix}new readers still read messages written with the old schema` };
    case 'FORWARD':
      return { severity: 'non-breaking', reason: `${prefix}readers on the old schema still read messages written with the new one` };
    default:
      return { severity: 'non-breaking', reason: 'compatible both ways' };
  }
}

/** A finding of a message's content, judged: by its effect and the direction, or as its `judge` says. */
function classifyFinding(f: ContentFinding, direction: Usage | CompatibilityPolicy, declared: Declared = 'now'): Classified {
  switch (f.judge) {
    case 'wording':
      return { severity: 'info', reason: '' };
    case 'unjudged':
      return { severity: 'non-breaking', reason: '' };
    case 'unfinished': {
      const guard = guards(direction);
      if (!guard.widen && !guard.narrow) return { severity: 'non-breaking', reason: 'review the rest by hand' };
      return { severity: 'breaking', reason: 'review the rest by hand; counted as breaking because it may hide a breaking change' };
    }
    case 'default': {
      if (guards(direction).widen) {
        const policy = isPolicy(direction) ? declares(direction, declared) : '';
        return {
          severity: 'breaking',
          breaks: 'receivers',
          reason: `${policy}${policy ? 'readers still on the old schema' : 'receivers built on the old schema'} that fill in defaults read ${f.example ?? 'the old default where the new schema means another'}`,
        };
      }
      return {
        severity: 'non-breaking',
        reason: 'readers of this message are on the new schema (it is not read by others on the old one): they fill in the new default',
      };
    }
    default:
      return classifyContent(f.effect, direction, f.example, declared);
  }
}

/**
 * A content change judged by the stricter of the base's and the head's rule: a pull request that
 * relaxes the message's policy (x-compatibility FULL → NONE, or removes it) in the same change as
 * a breaking change is judged by the promise consumers relied on, the base's. Breaking under
 * either is breaking; the direction reported is the one that decided.
 */
export function classifyUnder(
  f: ContentFinding,
  base: Usage | CompatibilityPolicy,
  head: Usage | CompatibilityPolicy,
): Classified & { direction: Usage | CompatibilityPolicy } {
  const now = classifyFinding(f, head);
  if (base === head || now.severity === 'breaking') return { ...now, direction: head };
  const before = classifyFinding(f, base, 'before');
  return before.severity === 'breaking' ? { ...before, direction: base } : { ...now, direction: head };
}

/** How a change of a message's policy (or of the direction rule, when one side declares none) moves its promise. */
export function policyChange(base: Usage | CompatibilityPolicy, head: Usage | CompatibilityPolicy): 'weakened' | 'strengthened' | 'same' {
  const b = guards(base);
  const h = guards(head);
  if ((b.widen && !h.widen) || (b.narrow && !h.narrow)) return 'weakened';
  return b.widen === h.widen && b.narrow === h.narrow ? 'same' : 'strengthened';
}
