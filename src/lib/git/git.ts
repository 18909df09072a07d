/**
 * The tool's access to git: commands run without a shell, never through `refs/replace/`, their
 * failures as GitError in git's own words; and one `git cat-file --batch` that streams blobs to
 * files. What is read of a commit, and where it is written, is commit-tree.ts's business.
 */
import { execFile, spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** git refused or failed: the message is git's own complaint, or says in words why it could not run. */
export class GitError extends Error {}

/**
 * git reads the repository's objects as they are, never through `refs/replace/` (a branch could
 * otherwise push a replacement that makes the base commit read as anything it likes).
 */
const GIT_ENV = { ...process.env, GIT_NO_REPLACE_OBJECTS: '1' };

/** Runs git in `cwd` (no shell) and returns its standard output; throws GitError. */
export async function git(cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('git', args, { cwd, maxBuffer: 1024 * 1024 * 1024, encoding: 'utf8', env: GIT_ENV });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    // git's own complaint says what is wrong; without one, the failure is said in words, not the runtime's text.
    const code = (error as NodeJS.ErrnoException).code;
    throw new GitError(stderr || (code === 'ENOENT' ? 'git is not installed, or not on the PATH' : 'git could not be run'));
  }
}

/** The top folder of the repository that holds `cwd`. */
export async function repositoryRoot(cwd: string): Promise<string> {
  return (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
}

interface Request {
  oid: string;
  target: string;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * One `git cat-file --batch` for the whole checkout: blobs are asked for by id and written to
 * their file as their bytes arrive (each byte handled once, whatever the blob's size).
 */
export class CatFile {
  readonly #child;
  readonly #pending: Request[] = [];
  #header = '';
  #current: { request: Request; fd: number; remaining: number } | undefined;
  #newlineDue = false;
  #failed: Error | undefined;
  #stderr = '';

  constructor(repository: string) {
    this.#child = spawn('git', ['cat-file', '--batch'], { cwd: repository, stdio: ['pipe', 'pipe', 'pipe'], env: GIT_ENV });
    this.#child.stdout.on('data', (chunk: Buffer) => {
      try {
        this.#take(chunk);
      } catch (error) {
        this.#fail(error instanceof Error ? error : new Error(String(error)));
      }
    });
    this.#child.stderr.on('data', (chunk: Buffer) => {
      if (this.#stderr.length < 4096) this.#stderr += chunk.toString('utf8');
    });
    this.#child.on('error', (error) => this.#fail(error));
    this.#child.on('close', () => this.#fail(new GitError(this.#stderr.trim() || 'git cat-file ended early')));
    this.#child.stdin.on('error', () => {
      // The process ended before reading everything: 'close' reports it.
    });
  }

  write(oid: string, target: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.#failed) return reject(this.#failed);
      this.#pending.push({ oid, target, resolve, reject });
      this.#child.stdin.write(`${oid}\n`);
    });
  }

  close(): void {
    this.#child.stdin.end();
    if (this.#current) closeSync(this.#current.fd);
    this.#current = undefined;
    if (this.#child.exitCode === null) this.#child.kill();
  }

  #fail(error: Error): void {
    if (this.#current) {
      closeSync(this.#current.fd);
      this.#current.request.reject(error);
      this.#current = undefined;
    }
    this.#failed ??= error;
    for (const request of this.#pending.splice(0)) request.reject(error);
  }

  #take(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.#newlineDue) {
        if (chunk[at] !== 10) throw new GitError('unexpected answer from git cat-file');
        at++;
        this.#newlineDue = false;
        const done = this.#current!;
        this.#current = undefined;
        closeSync(done.fd);
        done.request.resolve();
        continue;
      }
      if (!this.#current) {
        const newline = chunk.indexOf(10, at);
        this.#header += chunk.toString('latin1', at, newline < 0 ? chunk.length : newline);
        if (this.#header.length > 200) throw new GitError(`unexpected answer from git cat-file: ${this.#header.slice(0, 100)}`);
        if (newline < 0) return;
        at = newline + 1;
        const request = this.#pending.shift();
        const size = Number(/^([0-9a-f]+) blob (\d+)$/.exec(this.#header)?.[2] ?? Number.NaN);
        if (!request || !Number.isFinite(size)) throw new GitError(`unexpected answer from git cat-file: ${this.#header.slice(0, 100)}`);
        this.#header = '';
        this.#current = { request, fd: openSync(request.target, 'wx'), remaining: size };
        this.#newlineDue = size === 0;
        continue;
      }
      const n = Math.min(this.#current.remaining, chunk.length - at);
      for (let written = 0; written < n; ) written += writeSync(this.#current.fd, chunk, at + written, n - written);
      at += n;
      this.#current.remaining -= n;
      if (this.#current.remaining === 0) this.#newlineDue = true;
    }
  }
}
