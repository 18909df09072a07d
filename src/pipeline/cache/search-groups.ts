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
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BuildCache } from './build-cache.ts';
import { htmlFiles, IndexerClock, indexPart, indexWhole, pagesInIndex, SEARCH_PARTS, type SearchIndexWritten } from '../search-stage.ts';
import { writePartNames } from '../search-names.ts';
import { pagesPerGroup, type PortalIndexRequest, type SearchGroup, searchGroups } from './search-group-plan.ts';
import { Timings } from '../../lib/timings.ts';

/**
 * A part as the search stage makes it: its folder below `pagefind/` (`''` for the first), the API
 * folders it indexes, and where it comes from: copied from the cache, indexed now, or (in a shard,
 * `build --shard i/n`) made by the shard that builds its APIs.
 */
export interface SearchGroupRequest {
  folder: string;
  prefixes: string[];
  from: 'cache' | 'indexer' | 'another shard';
}

/** The cache entry of a part: by its place (`part-1` is `pagefind/` itself). */
const entryName = (group: { folder: string }, i: number): string => group.folder.replace(/\/$/, '') || `part-${i + 1}`;

/** The first part's folder holds the others' and parts.json: they are not of it. */
const ofFirstPart = (path: string): boolean => !/^part-\d+\//.test(path) && path !== 'parts.json';

/**
 * Where each part comes from: another shard's (those of APIs it does not build), the cache (found
 * good there, copied into the site's `pagefind/`), or the indexer.
 */
function planSearchGroups(groups: readonly SearchGroup[], siteDir: string, cacheDir?: string, own?: readonly string[]): SearchGroupRequest[] {
  const cache = cacheDir ? new BuildCache(cacheDir) : undefined;
  const owned = own ? new Set(own) : undefined;
  return groups.map((group, i) => {
    const request = (from: SearchGroupRequest['from']): SearchGroupRequest => ({ folder: group.folder, prefixes: group.prefixes, from });
    if (owned) {
      const mine = group.prefixes.filter((prefix) => owned.has(prefix)).length;
      // The shards are dealt whole parts (shard-plan.ts): a part of two shards is a fault of the plan.
      if (mine > 0 && mine < group.prefixes.length) throw new Error(`the search part ${entryName(group, i)} has APIs of this shard and of others`);
      if (mine === 0) return request('another shard');
    }
    const found = cache?.place('search', entryName(group, i), group.key, join(siteDir, 'pagefind', group.folder));
    return request(!found || typeof found === 'string' ? 'indexer' : 'cache');
  });
}

/** Keeps the parts the search stage indexed this time in the cache. */
function storeSearchGroups(cacheDir: string, groups: readonly SearchGroup[], requests: readonly SearchGroupRequest[], siteDir: string): void {
  const cache = new BuildCache(cacheDir);
  groups.forEach((group, i) => {
    if (requests[i]?.from !== 'indexer') return;
    // The cache only saves time: a part that cannot be kept (a full disk) is made again next time.
    cache.tryWrite('search', entryName(group, i), group.key, join(siteDir, 'pagefind', group.folder), null, group.folder === '' ? ofFirstPart : undefined, {
      link: true,
    });
  });
}

/**
 * The search stage's work for a portal in parts (search-process.ts): indexes the parts to be
 * indexed, each of the pages under its APIs' folders that are marked for the index, and writes
 * parts.json (every part's, in a shard too: `merge` places the shards' parts side by side). A
 * site of one part is indexed whole, as search-stage.ts does.
 */
async function writeGroupedIndex(siteDir: string, groups: readonly SearchGroupRequest[], timings: Timings): Promise<SearchIndexWritten> {
  const files = htmlFiles(siteDir);
  const indexer = new IndexerClock(timings);
  let indexed = 0;
  for (const group of groups) {
    if (group.from === 'another shard') continue;
    const folder = join(siteDir, 'pagefind', group.folder);
    if (group.from === 'indexer') {
      if (groups.length === 1) await indexWhole(siteDir, indexer);
      else {
        const under = files.filter((file) => group.prefixes.some((prefix) => file.startsWith(join(siteDir, prefix))));
        const pages = under.filter((file) => readFileSync(file, 'utf8').includes('data-pagefind-body'));
        await indexPart(siteDir, pages, folder, indexer);
      }
    }
    indexed += pagesInIndex(folder);
  }
  const inThisSite = groups.filter((group) => group.from !== 'another shard').length;
  if (indexed === 0 && inThisSite > 0) throw new Error('the search index is empty: no page has data-pagefind-body');
  mkdirSync(join(siteDir, 'pagefind'), { recursive: true });
  writeFileSync(join(siteDir, 'pagefind', PARTS_FILE), JSON.stringify(groups.flatMap((group) => (group.folder === '' ? [] : [group.folder]))) + '\n');
  return { indexed, pages: files.length, indexerCpuMs: indexer.totalMs };
}

/** The list of the index's parts after the first, in `pagefind/` (read by the search page, public/search.js, and by `merge`). */
export const PARTS_FILE = 'parts.json';

/**
 * The search stage's work for a portal: the parts of `request.apis`, those found good in the
 * cache copied, those of other shards left to them, the others indexed and then kept in the cache.
 */
export async function writePortalIndex(
  siteDir: string,
  request: PortalIndexRequest,
  timings = new Timings(),
): Promise<SearchIndexWritten & { partsReused?: { reused: number; parts: number } }> {
  const { cacheDir, own } = request;
  const groups = searchGroups(request.apis, pagesPerGroup());
  const requests = timings.measure(CACHED_PARTS, () => planSearchGroups(groups, siteDir, cacheDir, own));
  const written = await writeGroupedIndex(siteDir, requests, timings);
  if (!cacheDir) return written;
  // Each part indexed now gets its names for "Did you mean" before it is kept, so that the cache
  // holds them with it and a rebuild does not read the records of the parts it copies again.
  timings.measure(SEARCH_PARTS.names, () => {
    for (const request of requests) if (request.from === 'indexer') writePartNames(join(siteDir, 'pagefind', request.folder));
  });
  timings.measure(CACHED_PARTS, () => storeSearchGroups(cacheDir, groups, requests, siteDir));
  const made = requests.filter((r) => r.from !== 'another shard');
  return { ...written, partsReused: { reused: made.filter((r) => r.from === 'cache').length, parts: made.length } };
}

/** The part of the stage's work that copies parts from the cache and keeps new ones (`build --timings`). */
const CACHED_PARTS = 'build cache: parts checked, copied and kept';
