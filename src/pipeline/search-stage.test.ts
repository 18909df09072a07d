import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexParts, PAGES_PER_INDEX } from './search-stage.ts';

describe('index parts (search-stage.ts)', () => {
  it('indexes a site of up to the most pages a part holds as one part', () => {
    assert.deepEqual(indexParts(1, PAGES_PER_INDEX), [1]);
    assert.deepEqual(indexParts(PAGES_PER_INDEX, PAGES_PER_INDEX), [PAGES_PER_INDEX]);
  });

  it('splits a larger site into as few parts as the bound allows, of sizes that differ by one at most', () => {
    // The pages of a 1,000-channel bench document: three parts of 1,700, not 2,500 + 2,500 + 100.
    assert.deepEqual(indexParts(5100, 2500), [1700, 1700, 1700]);
    assert.deepEqual(indexParts(2501, 2500), [1251, 1250]);
    assert.deepEqual(indexParts(25, 12), [9, 8, 8]);
  });

  it('keeps every page, each in one part, none over the bound', () => {
    for (const pages of [1, 11, 12, 13, 2499, 2500, 2501, 5099, 25_901]) {
      const parts = indexParts(pages, 2500);
      assert.equal(
        parts.reduce((a, b) => a + b, 0),
        pages,
      );
      assert.ok(parts.every((n) => n > 0 && n <= 2500));
      assert.equal(parts.length, Math.ceil(pages / 2500));
    }
  });
});
