/**
 * A build always ends, and says why in one line of its own when it fails:
 * - a stage that reported its work done and then hangs in its exit (as Node.js can in its
 *   teardown) is ended after a grace period, with a note, and the site is built;
 * - a stage that hangs without reporting is stopped once the build has used no processor time
 *   for the stall period (APIDESC_STALL_MS, short here), while a stage that works without a word
 *   for longer than that is left to finish;
 * - a build stopped by its documents' errors, or by its model process dying half-way, prints
 *   no message of the renderer's about what is only a consequence.
 * Stand-ins for the stages' faults are modules loaded into the real stage processes
 * (NODE_OPTIONS=--import, process-fixture.ts).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { longDocument } from './long-document.ts';
import { MINIMAL, tempTree } from './helpers.ts';
import { HANG, ownLines, processesWith, runCommand, stageHook, until } from './process-fixture.ts';

const partials = (dir: string): string[] => readdirSync(dir).filter((n) => /\.(partial|old)-/.test(n));

/** A folder with `api.yaml`, and the environment that loads `hook` into the build's processes. */
function withHook(document: string, hook: string): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempTree({ 'api.yaml': document, 'hook.mjs': hook });
  return { dir, env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(join(dir, 'hook.mjs')).href}` } };
}

describe('a build whose stage hangs', () => {
  it('ends a renderer that wrote every page and then hangs in its exit, says so in a note, and swaps the site in', { timeout: 120_000 }, async () => {
    const { dir, env } = withHook(longDocument(5), stageHook('render-process', `process.on('exit', () => { ${HANG} });`));
    const marker = `${dir}-hang-at-exit`;
    const run = await runCommand(['build', 'api.yaml', '--out', 'site'], { cwd: dir, marker, env, timeoutMs: 90_000 });
    assert.equal(run.code, 0, `the build ended by itself (${run.ms} ms)\n${run.err}`);
    assert.match(run.err, /apidesc-docs: note: the site renderer had finished its work but had not exited 5 s later; it was ended \(its work is complete\)\./);
    assert.ok(existsSync(join(dir, 'site', 'channels')), 'the site was swapped in');
    assert.deepEqual(partials(dir), []);
    await until('no process of the build is left', () => processesWith(marker).length === 0, 10_000);
  });

  it('stops a build whose model process hangs without reporting, once nothing has used the processor for the stall period', { timeout: 120_000 }, async () => {
    const { dir, env } = withHook(longDocument(5), stageHook('prepare-process', HANG));
    const marker = `${dir}-hang`;
    const run = await runCommand(['build', 'api.yaml', '--out', 'site'], { cwd: dir, marker, env: { ...env, APIDESC_STALL_MS: '3000' }, timeoutMs: 90_000 });
    assert.equal(run.code, 3, `the build ended by itself (${run.ms} ms)\n${run.err}`);
    assert.deepEqual(ownLines(run.err), [
      'apidesc-docs: internal error: the site renderer and the model process used no processor time for 3 s without finishing; the build was stopped. Please report it.',
    ]);
    assert.deepEqual(partials(dir), [], 'its partial site is removed');
    await until('no process of the build is left', () => processesWith(marker).length === 0, 10_000);
  });

  it('leaves a model process alone that works without a word for longer than the stall period', { timeout: 120_000 }, async () => {
    const { dir, env } = withHook(longDocument(5), stageHook('prepare-process', 'const end = Date.now() + 7000; while (Date.now() < end);'));
    const marker = `${dir}-slow`;
    const run = await runCommand(['build', 'api.yaml', '--out', 'site'], { cwd: dir, marker, env: { ...env, APIDESC_STALL_MS: '2000' }, timeoutMs: 90_000 });
    assert.equal(run.code, 0, run.err);
    assert.deepEqual(ownLines(run.err), []);
    assert.ok(existsSync(join(dir, 'site', 'index.html')));
  });
});

describe('a build stopped by what a stage before the renderer reports', () => {
  it("stopped by a document's errors shows them and no message of the renderer's", { timeout: 120_000 }, async () => {
    const dir = tempTree({ 'api.yaml': `${MINIMAL}channels: 5\n` });
    for (let i = 0; i < 3; i++) {
      const run = await runCommand(['build', 'api.yaml', '--out', 'site'], { cwd: dir, marker: `${dir}-${i}` });
      assert.equal(run.code, 1);
      assert.match(run.out, /error {2}spec-type/);
      assert.deepEqual(ownLines(run.err), [], run.err);
      assert.match(run.err, /Build stopped: fix the errors above/);
      assert.deepEqual(readdirSync(dir).sort(), ['api.yaml']);
    }
  });

  it('whose model process is killed half-way says so in one line, without a page error for each page that waited for its content', {
    timeout: 120_000,
  }, async () => {
    // The model process kills itself at its third write of the site data: the summaries and a
    // batch of pages are out, the renderer has started on them, the other pages wait.
    const kill = `
      const { Socket } = await import('node:net');
      const write = Socket.prototype.write;
      let writes = 0;
      Socket.prototype.write = function (...args) {
        if (this._handle?.fd === 4 && ++writes === 3) process.kill(process.pid, 'SIGKILL');
        return write.apply(this, args);
      };`;
    const { dir, env } = withHook(longDocument(40), stageHook('prepare-process', kill));
    // Built once first: the renderer then has its bundle at once and is rendering when the model process dies.
    assert.equal((await runCommand(['build', 'api.yaml', '--out', 'first'], { cwd: dir, marker: `${dir}-first` })).code, 0);
    const marker = `${dir}-killed`;
    const run = await runCommand(['build', 'api.yaml', '--out', 'site'], { cwd: dir, marker, env });
    assert.equal(run.code, 2, run.err);
    assert.deepEqual(ownLines(run.err), [
      'apidesc-docs: the model process was killed (SIGKILL) before it had finished: the system may have run out of memory, or another program ended it.',
    ]);
    assert.doesNotMatch(run.err, /\[ERROR\]|HTTP 500|site data ended/);
    assert.deepEqual(partials(dir), []);
    await until('no process of the build is left', () => processesWith(marker).length === 0, 10_000);
  });
});

describe('a build whose stage dies', () => {
  it('with its renderer killed half-way says so in one line and removes its partial site', { timeout: 120_000 }, async () => {
    const { dir, env } = withHook(longDocument(5), stageHook('render-process', "setTimeout(() => process.kill(process.pid, 'SIGKILL'), 50);"));
    writeFileSync(join(dir, 'keep.txt'), 'mine');
    const run = await runCommand(['build', 'api.yaml', '--out', 'site'], { cwd: dir, marker: `${dir}-renderer`, env });
    assert.equal(run.code, 2, run.err);
    assert.deepEqual(ownLines(run.err), [
      'apidesc-docs: the site renderer was killed (SIGKILL) before it had finished: the system may have run out of memory, or another program ended it.',
    ]);
    assert.deepEqual(readdirSync(dir).sort(), ['api.yaml', 'hook.mjs', 'keep.txt']);
  });
});
