/**
 * Generated portals for the portal benchmark (bench/portal-scale.ts): `apis` documents of
 * `channels` channels each, made by ../shared/bench/gen-doc.mjs with seeds 1…apis, each under a
 * title of its own ("Service 7 events"). Documents of different seeds share many addresses, so
 * the APIs meet in flows and "Received by" lists as services of one company do.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const shared = resolve(process.env.APIDESC_SHARED ?? join(repo, '../shared'));
export const GEN_DOC = join(shared, 'bench/gen-doc.mjs');

/** The file of API number `n` (1-based) in a generated portal folder. */
export const apiFile = (dir: string, n: number): string => join(dir, `service-${String(n).padStart(3, '0')}.yaml`);

/** Writes the portal into `dir` (kept when it is there already: generating takes a while); returns its files. */
export function generatePortal(dir: string, apis: number, channels: number): string[] {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let n = 1; n <= apis; n++) {
    const file = apiFile(dir, n);
    if (!existsSync(file)) {
      const text = execFileSync(process.execPath, [GEN_DOC, '--channels', String(channels), '--seed', String(n)], { maxBuffer: 1 << 30 }).toString('utf8');
      writeFileSync(file, text.replace(/^ {2}title: ".*"$/m, `  title: "Service ${n} events"`));
    }
    files.push(file);
  }
  return files;
}

/** Edits API `n`'s document as an author would: a new sentence in its description. */
export function editApi(dir: string, n: number, words: string): void {
  const file = apiFile(dir, n);
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/^( {2}description: \|-\n)/m, `$1    ${words}\n\n`));
}
