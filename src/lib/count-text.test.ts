import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countText } from './count-text.ts';

describe('counts with thousands separators', () => {
  it('writes whole numbers as en-US does', () => {
    const numbers = [0, -0, 1, 7, 12, 999, 1000, 1001, 9999, 10_000, 65_535, 100_000, 999_999, 1_000_000, 1_234_567, Number.MAX_SAFE_INTEGER];
    // Numbers of every length, and the same negative.
    for (let digits = 1; digits <= 15; digits++) numbers.push(Number('9'.repeat(digits)), Number(`1${'0'.repeat(digits)}`), 314_159_265_358 % 10 ** digits);
    for (const n of [...numbers, ...numbers.map((n) => -n)]) assert.equal(countText(n), n.toLocaleString('en-US'), String(n));
  });

  it('leaves other numbers as JavaScript writes them', () => {
    assert.deepEqual([1.5, 2 ** 60, Number.POSITIVE_INFINITY, Number.NaN].map(countText), ['1.5', '1152921504606847000', 'Infinity', 'NaN']);
  });
});
