/** Test helpers: write documents into a temporary folder, validate them and build sites from them like the CLI does. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import type { Diagnostic } from '../src/lib/diagnostics/diagnostic.ts';
import { validateDocument, type ValidateOptions } from '../src/lib/validate/validate-document.ts';
import { SHARED_SITES } from './run-setup.ts';

const made: string[] = [];
// The test runner gives each test file a process of its own: its folders go when it ends
// (kept with APIDESC_KEEP_TEMP=1, to look at what a failing test built).
process.on('exit', () => {
  if (process.env.APIDESC_KEEP_TEMP === '1') return;
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary folder, removed when the test process exits. */
export function tempDir(prefix = 'apidesc-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Creates a temporary folder holding `files` (path → content) and returns its path. */
export function tempTree(files: Record<string, string | Uint8Array>): string {
  const dir = tempDir();
  for (const [path, content] of Object.entries(files)) {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return dir;
}

export const MINIMAL = 'apidesc: 3.0.0\ninfo:\n  title: T\n  version: 1.0.0\n';

/** Validates `files['main.yaml']` (or `entry`) in a fresh folder. */
export async function validateFiles(files: Record<string, string | Uint8Array>, entry = 'main.yaml', options: ValidateOptions = {}): Promise<Diagnostic[]> {
  const dir = tempTree(files);
  return (await validateDocument(join(dir, entry), { cwd: dir, ...options })).diagnostics;
}

export async function validateYaml(yaml: string, options: ValidateOptions = {}): Promise<Diagnostic[]> {
  return validateFiles({ 'main.yaml': yaml }, 'main.yaml', options);
}

/** `code@line:col` of each diagnostic, the form most assertions compare. */
export function codes(diagnostics: Diagnostic[], severity?: Diagnostic['severity']): string[] {
  return diagnostics.filter((d) => !severity || d.severity === severity).map((d) => d.code);
}

export function where(d: Diagnostic | undefined): string {
  return d ? `${d.file}:${d.line}:${d.column}` : '(none)';
}

/** Runs the command line in `dir` (as if started there), collecting what it prints. */
export async function runIn(dir: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, dir, { out: (s) => void (out += s + '\n'), err: (s) => void (err += s + '\n') });
  return { code, out, err };
}

const QUIET = { out: () => {}, err: () => {} };

/** Runs `apidesc-docs <args>` from `cwd` (as if started there), printing nothing unless `io` is given; resolves to the exit code. */
export async function runCli(args: string[], cwd: string, io: { out: (text: string) => void; err: (text: string) => void } = QUIET): Promise<number> {
  const { main } = await import('../src/cli/main.ts');
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    return await main(args, io);
  } finally {
    process.chdir(previous);
  }
}

/** A build of the default content takes about a minute on a busy 2-core machine: five is a hang. */
const BUILD_BOUND_MS = 300_000;

/** Rejects with `what` after `ms` (the timer does not keep the process alive). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
    timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export interface SiteBuild {
  /** The temporary folder the site and the build's cache go in; a new one unless given. */
  work?: string;
  /** Where the site goes; `<work>/site` unless given. */
  out?: string;
}

/**
 * Runs `apidesc-docs build <args> --out <out> --cache <work>/cache` from `cwd` (a cache of its
 * own, so that nothing is left in the repository's node_modules/.cache), asserts that it
 * succeeds within a bound, and resolves to the site's folder. The temporary folder is removed
 * when the test process exits.
 */
export async function buildSite(args: string[], cwd: string, { work = tempDir('apidesc-e2e-'), out = join(work, 'site') }: SiteBuild = {}): Promise<string> {
  const command = ['build', ...args, '--out', out, '--cache', join(work, 'cache')];
  const built = await within(runIn(cwd, command), BUILD_BOUND_MS, `apidesc-docs ${command.join(' ')}`);
  assert.equal(built.code, 0, `apidesc-docs ${args.join(' ')} builds:\n${built.err}`);
  return out;
}

/**
 * The site `apidesc-docs build <args>` makes from `cwd`, built once per test run and read by every
 * test file that asks for the same build: about thirty test files read the default content's
 * site, and a build is the same site whoever runs it (the build is deterministic; its tests say
 * so). The first process to ask builds it; the others wait for it. The site is read-only to its
 * readers: a test that changes a site builds its own with buildSite.
 *
 * The run's folder is handed to every test process as APIDESC_TEST_RUN_FOLDER (test/run-setup.ts),
 * whose teardown removes it. A file run on its own, outside a test run, gets a site of its own
 * (buildSite), removed when it exits.
 */
export async function sharedSite(args: string[], cwd: string): Promise<string> {
  const run = process.env.APIDESC_TEST_RUN_FOLDER;
  if (run === undefined) return buildSite(args, cwd);
  const key = createHash('sha256')
    .update(JSON.stringify([resolve(cwd), ...args]))
    .digest('hex')
    .slice(0, 16);
  const folder = join(run, SHARED_SITES, key);
  const site = join(folder, 'site');
  const failed = join(folder, 'failed');
  mkdirSync(join(run, SHARED_SITES), { recursive: true });
  let builder = true;
  try {
    mkdirSync(folder); // Atomic: one process of the run wins and builds.
  } catch {
    builder = false;
  }
  if (builder) {
    try {
      // Built aside and renamed: a reader never sees half a site.
      renameSync(await buildSite(args, cwd, { work: folder, out: join(folder, 'building') }), site);
    } catch (error) {
      writeFileSync(failed, String(error instanceof Error ? error.message : error));
      throw error;
    }
    return site;
  }
  const end = Date.now() + BUILD_BOUND_MS;
  while (!existsSync(site)) {
    if (existsSync(failed)) assert.fail(`the shared build apidesc-docs build ${args.join(' ')} failed in another test file:\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > end) assert.fail(`the shared build apidesc-docs build ${args.join(' ')} took longer than ${BUILD_BOUND_MS / 1000} s in another test file`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
  return site;
}

/** A TCP port free on 127.0.0.1 right now (for servers the tests start). */
export function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Probes until it returns a value (errors count as not yet), or fails after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
}

/**
 * One request written as raw bytes to the server of `origin` (any path, any Host, any byte: what
 * fetch would normalise or refuse to send), and its answer's status (0: none) and headers, once
 * the server closes the connection (the requests say `Connection: close`). Fails after 5 s.
 */
export function rawRequest(origin: string, head: string): Promise<RawAnswer> {
  const { port } = new URL(origin);
  return new Promise((done, fail) => {
    // Written, not ended: a server may drop a request whose client closed its side before the answer.
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(head.slice(0, 80))}`)));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', fail);
    socket.on('close', () => {
      const [statusLine = '', ...lines] = text.split('\r\n\r\n')[0]!.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      done({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers });
    });
  });
}

/** A GET of `path` written as it is, with `host` as its Host (the origin's unless given). */
export const rawGet = (origin: string, path: string, host = new URL(origin).host): Promise<RawAnswer> =>
  rawRequest(origin, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

/**
 * Request targets a server must answer without falling over: broken percent-encoding, encoded
 * NULs and slashes, `..` in every spelling, backslashes, absolute-form URLs, overlong paths,
 * characters above U+00FF.
 */
export const ODD_REQUEST_PATHS: readonly string[] = [
  '/%',
  '/%zz',
  '/%E6%97',
  '/%C0%AF',
  '/%ED%A0%80',
  '/%00',
  '/a%00b/',
  '/..',
  '/../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/channels/..%5c..%5csecret.txt',
  '/\\..\\secret.txt',
  '/channels\\orders',
  '/%2Fattacker.example',
  '//attacker.example/',
  '//attacker.example//',
  '/%5Cattacker.example//',
  '/%E6%97%A5%E6%9C%AC//',
  'http://attacker.example/',
  'http://127.0.0.1/channels/orders',
  '*',
  '/?%',
  '/channels/orders/index.html/',
  '/channels//orders',
  '/%F0%9F%98%80',
  '/%E6%97%A5%E6%9C%AC/',
  '/source/%E6%97%A5%E6%9C%AC',
  `/${'a'.repeat(7000)}`,
  `/channels/${'%2e%2e/'.repeat(500)}`,
  `/${'x/'.repeat(3000)}`,
];

/** Raw requests that are not quite HTTP: a NUL in the Host or the path, an unknown method and protocol, a request line of nothing. */
export const ODD_REQUEST_HEADS: readonly string[] = [
  'GET / HTTP/1.1\r\nHost: \u0000\r\n\r\n',
  'GET /\u0000 HTTP/1.1\r\n\r\n',
  'BREW / HTCPCP/1.0\r\n\r\n',
  '\u0000\u0001 \r\n\r\n',
];
