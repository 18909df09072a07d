/**
 * Numbers as sns filter policies compare them (AWS "Filter policy constraints", "Numeric value
 * matching"): as numbers, not text (`301.5` equals `3.015e2`), between -10^9 and 10^9, with five
 * digits after the decimal point. Values are compared as integers of hundred-thousandths, so
 * that 0.000001 and 0 are equal, as they are for AWS.
 */

export const NUMERIC_LIMIT = 1e9;

/** The value in hundred-thousandths, or undefined outside the range AWS compares. */
export function fixedPoint(value: number): number | undefined {
  if (!Number.isFinite(value) || Math.abs(value) > NUMERIC_LIMIT) return undefined;
  return Math.round(value * 1e5);
}

export type Comparison = '=' | '<' | '<=' | '>' | '>=';
const COMPARISONS = new Set<string>(['=', '<', '<=', '>', '>=']);

export interface NumericRange {
  parts: { op: Comparison; value: number }[];
}

/**
 * `["=", 301.5]`, `[">", 0, "<=", 150]` as comparisons, or why AWS would refuse it: an unknown
 * operator, a value that is not a number or out of range, more than a lower and an upper bound,
 * or bounds in the wrong order (`[">", 10, "<", 5]` never matches).
 */
export function numericRange(list: unknown): { range?: NumericRange; problem?: string } {
  if (!Array.isArray(list) || list.length === 0 || list.length % 2 !== 0) return { problem: 'numeric takes an operator and a number, or two such pairs' };
  const parts: { op: Comparison; value: number }[] = [];
  for (let i = 0; i < list.length; i += 2) {
    const op = list[i];
    const value = list[i + 1];
    if (typeof op !== 'string' || !COMPARISONS.has(op)) return { problem: `${JSON.stringify(op)} is not a numeric operator (=, <, <=, >, >=)` };
    if (typeof value !== 'number' || !Number.isFinite(value)) return { problem: `${JSON.stringify(value)} after ${op} is not a number` };
    if (fixedPoint(value) === undefined) return { problem: `${value} is outside the range AWS compares (-1,000,000,000 to 1,000,000,000)` };
    parts.push({ op: op as Comparison, value });
  }
  if (parts.length === 2) {
    const [a, b] = parts as [{ op: Comparison; value: number }, { op: Comparison; value: number }];
    const lower = a.op.startsWith('>') ? a : b.op.startsWith('>') ? b : undefined;
    const upper = a.op.startsWith('<') ? a : b.op.startsWith('<') ? b : undefined;
    if (!lower || !upper || lower === upper) return { problem: 'a numeric range is a lower bound (> or >=) and an upper bound (< or <=)' };
    if (a !== lower) return { problem: `the range is in the wrong order: the lower bound (${lower.op} ${lower.value}) comes first` };
    const low = fixedPoint(lower.value)!;
    const high = fixedPoint(upper.value)!;
    if (low > high || (low === high && (lower.op === '>' || upper.op === '<')))
      return { problem: `the range ${lower.op} ${lower.value} and ${upper.op} ${upper.value} holds no number, so it never matches` };
  }
  return { range: { parts } };
}

/** Whether `value` satisfies one comparison, compared as AWS does. */
export function compare(value: number, op: Comparison, bound: number): boolean {
  const v = fixedPoint(value);
  const b = fixedPoint(bound);
  if (v === undefined || b === undefined) return false;
  switch (op) {
    case '=':
      return v === b;
    case '<':
      return v < b;
    case '<=':
      return v <= b;
    case '>':
      return v > b;
    case '>=':
      return v >= b;
  }
}

/** Two numbers equal as AWS compares them (five decimals). */
export function sameNumber(a: number, b: number): boolean {
  return compare(a, '=', b);
}
