/**
 * When a build's first pass goes one document at a time (portal-first-pass.ts): the model process
 * then makes it so, and the command starts that process with the collector's settings for a
 * portal's summaries (lean-heap.ts).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ONE_BY_ONE_BYTES, oneDocumentAtATime } from './portal-first-pass.ts';

const cwd = mkdtempSync(join(tmpdir(), 'apidesc-first-pass-mode-'));
after(() => rmSync(cwd, { recursive: true, force: true }));

/** A folder of `count` documents of `bytes` each (sparse files: only their size is read). */
function folder(name: string, count: number, bytes: number): string {
  mkdirSync(join(cwd, name));
  for (let i = 0; i < count; i++) {
    const file = join(cwd, name, `api-${i}.yaml`);
    writeFileSync(file, 'apidesc: 3.0.0\n');
    truncateSync(file, bytes);
  }
  return name;
}

const small = folder('small', 3, 1_000);
const large = folder('large', 3, Math.ceil(ONE_BY_ONE_BYTES / 2));
const one = folder('one', 1, ONE_BY_ONE_BYTES * 2);

describe('a first pass one document at a time (src/pipeline/portal-first-pass.ts)', () => {
  it('for a shard of any portal', () => {
    assert.equal(oneDocumentAtATime({ shard: { index: 1, count: 2 } }, [small], cwd), true);
  });
  it('for a portal whose documents are large together, not for a small one', () => {
    assert.equal(oneDocumentAtATime({}, [large], cwd), true);
    assert.equal(oneDocumentAtATime({}, [small], cwd), false);
  });
  it('never for a single document, however large, or a shard of one', () => {
    assert.equal(oneDocumentAtATime({}, [one], cwd), false);
    assert.equal(oneDocumentAtATime({ shard: { index: 1, count: 1 } }, [one], cwd), false);
  });
  it('as the build options say when they say', () => {
    assert.equal(oneDocumentAtATime({ firstPassOneByOne: true }, [small], cwd), true);
    assert.equal(oneDocumentAtATime({ firstPassOneByOne: false, shard: { index: 1, count: 2 } }, [large], cwd), false);
  });
});
