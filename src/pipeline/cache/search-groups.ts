/**
 * A portal's search index that does not start over (issue 37). Pagefind cannot update an index in
 * place, and a large site's index is in parts already (search-stage.ts: at most PAGES_PER_INDEX
 * pages each, merged by the search UI). With the build cache, the parts are made of whole APIs,
 * in the site's order (searchGroups), and each part is kept in the cache under the keys of its
 * APIs: a build where one API changed indexes again only the part that holds it, and copies the
 * others. A site of one part is indexed as before, whole.
 *
 * Measured against one index rebuilt from cached pages and against one index per API merged in
 * the browser: bench/README.md, "Portals: the search index that does not start over".
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BuildCache } from './build-cache.ts';
import { htmlFiles, IndexerClock, indexPart, indexWhole, pagesInIndex, pagesPerIndex, type SearchIndexWritten } from '../search-stage.ts';
import { Timings } from '../../lib/timings.ts';

/** A part as the search stage makes it: its folder below `pagefind/` (`''` for the first), the API folders it indexes, and whether it came from the cache. */
export interface SearchGroupRequest {
  folder: string;
  prefixes: string[];
  reused: boolean;
}

/** An API as the search's parts are made of it: its folder, its key in the cache, its indexed pages (entity pages and overview). */
export interface ApiForSearch {
  prefix: string;
  key: string;
  pages: number;
}

/** A part of the index of whole APIs, with the key it is kept under. */
export interface SearchGroup {
  folder: string;
  prefixes: string[];
  key: string;
}

/**
 * The parts: consecutive APIs, as many as fit in `most` pages (an API larger than that is a part
 * of its own); the first part is `pagefind/` itself, the others `pagefind/part-N/`, as
 * search-stage.ts names them. Each is keyed by its APIs' keys (which cover every byte of their
 * pages, and the tool's sources and packages, Pagefind's version and options among them) and how
 * it is indexed (whole or as a part).
 */
export function searchGroups(apis: readonly ApiForSearch[], most: number): SearchGroup[] {
  const members: ApiForSearch[][] = [];
  let current: ApiForSearch[] = [];
  let pages = 0;
  for (const api of apis) {
    if (current.length > 0 && pages + api.pages > most) {
      members.push(current);
      current = [];
      pages = 0;
    }
    current.push(api);
    pages += api.pages;
  }
  if (current.length > 0) members.push(current);
  return members.map((group, i) => {
    const hash = createHash('sha256');
    hash.update(JSON.stringify({ whole: members.length === 1, apis: group.map(({ prefix, key }) => [prefix, key]) }));
    return { folder: i === 0 ? '' : `part-${i + 1}/`, prefixes: group.map((api) => api.prefix), key: hash.digest('hex') };
  });
}

/** The cache entry of a part: by its place (`part-1` is `pagefind/` itself). */
const entryName = (group: { folder: string }, i: number): string => group.folder.replace(/\/$/, '') || `part-${i + 1}`;

/** The first part's folder holds the others' and parts.json: they are not of it. */
const ofFirstPart = (path: string): boolean => !/^part-\d+\//.test(path) && path !== 'parts.json';

/**
 * Copies each part found good in the cache into the site's `pagefind/`; returns every part, with
 * whether it was copied, for the search stage (which indexes the others).
 */
function reuseSearchGroups(cacheDir: string, groups: readonly SearchGroup[], siteDir: string): SearchGroupRequest[] {
  const cache = new BuildCache(cacheDir);
  return groups.map((group, i) => {
    const found = cache.read('search', entryName(group, i), group.key);
    if (typeof found === 'string') return { folder: group.folder, prefixes: group.prefixes, reused: false };
    for (const file of found.files) {
      const target = join(siteDir, 'pagefind', group.folder, file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.bytes);
    }
    return { folder: group.folder, prefixes: group.prefixes, reused: true };
  });
}

/** Keeps the parts the search stage indexed this time in the cache. */
function storeSearchGroups(cacheDir: string, groups: readonly SearchGroup[], requests: readonly SearchGroupRequest[], siteDir: string): void {
  const cache = new BuildCache(cacheDir);
  groups.forEach((group, i) => {
    if (requests[i]?.reused) return;
    // The cache only saves time: a part that cannot be kept (a full disk) is made again next time.
    cache.tryWrite('search', entryName(group, i), group.key, join(siteDir, 'pagefind', group.folder), null, group.folder === '' ? ofFirstPart : undefined);
  });
}

/**
 * The search stage's work for a portal in parts (search-process.ts): indexes the parts not
 * copied from the cache, each of the pages under its APIs' folders that are marked for the index,
 * and writes parts.json. A site of one part is indexed whole, as search-stage.ts does.
 */
async function writeGroupedIndex(siteDir: string, groups: readonly SearchGroupRequest[], timings: Timings): Promise<SearchIndexWritten> {
  const files = htmlFiles(siteDir);
  const indexer = new IndexerClock(timings);
  let indexed = 0;
  for (const group of groups) {
    const folder = join(siteDir, 'pagefind', group.folder);
    if (!group.reused) {
      if (groups.length === 1) await indexWhole(siteDir, indexer);
      else {
        const under = files.filter((file) => group.prefixes.some((prefix) => file.startsWith(join(siteDir, prefix))));
        const pages = under.filter((file) => readFileSync(file, 'utf8').includes('data-pagefind-body'));
        await indexPart(siteDir, pages, folder, indexer);
      }
    }
    indexed += pagesInIndex(folder);
  }
  if (indexed === 0) throw new Error('the search index is empty: no page has data-pagefind-body');
  writeFileSync(join(siteDir, 'pagefind', 'parts.json'), JSON.stringify(groups.flatMap((group) => (group.folder === '' ? [] : [group.folder]))) + '\n');
  return { indexed, pages: files.length, indexerCpuMs: indexer.totalMs };
}

/**
 * The search stage's work with the build cache: the parts of `apis`, those found good in the
 * cache copied, the others indexed and then kept in the cache.
 */
export async function writeCachedIndex(
  siteDir: string,
  cache: { dir: string; apis: readonly ApiForSearch[] },
  timings = new Timings(),
): Promise<SearchIndexWritten & { partsReused: { reused: number; parts: number } }> {
  const groups = searchGroups(cache.apis, pagesPerIndex());
  const requests = timings.measure(CACHED_PARTS, () => reuseSearchGroups(cache.dir, groups, siteDir));
  const written = await writeGroupedIndex(siteDir, requests, timings);
  timings.measure(CACHED_PARTS, () => storeSearchGroups(cache.dir, groups, requests, siteDir));
  return { ...written, partsReused: { reused: requests.filter((r) => r.reused).length, parts: groups.length } };
}

/** The part of the stage's work that copies parts from the cache and keeps new ones (`build --timings`). */
const CACHED_PARTS = 'build cache: parts checked, copied and kept';
