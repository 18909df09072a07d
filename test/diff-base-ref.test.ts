/**
 * `diff --base-ref` (and `build --compare-ref`, which reads its base the same way,
 * src/lib/diff/compare-sides.ts): only what the comparison reads is taken from the commit (the
 * compared path and the files its `$ref`s reach), streamed to disk; `--root` above the repository
 * reads what lies outside it from the working tree, never from around the temporary folder;
 * links and submodules of the commit are not followed, and say so; the temporary folder never
 * shows in a message, is never inside the repository, and is removed at the end and on a signal.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { diffSides } from '../src/lib/diff/compare-inputs.ts';
import { checkoutCommit } from '../src/lib/git/commit-tree.ts';
import { baseFromRef, baseSide } from '../src/lib/diff/compare-sides.ts';
import { defaultLimits } from '../src/lib/load/limits.ts';
import { realPath } from '../src/lib/real-path.ts';
import { api } from './diff-fixture.ts';
import { runIn, tempDir, tempTree } from './helpers.ts';

const bin = join(resolve(import.meta.dirname, '..'), 'bin', 'apidesc-docs.mjs');
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
const json = (value: unknown): string => JSON.stringify(value, null, 2);

/** A repository of `files` with one commit on `main`. */
function repository(files: Record<string, string | Uint8Array>): string {
  const dir = realPath(tempTree(files));
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'first');
  return dir;
}

/** Every file under `dir`, as `a/b.json`. */
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();

/** Runs the command with TMPDIR set to `tmp`, so that its temporary folder can be watched. */
async function runWithTmp(dir: string, tmp: string, args: string[]) {
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    return await runIn(dir, args);
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
}

describe('diff --base-ref: what is read from the commit', () => {
  it('writes the compared document and the files its $refs reach, nothing else of the repository', async () => {
    const dir = repository({
      'api/orders.yaml': json(api({ payload: { $ref: '../common/schemas.yaml#/Order' } })),
      'api/notes.txt': 'not read',
      'common/schemas.yaml': 'Order:\n  $ref: "./deeper/order.json"\n',
      'common/deeper/order.json': json({ type: 'object', properties: { id: { $ref: '../id.yaml' } } }),
      'common/id.yaml': 'type: string\n',
      'common/unrelated.yaml': 'type: string\n',
      'data/big.txt': 'x'.repeat(1024 * 1024),
    });
    const tree = await checkoutCommit(dir, 'main', { compared: join(dir, 'api/orders.yaml'), limits: defaultLimits });
    try {
      assert.deepEqual(filesIn(tree.dir), ['api/orders.yaml', 'common/deeper/order.json', 'common/id.yaml', 'common/schemas.yaml']);
      assert.equal(readFileSync(join(tree.dir, 'common/deeper/order.json'), 'utf8'), readFileSync(join(dir, 'common/deeper/order.json'), 'utf8'));
    } finally {
      tree.remove();
    }
  });

  it('a folder: the documents a folder search reads (not in dot folders, node_modules or a built site) and what they reference', async () => {
    const dir = repository({
      'apis/orders.json': json(api({ payload: { $ref: '../shared/order.json' } })),
      'apis/billing/billing.yaml': json(api()),
      'apis/readme.md': 'not read',
      'apis/.hidden/x.json': json(api()),
      'apis/node_modules/pkg/x.json': json(api()),
      'apis/site/.apidesc-docs': '{}',
      'apis/site/source/copy.json': json(api()),
      'shared/order.json': json({ type: 'object' }),
      'shared/other.json': json({ type: 'object' }),
    });
    const tree = await checkoutCommit(dir, 'main', { compared: join(dir, 'apis'), limits: defaultLimits });
    try {
      assert.deepEqual(filesIn(tree.dir), ['apis/billing/billing.yaml', 'apis/orders.json', 'apis/site/.apidesc-docs', 'shared/order.json']);
    } finally {
      tree.remove();
    }
  });

  it('streams blobs of every size byte for byte, a large one in time proportional to its size', async () => {
    const sizes = [0, 1, 65535, 65536, 65537, 200_000];
    const blob = (n: number): string => `# ${'y'.repeat(Math.max(0, n - 3))}\n`.slice(0, n);
    const big = `${'#'.repeat(79)}\n`.repeat(800_000); // 64 MB of comment
    const files: Record<string, string> = { 'big.yaml': big };
    const refs: Record<string, unknown> = { big: { $ref: 'big.yaml' } };
    for (const n of sizes) {
      files[`part-${n}.yaml`] = blob(n);
      refs[`p${n}`] = { $ref: `part-${n}.yaml` };
    }
    const dir = repository({ ...files, 'main.json': json({ ...api(), components: { schemas: refs } }) });
    const started = performance.now();
    const tree = await checkoutCommit(dir, 'main', { compared: join(dir, 'main.json'), limits: { ...defaultLimits, maxBytes: 100 * 1024 * 1024 } });
    const seconds = (performance.now() - started) / 1000;
    try {
      for (const name of Object.keys(files)) assert.equal(readFileSync(join(tree.dir, name), 'utf8'), files[name], name);
      // About 1 s; appending each piece to all that came before took 10 s for 40 MB, 15 s for this.
      assert.ok(seconds < 6, `took ${seconds.toFixed(1)} s`);
    } finally {
      tree.remove();
    }
  });

  it('a file larger than the limit is refused by its size, as in the working tree, without being copied', async () => {
    const dir = repository({ 'main.json': json(api({ payload: { $ref: 'large.yaml' } })), 'large.yaml': `${'#'.repeat(5000)}\ntype: string\n` });
    writeFileSync(join(dir, 'large.yaml'), 'type: string\n');
    const r = await runIn(dir, ['diff', '--base-ref', 'main', 'main.json', '--max-bytes', '4000']);
    assert.equal(r.code, 2);
    assert.match(r.err, /^large\.yaml {2}error {2}load-too-large {2}the file is 4\.9 KB/m);
    assert.ok(!r.err.includes('does not exist'), r.err);
  });
});

describe('diff --base-ref with --root above the repository', () => {
  it('reads files outside the repository from the working tree, never from around the temporary folder', async () => {
    const outer = realPath(tempDir());
    const repo = join(outer, 'repo');
    mkdirSync(repo);
    mkdirSync(join(outer, 'shared'));
    writeFileSync(join(outer, 'shared', 's.json'), json({ type: 'string' }));
    writeFileSync(join(repo, 'orders.json'), json(api({ payload: { $ref: '../shared/s.json' } })));
    git(repo, 'init', '-q', '-b', 'main');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'first');
    // What the same $ref reaches from the temporary folder, were it resolved there.
    const tmp = join(outer, 'tmp');
    mkdirSync(join(tmp, 'shared'), { recursive: true });
    writeFileSync(join(tmp, 'shared', 's.json'), json({ type: 'integer' }));
    const r = await runWithTmp(repo, tmp, ['diff', '--base-ref', 'main', 'orders.json', '--root', '..']);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out.trim(), 'no changes');
    // The file is the same on both sides; a change of the document itself is still seen.
    writeFileSync(join(repo, 'orders.json'), json(api({ payload: { $ref: '../shared/s.json' }, message: { contentType: 'text/plain' } })));
    const changed = await runWithTmp(repo, tmp, ['diff', '--base-ref', 'main', 'orders.json', '--root', '..', '--format', 'json']);
    assert.deepEqual(
      JSON.parse(changed.out).changes.map((c: { rule: string }) => c.rule),
      ['message-content-type-changed'],
    );
    assert.deepEqual(readdirSync(tmp), ['shared'], 'the temporary folder is removed');
    // build --compare-ref reads its base the same way.
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    const { base, tree } = await baseFromRef('main', 'orders.json', repo, '..', defaultLimits).finally(() => {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    });
    try {
      const head = { files: [join(repo, 'orders.json')], display: (f: string) => f, root: outer };
      const outcome = await diffSides(baseSide(base, repo), head, { limits: defaultLimits, allowRemoteRefs: false, cwd: repo });
      assert.equal(outcome.unreadable, false, outcome.diagnostics.map((d) => d.message).join('\n'));
      assert.deepEqual(
        outcome.report.changes.map((c) => c.rule),
        ['message-content-type-changed'],
      );
    } finally {
      tree.remove();
    }
  });
});

describe('diff --base-ref: links, submodules and the names of files', () => {
  it('a $ref through a symbolic link of the commit is not followed, and says so at its path in the repository', async () => {
    const dir = repository({ 'api/orders.json': json(api({ payload: { $ref: 'linked/s.json' } })), 'common/s.json': json({ type: 'string' }) });
    symlinkSync('../common', join(dir, 'api', 'linked'));
    symlinkSync('/etc/hostname', join(dir, 'api', 'host.json'));
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'links');
    // In the working tree the link became a document.
    rmSync(join(dir, 'api', 'host.json'));
    writeFileSync(join(dir, 'api', 'host.json'), json(api()));
    const r = await runIn(dir, ['diff', '--base-ref', 'main', 'api/orders.json']);
    assert.equal(r.code, 2);
    assert.match(r.err, /the file api\/linked\/s\.json is inside api\/linked, a symbolic link in main, which is not read/);
    assert.ok(!r.err.includes('does not exist'), r.err);
    assert.ok(!r.err.includes('apidesc-diff-'), r.err);
    // The compared path itself a link of the commit: refused, never read through.
    const linked = await runIn(dir, ['diff', '--base-ref', 'main', 'api/host.json']);
    assert.equal(linked.code, 2);
    assert.match(linked.err, /api\/host\.json is a symbolic link in main, which is not read/);
  });

  it('a $ref into a submodule of the commit says so', async () => {
    const dir = repository({ 'orders.json': json(api({ payload: { $ref: 'vendor/lib/s.json' } })) });
    const commit = git(dir, 'rev-parse', 'HEAD').trim();
    git(dir, 'update-index', '--add', '--cacheinfo', `160000,${commit},vendor/lib`);
    git(dir, 'commit', '-q', '-m', 'submodule');
    const r = await runIn(dir, ['diff', '--base-ref', 'main', 'orders.json']);
    assert.equal(r.code, 2);
    assert.match(r.err, /is inside vendor\/lib, a submodule in main, which is not read/);
  });

  it('a $ref out of the root names the repository, not the temporary folder', async () => {
    const dir = repository({ 'orders.json': json(api({ payload: { $ref: '../../outside.json' } })) });
    const r = await runIn(dir, ['diff', '--base-ref', 'main', 'orders.json']);
    assert.equal(r.code, 2);
    assert.match(r.err, /points outside the input folder \(the repository that holds the document, or the folder given with --root\)\n/);
    assert.ok(!r.err.includes(dir), r.err);
    assert.ok(!r.err.includes('apidesc-diff-'), r.err);
  });
});

describe('diff --base-ref: what was deleted', () => {
  it('the whole compared folder deleted: every API of the base removed, breaking', async () => {
    const dir = repository({ 'api/orders.json': json(api()), 'api/billing/billing.json': json(api()), 'README.md': 'x' });
    git(dir, 'rm', '-rq', 'api');
    const r = await runIn(dir, ['diff', '--base-ref', 'main', 'api/', '--format', 'json']);
    assert.equal(r.code, 1, r.err);
    assert.deepEqual(
      JSON.parse(r.out).changes.map((c: { api: string; rule: string; severity: string }) => `${c.api} ${c.rule} ${c.severity}`),
      ['billing/billing.json api-removed breaking', 'orders.json api-removed breaking'],
    );
  });
});

describe('diff --base-ref: the temporary folder', () => {
  it('is removed when a signal stops the command while the commit is being read', async () => {
    // A referenced file of 40 MB: reading it from git takes long enough to be stopped in the middle.
    const dir = repository({ 'api.json': json(api({ payload: { $ref: 'big.yaml' } })), 'big.yaml': `${'#'.repeat(79)}\n`.repeat(500_000) + 'type: string\n' });
    const tmp = join(dir, '.tmp');
    mkdirSync(tmp);
    const watcher = watch(tmp);
    const child = spawn(process.execPath, [bin, 'diff', '--base-ref', 'main', 'api.json'], { cwd: dir, env: { ...process.env, TMPDIR: tmp }, stdio: 'ignore' });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    // Stopped as soon as its temporary folder appears.
    watcher.on('change', (_event, name) => {
      if (String(name).startsWith('apidesc-diff-')) child.kill('SIGTERM');
    });
    const code = await exited;
    watcher.close();
    assert.equal(code, 143, 'exit 128 + SIGTERM');
    assert.deepEqual(
      readdirSync(tmp).filter((n) => n.startsWith('apidesc-diff-')),
      [],
    );
  });
});

describe('diff --base-ref: a base no branch can choose', () => {
  it('refuses a short name that is both a tag and a remote branch, and compares the one named in full', async () => {
    const dir = repository({ 'api.json': json(api({ payload: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } })) });
    const base = git(dir, 'rev-parse', 'HEAD').trim();
    git(dir, 'update-ref', 'refs/remotes/origin/main', base);
    // A tag of the same short name on a commit where the change is already made: git would take it.
    writeFileSync(join(dir, 'api.json'), json(api({ payload: { type: 'object', properties: { id: { type: 'integer' } } } })));
    git(dir, 'commit', '-q', '-am', 'breaking');
    git(dir, 'tag', 'origin/main');
    const ambiguous = await runIn(dir, ['diff', '--base-ref', 'origin/main', 'api.json']);
    assert.equal(ambiguous.code, 2, ambiguous.out + ambiguous.err);
    assert.match(ambiguous.err, /"origin\/main" names more than one ref \(refs\/remotes\/origin\/main, refs\/tags\/origin\/main\): give the full name/);
    const full = await runIn(dir, ['diff', '--base-ref', 'refs/remotes/origin/main', 'api.json']);
    assert.equal(full.code, 1, full.out + full.err);
  });

  it('reads the base commit as it is, not through a replacement ref', async () => {
    const dir = repository({ 'api.json': json(api({ payload: { type: 'object', properties: { id: { type: 'string' } } } })) });
    const base = git(dir, 'rev-parse', 'HEAD').trim();
    writeFileSync(join(dir, 'api.json'), json(api({ payload: { type: 'object', properties: { id: { type: 'integer' } } } })));
    git(dir, 'commit', '-q', '-am', 'breaking');
    const head = git(dir, 'rev-parse', 'HEAD').trim();
    // A replacement that makes the base read as the head: nothing would seem to change.
    git(dir, 'replace', '-f', base, head);
    const compared = await runIn(dir, ['diff', '--base-ref', base, 'api.json']);
    assert.equal(compared.code, 1, compared.out + compared.err);
    assert.match(compared.out, /breaking/i);
  });
});
