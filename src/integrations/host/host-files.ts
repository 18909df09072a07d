/**
 * What the standalone build publishes beside the pages, published by a host's build too: the
 * Markdown twin of every page, the llms files (src/pipeline/machine-files.ts, the same module
 * the standalone build writes them with) and the documents' source copies. A twin is written
 * while the host renders, from its page once complete (as the standalone build does), into a
 * folder of the system's temporary folder; when the host's build is done, that folder is copied
 * into the reference's folder of the host's output, beside the pages, and removed.
 *
 * Nothing of the host's is overwritten: a file the host's build already wrote is kept (and
 * named); the reference's `llms.txt` is also put at the root of the host's output only when the
 * host has none of its own.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { MachineFiles } from '../../pipeline/machine-files.ts';
import type { SourceCopy } from '../../site/site-model.ts';
import type { CompletedPages } from './load-reference.ts';

/** What only a site of its own publishes at its root: the API catalog and the `_headers` that types it. */
const STANDALONE_ROOT_FILES = new Set(['_headers', '.well-known']);

/** What publishing wrote into the host's output. */
export interface PublishedFiles {
  /** Whether the reference's `llms.txt` went to the root of the host's output too (the host had none). */
  rootLlms: boolean;
  /** Files the host's build had written already, at the paths of the reference's: kept as the host wrote them. */
  kept: string[];
}

export class HostFiles {
  readonly #work = mkdtempSync(join(tmpdir(), 'apidesc-host-files-'));
  readonly #served: string;
  readonly #siteUrl: string | undefined;
  #machine: MachineFiles | undefined;

  /**
   * `served` is the path from the origin of the reference's root (`/reference/`, with the host's
   * base); `siteUrl` the host's `site`, when set: the llms files then link with absolute URLs.
   */
  constructor(served: string, siteUrl?: string) {
    this.#served = served;
    this.#siteUrl = siteUrl;
    // A build stopped early still leaves nothing behind.
    process.once('exit', this.remove);
  }

  /** For loadReference: writes the twin of each page once complete. */
  readonly completedPages: CompletedPages = (site) => {
    const machine = new MachineFiles(site, { siteDir: this.#work, base: this.#served, ...(this.#siteUrl ? { site: this.#siteUrl } : {}) });
    this.#machine = machine;
    return (api, page) => machine.page(api, page);
  };

  /**
   * Once every page is written: the llms files and the source copies, then all of it into each of
   * `folders` (the reference's folder in each locale, relative to the host's output `outDir`).
   */
  publish(outDir: string, folders: string[], copies: SourceCopy[]): PublishedFiles {
    this.#machine?.finish();
    for (const copy of copies) {
      const target = join(this.#work, copy.to);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, copy.text());
    }
    const kept: string[] = [];
    const files = filesUnder(this.#work).filter((file) => !STANDALONE_ROOT_FILES.has(file.split('/', 1)[0] ?? ''));
    for (const folder of folders) for (const file of files) if (!copyNew(join(this.#work, file), join(outDir, folder, file))) kept.push(join(folder, file));
    const rootLlms = existsSync(join(this.#work, 'llms.txt')) && copyNew(join(this.#work, 'llms.txt'), join(outDir, 'llms.txt'));
    return { rootLlms, kept };
  }

  /** Removes the folder the files were made in. */
  readonly remove = (): void => {
    rmSync(this.#work, { recursive: true, force: true });
  };
}

/** Copies `from` to `to` unless `to` exists; whether it copied. */
function copyNew(from: string, to: string): boolean {
  if (existsSync(to)) return false;
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  return true;
}

/** Every file under `dir`, relative to it, with `/` between folders. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}
