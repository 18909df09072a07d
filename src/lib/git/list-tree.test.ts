import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { listTree } from './commit-tree.ts';
import { CatFile } from './git.ts';

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 30_000,
  });

/** What `git ls-tree -r --full-tree` lists of `commit`: path, mode, type and object, in its order. */
function lsTree(repository: string, commit: string): [string, string, string, string][] {
  return git(repository, 'ls-tree', '-r', '-z', '--full-tree', commit)
    .split('\0')
    .filter((line) => line !== '')
    .map((line) => {
      const [, mode, type, oid, path] = /^(\d+) (\w+) ([0-9a-f]+)\t(.+)$/s.exec(line)!;
      return [path!, mode!, type!, oid!];
    });
}

async function listed(repository: string, commit: string): Promise<[string, string, string, string][]> {
  const cat = new CatFile(repository);
  try {
    return [...(await listTree(cat, commit))].map(([path, e]) => [path, e.mode, e.type, e.oid]);
  } finally {
    cat.close();
  }
}

describe("listTree: a commit's files read through git cat-file, as git ls-tree lists them", () => {
  it("lists this repository's own commit path for path", async () => {
    const repository = join(import.meta.dirname, '..', '..', '..');
    const head = git(repository, 'rev-parse', 'HEAD').trim();
    const expected = lsTree(repository, head);
    assert.ok(expected.length > 100);
    assert.deepEqual(await listed(repository, head), expected);
  });

  it('says each mode as git does: executables, links, a submodule, nested folders', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apidesc-list-tree-'));
    try {
      git(dir, 'init', '-q', '-b', 'main');
      writeFileSync(join(dir, 'a.yaml'), 'a: 1\n');
      execFileSync('mkdir', ['-p', join(dir, 'b/c/d')]);
      writeFileSync(join(dir, 'b/c/d/e.json'), '{}\n');
      writeFileSync(join(dir, 'b/run.sh'), 'true\n');
      chmodSync(join(dir, 'b/run.sh'), 0o755);
      symlinkSync('../a.yaml', join(dir, 'b/link.yaml'));
      git(dir, 'add', '.');
      git(dir, 'commit', '-q', '-m', 'first');
      const first = git(dir, 'rev-parse', 'HEAD').trim();
      git(dir, 'update-index', '--add', '--cacheinfo', `160000,${first},vendor/lib`);
      git(dir, 'commit', '-q', '-m', 'submodule');
      const expected = lsTree(dir, 'HEAD');
      assert.deepEqual(
        expected.map(([path, mode]) => `${mode} ${path}`),
        ['100644 a.yaml', '100644 b/c/d/e.json', '120000 b/link.yaml', '100755 b/run.sh', '160000 vendor/lib'],
      );
      assert.deepEqual(await listed(dir, git(dir, 'rev-parse', 'HEAD').trim()), expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('CatFile.write: a blob over the limit is not written', () => {
  it('says its size and makes no file; a blob within it is written byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apidesc-cat-file-'));
    try {
      git(dir, 'init', '-q', '-b', 'main');
      writeFileSync(join(dir, 'large.yaml'), `${'#'.repeat(5000)}\n`);
      writeFileSync(join(dir, 'small.yaml'), 'a: 1\n');
      git(dir, 'add', '.');
      git(dir, 'commit', '-q', '-m', 'first');
      const oid = (path: string): string => git(dir, 'rev-parse', `HEAD:${path}`).trim();
      const cat = new CatFile(dir);
      try {
        assert.deepEqual(await cat.write(oid('large.yaml'), join(dir, 'large.out'), 4000), { size: 5001, written: false });
        assert.equal(existsSync(join(dir, 'large.out')), false);
        // The bytes that passed unstored leave the next answer whole.
        assert.deepEqual(await cat.write(oid('small.yaml'), join(dir, 'small.out'), 4000), { size: 5, written: true });
        assert.equal(readFileSync(join(dir, 'small.out'), 'utf8'), 'a: 1\n');
      } finally {
        cat.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
