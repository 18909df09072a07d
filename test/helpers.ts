/** Test helpers: write documents into a temporary folder and validate them like the CLI does. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../src/lib/diagnostics/diagnostic.ts';
import { validateDocument, type ValidateOptions } from '../src/lib/validate/validate-document.ts';

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
  const { main } = await import('../src/cli/main.ts');
  const previous = process.cwd();
  process.chdir(dir);
  let out = '';
  let err = '';
  try {
    const code = await main(args, { out: (s) => void (out += s + '\n'), err: (s) => void (err += s + '\n') });
    return { code, out, err };
  } finally {
    process.chdir(previous);
  }
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
