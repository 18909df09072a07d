import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MINIMAL, tempTree } from '../../test/helpers.ts';
import { isShortRun, SHORT_RUN_MAX_BYTES } from './short-run.ts';

describe('short runs', () => {
  const dir = tempTree({ 'small.yaml': MINIMAL, 'docs/a.yaml': MINIMAL, 'docs/b.yaml': MINIMAL });

  it('are `validate` of inputs up to the size limit, whatever the options around them', () => {
    assert.equal(isShortRun(['validate', 'small.yaml'], dir), true);
    assert.equal(isShortRun(['validate', '--format', 'json', '--max-bytes', '200000000', 'small.yaml', '--strict'], dir), true);
    assert.equal(isShortRun(['--format', 'sarif', 'validate', 'docs'], dir), true, 'a folder counts its documents');
    assert.equal(isShortRun(['validate', 'missing.yaml'], dir), true, 'an input that cannot be read reads nothing');
  });

  it('are not builds, dev servers, or inputs over the limit', () => {
    assert.equal(isShortRun(['build', 'small.yaml'], dir), false);
    assert.equal(isShortRun(['dev', 'small.yaml'], dir), false);
    assert.equal(isShortRun(['validate'], dir), false);
    const large = join(dir, 'large.yaml');
    writeFileSync(large, MINIMAL);
    truncateSync(large, SHORT_RUN_MAX_BYTES + 1);
    assert.equal(isShortRun(['validate', 'large.yaml'], dir), false);
    assert.equal(isShortRun(['validate', 'small.yaml', 'large.yaml'], dir), false, 'the inputs add up');
  });

  it('turn TurboFan off, and only them', () => {
    // In a process of its own, with V8's test hooks: a function asked to optimize is TurboFan code unless the run is short.
    const turboFanned = (argv: string[]): boolean => {
      const script = `import { tuneForShortRun } from ${JSON.stringify(new URL('./short-run.ts', import.meta.url).href)};
tuneForShortRun(${JSON.stringify(argv)}, ${JSON.stringify(dir)});
function add(a, b) { return a + b; }
%PrepareFunctionForOptimization(add);
add(1, 2); add(3, 4);
%OptimizeFunctionOnNextCall(add);
add(5, 6);
console.log((%GetOptimizationStatus(add) & (1 << 6)) !== 0);`;
      const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      return run.stdout.trim() === 'true';
    };
    assert.equal(turboFanned(['build', 'small.yaml']), true);
    assert.equal(turboFanned(['validate', 'small.yaml']), false);
  });
});
