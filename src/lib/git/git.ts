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

/** An object read into memory (CatFile.read): its type and bytes. */
export interface GitObject {
  oid: string;
  type: string;
  bytes: Buffer;
}

/** What a blob written by CatFile.write came to: its size, and whether its bytes were written (not when over the limit). */
export interface WrittenBlob {
  size: number;
  written: boolean;
}

type Request =
  | { kind: 'write'; spec: string; target: string; maxBytes: number; resolve(blob: WrittenBlob): void; reject(error: Error): void }
  | { kind: 'read'; spec: string; resolve(object: GitObject | undefined): void; reject(error: Error): void };

/** The object being received: written to a file, kept in memory, or let pass (a blob over the limit). */
interface Receiving {
  request: Request;
  oid: string;
  type: string;
  size: number;
  remaining: number;
  fd?: number;
  chunks?: Buffer[];
}

/**
 * One `git cat-file --batch` for the whole checkout: blobs are asked for by id and written to
 * their file as their bytes arrive (each byte handled once, whatever the blob's size); trees and
 * other small objects are read into memory (read), so that a commit's files are listed through
 * the same process rather than a `git ls-tree` of their own (commit-tree.ts).
 */
export class CatFile {
  readonly #child;
  readonly #pending: Request[] = [];
  #header = '';
  #current: Receiving | undefined;
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

  /**
   * The blob `oid` written into the new file `target`; a blob larger than `maxBytes` is not
   * written (its bytes pass unstored, and no file is made): the caller learns its size.
   */
  write(oid: string, target: string, maxBytes = Number.POSITIVE_INFINITY): Promise<WrittenBlob> {
    return new Promise((resolve, reject) => this.#ask({ kind: 'write', spec: oid, target, maxBytes, resolve, reject }));
  }

  /** The object `spec` names (an id, or `<commit>^{tree}`) in memory; undefined when the repository has none. For small objects: trees. */
  read(spec: string): Promise<GitObject | undefined> {
    return new Promise((resolve, reject) => this.#ask({ kind: 'read', spec, resolve, reject }));
  }

  #ask(request: Request): void {
    if (this.#failed) return request.reject(this.#failed);
    // A line break would be read as a second request.
    if (/[\r\n]/.test(request.spec)) return request.reject(new GitError(`"${request.spec}" is not an object name`));
    this.#pending.push(request);
    this.#child.stdin.write(`${request.spec}\n`);
  }

  close(): void {
    this.#child.stdin.end();
    if (this.#current?.fd !== undefined) closeSync(this.#current.fd);
    this.#current = undefined;
    if (this.#child.exitCode === null) this.#child.kill();
  }

  #fail(error: Error): void {
    if (this.#current) {
      if (this.#current.fd !== undefined) closeSync(this.#current.fd);
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
        this.#finish(done);
        continue;
      }
      if (!this.#current) {
        const newline = chunk.indexOf(10, at);
        this.#header += chunk.toString('latin1', at, newline < 0 ? chunk.length : newline);
        if (this.#header.length > 4200) throw new GitError(`unexpected answer from git cat-file: ${this.#header.slice(0, 100)}`);
        if (newline < 0) return;
        at = newline + 1;
        const request = this.#pending.shift();
        const header = this.#header;
        this.#header = '';
        if (!request) throw new GitError(`unexpected answer from git cat-file: ${header.slice(0, 100)}`);
        if (request.kind === 'read' && header === `${request.spec} missing`) {
          request.resolve(undefined);
          continue;
        }
        const match = /^([0-9a-f]{40,64}) (blob|tree|commit|tag) (\d+)$/.exec(header);
        if (!match || (request.kind === 'write' && match[2] !== 'blob')) throw new GitError(`unexpected answer from git cat-file: ${header.slice(0, 100)}`);
        const size = Number(match[3]);
        const receiving: Receiving = { request, oid: match[1]!, type: match[2]!, size, remaining: size };
        if (request.kind === 'read') receiving.chunks = [];
        else if (size <= request.maxBytes) receiving.fd = openSync(request.target, 'wx');
        this.#current = receiving;
        this.#newlineDue = size === 0;
        continue;
      }
      const current = this.#current;
      const n = Math.min(current.remaining, chunk.length - at);
      if (current.fd !== undefined) for (let written = 0; written < n; ) written += writeSync(current.fd, chunk, at + written, n - written);
      else current.chunks?.push(Buffer.from(chunk.subarray(at, at + n)));
      at += n;
      current.remaining -= n;
      if (current.remaining === 0) this.#newlineDue = true;
    }
  }

  #finish(done: Receiving): void {
    const { request } = done;
    if (request.kind === 'read') {
      request.resolve({ oid: done.oid, type: done.type, bytes: Buffer.concat(done.chunks ?? []) });
      return;
    }
    if (done.fd !== undefined) closeSync(done.fd);
    request.resolve({ size: done.size, written: done.fd !== undefined });
  }
}
