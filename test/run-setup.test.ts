/**
 * The test run's own check (test/run-setup.ts): a test that leaves a temporary folder behind
 * fails the run, which names it and removes it; a run that cleans up passes.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempTree } from './helpers.ts';

const setup = join(import.meta.dirname, 'run-setup.ts');

/** Runs `node --test` with the run's set-up on one test file, in a folder of its own; `tmp`: the TMPDIR it is started with. */
function runTests(testFile: string, tmp: string): { status: number | null; output: string } {
  const dir = tempTree({ 'inner.test.ts': testFile });
  // A run of its own, not a part of this one (which the runner tells its test processes by this variable).
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--test', `--test-global-setup=${setup}`, '--test-reporter=spec', 'inner.test.ts'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...env, TMPDIR: tmp },
    timeout: 60_000,
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

const leaving = `import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
it('makes a folder and forgets it', () => { mkdtempSync(join(tmpdir(), 'forgotten-')); });
`;

const tidy = `import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
it('makes a folder in the folder of the run and removes it', () => {
  if (!/apidesc-test-run-\\w+$/.test(tmpdir())) throw new Error(\`not the run's folder: \${tmpdir()}\`);
  rmSync(mkdtempSync(join(tmpdir(), 'tidy-')), { recursive: true });
});
`;

describe('a test run', () => {
  it('fails when a test leaves a temporary folder behind, names it, and removes it', () => {
    const tmp = tempTree({});
    const run = runTests(leaving, tmp);
    assert.equal(run.status, 1, run.output);
    assert.match(run.output, /ℹ pass 1/);
    assert.match(run.output, /✖ the tests left 1 temporary folder or file behind \(removed now\): forgotten-\w+/);
    assert.deepEqual(readdirSync(tmp), [], "the run's folder is gone, and what was in it");
  });

  it('passes when every test cleans up, and hands the tests a temporary folder of the run', () => {
    const tmp = tempTree({});
    const run = runTests(tidy, tmp);
    assert.equal(run.status, 0, run.output);
    assert.match(run.output, /ℹ pass 1/);
    assert.doesNotMatch(run.output, /left .* behind/);
    assert.deepEqual(readdirSync(tmp), []);
  });
});
