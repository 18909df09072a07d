import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { returnUnusedMemory } from './return-memory.ts';

/** Makes about 300 MB of objects that are garbage once it returns. */
function makeGarbage(): number {
  const rows: { n: number; text: string; list: number[] }[] = [];
  for (let i = 0; i < 3_000_000; i++) rows.push({ n: i, text: `row ${i}`, list: [i] });
  return rows.length;
}

describe('returning the memory a build no longer uses', () => {
  it('gives the pages of garbage back to the system at once, not seconds later', () => {
    assert.equal(makeGarbage(), 3_000_000);
    const before = process.memoryUsage.rss();
    returnUnusedMemory();
    const after = process.memoryUsage.rss();
    assert.ok(before - after > 100 * 1024 * 1024, `the process went from ${before >> 20} MB to ${after >> 20} MB`);
  });
});
