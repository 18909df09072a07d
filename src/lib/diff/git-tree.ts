/**
 * The files of a git commit, for `diff --base-ref`: read with `git ls-tree` and `git cat-file
 * --batch` (run without a shell) and written into a new temporary folder, so that the base is
 * loaded exactly as a checkout would be, its `$ref`s between files resolving within that
 * commit's tree and nowhere else. Nothing is written into the repository. Only regular files
 * are written (links and submodules are left out, as a `$ref` may not follow a link out of its
 * root anyway), each no larger than the loader's limit, and no more than a total.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Most bytes written for one commit: a repository's documents and their fragments, not its assets. */
export const MAX_TREE_BYTES = 1024 * 1024 * 1024;
/** Files that are never documents or schemas: not written. */
const NOT_DOCUMENTS = /\.(png|jpe?g|gif|webp|ico|svg|pdf|zip|gz|tgz|jar|woff2?|ttf|mp4|mov|exe|dll|so|dylib|class|wasm|bin)$/i;

export interface CommitTree {
  /** The temporary folder that holds the commit's files, laid out as in the repository. */
  dir: string;
  commit: string;
  /** Removes the folder. */
  remove(): void;
}

export class GitError extends Error {}

async function git(cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new GitError(stderr || (error instanceof Error ? error.message : String(error)));
  }
}

/** The top folder of the repository that holds `cwd`. */
export async function repositoryRoot(cwd: string): Promise<string> {
  return (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
}

export async function checkoutCommit(repository: string, ref: string, maxFileBytes: number): Promise<CommitTree> {
  // A ref that starts with '-' would be read as an option.
  if (ref.startsWith('-') || /[\u0000-\u001f]/.test(ref)) throw new GitError(`"${ref}" is not a git ref`);
  const commit = (await git(repository, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => '')).trim();
  if (!/^[0-9a-f]{40,64}$/.test(commit)) throw new GitError(`no commit named "${ref}" in ${repository} (fetch it first, e.g. git fetch origin main)`);
  const listing = await git(repository, ['ls-tree', '-r', '-z', '-l', '--full-tree', commit]);
  const blobs: { oid: string; path: string }[] = [];
  let total = 0;
  for (const entry of listing.split('\0')) {
    const match = /^(\d+) (\w+) ([0-9a-f]+) +(-|\d+)\t(.+)$/s.exec(entry);
    if (!match) continue;
    const [, mode, type, oid, size, path] = match;
    if (type !== 'blob' || (mode !== '100644' && mode !== '100755')) continue;
    if (NOT_DOCUMENTS.test(path!) || Number(size) > maxFileBytes) continue;
    if (path!.split('/').some((part) => part === '..' || part === '.git' || part === '')) continue;
    total += Number(size);
    if (total > MAX_TREE_BYTES) throw new GitError(`the files of ${ref} are larger than ${MAX_TREE_BYTES} bytes`);
    blobs.push({ oid: oid!, path: path! });
  }
  const dir = mkdtempSync(join(tmpdir(), 'apidesc-diff-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    await writeBlobs(repository, dir, blobs);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, commit, remove };
}

/** Streams the blobs through one `git cat-file --batch` and writes each where the tree has it. */
function writeBlobs(repository: string, dir: string, blobs: { oid: string; path: string }[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    if (blobs.length === 0) return resolvePromise();
    const child = spawn('git', ['cat-file', '--batch'], { cwd: repository, stdio: ['pipe', 'pipe', 'pipe'] });
    let buffer: Buffer = Buffer.alloc(0);
    let index = 0;
    let failed = false;
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      child.kill();
      reject(error);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        const newline = buffer.indexOf(10);
        if (newline < 0) return;
        const header = buffer.subarray(0, newline).toString('utf8');
        const size = Number(/^[0-9a-f]+ blob (\d+)$/.exec(header)?.[1] ?? NaN);
        if (!Number.isFinite(size)) return fail(new GitError(`unexpected answer from git cat-file: ${header.slice(0, 100)}`));
        if (buffer.length < newline + 1 + size + 1) return;
        const blob = blobs[index++];
        if (!blob) return fail(new GitError('git cat-file answered more than was asked'));
        const target = join(dir, ...blob.path.split('/'));
        if (!target.startsWith(dir + sep)) return fail(new GitError(`refused path ${blob.path}`));
        try {
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, buffer.subarray(newline + 1, newline + 1 + size), { flag: 'wx' });
        } catch (error) {
          return fail(error instanceof Error ? error : new Error(String(error)));
        }
        buffer = buffer.subarray(newline + 1 + size + 1);
      }
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', fail);
    child.on('close', (code) => {
      if (failed) return;
      if (code !== 0 || index !== blobs.length) reject(new GitError(stderr.trim() || `git cat-file ended early (${index} of ${blobs.length} files)`));
      else resolvePromise();
    });
    child.stdin.on('error', () => {
      // The process ended before reading everything: 'close' reports it.
    });
    child.stdin.end(blobs.map((b) => `${b.oid}\n`).join(''));
  });
}
