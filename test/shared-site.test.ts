/**
 * sharedSite (test/helpers.ts): a site several test files read is built once per test run. Two
 * readers asking at once get the same folder from one build; when that build fails, the reader
 * that waited for it fails too, with the builder's words, instead of waiting out its bound.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MINIMAL, sharedSite, tempDir, tempTree } from './helpers.ts';
import { SHARED_SITES } from './run-setup.ts';

describe('a site shared by the files of a test run', { timeout: 300_000 }, () => {
  const outer = process.env.APIDESC_TEST_RUN_FOLDER;
  const run = tempDir('apidesc-shared-site-run-');
  before(() => {
    process.env.APIDESC_TEST_RUN_FOLDER = run;
  });
  after(() => {
    if (outer === undefined) delete process.env.APIDESC_TEST_RUN_FOLDER;
    else process.env.APIDESC_TEST_RUN_FOLDER = outer;
  });

  it('is built once for two readers asking at once, both given the same folder', async () => {
    const dir = tempTree({ 'api.yaml': MINIMAL });
    const [first, second] = await Promise.all([sharedSite(['api.yaml'], dir), sharedSite(['api.yaml'], dir)]);
    assert.equal(first, second);
    assert.ok(readdirSync(first).includes('index.html'), 'the site is there');
    // One build: one folder for it, holding the site alone (a single API keeps no cache).
    assert.equal(readdirSync(join(run, SHARED_SITES)).length, 1);
    assert.deepEqual(readdirSync(join(first, '..')), ['site'], 'nothing built a second time beside it');
  });

  it("fails the reader who waited, with the builder's words, when the build fails", async () => {
    const dir = tempTree({ 'broken.yaml': 'apidesc: 3.0.0\ninfo: {title: T}\n' });
    const [builder, reader] = await Promise.allSettled([sharedSite(['broken.yaml'], dir), sharedSite(['broken.yaml'], dir)]);
    assert.equal(builder.status, 'rejected');
    assert.equal(reader.status, 'rejected');
    assert.match(String((reader as PromiseRejectedResult).reason), /failed in another test file/);
  });
});
