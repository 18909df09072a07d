/**
 * What AWS would refuse in a subscription filter policy, or what can never match (AWS "Filter
 * policy constraints", "Amazon SNS message filtering"): more than five keys, more than 150
 * combinations of values, a bare value where AWS wants a list, an empty list, a numeric range in
 * the wrong order or holding no number, numbers beyond ±10^9, nesting in the MessageAttributes
 * scope, operators AWS does not know or with the wrong operand. Each finding names the path of
 * keys (and list index) it concerns, so that the validator reports it at its line.
 */
import { isCidr } from './filter-cidr.ts';
import { fixedPoint, numericRange } from './filter-numbers.ts';
import { alternatives, isRecord, keyRule, MAX_POLICY_DEPTH, OPERATORS, type Scope, shown } from './filter-policy.ts';

export const MAX_KEYS = 5;
export const MAX_COMBINATIONS = 150;

export interface PolicyFinding {
  code: string;
  /** Keys (and list indexes) from the policy's root to the value concerned. */
  path: (string | number)[];
  message: string;
  hint: string;
  /** What AWS does with the policy: refuses it (the subscription cannot be created), or takes it and it never matches. */
  effect: 'refused' | 'never-matches';
}

/** Keys and combinations as AWS counts them: per alternative of `$or`, leaf keys; values multiplied across keys, alternatives added. */
export function policySize(policy: Record<string, unknown>): { keys: number; combinations: number } {
  const { alternatives: list, truncated } = alternatives(policy, MAX_COMBINATIONS + 1);
  let combinations = 0;
  let keys = 0;
  for (const leaves of list) {
    keys = Math.max(keys, new Set(leaves.map((l) => l.path.join('\u0000'))).size);
    combinations += leaves.reduce((product, leaf) => product * Math.max(1, leaf.conditions.length), 1);
  }
  return { keys, combinations: truncated ? Math.max(combinations, MAX_COMBINATIONS + 1) : combinations };
}

export function lintPolicy(policy: unknown, scope: Scope): PolicyFinding[] {
  const findings: PolicyFinding[] = [];
  if (!isRecord(policy)) return findings;
  const { keys, combinations } = policySize(policy);
  if (keys > MAX_KEYS)
    findings.push({
      code: 'sns-filter-keys',
      path: [],
      message: `the filter policy has ${keys} keys; AWS accepts at most ${MAX_KEYS}`,
      hint: 'Split the subscription, or move some of the conditions into the subscriber.',
      effect: 'refused',
    });
  if (combinations > MAX_COMBINATIONS)
    findings.push({
      code: 'sns-filter-combinations',
      path: [],
      message: `the filter policy has ${combinations > MAX_COMBINATIONS * 10 ? `more than ${MAX_COMBINATIONS}` : combinations} combinations of values; AWS accepts at most ${MAX_COMBINATIONS}`,
      hint: 'AWS multiplies the number of values of each key (and adds the alternatives of $or): use fewer values, a prefix, or anything-but.',
      effect: 'refused',
    });
  walk(policy, [], scope, findings, 0);
  return findings;
}

function walk(object: Record<string, unknown>, path: (string | number)[], scope: Scope, findings: PolicyFinding[], depth: number): void {
  if (depth > MAX_POLICY_DEPTH) return;
  for (const [key, value] of Object.entries(object)) {
    const at = [...path, key];
    if (key === '$or') {
      if (!Array.isArray(value) || value.length < 2 || !value.every(isRecord))
        findings.push({
          code: 'sns-filter-operator',
          path: at,
          message: '$or takes a list of at least two policies',
          hint: 'Write "$or": [{…}, {…}].',
          effect: 'refused',
        });
      else for (const [i, branch] of value.entries()) walk(branch as Record<string, unknown>, [...at, i], scope, findings, depth + 1);
      continue;
    }
    const rule = keyRule(value);
    if (rule.kind === 'nested') {
      if (scope === 'MessageAttributes')
        findings.push({
          code: 'sns-filter-nested-attributes',
          path: at,
          message: `"${key}" nests a policy, which AWS refuses in the MessageAttributes scope`,
          hint: 'Message attributes are flat: set filterPolicyScope to MessageBody to filter on nested properties of the body, or name the attribute directly.',
          effect: 'refused',
        });
      else walk(rule.policy, at, scope, findings, depth + 1);
      continue;
    }
    if (rule.bare === 'value')
      findings.push({
        code: 'sns-filter-bare-value',
        path: at,
        message: `"${key}" holds ${shown(value)} outside a list: AWS refuses the policy`,
        hint: `Write it as a list: "${key}": [${JSON.stringify(value)}].`,
        effect: 'refused',
      });
    else if (rule.bare === 'condition')
      findings.push({
        code: 'sns-filter-bare-value',
        path: at,
        message:
          scope === 'MessageAttributes'
            ? `"${key}" holds ${shown(value)} outside a list: AWS reads it as a nested policy, which it refuses in the MessageAttributes scope`
            : `"${key}" holds ${shown(value)} outside a list: AWS reads "${Object.keys(value as object)[0]}" as a property inside "${key}", so the filter never matches`,
        hint: `Put the condition in a list: "${key}": [${JSON.stringify(value)}].`,
        effect: scope === 'MessageAttributes' ? 'refused' : 'never-matches',
      });
    else if (rule.conditions.length === 0)
      findings.push({
        code: 'sns-filter-empty-list',
        path: at,
        message: `"${key}" holds an empty list, which AWS refuses (it would match nothing)`,
        hint: 'Give at least one value or condition, or remove the key.',
        effect: 'refused',
      });
    for (const [i, condition] of rule.conditions.entries()) checkCondition(condition, rule.bare ? at : [...at, i], findings);
  }
}

function checkCondition(condition: unknown, at: (string | number)[], findings: PolicyFinding[]): void {
  const problem = (message: string, hint: string): void => void findings.push({ code: 'sns-filter-operator', path: at, message, hint, effect: 'refused' });
  if (typeof condition === 'number' && fixedPoint(condition) === undefined)
    return problem(`${condition} is outside the numbers AWS compares (-1,000,000,000 to 1,000,000,000)`, 'Use a smaller number, or match it as a string.');
  if (!isRecord(condition)) {
    if (Array.isArray(condition)) problem('a list inside the list is not a condition', 'Flatten the list: a key holds values and condition objects.');
    return;
  }
  const entries = Object.entries(condition);
  const unknown = entries.map(([k]) => k).filter((k) => !OPERATORS.has(k));
  if (entries.length !== 1 || unknown.length > 0)
    return problem(`${shown(condition)} is not a condition AWS knows`, `A condition object holds one of: ${[...OPERATORS].join(', ')}.`);
  const [operator, operand] = entries[0]!;
  if (operator === 'numeric') {
    const { problem: numeric } = numericRange(operand);
    if (numeric)
      findings.push({
        code: 'sns-filter-numeric',
        path: [...at, 'numeric'],
        message: numeric,
        hint: 'Write ["=", n], [">", n], or a range [">", low, "<=", high] with the lower bound first.',
        effect: 'refused',
      });
  } else if (operator === 'exists' && typeof operand !== 'boolean') problem('exists takes true or false', 'Write {"exists": true} or {"exists": false}.');
  else if (operator === 'cidr' && (typeof operand !== 'string' || !isCidr(operand)))
    problem(`${shown(operand)} is not a CIDR range`, 'Write a range such as "10.0.0.0/24" or "2001:db8::/32".');
  else if (['prefix', 'suffix', 'equals-ignore-case', 'wildcard'].includes(operator) && typeof operand !== 'string')
    problem(`${operator} takes a string, not ${shown(operand)}`, `Write {"${operator}": "…"}.`);
  else if (operator === 'anything-but') {
    const list = Array.isArray(operand) ? operand : [operand];
    if (Array.isArray(operand) && operand.length === 0) problem('anything-but holds an empty list', 'List the values to exclude.');
    for (const item of list)
      if (
        isRecord(item)
          ? !['prefix', 'suffix', 'equals-ignore-case', 'wildcard'].includes(Object.keys(item)[0] ?? '')
          : typeof item !== 'string' && typeof item !== 'number'
      )
        problem(`anything-but cannot hold ${shown(item)}`, 'anything-but holds a value, a list of strings or of numbers, or {"prefix": "…"}.');
  }
}

/**
 * What AWS does with a filter policy, in words for a reader (the subscription's card, the
 * fan-out, the publish commands, the filter tester): refused when one finding makes AWS refuse
 * it, else never matching; every finding's reason; undefined when there is none. The same checks as the validator's.
 */
export function policyVerdict(policy: unknown, scope: Scope): { effect: PolicyFinding['effect']; reasons: string[] } | undefined {
  const findings = lintPolicy(policy, scope);
  if (findings.length === 0) return undefined;
  // Every finding, the refusals first: one that never matches is worth fixing in the same edit.
  const ordered = [...findings.filter((f) => f.effect === 'refused'), ...findings.filter((f) => f.effect !== 'refused')];
  // Each reason without its conclusion: the verdict says it once for the whole policy (sns.ts
  // verdictLine), so that a refused policy's reasons never say it "never matches" beside "cannot be created".
  const reason = (f: PolicyFinding): string => f.message.replace(/: AWS refuses the policy$/, '').replace(/, so the filter never matches$/, '');
  return { effect: ordered[0]!.effect, reasons: [...new Set(ordered.map(reason))] };
}
