/**
 * How a portal's search index is cut into parts of whole APIs (issue 37): the same cut whether
 * the portal is built cold, from the build cache, or in shards (`build --shard i/n` builds whole
 * parts, shard-plan.ts), so that the index a reader searches is the same parts every way, and
 * its results the same. Kept apart from search-groups.ts, which indexes, so that the prepare
 * process (which plans the shards) does not load the indexer's API.
 */
import { createHash } from 'node:crypto';

/** An API as the search's parts are made of it: its folder, its key in the cache ('' without one), its indexed pages (entity pages and overview). */
export interface ApiForSearch {
  prefix: string;
  key: string;
  pages: number;
}

/** What the search stage is asked to make of a portal's index in parts of whole APIs. */
export interface PortalIndexRequest {
  /** Every API of the portal, in the site's order. */
  apis: ApiForSearch[];
  /** The build cache's folder, where parts are copied from and kept. */
  cacheDir?: string;
  /** In a shard: the folders of the APIs it builds; only their parts are made, each whole. */
  own?: string[];
}

/** A part of the index of whole APIs, with the key it is kept under in the build cache. */
export interface SearchGroup {
  folder: string;
  prefixes: string[];
  key: string;
}

/**
 * Most pages in a part of a portal's index; `APIDESC_SEARCH_PAGES_PER_INDEX` overrides it (the
 * tests use small parts). Smaller than the indexer's memory bound (search-stage.ts,
 * PAGES_PER_INDEX, 2,500): a change to one API indexes its part again (a smaller part is a shorter
 * rebuild), and shards are dealt whole parts (more parts balance them better). Measured at 20
 * APIs × 50 channels (bench/README.md): parts of at most 1,000 pages were remade in 16 s against
 * 37 s for 2,500, and the first query downloaded 203 KB against 255 KB.
 */
export const PAGES_PER_GROUP = 1000;

export function pagesPerGroup(): number {
  const fromEnvironment = Number(process.env.APIDESC_SEARCH_PAGES_PER_INDEX);
  return Number.isInteger(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : PAGES_PER_GROUP;
}

/** The indexed pages of an API: its entity pages and its overview. */
export const indexedPages = (api: { pages: readonly unknown[] }): number => api.pages.length + 1;

/**
 * The parts as the positions of their APIs in `apis`: consecutive APIs, as many as fit in
 * `most` pages (an API larger than that is a part of its own).
 */
export function groupMembers(apis: readonly { pages: number }[], most: number): number[][] {
  const members: number[][] = [];
  let current: number[] = [];
  let pages = 0;
  for (const [i, api] of apis.entries()) {
    if (current.length > 0 && pages + api.pages > most) {
      members.push(current);
      current = [];
      pages = 0;
    }
    current.push(i);
    pages += api.pages;
  }
  if (current.length > 0) members.push(current);
  return members;
}

/**
 * The parts (groupMembers); the first part is `pagefind/` itself, the others `pagefind/part-N/`,
 * as search-stage.ts names them. Each is keyed by its APIs' keys (which cover every byte of their
 * pages, and the tool's sources and packages, Pagefind's version and options among them) and how
 * it is indexed (whole or as a part).
 */
export function searchGroups(apis: readonly ApiForSearch[], most: number): SearchGroup[] {
  const members = groupMembers(apis, most).map((positions) => positions.map((i) => apis[i]!));
  return members.map((group, i) => {
    const hash = createHash('sha256');
    hash.update(JSON.stringify({ whole: members.length === 1, apis: group.map(({ prefix, key }) => [prefix, key]) }));
    return { folder: i === 0 ? '' : `part-${i + 1}/`, prefixes: group.map((api) => api.prefix), key: hash.digest('hex') };
  });
}
