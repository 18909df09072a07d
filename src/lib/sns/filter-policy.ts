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

/** What a policy key holds: conditions (a list, or one bare value AWS would refuse), or a nested policy. */
export type KeyRule = { kind: 'conditions'; conditions: unknown[]; bare: boolean } | { kind: 'nested'; policy: Record<string, unknown> };

export function keyRule(value: unknown): KeyRule {
  if (Array.isArray(value)) return { kind: 'conditions', conditions: value, bare: false };
  if (isRecord(value) && !isConditionObject(value)) return { kind: 'nested', policy: value };
  return { kind: 'conditions', conditions: [value], bare: true };
}

/** One leaf of a policy: its path of keys and the conditions of which one must hold. */
export interface PolicyLeaf {
  path: string[];
  conditions: unknown[];
  bare: boolean;
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
      else combine([[{ path: [...path, key], conditions: rule.conditions, bare: rule.bare }]]);
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
