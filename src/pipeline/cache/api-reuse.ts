/**
 * The build cache in a build (build-cache.ts holds the files, api-cache-key.ts names them).
 *
 * The prepare stage, once every API is modelled (summaries and flows only: the cheap first pass,
 * read from the cache for an API whose files did not change: api-summary.ts), takes each API's
 * key and looks it up: an entry found good is placed in the site folder (linked,
 * else copied: BuildCache.place), its API marked `reused` (the stage then neither completes,
 * highlights nor streams its pages, and the renderer has no routes for them: src/site/site-routes.ts), and its
 * pages' heads handed to the 404 page's lists; the others are built as before, and the command
 * keeps them in the cache once the renderer has written them (storeBuiltApis). The portal's root,
 * catalog, system map, flows, llms.txt, route manifest and search index are made from every API's
 * summaries each time.
 */
import { join, relative } from 'node:path';
import type { PeerIndex } from '../../lib/portal/peer-index.ts';
import type { SiteApi } from '../../site/site-data-types.ts';
import { apiCacheKey, type CacheContext, type KeyFile, sharedKeyPart } from './api-cache-key.ts';
import { BuildCache, type CacheMiss } from './build-cache.ts';
import { isPageHeads, type PageHeads } from '../route-lists.ts';

/** An API built this time, to keep in the cache once its pages are written. */
export interface ApiToStore {
  slug: string;
  prefix: string;
  key: string;
  /** Its pages' fingerprints (the route manifest's `hash`), by URL relative to the site. */
  pageHashes: Record<string, string>;
}

/**
 * What an API's entry keeps besides its files: its pages' fingerprints, and the heads of its
 * pages as the 404 page's lists of addresses label them (route-lists.ts), by folder relative to
 * the API's folder, so that a rebuild reads no page of a reused API.
 */
export interface ApiEntryData {
  pages: Record<string, string>;
  heads: PageHeads;
}

export interface CachePlan {
  /** The APIs whose files were copied from the cache into the site folder. */
  reused: Set<SiteApi>;
  /** The fingerprints of the reused APIs' pages, by URL relative to the site. */
  pageHashes: Map<string, string>;
  /** The heads of the reused APIs' pages, by API folder (its prefix), then by page folder relative to it. */
  heads: Record<string, PageHeads>;
  /** The APIs to build, each with its key. */
  toBuild: { api: SiteApi; key: string; why: CacheMiss }[];
  /** Every API with its key, in the site's order. */
  keyed: { api: SiteApi; key: string }[];
  /** One line for the build's output: what was reused and what was built, and why. */
  report: string;
}

/** What the plan needs of the build. */
export interface CacheInput {
  cache: BuildCache;
  /** The folder as the build's output names it. */
  shown: string;
  apis: { api: SiteApi; files: readonly KeyFile[] }[];
  peers?: PeerIndex;
  context: CacheContext;
  /** The site folder the reused files are copied into. */
  siteDir: string;
  /** A shard's own APIs (src/pipeline/shards/): only they are looked up; the others are built elsewhere. */
  owned?: ReadonlySet<SiteApi>;
}

/** Rebuilt APIs the report names; the rest are counted. */
const NAMED = 6;

const WHY: Record<CacheMiss, string> = { new: 'not in the cache', changed: 'changed', damaged: 'cache entry damaged' };

/** Looks every API up in the cache and places the files of each one found good in the site folder (BuildCache.place). */
export function reuseFromCache({ cache, shown, apis, peers, context, siteDir, owned }: CacheInput): CachePlan {
  cache.removeLeftovers();
  const shared = sharedKeyPart(context);
  const all = apis.map(({ api }) => api);
  // Keys first, for every API: marking one reused changes nothing another's key reads, but the
  // keys are taken from the model as it is before any page is completed.
  const keyed = apis.map(({ api, files }) => ({ api, key: apiCacheKey(shared, { api, files, apis: all, ...(peers ? { peers } : {}) }) }));
  const reused = new Set<SiteApi>();
  const pageHashes = new Map<string, string>();
  const heads: Record<string, PageHeads> = {};
  const toBuild: CachePlan['toBuild'] = [];
  for (const { api, key } of keyed) {
    if (owned && !owned.has(api)) continue;
    const found = cache.place('apis', api.slug, key, join(siteDir, api.prefix), isApiEntryData);
    if (typeof found === 'string') {
      toBuild.push({ api, key, why: found });
      continue;
    }
    const data = found.data as ApiEntryData;
    for (const [url, hash] of Object.entries(data.pages)) pageHashes.set(url, hash);
    heads[api.prefix] = data.heads;
    reused.add(api);
  }
  for (const api of reused) api.reused = true;
  return { reused, pageHashes, heads, toBuild, keyed, report: cacheReport(shown, owned?.size ?? apis.length, reused.size, toBuild) };
}

/** An API entry's data as this layout writes it; anything else is a damaged entry. */
function isApiEntryData(data: unknown): data is ApiEntryData {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const { pages, heads } = data as Partial<ApiEntryData>;
  return (
    typeof pages === 'object' && pages !== null && !Array.isArray(pages) && Object.values(pages).every((hash) => typeof hash === 'string') && isPageHeads(heads)
  );
}

/** `Build cache node_modules/.cache/apidesc-docs: 99 of 100 APIs reused; built: orders (changed).` */
function cacheReport(shown: string, total: number, reused: number, toBuild: CachePlan['toBuild']): string {
  const named = toBuild.slice(0, NAMED).map(({ api, why }) => `${api.slug} (${WHY[why]})`);
  const more = toBuild.length > NAMED ? `, and ${toBuild.length - NAMED} more` : '';
  return `Build cache ${shown}: ${reused} of ${total} APIs reused${toBuild.length > 0 ? `; built: ${named.join(', ')}${more}` : ''}.`;
}

/** The APIs built this time, with their pages' fingerprints from `digests` (by URL relative to the site). */
export function apisToStore(plan: CachePlan, digests: ReadonlyMap<string, string>): ApiToStore[] {
  return plan.toBuild.map(({ api, key }) => ({
    slug: api.slug,
    prefix: api.prefix,
    key,
    pageHashes: Object.fromEntries(
      api.pages.flatMap((page) => {
        const url = api.prefix + page.url;
        const hash = digests.get(url);
        return hash ? [[url, hash]] : [];
      }),
    ),
  }));
}

/**
 * Keeps the files the build wrote for each API of `apis` (under its folder of `siteDir`) in the
 * cache in `dir`, hard-linked where the disk allows, with the heads of its pages (`heads`: every
 * page folder's of the site, as the 404 page's lists read them). The cache only saves time: an
 * entry that cannot be written (a full disk) is left out, and the note returned says so; the site
 * is built all the same.
 */
export function storeBuiltApis(dir: string, apis: readonly ApiToStore[], siteDir: string, heads: PageHeads): string | undefined {
  const cache = new BuildCache(dir);
  const failed = apis.flatMap((api) => {
    const data: ApiEntryData = { pages: api.pageHashes, heads: headsUnder(heads, api.prefix) };
    const why = cache.tryWrite('apis', api.slug, api.key, join(siteDir, api.prefix), data, undefined, { link: true });
    return why ? [`${api.slug} (${why})`] : [];
  });
  if (failed.length === 0) return undefined;
  return `apidesc-docs: note: the build cache could not keep ${failed.length} API(s): ${failed.slice(0, NAMED).join(', ')}${failed.length > NAMED ? ', …' : ''}; the next build makes them again.`;
}

/** The heads of the page folders under `prefix` (`orders/`), by folder relative to it (`''` for the API's overview). */
function headsUnder(heads: PageHeads, prefix: string): PageHeads {
  const own: PageHeads = {};
  const folder = prefix.replace(/\/$/, '');
  for (const [path, head] of Object.entries(heads)) {
    if (path === folder) own[''] = head;
    else if (path.startsWith(`${folder}/`)) own[path.slice(folder.length + 1)] = head;
  }
  return own;
}

/** The cache folder as messages name it: relative to the working folder when inside it. */
export function shownCacheDir(dir: string, cwd: string): string {
  const rel = relative(cwd, dir);
  return rel !== '' && !rel.startsWith('..') ? rel : dir;
}
