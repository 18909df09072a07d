/** Two built sites compared file by file (the tests of the build cache, shards and their workflow). */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file below `dir`, relative to it, sorted. */
export function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** Two sites the same, byte for byte: the same files, each with the same bytes (`besides` the search index, when asked). */
export function assertSameSite(actual: string, expected: string, { searchIndex = true } = {}): void {
  const keep = (file: string): boolean => searchIndex || !file.startsWith('pagefind/');
  const files = filesOf(expected).filter(keep);
  assert.deepEqual(filesOf(actual).filter(keep), files, `${actual} and ${expected} have different files`);
  for (const file of files)
    assert.ok(readFileSync(join(actual, file)).equals(readFileSync(join(expected, file))), `${file} differs between ${actual} and ${expected}`);
}
