/**
 * The shape of an sns subscription filter policy (AWS "Amazon SNS subscription filter
 * policies"), read the same way by the matcher, the lints, the summary and the snippets: an
 * object whose keys are attribute names (or, in the MessageBody scope, property names with
 * nested objects), each holding a list of conditions, and `$or` holding alternative policies.
 * Only own keys are read (Object.entries), so keys such as `__proto__` or `constructor` are
 * ordinary names here.
 */

/** Keys of a condition object: `{"prefix": "x"}`, `{"numeric": [">", 0]}`, … */
export const OPERATORS = new Set(['numeric', 'prefix', 'suffix', 'anything-but', 'exists', 'equals-ignore-case', 'cidr', 'wildcard']);

/** Deeper nesting than this is not followed (a hostile document could nest thousands of levels). */
export const MAX_POLICY_DEPTH = 16;

export type Scope = 'MessageAttributes' | 'MessageBody';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{"prefix": "x"}` is a condition, `{"city": ["x"]}` a nested property: a condition object has only operator keys. */
export function isConditionObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => OPERATORS.has(k));
}

/**
 * What a policy key holds: a list of conditions, or a nested policy. A value outside a list is
 * read as intended (one condition) and marked `bare`: AWS refuses a bare value, and reads a bare
 * condition object (`{"anything-but": "x"}`) as a nested property named after the operator.
 */
export type KeyRule = { kind: 'conditions'; conditions: unknown[]; bare?: 'value' | 'condition' } | { kind: 'nested'; policy: Record<string, unknown> };

export function keyRule(value: unknown): KeyRule {
  if (Array.isArray(value)) return { kind: 'conditions', conditions: value };
  if (isRecord(value) && !isConditionObject(value)) return { kind: 'nested', policy: value };
  return { kind: 'conditions', conditions: [value], bare: isRecord(value) ? 'condition' : 'value' };
}

/** The policy as its author meant it: bare values and condition objects put in lists (for snippets that AWS accepts). */
export function listedPolicy(policy: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(policy)) {
    const rule = keyRule(value);
    const listed =
      key === '$or' && Array.isArray(value)
        ? value.map((b) => (isRecord(b) && depth < MAX_POLICY_DEPTH ? listedPolicy(b, depth + 1) : b))
        : rule.kind === 'nested'
          ? depth < MAX_POLICY_DEPTH
            ? listedPolicy(rule.policy, depth + 1)
            : rule.policy
          : rule.conditions;
    if (key === '__proto__') Object.defineProperty(out, key, { value: listed, writable: true, enumerable: true, configurable: true });
    else out[key] = listed;
  }
  return out;
}

/** One leaf of a policy: its path of keys and the conditions of which one must hold. */
export interface PolicyLeaf {
  path: string[];
  conditions: unknown[];
}

/**
 * The policy as alternatives of leaves, `$or` expanded: the policy matches when every leaf of
 * one alternative matches. At most `limit` alternatives are made (`truncated` says when more
 * would follow), so that a policy of many `$or` cannot make an exponential amount of work.
 */
export function alternatives(policy: Record<string, unknown>, limit = 1000): { alternatives: PolicyLeaf[][]; truncated: boolean } {
  let truncated = false;
  const expand = (object: Record<string, unknown>, path: string[], depth: number): PolicyLeaf[][] => {
    let result: PolicyLeaf[][] = [[]];
    if (depth > MAX_POLICY_DEPTH) return result;
    const combine = (options: PolicyLeaf[][]): void => {
      const next: PolicyLeaf[][] = [];
      for (const left of result)
        for (const right of options) {
          if (next.length >= limit) {
            truncated = true;
            break;
          }
          next.push([...left, ...right]);
        }
      result = next;
    };
    for (const [key, value] of Object.entries(object)) {
      if (key === '$or' && Array.isArray(value)) {
        combine(value.flatMap((branch) => (isRecord(branch) ? expand(branch, path, depth + 1) : [])));
        continue;
      }
      const rule = keyRule(value);
      if (rule.kind === 'nested') combine(expand(rule.policy, [...path, key], depth + 1));
      else combine([[{ path: [...path, key], conditions: rule.conditions }]]);
    }
    return result;
  };
  const result = expand(policy, [], 0);
  return { alternatives: result, truncated };
}

/** A value as a reader writes it in a reason: strings quoted, the rest as JSON. */
export function shown(value: unknown): string {
  if (typeof value === 'number') return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/**
 * Every key of a policy that holds conditions, with its path of message keys (`order.total`) and
 * where it is written in the policy (through `$or` and its index), at most `limit` of them.
 */
export function policyKeys(policy: Record<string, unknown>, limit = 200): { path: string[]; at: (string | number)[] }[] {
  const out: { path: string[]; at: (string | number)[] }[] = [];
  const visit = (object: Record<string, unknown>, path: string[], at: (string | number)[], depth: number): void => {
    if (depth > MAX_POLICY_DEPTH) return;
    for (const [key, value] of Object.entries(object)) {
      if (out.length >= limit) return;
      if (key === '$or') {
        if (Array.isArray(value)) for (const [i, branch] of value.entries()) if (isRecord(branch)) visit(branch, path, [...at, key, i], depth + 1);
        continue;
      }
      const rule = keyRule(value);
      if (rule.kind === 'nested') visit(rule.policy, [...path, key], [...at, key], depth + 1);
      else out.push({ path: [...path, key], at: [...at, key] });
    }
  };
  visit(policy, [], [], 0);
  return out;
}
