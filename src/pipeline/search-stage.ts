/**
 * The search index: Pagefind over the built pages, written to `pagefind/` in the site. Run as part
 * of every build, so a missing or empty index fails it. Characters that ids and addresses are
 * made of (`user/signedup`, `lighting.measured`, `{tenantId}`) are kept inside words, so they
 * can be found as typed.
 *
 * Pagefind's indexer holds every page it indexes in memory until it writes (about 230 KB per
 * page: 2.3 GB at 10,000 pages). Large sites are therefore indexed in parts of at most
 * PAGES_PER_INDEX pages, one indexer process after the other; the first part is `pagefind/`,
 * the others `pagefind/part-N/`, listed in `pagefind/parts.json`, and the search UI merges them
 * (Pagefind's multi-index search, public/search.js).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as pagefind from 'pagefind';
import { Timings } from '../lib/timings.ts';
import type { PortalIndexRequest } from './cache/search-group-plan.ts';
import type { StageTimings } from './build-timings.ts';
import { type CpuTimes, descendantCpuTimes } from './process-tree-cpu.ts';

/** What the command sends the search process (search-process.ts): the site folder to index. */
export interface IndexRequest {
  type: 'index';
  siteDir: string;
  /** A portal's index in parts of whole APIs, kept in the build cache when there is one, made by each shard for its APIs (src/pipeline/cache/search-groups.ts). */
  portal?: PortalIndexRequest;
}

/** The parts of the search stage's work, as `build --timings` names them. */
export const SEARCH_PARTS = {
  listing: 'listing the pages',
  records: 'search records (Pagefind reads the pages)',
  index: 'the index (Pagefind builds and writes it)',
  names: 'the names for "Did you mean" (search-names.ts)',
} as const;

/**
 * Most pages per index part; `APIDESC_SEARCH_PAGES_PER_INDEX` overrides it (the tests use small
 * parts). The indexer held about 760 MB for a part of 3,000 pages, the largest process of a
 * 1,000-channel build (the process tree peaked at 920–980 MB); parts of at most 2,500, made even
 * (indexParts), keep it under about 650 MB whatever the site's size.
 */
export const PAGES_PER_INDEX = 2500;

/**
 * The sizes of the parts `pages` pages are indexed in: as few as `most` allows, as even as can
 * be (5,100 pages in parts of at most 2,500: 1,700 each, not 2,500, 2,500 and 100), so that no
 * part holds the indexer at the largest size when a smaller one would do.
 */
export function indexParts(pages: number, most: number): number[] {
  const count = Math.ceil(pages / most);
  const base = Math.floor(pages / count);
  const larger = pages % count;
  return Array.from({ length: count }, (_, i) => base + (i < larger ? 1 : 0));
}

export const OPTIONS = { includeCharacters: '_-./@:{}$#', forceLanguage: 'en' };

/** What marks a page for the index (Pagefind indexes only such pages when any page has it), as UTF-8 bytes. */
const INDEXED_MARK = Buffer.from('data-pagefind-body');

/** Every page of the site, sorted (output folders of other tools left out). */
export function htmlFiles(siteDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir === siteDir && (entry.name === 'pagefind' || entry.name === '_astro' || entry.name === 'source')) continue;
        walk(path);
      } else if (entry.name.endsWith('.html')) {
        out.push(path);
      }
    }
  };
  walk(siteDir);
  return out.sort();
}

export function pagesPerIndex(): number {
  const fromEnvironment = Number(process.env.APIDESC_SEARCH_PAGES_PER_INDEX);
  return Number.isInteger(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : PAGES_PER_INDEX;
}

/** What the search stage hands back: the pages in the index of all the site's pages, and where its time went. */
export interface SearchIndexed extends SearchCounts {
  timings: StageTimings;
  /** With the build cache: the index's parts copied from it, of all its parts. */
  partsReused?: { reused: number; parts: number };
}

/**
 * What the index holds, counted as the build's messages say it: the pages in the index (those
 * marked with data-pagefind-body: not the section lists, the search page, the 404 page or the
 * Changes page), of all the pages the site has.
 */
export interface SearchCounts {
  indexed: number;
  pages: number;
}

/** What writeSearchIndex did: the counts, and the processor time of Pagefind's indexer (0 where it cannot be read). */
export interface SearchIndexWritten extends SearchCounts {
  indexerCpuMs: number;
  /** With the build cache: the index's parts copied from it, of all its parts. */
  partsReused?: { reused: number; parts: number };
}

/**
 * Indexes the site. `timings` measures the parts (SEARCH_PARTS), Pagefind's processor time
 * included (its indexer is a program of its own).
 */
export async function writeSearchIndex(siteDir: string, timings = new Timings()): Promise<SearchIndexWritten> {
  const size = pagesPerIndex();
  const files = timings.measure(SEARCH_PARTS.listing, () => htmlFiles(siteDir));
  let indexed: number;
  const extra: string[] = [];
  const indexer = new IndexerClock(timings);
  if (files.length <= size) {
    await indexWhole(siteDir, indexer);
    indexed = pagesInIndex(join(siteDir, 'pagefind'));
  } else {
    // Only pages marked for the index go into parts: Pagefind decides per index whether pages
    // without data-pagefind-body (lists) count, and a part of lists only would index them.
    // Paths only: the pages are read again as each part is indexed (holding them all would cost what parts save).
    // Looked for in the bytes: decoding 200 MB of pages (1,000 channels) to text only to search them took 0.5-0.8 s of processor time, the bytes 0.15 s.
    const pages = timings.measure(SEARCH_PARTS.listing, () => files.filter((file) => readFileSync(file).includes(INDEXED_MARK)));
    let start = 0;
    for (const [i, count] of indexParts(pages.length, size).entries()) {
      const folder = i === 0 ? '' : `part-${i + 1}/`;
      await indexPart(siteDir, pages.slice(start, start + count), join(siteDir, 'pagefind', folder), indexer);
      if (i > 0) extra.push(folder);
      start += count;
    }
    indexed = pages.length;
  }
  if (indexed === 0) throw new Error('the search index is empty: no page has data-pagefind-body');
  writeFileSync(join(siteDir, 'pagefind', 'parts.json'), JSON.stringify(extra) + '\n');
  return { indexed, pages: files.length, indexerCpuMs: indexer.totalMs };
}

/**
 * The pages an index holds, as its entry file counts them per language. (The indexer's own
 * count of a folder is of every page it read, those it left out of the index too.)
 */
export function pagesInIndex(folder: string): number {
  const entry = JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')) as { languages?: Record<string, { page_count?: number }> };
  return Object.values(entry.languages ?? {}).reduce((sum, language) => sum + (language.page_count ?? 0), 0);
}

/** An index made before the pages are there (createIndexAhead), for the next withIndex to take. */
let indexAhead: ReturnType<typeof pagefind.createIndex> | undefined;

/**
 * Starts Pagefind's indexer and makes an empty index now (the search process does while the site
 * is rendered), so that indexing starts at once when the pages are written. The index is the
 * same as one made then: it holds nothing but its options until pages are added.
 */
export function createIndexAhead(): void {
  if (indexAhead) return;
  indexAhead = pagefind.createIndex(OPTIONS);
  // A failure is the index's, reported by the withIndex that takes it.
  indexAhead.catch(() => {});
}

async function withIndex<T>(run: (index: NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>) => Promise<T>): Promise<T> {
  const made = indexAhead ?? pagefind.createIndex(OPTIONS);
  indexAhead = undefined;
  const { index, errors } = await made;
  try {
    if (!index) throw new Error(`the search index could not be created: ${errors.join('; ')}`);
    return await run(index);
  } finally {
    // Ends the indexer process: its memory is returned before the next part.
    await pagefind.close();
    await indexerGone();
  }
}

/**
 * Waits (at most a second) until the indexer's process has exited and been waited for: its
 * memory is then free for the next part, and its processor time counts in this process's
 * children's (what `build --timings` and any timer of the whole command add up).
 */
async function indexerGone(): Promise<void> {
  for (let waited = 0; waited < 1000; waited += 10) {
    const left = await descendantCpuTimes(process.pid);
    if (!left || left.size === 0) return;
    await new Promise((later) => setTimeout(later, 10));
  }
}

/**
 * Measures a part of Pagefind's work: this process's own time, and the processor time the
 * indexer's process used meanwhile (Linux; elsewhere only this process's).
 */
export class IndexerClock {
  readonly #timings: Timings;
  /** Processor time of the indexer processes, as last read. */
  #seen: CpuTimes = new Map();
  /** What the indexer processes used in all, over the parts measured. */
  #totalMs = 0;

  constructor(timings: Timings) {
    this.#timings = timings;
  }

  async measure<T>(name: string, work: () => Promise<T>): Promise<T> {
    await this.#used();
    try {
      return await this.#timings.measureAsync(name, work);
    } finally {
      const used = await this.#used();
      this.#timings.add(name, 0, used);
      this.#totalMs += used;
    }
  }

  /** The indexer's processor time over the parts measured. */
  get totalMs(): number {
    return this.#totalMs;
  }

  /** Processor time the processes below this one used since the last call. */
  async #used(): Promise<number> {
    const now = (await descendantCpuTimes(process.pid)) ?? new Map<number, number>();
    let used = 0;
    for (const [pid, ms] of now) used += ms - (this.#seen.get(pid) ?? 0);
    this.#seen = now;
    return Math.max(0, used);
  }
}

export function indexWhole(siteDir: string, indexer: IndexerClock): Promise<void> {
  return withIndex(async (index) => {
    const added = await indexer.measure(SEARCH_PARTS.records, () => index.addDirectory({ path: siteDir }));
    if (added.errors.length > 0) throw new Error(`indexing failed: ${added.errors.join('; ')}`);
    await indexer.measure(SEARCH_PARTS.index, () => write(index, join(siteDir, 'pagefind')));
  });
}

export function indexPart(siteDir: string, pages: string[], outputPath: string, indexer: IndexerClock): Promise<void> {
  return withIndex(async (index) => {
    // The part as one glob of its paths: Pagefind reads the files itself, as fast as a whole
    // folder (sending each file's text through its API took 1.7 times as long). Page URLs are
    // slugs (src/lib/model/slugs.ts, guide ids), so no path holds a character a glob reads.
    const paths = pages.map((file) => relative(siteDir, file).split(sep).join('/'));
    const unsafe = paths.find((p) => !/^[A-Za-z0-9._/-]+$/.test(p));
    if (unsafe) throw new Error(`the page ${unsafe} has a path the search index cannot select`);
    const added = await indexer.measure(SEARCH_PARTS.records, () => index.addDirectory({ path: siteDir, glob: `{${paths.join(',')}}` }));
    if (added.errors.length > 0) throw new Error(`indexing failed: ${added.errors.join('; ')}`);
    if (added.page_count !== pages.length) throw new Error(`the search index took ${added.page_count} of ${pages.length} pages`);
    await indexer.measure(SEARCH_PARTS.index, () => write(index, outputPath));
  });
}

async function write(index: { writeFiles: (options: { outputPath: string }) => Promise<{ errors: string[] }> }, outputPath: string): Promise<void> {
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length > 0) throw new Error(`the search index could not be written: ${written.errors.join('; ')}`);
}
