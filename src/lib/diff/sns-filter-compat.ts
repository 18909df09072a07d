/**
 * An sns subscription's filter policy in two versions, by the messages it lets through. Keys are
 * ANDed, the conditions of a key ORed (a nested object filters the message body's nested keys),
 * `$or` holds alternative policies (filter-policy.ts).
 *
 * What a key accepts is compared by what each condition accepts: a set of values, prefixes and
 * suffixes, numeric ranges, `exists`, `anything-but`, `equals-ignore-case`. Two facts are looked
 * for with the matcher itself (filter-match.ts) on witness values (every value, bound and prefix
 * the conditions name, values just beside them, a value none names, no value at all): a value the
 * old conditions accept and the new ones do not (narrowed), and the reverse (widened). A change is
 * called narrowed only when it is also shown that nothing is gained, and widened only when it is
 * shown that nothing is lost (each old condition is contained in a new one); when that cannot be
 * shown (wildcards, cidr, a range covered by two others) it is reported as changed, for review,
 * with the facts found. A policy with `$or` is compared as its alternatives.
 */
import { matchPolicy } from '../sns/filter-match.ts';
import { fixedPoint, numericRange, type NumericRange } from '../sns/filter-numbers.ts';
import { alternatives, isConditionObject, isRecord, keyRule, listedPolicy, type PolicyLeaf, shown } from '../sns/filter-policy.ts';
import { satisfyPolicy } from '../sns/filter-satisfy.ts';
import { canonical, quote, sameValue } from './canonical.ts';
import { child, type Node } from './diff-context.ts';
import type { Effect } from './types.ts';

export interface FilterFinding {
  effect: Effect;
  side: 'base' | 'head';
  at: Node['at'];
  what: string;
}

export function compareFilterPolicy(b: Node | undefined, h: Node | undefined): FilterFinding[] {
  const out: FilterFinding[] = [];
  if (!b && !h) return out;
  if (!b) return [{ effect: 'narrow', side: 'head', at: h!.at, what: 'a filter policy was added: messages that do not match it are no longer delivered' }];
  if (!h) return [{ effect: 'widen', side: 'base', at: b.at, what: 'the filter policy was removed: every message of the topic is delivered' }];
  if (sameValue(b.value, h.value)) return out;
  if (isRecord(b.value) && isRecord(h.value) && (hasOr(b.value) || hasOr(h.value))) {
    const finding = comparePolicies(b.value, h.value, h.at);
    return finding ? [finding] : [];
  }
  walk(b, h, '', out, 0);
  return out;
}

/** Deeper nesting than this is compared whole. */
const MAX_WALK = 16;

function hasOr(policy: Record<string, unknown>, depth = 0): boolean {
  if (depth > MAX_WALK) return false;
  return Object.entries(policy).some(([key, value]) => key === '$or' || (isRecord(value) && !isConditionObject(value) && hasOr(value, depth + 1)));
}

function walk(b: Node, h: Node, path: string, out: FilterFinding[], depth: number): void {
  if (sameValue(b.value, h.value)) return;
  const bo = b.value;
  const ho = h.value;
  if (depth < MAX_WALK && isRecord(bo) && isRecord(ho)) {
    for (const key of [...new Set([...Object.keys(bo), ...Object.keys(ho)])].sort()) {
      const name = path ? `${path}.${key}` : key;
      const inB = Object.hasOwn(bo, key);
      const inH = Object.hasOwn(ho, key);
      if (inH && !inB) {
        const rule = keyRule(ho[key]);
        // A condition that accepts every value, and no value, narrows nothing.
        const rejects = rule.kind === 'nested' || witnesses(rule.conditions).some((w) => !accepts(rule.conditions, w));
        out.push({
          effect: rejects ? 'narrow' : 'both',
          side: 'head',
          at: child(h.at, key),
          what: rejects
            ? `new condition on ${name} (${quote(ho[key])}): messages without a matching ${name} are no longer delivered`
            : `new condition on ${name} (${quote(ho[key])}): what it accepts could not be compared exactly; review it`,
        });
      } else if (inB && !inH)
        out.push({
          effect: 'widen',
          side: 'base',
          at: child(b.at, key),
          what: `the condition on ${name} was removed: messages with any ${name} are delivered`,
        });
      else walk({ value: bo[key], at: child(b.at, key) }, { value: ho[key], at: child(h.at, key) }, name, out, depth + 1);
    }
    return;
  }
  const before = keyRule(bo);
  const after = keyRule(ho);
  if (before.kind === 'conditions' && after.kind === 'conditions') {
    const finding = compareConditions(path, before.conditions, after.conditions, h.at);
    if (finding) out.push(finding);
    return;
  }
  out.push({ effect: 'both', side: 'head', at: h.at, what: `${path || 'the filter'}: ${quote(bo)} → ${quote(ho)}; review it` });
}

/** No value at all: the key is missing from the message. */
const MISSING = Symbol('missing');
type Witness = unknown;

/** Whether the conditions of one key accept a value (or its absence), as the matcher says. */
function accepts(conditions: unknown[], value: Witness): boolean {
  const body = value === MISSING ? {} : { k: value };
  return matchPolicy({ k: conditions }, 'MessageBody', { attributes: {}, body }).matches;
}

const STEP = 0.00001;
const MAX_WITNESSES = 4000;

/** Values to try on conditions: what they name, values just beside, values none names, none at all. */
function witnesses(conditions: unknown[]): Witness[] {
  const strings = new Set<string>();
  const numbers = new Set<number>([0, 1, -1, 1e9, -1e9]);
  const others: Witness[] = [MISSING, true, false, null];
  const addNumber = (n: number): void => {
    for (const v of [n, n - 1, n + 1, n - STEP, n + STEP]) if (fixedPoint(v) !== undefined) numbers.add(Number(v.toFixed(5)));
  };
  const addString = (s: string, operator?: string): void => {
    strings.add(s);
    if (operator === 'prefix') strings.add(`${s}x`);
    else if (operator === 'suffix') strings.add(`x${s}`);
    else if (operator === 'equals-ignore-case') {
      strings.add(s.toLowerCase());
      strings.add(s.toUpperCase());
    } else if (operator === 'wildcard') {
      strings.add(s.replaceAll('*', ''));
      strings.add(s.replaceAll('*', 'x'));
    }
  };
  const visit = (condition: unknown, operator?: string): void => {
    if (typeof condition === 'string') addString(condition, operator);
    else if (typeof condition === 'number') addNumber(condition);
    else if (Array.isArray(condition)) for (const c of condition) visit(c, operator);
    else if (isRecord(condition)) for (const [op, operand] of Object.entries(condition)) visit(operand, op);
  };
  for (const c of conditions) visit(c);
  // Between every two bounds, too (a gap between two ranges).
  const sorted = [...numbers].sort((x, y) => x - y);
  for (let i = 1; i < sorted.length; i++) numbers.add(Number(((sorted[i - 1]! + sorted[i]!) / 2).toFixed(5)));
  // Readable first: strings as named, then whole numbers, small before large.
  const byReadability = [...numbers].sort((x, y) => Number(!Number.isInteger(x)) - Number(!Number.isInteger(y)) || Math.abs(x) - Math.abs(y) || x - y);
  // A policy of hundreds of values (AWS allows 150) is tried on a bounded number of them.
  return [...strings, 'other-value', '', ...others, ...byReadability].slice(0, MAX_WITNESSES);
}

function compareConditions(path: string, old: unknown[], now: unknown[], at: Node['at']): FilterFinding | undefined {
  const tried = witnesses([...old, ...now]);
  const lost = tried.filter((w) => accepts(old, w) && !accepts(now, w));
  const gained = tried.filter((w) => !accepts(old, w) && accepts(now, w));
  const noLoss = contained(old, now);
  const noGain = contained(now, old);
  if (lost.length === 0 && gained.length === 0 && noLoss && noGain) return undefined;
  // Exact values only: the values themselves are the whole difference.
  const exact = [...old, ...now].every((c) => !isRecord(c) && !Array.isArray(c));
  const list = (values: Witness[]): string => {
    const named = values.map((w) => (w === MISSING ? `a message without ${path}` : shown(w)));
    return exact ? named.join(', ') : `e.g. ${named.slice(0, 2).join(', ')}`;
  };
  const name = path || 'the filter';
  if (lost.length > 0 && gained.length === 0 && noGain) return { effect: 'narrow', side: 'head', at, what: `${name}: ${list(lost)} no longer accepted` };
  if (gained.length > 0 && lost.length === 0 && noLoss) return { effect: 'widen', side: 'head', at, what: `${name}: ${list(gained)} now also accepted` };
  if (lost.length > 0 && gained.length > 0)
    return { effect: 'both', side: 'head', at, what: `${name}: ${list(lost)} no longer accepted, ${list(gained)} now also accepted` };
  const facts = lost.length > 0 ? `; ${list(lost)} no longer accepted` : gained.length > 0 ? `; ${list(gained)} now also accepted` : '';
  return {
    effect: 'both',
    side: 'head',
    at,
    what: `${name}: ${quote(old)} → ${quote(now)}${facts}; what the conditions accept could not be compared exactly: review it`,
  };
}

/** Shown: every value the conditions `a` accept, the conditions `b` accept too (false: not shown, not necessarily untrue). */
function contained(a: unknown[], b: unknown[]): boolean {
  return a.every((c) => covered(c, b));
}

function covered(condition: unknown, conditions: unknown[]): boolean {
  if (conditions.some((d) => canonical(d) === canonical(condition))) return true;
  // A value: the matcher says exactly whether it is accepted.
  if (!isRecord(condition)) return !Array.isArray(condition) && accepts(conditions, condition);
  const entries = Object.entries(condition);
  if (entries.length !== 1) return false;
  const [operator, operand] = entries[0]!;
  const existsTrue = (d: unknown): boolean => isRecord(d) && d.exists === true && Object.keys(d).length === 1;
  switch (operator) {
    case 'exists':
      return conditions.some((d) => isRecord(d) && Object.keys(d).length === 1 && d.exists === operand);
    case 'prefix':
    case 'suffix':
      return typeof operand === 'string' && conditions.some((d) => existsTrue(d) || affixWithin(operator, operand, d));
    case 'equals-ignore-case': {
      // Every spelling of the value, when there are not too many.
      const spellings = typeof operand === 'string' ? caseVariants(operand) : undefined;
      return spellings?.every((s) => accepts(conditions, s)) ?? false;
    }
    case 'numeric': {
      const { range } = numericRange(operand);
      return range !== undefined && conditions.some((d) => existsTrue(d) || rangeWithin(range, d));
    }
    case 'anything-but':
      return conditions.some((d) => anythingButWithin(operand, d));
  }
  return false;
}

/** Strings with prefix (or suffix) `p` are all accepted by the condition `d`. */
function affixWithin(operator: 'prefix' | 'suffix', p: string, d: unknown): boolean {
  if (!isRecord(d) || Object.keys(d).length !== 1) return false;
  const starts = (s: string, q: string): boolean => (operator === 'prefix' ? s.startsWith(q) : s.endsWith(q));
  if (typeof d[operator] === 'string') return starts(p, d[operator] as string);
  const but = d['anything-but'];
  if (but === undefined) return false;
  if (isRecord(but)) {
    const q = but[operator];
    // Excluded: the strings with affix q; those with affix p avoid them when neither affix holds the other.
    return Object.keys(but).length === 1 && typeof q === 'string' && !starts(p, q) && !starts(q, p);
  }
  const excluded = Array.isArray(but) ? but : [but];
  return !excluded.some((x) => typeof x === 'string' && starts(x, p));
}

/** The range's numbers are all accepted by the condition `d`. */
function rangeWithin(range: NumericRange, d: unknown): boolean {
  if (!isRecord(d) || Object.keys(d).length !== 1) return false;
  if (d.numeric !== undefined) {
    const other = numericRange(d.numeric).range;
    return other !== undefined && inside(bounds(range), bounds(other));
  }
  const but = d['anything-but'];
  if (but === undefined) return false;
  // anything-but a prefix or suffix excludes strings only; a list excludes its numbers.
  if (isRecord(but)) return true;
  const excluded = Array.isArray(but) ? but : [but];
  const { low, high } = bounds(range);
  return !excluded.some((x) => {
    const v = typeof x === 'number' ? fixedPoint(x) : undefined;
    return (
      v !== undefined && (low === undefined || v > low.v || (v === low.v && low.closed)) && (high === undefined || v < high.v || (v === high.v && high.closed))
    );
  });
}

interface Bound {
  v: number;
  closed: boolean;
}

function bounds(range: NumericRange): { low?: Bound; high?: Bound } {
  const out: { low?: Bound; high?: Bound } = {};
  for (const part of range.parts) {
    const v = fixedPoint(part.value)!;
    if (part.op === '=') return { low: { v, closed: true }, high: { v, closed: true } };
    if (part.op.startsWith('>')) out.low = { v, closed: part.op === '>=' };
    else out.high = { v, closed: part.op === '<=' };
  }
  return out;
}

/** Range `a` within range `b`. */
function inside(a: { low?: Bound; high?: Bound }, b: { low?: Bound; high?: Bound }): boolean {
  const lowOk = !b.low || (a.low !== undefined && (a.low.v > b.low.v || (a.low.v === b.low.v && (b.low.closed || !a.low.closed))));
  const highOk = !b.high || (a.high !== undefined && (a.high.v < b.high.v || (a.high.v === b.high.v && (b.high.closed || !a.high.closed))));
  return lowOk && highOk;
}

/** `anything-but X` within the condition `d`: d is an anything-but that excludes no more. */
function anythingButWithin(operand: unknown, d: unknown): boolean {
  if (!isRecord(d) || Object.keys(d).length !== 1 || d['anything-but'] === undefined) return false;
  const other = d['anything-but'];
  if (isRecord(operand) || isRecord(other)) {
    if (!isRecord(operand) || !isRecord(other)) return false;
    const [op, p] = Object.entries(operand)[0] ?? [];
    const q = other[op ?? ''];
    if (Object.keys(operand).length !== 1 || Object.keys(other).length !== 1 || typeof p !== 'string' || typeof q !== 'string') return false;
    // Excluded by d: strings with affix q; all of them are excluded by the operand too when q has p.
    return op === 'prefix' ? q.startsWith(p) : op === 'suffix' ? q.endsWith(p) : false;
  }
  const mine = Array.isArray(operand) ? operand : [operand];
  const theirs = Array.isArray(other) ? other : [other];
  return theirs.every((y) => mine.some((x) => sameValue(x, y)));
}

/** Every spelling of `s` in upper and lower case, or undefined when there are more than 1,024. */
function caseVariants(s: string): string[] | undefined {
  let out = [''];
  for (const ch of s) {
    const forms = [...new Set([ch.toLowerCase(), ch.toUpperCase()])];
    if (out.length * forms.length > 1024) return undefined;
    out = out.flatMap((prefix) => forms.map((f) => prefix + f));
  }
  return out;
}

/** Two policies with `$or`, as their alternatives: which messages one delivers and the other does not. */
function comparePolicies(old: Record<string, unknown>, now: Record<string, unknown>, at: Node['at']): FilterFinding | undefined {
  const before = alternatives(listedPolicy(old), 200);
  const after = alternatives(listedPolicy(now), 200);
  const complete = !before.truncated && !after.truncated;
  const delivered = (policy: Record<string, unknown>, body: unknown): boolean =>
    matchPolicy(listedPolicy(policy), 'MessageBody', { attributes: {}, body }).matches;
  const examples = (from: PolicyLeaf[][], policy: Record<string, unknown>): unknown[] =>
    from
      .map((leaves) => satisfyPolicy(leavesPolicy(leaves), 'MessageBody', { attributes: {}, body: {} })?.body)
      .filter((body) => body !== undefined && !delivered(policy, body));
  const lost = examples(before.alternatives, now);
  const gained = examples(after.alternatives, old);
  const noLoss = complete && before.alternatives.every((a) => after.alternatives.some((b) => within(a, b)));
  const noGain = complete && after.alternatives.every((b) => before.alternatives.some((a) => within(b, a)));
  if (lost.length === 0 && gained.length === 0 && noLoss && noGain) return undefined;
  const such = (bodies: unknown[]): string => `a message such as ${shown(bodies[0])}`;
  const what = 'the filter (with $or)';
  if (lost.length > 0 && gained.length === 0 && noGain) return { effect: 'narrow', side: 'head', at, what: `${what}: ${such(lost)} is no longer delivered` };
  if (gained.length > 0 && lost.length === 0 && noLoss) return { effect: 'widen', side: 'head', at, what: `${what}: ${such(gained)} is now also delivered` };
  if (lost.length > 0 && gained.length > 0)
    return { effect: 'both', side: 'head', at, what: `${what}: ${such(lost)} is no longer delivered, ${such(gained)} is now also delivered` };
  const facts = lost.length > 0 ? `; ${such(lost)} is no longer delivered` : gained.length > 0 ? `; ${such(gained)} is now also delivered` : '';
  return {
    effect: 'both',
    side: 'head',
    at,
    what: `${what}: ${quote(old)} → ${quote(now)}${facts}; what it delivers could not be compared exactly: review it`,
  };
}

/** Alternative `a` within alternative `b`: every condition of b is implied by a condition of a on the same key. */
function within(a: PolicyLeaf[], b: PolicyLeaf[]): boolean {
  return b.every((leaf) => a.some((mine) => sameValue(mine.path, leaf.path) && contained(mine.conditions, leaf.conditions)));
}

/** One alternative as a policy (a key named twice is ANDed through a one-branch `$or`). */
function leavesPolicy(leaves: PolicyLeaf[]): Record<string, unknown> {
  const policy: Record<string, unknown> = {};
  const rest: PolicyLeaf[] = [];
  for (const leaf of leaves) {
    let holder = policy;
    let clash = false;
    for (const key of leaf.path.slice(0, -1)) {
      const next = Object.hasOwn(holder, key) ? holder[key] : undefined;
      if (next !== undefined && (!isRecord(next) || isConditionObject(next))) {
        clash = true;
        break;
      }
      if (next === undefined) Object.defineProperty(holder, key, { value: {}, writable: true, enumerable: true, configurable: true });
      holder = holder[key] as Record<string, unknown>;
    }
    const last = leaf.path[leaf.path.length - 1]!;
    if (clash || Object.hasOwn(holder, last)) rest.push(leaf);
    else Object.defineProperty(holder, last, { value: leaf.conditions, writable: true, enumerable: true, configurable: true });
  }
  if (rest.length > 0 && rest.length < leaves.length) policy.$or = [leavesPolicy(rest)];
  return policy;
}
