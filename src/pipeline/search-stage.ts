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

/** What the command sends the search process (search-process.ts): the site folder to index. */
export interface IndexRequest {
  type: 'index';
  siteDir: string;
}

/** Pages per index part; `APIDESC_SEARCH_PAGES_PER_INDEX` overrides it (the tests use small parts). */
export const PAGES_PER_INDEX = 3000;

const OPTIONS = { includeCharacters: '_-./@:{}$#', forceLanguage: 'en' };

/** Every page of the site, sorted (output folders of other tools left out). */
function htmlFiles(siteDir: string): string[] {
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

function pagesPerIndex(): number {
  const fromEnvironment = Number(process.env.APIDESC_SEARCH_PAGES_PER_INDEX);
  return Number.isInteger(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : PAGES_PER_INDEX;
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

/** Indexes the site; returns how many of its pages are in the index. */
export async function writeSearchIndex(siteDir: string): Promise<SearchCounts> {
  const files = htmlFiles(siteDir);
  const size = pagesPerIndex();
  let indexed: number;
  const extra: string[] = [];
  if (files.length <= size) {
    await indexWhole(siteDir);
    indexed = pagesInIndex(join(siteDir, 'pagefind'));
  } else {
    // Only pages marked for the index go into parts: Pagefind decides per index whether pages
    // without data-pagefind-body (lists) count, and a part of lists only would index them.
    // Paths only: the pages are read again as each part is indexed (holding them all would cost what parts save).
    const pages = files.filter((file) => readFileSync(file, 'utf8').includes('data-pagefind-body'));
    for (let start = 0; start < pages.length; start += size) {
      const n = start / size + 1;
      const folder = n === 1 ? '' : `part-${n}/`;
      await indexPart(siteDir, pages.slice(start, start + size), join(siteDir, 'pagefind', folder));
      if (n > 1) extra.push(folder);
    }
    indexed = pages.length;
  }
  if (indexed === 0) throw new Error('the search index is empty: no page has data-pagefind-body');
  writeFileSync(join(siteDir, 'pagefind', 'parts.json'), JSON.stringify(extra) + '\n');
  return { indexed, pages: files.length };
}

/**
 * The pages an index holds, as its entry file counts them per language. (The indexer's own
 * count of a folder is of every page it read, those it left out of the index too.)
 */
function pagesInIndex(folder: string): number {
  const entry = JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')) as { languages?: Record<string, { page_count?: number }> };
  return Object.values(entry.languages ?? {}).reduce((sum, language) => sum + (language.page_count ?? 0), 0);
}

async function withIndex<T>(run: (index: NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>) => Promise<T>): Promise<T> {
  const { index, errors } = await pagefind.createIndex(OPTIONS);
  try {
    if (!index) throw new Error(`the search index could not be created: ${errors.join('; ')}`);
    return await run(index);
  } finally {
    // Ends the indexer process: its memory is returned before the next part.
    await pagefind.close();
  }
}

function indexWhole(siteDir: string): Promise<void> {
  return withIndex(async (index) => {
    const added = await index.addDirectory({ path: siteDir });
    if (added.errors.length > 0) throw new Error(`indexing failed: ${added.errors.join('; ')}`);
    await write(index, join(siteDir, 'pagefind'));
  });
}

function indexPart(siteDir: string, pages: string[], outputPath: string): Promise<void> {
  return withIndex(async (index) => {
    // The part as one glob of its paths: Pagefind reads the files itself, as fast as a whole
    // folder (sending each file's text through its API took 1.7 times as long). Page URLs are
    // slugs (src/lib/model/slugs.ts, guide ids), so no path holds a character a glob reads.
    const paths = pages.map((file) => relative(siteDir, file).split(sep).join('/'));
    const unsafe = paths.find((p) => !/^[A-Za-z0-9._/-]+$/.test(p));
    if (unsafe) throw new Error(`the page ${unsafe} has a path the search index cannot select`);
    const added = await index.addDirectory({ path: siteDir, glob: `{${paths.join(',')}}` });
    if (added.errors.length > 0) throw new Error(`indexing failed: ${added.errors.join('; ')}`);
    if (added.page_count !== pages.length) throw new Error(`the search index took ${added.page_count} of ${pages.length} pages`);
    await write(index, outputPath);
  });
}

async function write(index: { writeFiles: (options: { outputPath: string }) => Promise<{ errors: string[] }> }, outputPath: string): Promise<void> {
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length > 0) throw new Error(`the search index could not be written: ${written.errors.join('; ')}`);
}
