/**
 * A message that passes a filter policy, made from a starting message (the document's example):
 * values that already pass are kept, the others are replaced by one that passes (the exact value,
 * the prefix, a number inside the range, a value anything-but does not exclude, …), keys that
 * `exists: false` forbids are removed. The result is checked with the matcher itself
 * (filter-match.ts), so a snippet never shows attributes that do not pass; undefined when no
 * alternative of the policy can be satisfied (a range that holds no number, say).
 */
import { setOwn } from '../own-key.ts';
import { type CidrTest, matchPolicy, type Message } from './filter-match.ts';
import { numericRange } from './filter-numbers.ts';
import { alternatives, isRecord, listedPolicy, type PolicyLeaf, type Scope } from './filter-policy.ts';

export function satisfyPolicy(
  policy: Record<string, unknown>,
  scope: Scope,
  start: Message,
  cidr?: CidrTest,
  /** Whether the message made is one its sender may send (its own schemas allow it): else the next alternative is tried. */
  admits: (message: Message) => boolean = () => true,
): Message | undefined {
  const listed = listedPolicy(policy);
  const options = cidr ? { cidr } : {};
  for (const leaves of alternatives(listed, 20).alternatives) {
    const message: Message = { attributes: clone(start.attributes) as Record<string, unknown>, body: clone(start.body) };
    if (scope === 'MessageBody' && !isRecord(message.body)) message.body = {};
    for (const leaf of leaves) setLeaf(message, scope, leaf, options);
    if (matchPolicy(listed, scope, message, options).matches && admits(message)) return message;
  }
  return undefined;
}

function clone(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function setLeaf(message: Message, scope: Scope, leaf: PolicyLeaf, options: { cidr?: CidrTest }): void {
  // The object that holds the leaf's key: the attributes, or the body's object at the path (made when missing).
  let holder: Record<string, unknown>;
  if (scope === 'MessageAttributes') holder = message.attributes;
  else {
    holder = message.body as Record<string, unknown>;
    for (const key of leaf.path.slice(0, -1)) {
      let next = Object.hasOwn(holder, key) ? holder[key] : undefined;
      if (Array.isArray(next) && isRecord(next[0])) next = next[0];
      if (!isRecord(next)) {
        next = {};
        setOwn(holder, key, next);
      }
      holder = next as Record<string, unknown>;
    }
  }
  const key = leaf.path[leaf.path.length - 1]!;
  // A computed key defines an own property, `__proto__` included.
  const passes = (): boolean => matchPolicy({ [key]: leaf.conditions }, 'MessageBody', { attributes: {}, body: holder }, options).matches;
  if (Object.hasOwn(holder, key) && passes()) return;
  const current = Object.hasOwn(holder, key) ? holder[key] : undefined;
  for (const condition of leaf.conditions) {
    if (isRecord(condition) && condition.exists === false) {
      delete holder[key];
      if (scope === 'MessageAttributes' && Object.keys(holder).length === 0) continue;
      return;
    }
    for (const candidate of candidates(condition, current)) {
      // A String.Array attribute stays an array: the value joins its elements.
      setOwn(holder, key, Array.isArray(current) && typeof candidate === 'string' ? [...current.filter((v) => typeof v === 'string'), candidate] : candidate);
      if (passes()) return;
    }
  }
  if (current === undefined) delete holder[key];
  else setOwn(holder, key, current);
}

/** Values that may pass one condition, the likeliest first. */
function candidates(condition: unknown, current: unknown): unknown[] {
  if (!isRecord(condition)) return [condition];
  const [operator, operand] = Object.entries(condition)[0] ?? [];
  const text = typeof current === 'string' ? current : 'value';
  switch (operator) {
    case 'prefix':
      return typeof operand === 'string' ? [`${operand}${text}`, operand] : [];
    case 'suffix':
      return typeof operand === 'string' ? [`${text}${operand}`, operand] : [];
    case 'equals-ignore-case':
      return [operand];
    case 'wildcard':
      return typeof operand === 'string' ? [operand.replaceAll('*', '')] : [];
    case 'exists':
      return [typeof current === 'string' || typeof current === 'number' ? current : 'present'];
    case 'cidr':
      return typeof operand === 'string' ? [operand.split('/')[0]] : [];
    case 'numeric':
      return numberInRange(operand);
    case 'anything-but': {
      const excluded = Array.isArray(operand) ? operand : [operand];
      if (excluded.every((x) => typeof x === 'number')) return [Math.max(...(excluded as number[])) + 1];
      return ['other', `other-${text}`, '0'];
    }
  }
  return [];
}

function numberInRange(operand: unknown): number[] {
  const { range } = numericRange(operand);
  if (!range) return [];
  const lower = range.parts.find((p) => p.op.startsWith('>') || p.op === '=');
  const upper = range.parts.find((p) => p.op.startsWith('<'));
  if (lower?.op === '=' || lower?.op === '>=') return [lower.value];
  if (lower && upper) return [lower.value + 1, (lower.value + upper.value) / 2];
  if (lower) return [lower.value + 1];
  if (upper) return [upper.op === '<=' ? upper.value : upper.value - 1];
  return [];
}
