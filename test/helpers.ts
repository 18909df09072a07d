/** Test helpers: write documents into a temporary folder and validate them like the CLI does. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../src/lib/diagnostics/diagnostic.ts';
import { validateDocument, type ValidateOptions } from '../src/lib/validate/validate-document.ts';

/** Creates a temporary folder holding `files` (path → content) and returns its path. */
export function tempTree(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), 'apidesc-test-'));
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
