/**
 * The newest version read once for every older version's comparison with it: each comparison
 * says what it says alone, also after another one met a `$ref` of the newest that does not
 * resolve (the documents are resolved as they are followed, so what one comparison failed to
 * resolve stays with them).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { BuildOptions } from '../build-options.ts';
import { compareVersions, openComparedInput } from './compare-to-latest.ts';

const dir = mkdtempSync(join(tmpdir(), 'apidesc-compare-to-latest-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const document = (version: string, channels: string): string => `apidesc: 3.0.0\ninfo:\n  title: Orders\n  version: ${version}\nchannels:\n${channels}`;
// The newest's payload names a file that is not there: only a comparison that reads that payload meets it.
writeFileSync(
  join(dir, 'newest.yaml'),
  document('3.0.0', "  orders:\n    address: orders\n    messages:\n      placed:\n        payload:\n          $ref: './missing.yaml'\n"),
);
writeFileSync(
  join(dir, 'v2.yaml'),
  document('2.0.0', '  orders:\n    address: orders\n    messages:\n      placed:\n        payload:\n          type: object\n'),
);
writeFileSync(join(dir, 'v1.yaml'), document('1.0.0', '  billing:\n    address: billing\n'));

const options = { outDir: join(dir, 'site') } as BuildOptions;
const side = (file: string): { input: string; root: string } => ({ input: join(dir, file), root: dir });

describe('the comparisons with the newest, which is read once', () => {
  it('says of each older version what it says alone, after another comparison met an unresolvable $ref of the newest', async () => {
    const alone = await compareVersions(side('v1.yaml'), side('newest.yaml'), 'v1.0.0 → latest', options, dir);
    assert.ok(alone, 'v1.0.0 alone is compared: its comparison does not read the payload');
    assert.equal(alone.counts.breaking, 1);

    const newest = await openComparedInput(side('newest.yaml'), options, dir);
    assert.ok(newest.side.opened, 'the newest opened once, to be shared');
    assert.equal(await compareVersions(side('v2.yaml'), newest, 'v2.0.0 → latest', options, dir), undefined, 'v2.0.0 reads the payload: not compared');
    const shared = await compareVersions(side('v1.yaml'), newest, 'v1.0.0 → latest', options, dir);
    assert.deepEqual(shared, alone);
  });
});
