/**
 * Counts written as en-US writes them, with a comma every three digits (1,234,567), without
 * Intl: a process's first `toLocaleString('en-US')` sets up ICU's number formatting, 10–40 ms on
 * this project's machines, which the model process of a small build paid on its critical path
 * for the first sns retry count it wrote (and the renderer again for its first).
 */

/** A whole number with thousands separators, the same text as `n.toLocaleString('en-US')`; other numbers as `String(n)`. */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  // toLocaleString keeps the sign of zero.
  if (Object.is(n, -0)) return '-0';
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
