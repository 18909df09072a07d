/**
 * Whether a message passes an sns subscription filter policy, and why, key by key, as AWS
 * documents the matching ("Amazon SNS message filtering"): every key of the policy must match
 * (AND), one of a key's conditions is enough (OR), `$or` holds alternatives; exact strings and
 * numbers (numbers compared as numbers, filter-numbers.ts), `prefix`, `suffix`,
 * `equals-ignore-case`, `wildcard`, `anything-but` (values, a list, a prefix or suffix; it never
 * matches a missing key), `numeric` comparisons and ranges, `exists` true and false, `cidr`;
 * an array value (a String.Array attribute, an array in the body) matches when one element does.
 * In the MessageAttributes scope keys are attribute names and nesting is refused; in the
 * MessageBody scope nested keys follow the body's objects.
 *
 * Pure and small: the validator, the snippets' tests and the page's script (src/client/) use
 * it. `cidr` is handed in (filter-cidr.ts) so that the page loads the IP library only when a
 * policy needs it.
 */
import { compare, numericRange, sameNumber } from './filter-numbers.ts';
import { isConditionObject, isRecord, keyRule, MAX_POLICY_DEPTH, type Scope, shown } from './filter-policy.ts';

export interface KeyResult {
  /** The key's path (`price`, `order.total`), or `$or`. */
  key: string;
  matches: boolean;
  /** In words: "price 200 is not < 200". */
  reason: string;
}

export interface PolicyResult {
  matches: boolean;
  keys: KeyResult[];
}

export type CidrTest = (range: string, address: string) => { inRange?: boolean; problem?: string };

export interface MatchOptions {
  cidr?: CidrTest;
}

export interface Message {
  /** Attribute name → string, number, or array of strings (a String.Array attribute). */
  attributes: Record<string, unknown>;
  /** The body, parsed; undefined when it is not JSON. */
  body: unknown;
}

interface Context {
  scope: Scope;
  /** "attribute" or "property", for reasons. */
  noun: string;
  attributeCount: number;
  /** Top-level keys of the other part of the message (the body's when the filter reads attributes, and the reverse). */
  elsewhere: Set<string>;
  cidr?: CidrTest;
}

/** An $or, or an array in the body, is tried up to this many alternatives or elements. */
const MAX_TRIED = 200;

export function matchPolicy(policy: unknown, scope: Scope, message: Message, options: MatchOptions = {}): PolicyResult {
  if (!isRecord(policy)) return { matches: false, keys: [{ key: '', matches: false, reason: 'the filter policy is not a JSON object' }] };
  const ctx: Context = {
    scope,
    noun: scope === 'MessageBody' ? 'property' : 'attribute',
    attributeCount: Object.keys(message.attributes).length,
    elsewhere: new Set(Object.keys(scope === 'MessageBody' ? message.attributes : isRecord(message.body) ? message.body : {})),
    ...(options.cidr ? { cidr: options.cidr } : {}),
  };
  if (scope === 'MessageBody' && message.body === undefined)
    return { matches: false, keys: [{ key: '', matches: false, reason: 'the message body is not JSON: a MessageBody policy never matches it' }] };
  return matchObject(policy, scope === 'MessageBody' ? message.body : message.attributes, [], ctx, 0);
}

function matchObject(policy: Record<string, unknown>, subject: unknown, path: string[], ctx: Context, depth: number): PolicyResult {
  const keys: KeyResult[] = [];
  let all = true;
  for (const [key, rule] of Object.entries(policy)) {
    const name = [...path, key].join('.');
    if (depth >= MAX_POLICY_DEPTH) {
      keys.push({ key: name, matches: false, reason: `${name}: the policy nests more than ${MAX_POLICY_DEPTH} levels deep` });
      all = false;
      continue;
    }
    if (key === '$or') {
      const result = matchOr(rule, subject, path, ctx, depth);
      keys.push(result);
      all &&= result.matches;
      continue;
    }
    const kind = keyRule(rule);
    const found = isRecord(subject) && Object.hasOwn(subject, key) ? { value: subject[key] } : undefined;
    if (kind.kind === 'nested') {
      if (ctx.scope === 'MessageAttributes') {
        keys.push({ key: name, matches: false, reason: `${name}: a nested policy only works in the MessageBody scope (AWS refuses it for attributes)` });
        all = false;
        continue;
      }
      // An array of objects in the body: the nested keys may match in any one of them.
      const candidates = found === undefined ? [undefined] : Array.isArray(found.value) ? found.value.slice(0, MAX_TRIED) : [found.value];
      let best: PolicyResult | undefined;
      for (const candidate of candidates.length > 0 ? candidates : [undefined]) {
        const result = matchObject(kind.policy, candidate, [...path, key], ctx, depth + 1);
        if (result.matches) {
          best = result;
          break;
        }
        best ??= result;
      }
      keys.push(...best!.keys);
      all &&= best!.matches;
      continue;
    }
    const result =
      kind.bare === 'value'
        ? { key: name, matches: false, reason: `${name} holds the bare value ${shown(rule)}: AWS refuses the policy (write [${shown(rule)}])` }
        : kind.bare === 'condition'
          ? { key: name, matches: false, reason: bareCondition(name, rule, ctx) }
          : matchKey(name, kind.conditions, found, ctx);
    keys.push(result);
    all &&= result.matches;
  }
  return { matches: all, keys };
}

function matchOr(rule: unknown, subject: unknown, path: string[], ctx: Context, depth: number): KeyResult {
  const key = [...path, '$or'].join('.');
  if (!Array.isArray(rule) || rule.length === 0 || !rule.every(isRecord)) return { key, matches: false, reason: '$or takes a list of policies' };
  const failures: string[] = [];
  for (const [i, branch] of rule.slice(0, MAX_TRIED).entries()) {
    const result = matchObject(branch, subject, path, ctx, depth + 1);
    if (result.matches) return { key, matches: true, reason: `alternative ${i + 1} matches: ${result.keys.map((k) => k.reason).join('; ')}` };
    failures.push(
      `(${i + 1}) ${result.keys
        .filter((k) => !k.matches)
        .map((k) => k.reason)
        .join('; ')}`,
    );
  }
  return { key, matches: false, reason: `no alternative matches: ${failures.join(' ')}` };
}

/** `"reason": {"anything-but": "x"}` without a list: AWS reads the operator as a property name. */
function bareCondition(name: string, rule: unknown, ctx: Context): string {
  const operator = Object.keys(rule as Record<string, unknown>)[0] ?? '';
  const fix = `write [${shown(rule)}]`;
  return ctx.scope === 'MessageAttributes'
    ? `${name} holds ${shown(rule)} outside a list: AWS reads it as a nested policy, which the MessageAttributes scope refuses (${fix})`
    : `${name} holds ${shown(rule)} outside a list: AWS reads "${operator}" as a property inside ${name}, so it never matches (${fix})`;
}

type Found = { value: unknown } | undefined;
type Verdict = { ok: boolean; why: string };

function matchKey(name: string, conditions: unknown[], found: Found, ctx: Context): KeyResult {
  const result = matchConditions(name, conditions, found, ctx);
  // The classic mistake: the filter reads one part of the message, the publisher puts the key in the other.
  if (!result.matches && found === undefined && ctx.elsewhere.has(name))
    result.reason +=
      ctx.scope === 'MessageBody'
        ? ` (the message has ${name} as an attribute, but this filter reads the body)`
        : ` (the body has ${name}, but this filter reads the message attributes)`;
  return result;
}

function matchConditions(name: string, conditions: unknown[], found: Found, ctx: Context): KeyResult {
  if (conditions.length === 0) return { key: name, matches: false, reason: `${name}: an empty list never matches` };
  const verdicts: Verdict[] = [];
  for (const condition of conditions) {
    const verdict = matchCondition(name, condition, found, ctx);
    if (verdict.ok) return { key: name, matches: true, reason: verdict.why };
    verdicts.push(verdict);
  }
  // Exact values only: one sentence ("event "x" is not one of "a", "b"") rather than one per value.
  if (found !== undefined && conditions.length > 1 && conditions.every((c) => !isRecord(c)))
    return { key: name, matches: false, reason: `${name} ${shownFound(found)} is not one of ${conditions.map(shown).join(', ')}` };
  return { key: name, matches: false, reason: [...new Set(verdicts.map((v) => v.why))].join('; ') };
}

/** The values a key holds: the elements of an array, or the one value. */
function valuesOf(found: { value: unknown }): unknown[] {
  return Array.isArray(found.value) ? found.value : [found.value];
}

function shownFound(found: { value: unknown }): string {
  return shown(found.value);
}

function exactlyEqual(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'number') return sameNumber(expected, actual);
  return (typeof expected === 'string' || typeof expected === 'boolean' || expected === null) && expected === actual;
}

function matchCondition(name: string, condition: unknown, found: Found, ctx: Context): Verdict {
  if (!isRecord(condition)) {
    if (Array.isArray(condition)) return { ok: false, why: `${name}: a list inside the list is not a condition` };
    if (found === undefined) return { ok: false, why: `${name} is missing` };
    if (valuesOf(found).some((v) => exactlyEqual(condition, v))) return { ok: true, why: `${name} is ${shown(condition)}` };
    return { ok: false, why: `${name} ${shownFound(found)} is not ${shown(condition)}${typeHint(condition, found)}` };
  }
  if (!isConditionObject(condition) || Object.keys(condition).length !== 1)
    return { ok: false, why: `${name}: ${shown(condition)} is not a condition AWS knows` };
  const [operator, operand] = Object.entries(condition)[0]!;
  if (operator === 'exists') return exists(name, operand, found, ctx);
  if (found === undefined) {
    if (operator === 'anything-but') return { ok: false, why: `${name} is missing: anything-but never matches a missing ${ctx.noun}` };
    return { ok: false, why: `${name} is missing` };
  }
  const values = valuesOf(found);
  const strings = values.filter((v): v is string => typeof v === 'string');
  switch (operator) {
    case 'numeric':
      return numeric(name, operand, values, ctx);
    case 'anything-but':
      return anythingBut(name, operand, values);
    case 'prefix':
    case 'suffix':
    case 'equals-ignore-case':
    case 'wildcard': {
      if (typeof operand !== 'string') return { ok: false, why: `${name}: ${operator} takes a string` };
      const hit = strings.find((s) => stringTest(operator, operand, s));
      if (hit !== undefined) return { ok: true, why: `${name} ${shown(hit)} ${STRING_WORDS[operator]} ${shown(operand)}` };
      if (strings.length === 0) return { ok: false, why: `${name} ${shownFound(found)} is not a string` };
      return { ok: false, why: `${name} ${shownFound(found)} does not ${STRING_VERBS[operator]} ${shown(operand)}` };
    }
    case 'cidr': {
      if (typeof operand !== 'string') return { ok: false, why: `${name}: cidr takes a range such as "10.0.0.0/24"` };
      if (!ctx.cidr) return { ok: false, why: `${name}: cidr ranges cannot be checked here` };
      for (const s of strings) {
        const result = ctx.cidr(operand, s);
        if (result.problem) return { ok: false, why: `${name}: ${result.problem}` };
        if (result.inRange) return { ok: true, why: `${name} ${shown(s)} is in ${operand}` };
      }
      return { ok: false, why: `${name} ${shownFound(found)} is not in ${operand}` };
    }
  }
  return { ok: false, why: `${name}: ${operator} is not a condition AWS knows` };
}

const STRING_WORDS: Record<string, string> = {
  prefix: 'starts with',
  suffix: 'ends with',
  'equals-ignore-case': 'equals, ignoring case,',
  wildcard: 'matches',
};
const STRING_VERBS: Record<string, string> = { prefix: 'start with', suffix: 'end with', 'equals-ignore-case': 'equal, ignoring case,', wildcard: 'match' };

function stringTest(operator: string, operand: string, value: string): boolean {
  if (operator === 'prefix') return value.startsWith(operand);
  if (operator === 'suffix') return value.endsWith(operand);
  if (operator === 'equals-ignore-case') return value.toLowerCase() === operand.toLowerCase();
  return wildcard(operand, value);
}

/** `*` matches any run of characters; the rest is literal. Linear, without a regular expression (no backtracking). */
function wildcard(pattern: string, value: string): boolean {
  let p = 0;
  let v = 0;
  let star = -1;
  let resume = 0;
  while (v < value.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === value[v]) {
      p++;
      v++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = v;
    } else if (star >= 0) {
      p = star + 1;
      v = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/** Why an exact value did not match, when the type is the mistake: a number sent as a string. */
function typeHint(expected: unknown, found: { value: unknown }): string {
  const values = valuesOf(found);
  if (typeof expected === 'number' && values.some((v) => typeof v === 'string' && v.trim() !== '' && Number(v) === expected))
    return ' (it is sent as a string; a number matches only a number)';
  if (typeof expected === 'string' && values.some((v) => typeof v === 'number' && String(v) === expected))
    return ' (it is sent as a number; the policy has the string)';
  return '';
}

function exists(name: string, operand: unknown, found: Found, ctx: Context): Verdict {
  if (operand !== true && operand !== false) return { ok: false, why: `${name}: exists takes true or false` };
  const present = found !== undefined && found.value !== null;
  if (operand) return present ? { ok: true, why: `${name} is present` } : { ok: false, why: `${name} is missing: exists true needs it` };
  if (present) return { ok: false, why: `${name} is present: exists false needs it absent` };
  if (ctx.scope === 'MessageAttributes' && ctx.attributeCount === 0)
    return { ok: false, why: `${name}: exists false matches only a message that has at least one attribute` };
  return { ok: true, why: `${name} is absent` };
}

function numeric(name: string, operand: unknown, values: unknown[], ctx: Context): Verdict {
  const { range, problem } = numericRange(operand);
  if (!range) return { ok: false, why: `${name}: ${problem}` };
  const numbers = values.filter((v): v is number => typeof v === 'number');
  if (numbers.length === 0) {
    const text = values.find((v) => typeof v === 'string');
    if (typeof text === 'string')
      return {
        ok: false,
        why: `${name} is the string ${shown(text)}, not a number${ctx.scope === 'MessageAttributes' ? ': send it with DataType Number' : ''}`,
      };
    return { ok: false, why: `${name} ${shown(values.length === 1 ? values[0] : values)} is not a number` };
  }
  const describe = range.parts.map((p) => `${p.op} ${p.value}`).join(' and ');
  for (const n of numbers) if (range.parts.every((p) => compare(n, p.op, p.value))) return { ok: true, why: `${name} ${n} is ${describe}` };
  const n = numbers[0]!;
  const failed = range.parts.find((p) => !compare(n, p.op, p.value)) ?? range.parts[0]!;
  const outside = Math.abs(n) > 1e9 ? ' (AWS compares numbers from -1,000,000,000 to 1,000,000,000 only)' : '';
  return { ok: false, why: `${name} ${n} is not ${failed.op} ${failed.value}${outside}` };
}

function anythingBut(name: string, operand: unknown, values: unknown[]): Verdict {
  if (isRecord(operand)) {
    const entries = Object.entries(operand);
    const [operator, text] = entries[0] ?? [];
    if (entries.length !== 1 || typeof text !== 'string' || !operator || !Object.hasOwn(STRING_VERBS, operator))
      return { ok: false, why: `${name}: anything-but ${shown(operand)} is not a condition AWS knows` };
    const other = values.find((v) => typeof v !== 'string' || !stringTest(operator, text, v));
    if (other !== undefined) return { ok: true, why: `${name} ${shown(other)} does not ${STRING_VERBS[operator]} ${shown(text)}` };
    return {
      ok: false,
      why: `${name} ${shown(values.length === 1 ? values[0] : values)} does ${STRING_VERBS[operator]} ${shown(text)}, which anything-but excludes`,
    };
  }
  const excluded = Array.isArray(operand) ? operand : [operand];
  const other = values.find((v) => !excluded.some((x) => exactlyEqual(x, v)));
  if (other !== undefined) return { ok: true, why: `${name} ${shown(other)} is not ${excluded.map(shown).join(' or ')}` };
  return { ok: false, why: `${name} is ${shown(values.length === 1 ? values[0] : values)}, which anything-but excludes` };
}
