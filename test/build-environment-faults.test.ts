/**
 * Faults of the machine met by a real build (filesystem-fixture.ts): a disk that fills up while
 * the pages are written, or while the search index is written; an output folder that cannot be
 * written; the indexer killed half-way. Each is the environment's fault, not the tool's: one
 * line that names the folder and the cause, exit 2, nothing of the build left behind, and the
 * last site kept as it was.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SITE_STAMP } from '../src/lib/site-stamp.ts';
import { type FaultyFolder, smallDisk, unwritableFolder } from './filesystem-fixture.ts';
import { longDocument } from './long-document.ts';
import { tempTree } from './helpers.ts';
import { bin, type CommandRun, ownLines, processesWith, runMarked, until } from './process-fixture.ts';

/** Pagefind's indexer, which the stand-ins below run or replace. */
const indexer = createRequire(import.meta.url).resolve(
  `@pagefind/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}/bin/pagefind_extended`,
);

/** Writes the last good site into `dir/site`. */
function lastSite(dir: string): void {
  const site = join(dir, 'site');
  mkdirSync(site);
  writeFileSync(join(site, SITE_STAMP), 'stamp');
  writeFileSync(join(site, 'index.html'), 'the last good site');
}

/** Builds `document` into `folder.dir/site`, the command run as `folder` says, with `env`. */
async function buildInto(folder: FaultyFolder, document: string, env: NodeJS.ProcessEnv = {}): Promise<CommandRun & { marker: string }> {
  const input = tempTree({ 'api.yaml': document });
  const marker = `${input}-build`;
  const run = await runMarked(folder.wrap([process.execPath, bin, 'build', join(input, 'api.yaml'), '--out', join(folder.dir, 'site')]), {
    cwd: input,
    marker,
    env,
    timeoutMs: 120_000,
  }).done;
  return { ...run, marker };
}

/** What every fault leaves: the last site as it was, nothing else of the build, no process. */
async function assertNothingLeft(folder: FaultyFolder, run: CommandRun & { marker: string }): Promise<void> {
  assert.deepEqual(
    readdirSync(folder.dir).filter((name) => name.startsWith('site.')),
    [],
    'no partial or old site is left',
  );
  assert.ok(readFileSync(join(folder.dir, 'site', 'index.html'), 'utf8') === 'the last good site', 'the last site is kept');
  await until('no process of the build is left', () => processesWith(run.marker).length === 0, 10_000);
}

describe('a build that meets a fault of the machine', () => {
  it('stops with one line naming the folder and the cause when the disk fills up while the pages are written', { timeout: 180_000 }, async () => {
    const folder = smallDisk(256 * 1024, lastSite);
    try {
      const run = await buildInto(folder, longDocument(40));
      assert.equal(run.code, 2, run.err);
      const [line = '', ...more] = ownLines(run.err);
      assert.deepEqual(more, [], run.err);
      assert.ok(line.startsWith('apidesc-docs: the build could not write in '), run.err);
      assert.ok(line.includes(`${folder.dir} (where the site for --out ${join(folder.dir, 'site')} is built)`), run.err);
      assert.ok(line.includes(folder.cause), run.err);
      assert.match(run.err, /The output folder .* is unchanged\./);
      assert.doesNotMatch(run.err, /internal error|please report|\[ERROR\]/i);
      await assertNothingLeft(folder, run);
    } finally {
      folder.remove();
    }
  });

  it('stops so when the disk fills up while the search index is written', { timeout: 180_000 }, async () => {
    const folder = smallDisk(64 * 1024 * 1024, lastSite);
    // The indexer, run as it is, once the disk has been filled up (or its files limited in size).
    const standIn = join(folder.dir, 'indexer.sh');
    writeFileSync(
      standIn,
      folder.wrap(['x'])[0] === 'x'
        ? `#!/bin/sh\ncat /dev/zero > ${JSON.stringify(join(folder.dir, 'filler'))} 2>/dev/null\nexec ${JSON.stringify(indexer)} "$@"\n`
        : `#!/bin/sh\nulimit -f 64\nexec ${JSON.stringify(indexer)} "$@"\n`,
    );
    chmodSync(standIn, 0o755);
    try {
      const run = await buildInto({ ...folder, wrap: (command) => command }, longDocument(5), { PAGEFIND_EXTENDED_BINARY_PATH: standIn });
      assert.equal(run.code, 2, run.err);
      assert.deepEqual(ownLines(run.err).length, 1, run.err);
      assert.doesNotMatch(run.err, /panicked|internal error|please report/i, 'the indexer’s own panic is not shown');
      if (folder.wrap(['x'])[0] === 'x') assert.match(run.err, /the build could not write in .*: no space is left on the device \(ENOSPC\)\./);
      else assert.match(run.err, /the search indexer \(Pagefind\) stopped before it had written the index|\(EFBIG\)/);
      await assertNothingLeft(folder, run);
    } finally {
      folder.remove();
    }
  });

  it('stops so when the output folder cannot be written, leaving what an earlier build left there for later', { timeout: 180_000 }, async () => {
    // The last site, and the partial site of a build killed long ago (its process is gone).
    const leftover = 'site.partial-99999999-0badf00d';
    const folder = unwritableFolder((dir) => {
      lastSite(dir);
      mkdirSync(join(dir, leftover));
      writeFileSync(join(dir, leftover, SITE_STAMP), 'stamp');
    });
    try {
      const run = await buildInto(folder, longDocument(5));
      assert.equal(run.code, 2, run.err);
      assert.deepEqual(ownLines(run.err), [
        `apidesc-docs: the build could not write in ${folder.dir} (where the site for --out ${join(folder.dir, 'site')} is built): ${folder.cause}.`,
      ]);
      assert.deepEqual(
        readdirSync(folder.dir).filter((name) => name.startsWith('site.')),
        [leftover],
      );
      assert.ok(readFileSync(join(folder.dir, 'site', 'index.html'), 'utf8') === 'the last good site', 'the last site is kept');
    } finally {
      folder.remove();
    }
  });

  it('stops so when the temporary folder cannot be written, and names it', { timeout: 180_000 }, async () => {
    const tmp = unwritableFolder(() => {});
    const dir = tempTree({});
    lastSite(dir);
    try {
      const run = await buildInto({ dir, wrap: (command) => command, cause: '', remove: () => {} }, longDocument(5), { TMPDIR: tmp.dir });
      assert.equal(run.code, 2, run.err);
      assert.deepEqual(ownLines(run.err), [`apidesc-docs: the build could not write in the temporary folder ${tmp.dir}: ${tmp.cause}.`]);
      assert.ok(readFileSync(join(dir, 'site', 'index.html'), 'utf8') === 'the last good site', 'the last site is kept');
      assert.deepEqual(readdirSync(dir), ['site']);
    } finally {
      tmp.remove();
    }
  });

  it('stops with one line when the search indexer is killed half-way', { timeout: 180_000 }, async () => {
    const dir = tempTree({});
    lastSite(dir);
    // An indexer that is killed once it has begun to read its first request.
    const standIn = join(dir, 'indexer.sh');
    writeFileSync(standIn, '#!/bin/sh\nhead -c 1 > /dev/null\nkill -KILL $$\n');
    chmodSync(standIn, 0o755);
    const folder: FaultyFolder = { dir, wrap: (command) => command, cause: '', remove: () => {} };
    const run = await buildInto(folder, longDocument(5), { PAGEFIND_EXTENDED_BINARY_PATH: standIn });
    assert.equal(run.code, 2, run.err);
    assert.deepEqual(ownLines(run.err), [
      'apidesc-docs: the search indexer (Pagefind) stopped before it had written the index: it was killed, or it failed (run again with --debug for its own messages).',
    ]);
    assert.match(run.err, /The output folder .* is unchanged\./);
    assert.ok(existsSync(join(dir, 'site', 'index.html')));
    await assertNothingLeft(folder, run);
  });

  it('met by another command (diff reads its base into the temporary folder) is said in one line, exit 2', { timeout: 180_000 }, async () => {
    const tmp = unwritableFolder(() => {});
    const dir = tempTree({ 'api.yaml': longDocument(2) });
    const git = (...args: string[]): void =>
      void execFileSync('git', args, {
        cwd: dir,
        stdio: 'ignore',
        env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
      });
    git('init', '-q');
    git('add', 'api.yaml');
    git('commit', '-q', '-m', 'base');
    try {
      const run = await runMarked([process.execPath, bin, 'diff', '--base-ref', 'HEAD', 'api.yaml'], {
        cwd: dir,
        marker: `${dir}-diff`,
        env: { TMPDIR: tmp.dir },
        timeoutMs: 60_000,
      }).done;
      assert.equal(run.code, 2, run.err);
      assert.deepEqual(ownLines(run.err), [`apidesc-docs: ${tmp.dir}: ${tmp.cause}.`]);
    } finally {
      tmp.remove();
    }
  });
});
