/**
 * The build cache in a build (build-cache.ts holds the files, api-cache-key.ts names them).
 *
 * The prepare stage, once every API is modelled (summaries and flows only: the cheap first pass),
 * takes each API's key and looks it up: an entry found good is copied into the site folder, its
 * API marked `reused` (the stage then neither completes, highlights nor streams its pages, and
 * the renderer leaves them out: reused-pages.ts); the others are built as before, and the command
 * keeps them in the cache once the renderer has written them (storeBuiltApis). The portal's root,
 * catalog, system map, flows, llms.txt, route manifest and search index are made from every API's
 * summaries each time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { PeerIndex } from '../../lib/portal/peer-index.ts';
import type { ResolvedDoc } from '../../lib/resolve/resolved-doc.ts';
import type { SiteApi } from '../../site/site-data-types.ts';
import { apiCacheKey, type CacheContext, sharedKeyPart } from './api-cache-key.ts';
import { BuildCache, type CacheMiss } from './build-cache.ts';

/** An API built this time, to keep in the cache once its pages are written. */
export interface ApiToStore {
  slug: string;
  prefix: string;
  key: string;
  /** Its pages' fingerprints (the route manifest's `hash`), by URL relative to the site. */
  pageHashes: Record<string, string>;
}

export interface CachePlan {
  /** The APIs whose files were copied from the cache into the site folder. */
  reused: Set<SiteApi>;
  /** The fingerprints of the reused APIs' pages, by URL relative to the site. */
  pageHashes: Map<string, string>;
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
  apis: { api: SiteApi; doc: ResolvedDoc }[];
  peers?: PeerIndex;
  cwd: string;
  context: CacheContext;
  /** The site folder the reused files are copied into. */
  siteDir: string;
  /** A shard's own APIs (src/pipeline/shards/): only they are looked up; the others are built elsewhere. */
  owned?: ReadonlySet<SiteApi>;
}

/** Rebuilt APIs the report names; the rest are counted. */
const NAMED = 6;

const WHY: Record<CacheMiss, string> = { new: 'not in the cache', changed: 'changed', damaged: 'cache entry damaged' };

/** Looks every API up in the cache and copies the files of each one found good into the site folder. */
export function reuseFromCache({ cache, shown, apis, peers, cwd, context, siteDir, owned }: CacheInput): CachePlan {
  cache.removeLeftovers();
  const shared = sharedKeyPart(context);
  const all = apis.map(({ api }) => api);
  // Keys first, for every API: marking one reused changes nothing another's key reads, but the
  // keys are taken from the model as it is before any page is completed.
  const keyed = apis.map(({ api, doc }) => ({ api, key: apiCacheKey(shared, { api, doc, apis: all, ...(peers ? { peers } : {}), cwd }) }));
  const reused = new Set<SiteApi>();
  const pageHashes = new Map<string, string>();
  const toBuild: CachePlan['toBuild'] = [];
  // Each folder made once: most of a page's folder's files are copied into it one after the other,
  // and a recursive mkdir of a folder that is there costs a system call per level (a rebuild of 20
  // APIs of 50 channels spent about a sixth of its copying in mkdir).
  const made = new Set<string>();
  for (const { api, key } of keyed) {
    if (owned && !owned.has(api)) continue;
    const found = cache.read('apis', api.slug, key);
    if (typeof found === 'string' || !isPageHashes(found.data)) {
      toBuild.push({ api, key, why: typeof found === 'string' ? found : 'damaged' });
      continue;
    }
    for (const file of found.files) {
      const target = join(siteDir, api.prefix, file.path);
      const folder = dirname(target);
      if (!made.has(folder)) mkdirSync(folder, { recursive: true });
      made.add(folder);
      writeFileSync(target, file.bytes);
    }
    for (const [url, hash] of Object.entries(found.data)) pageHashes.set(url, hash);
    reused.add(api);
  }
  for (const api of reused) api.reused = true;
  return { reused, pageHashes, toBuild, keyed, report: cacheReport(shown, owned?.size ?? apis.length, reused.size, toBuild) };
}

/** An API entry's data: its pages' fingerprints by URL. */
function isPageHashes(data: unknown): data is Record<string, string> {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && Object.values(data).every((hash) => typeof hash === 'string');
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
 * cache in `dir`. The cache only saves time: an entry that cannot be written (a full disk) is
 * left out, and the note returned says so; the site is built all the same.
 */
export function storeBuiltApis(dir: string, apis: readonly ApiToStore[], siteDir: string): string | undefined {
  const cache = new BuildCache(dir);
  const failed = apis.flatMap((api) => {
    const why = cache.tryWrite('apis', api.slug, api.key, join(siteDir, api.prefix), api.pageHashes);
    return why ? [`${api.slug} (${why})`] : [];
  });
  if (failed.length === 0) return undefined;
  return `apidesc-docs: note: the build cache could not keep ${failed.length} API(s): ${failed.slice(0, NAMED).join(', ')}${failed.length > NAMED ? ', …' : ''}; the next build makes them again.`;
}

/** The cache folder as messages name it: relative to the working folder when inside it. */
export function shownCacheDir(dir: string, cwd: string): string {
  const rel = relative(cwd, dir);
  return rel !== '' && !rel.startsWith('..') ? rel : dir;
}
