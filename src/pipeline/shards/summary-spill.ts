/**
 * The whole summaries of a shard's APIs, put aside in the build's work folder while the shard
 * holds them thinned (thin-summary.ts): one file per API (by its root document),
 * read back (and removed) for the APIs the shard makes. The work folder is the
 * build's own and removed with it (work-folder.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiSummary } from '../cache/api-summary.ts';

export class SummarySpill {
  readonly #folder: string;
  /** The file each API's summary is in, by its root document. */
  readonly #kept = new Map<string, string>();
  #files = 0;

  constructor(workFolder: string) {
    this.#folder = join(workFolder, 'summaries');
  }

  /** Puts aside the summary of the API of the root document `root` (its JSON, as the build cache keeps it). */
  keep(root: string, json: string): void {
    if (this.#kept.size === 0) mkdirSync(this.#folder, { recursive: true });
    const file = this.#kept.get(root) ?? join(this.#folder, `${this.#files++}.json`);
    writeFileSync(file, json);
    this.#kept.set(root, file);
  }

  has(root: string): boolean {
    return this.#kept.has(root);
  }

  /** The summary put aside for the API of `root`, once: its file is removed. */
  take(root: string): ApiSummary {
    const file = this.#kept.get(root);
    if (file === undefined) throw new Error(`no summary was put aside for ${root}`);
    const summary = JSON.parse(readFileSync(file, 'utf8')) as ApiSummary;
    rmSync(file);
    this.#kept.delete(root);
    return summary;
  }
}
