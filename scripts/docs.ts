/**
 * `npm run docs`: builds the manual, this tool's own documentation site, with this tool: the
 * guides of docs/manual/ beside the reference of the project's example API (content/), into
 * docs-site/ (or the folder given). The tables that describe code are made from the code first
 * (scripts/manual-tables.ts) into docs/manual/.generated/, which the guides import (a folder
 * whose name starts with `.` holds no guide of its own; git ignores it).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { manualTables } from './manual-tables.ts';

const repo = resolve(import.meta.dirname, '..');
/** The guides of the manual, relative to the repository. */
export const MANUAL_GUIDES = 'docs/manual';
/** The example API the manual shows as its live reference. */
export const MANUAL_API = 'content/orders.apidesc.yaml';

/** Writes the generated tables where the guides import them from. */
export function writeManualTables(tables: Map<string, string> = manualTables()): void {
  const folder = join(repo, MANUAL_GUIDES, '.generated');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const [name, markdown] of tables) writeFileSync(join(folder, name), markdown);
}

/**
 * Builds the manual into `out` (relative to the repository) with the command line, as a user
 * builds a site; resolves to its exit code. `output` receives what it prints.
 */
export async function buildManual(out: string, output: (text: string) => void = (text) => process.stderr.write(text)): Promise<number> {
  writeManualTables();
  const args = ['build', MANUAL_API, '--guides', MANUAL_GUIDES, '--out', out, '--title', 'apidesc-docs manual'];
  const child = spawn(process.execPath, [join(repo, 'bin/apidesc-docs.mjs'), ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => output(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output(chunk.toString()));
  return new Promise((done) => child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1))));
}

if (import.meta.main) process.exitCode = await buildManual(process.argv[2] ?? 'docs-site');
