/**
 * `apidesc-docs merge <shard folders…> --out dist`: puts the shards of `build --shard i/n`
 * together into the site a build of the whole portal makes.
 *
 * - Checked first, nothing written: every folder is a shard (its shard-manifest.ts file), all
 *   of one build (the same number of shards, version and inputs' fingerprint), each shard once
 *   and none missing; the output folder follows build's rule (output-folder.ts): only an empty or
 *   new folder, or a site this tool wrote, and never the working or home folder nor a shard.
 * - Each shard's files are placed into a staging folder beside the output folder, hard-linked where
 *   the file system allows (link-or-copy.ts), else copied. The pages every
 *   shard makes (the portal's root, catalog, system map, flows, assets, and with --site the
 *   sitemap and its parts, sitemap.ts) must be the same bytes in each: they are written once, and
 *   a difference stops the merge.
 * - What is made of the whole: the route manifest (each page's fingerprint from the shard that
 *   built it) and the 404 page's lists of addresses (route-lists.ts), made as a build of the
 *   whole makes them.
 * - The search index: a portal's is in parts of whole APIs, and each shard indexed its own parts
 *   (the parts a build of the whole makes, cache/search-group-plan.ts): they are placed side by
 *   side under `pagefind/`, each checked to be there, and nothing is indexed again. Shards without
 *   parts (a portal of one part, or with guides) leave the index to the merge: made of the whole
 *   (search-stage.ts, in a process of its own as in build).
 * - The staging folder is swapped in for the output folder; on any failure it is removed.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { environmentFault, faultCause } from '../../lib/environment-fault.ts';
import { EXIT } from '../../lib/exit-codes.ts';
import { cleanUpOnStop } from '../../lib/interrupt.ts';
import type { RouteManifest } from '../../lib/model/types.ts';
import { realPath, within } from '../../lib/real-path.ts';
import type { Reporter } from '../../lib/reporter.ts';
import { isOurSite, SITE_STAMP, siteBase } from '../../lib/site-stamp.ts';
import { ROUTE_LIST_FOLDER } from '../../site/route-list.ts';
import { makeStaging, outputFolderProblem, removeLeftovers, removeOurFolder, standardProtectedPaths, swapIn } from '../output-folder.ts';
import { writeRouteLists } from '../route-lists.ts';
import { linkOrCopy } from '../link-or-copy.ts';
import { PARTS_FILE } from '../cache/search-groups.ts';
import { htmlFiles, pagesInIndex } from '../search-stage.ts';
import { startSearch } from '../stage-processes.ts';
import { watchForStall } from '../stall-watchdog.ts';
import { readShardManifest, SHARD_MANIFEST, type ShardManifest } from './shard-manifest.ts';

export interface MergeOptions {
  /** The output folder as the user named it. */
  outDir: string;
  cwd: string;
  debug?: boolean;
}

/** The route manifest at a site's root (site-extras.ts). */
const ROUTES_FILE = 'apidesc-routes.json';
/** What each shard has of its own, made again for the whole (or, the shard's file, left out). */
const MADE_FOR_THE_WHOLE = new Set([SITE_STAMP, SHARD_MANIFEST, ROUTES_FILE, ROUTE_LIST_FOLDER]);
/** The search index's folder: each shard's parts of it, or (when the shards have none) made for the whole. */
const SEARCH_FOLDER = 'pagefind';

interface Shard {
  dir: string;
  named: string;
  manifest: ShardManifest;
}

/** Merges the shards in `folders` into `options.outDir`; returns the exit code. */
export async function mergeShards(folders: string[], options: MergeOptions, io: Reporter): Promise<number> {
  const started = performance.now();
  const shards = readShards(folders, options.cwd);
  if (typeof shards === 'string') return refuse(io, shards);
  const outDir = realPath(resolve(options.cwd, options.outDir));
  const protectedPaths = [...standardProtectedPaths(options.cwd), ...shards.map(({ dir, named }) => ({ path: dir, what: `the shard ${named}` }))];
  const outProblem = outputFolderProblem(outDir, options.outDir, protectedPaths);
  if (outProblem) return refuse(io, outProblem);
  const inShard = shards.find(({ dir }) => within(dir, outDir));
  if (inShard)
    return refuse(
      io,
      `--out ${options.outDir} is inside the shard ${inShard.named}, which merge reads: choose a folder of its own for the site, e.g. --out dist.`,
    );
  const partsInShards = shards.filter((shard) => existsSync(join(shard.dir, SEARCH_FOLDER, PARTS_FILE)));
  if (partsInShards.length > 0 && partsInShards.length < shards.length)
    return refuse(
      io,
      `${shards.find((shard) => !partsInShards.includes(shard))!.named} has no parts of the search index and ${partsInShards[0]!.named} has: build every shard with the same version and options`,
    );
  const placeParts = partsInShards.length > 0;
  removeLeftovers(outDir);
  let staging: string | undefined;
  let merged = false;
  const search = placeParts ? undefined : startSearch(io, (text) => io.err(text), options.debug === true);
  // An indexer that stops working without ending would hold the merge forever: stopped, as build stops a stage.
  let stalled = false;
  const stopWatching = watchForStall({
    onStall: (stalledMs) => {
      stalled = true;
      io.err(
        `apidesc-docs: internal error: the search indexer used no processor time for ${Math.round(stalledMs / 1000)} s without finishing; the merge was stopped. Please report it.`,
      );
      void search?.stage.stop('SIGKILL');
    },
  });
  const cleanUp = async (): Promise<void> => {
    await search?.stage.stop('SIGKILL');
    if (!merged && staging) removeOurFolder(staging);
  };
  return cleanUpOnStop(cleanUp, async () => {
    try {
      staging = makeStaging(outDir, siteBase(shards[0]!.dir));
      const disagreement = copyShards(shards, staging, placeParts);
      if (disagreement) return refuse(io, disagreement);
      const placed = placeParts ? placedParts(staging, shards) : undefined;
      if (typeof placed === 'string') return refuse(io, placed);
      const routes = mergedRoutes(shards);
      if (typeof routes === 'string') return refuse(io, routes);
      writeFileSync(join(staging, ROUTES_FILE), JSON.stringify(routes, null, 2) + '\n');
      writeRouteLists(staging, routes.routes);
      const indexed = placed !== undefined ? { value: { pages: htmlFiles(staging).length, indexed: placed } } : await search!.index(staging);
      if ('failure' in indexed) {
        if (stalled) return EXIT.internal;
        const { failure } = indexed;
        io.err(
          `apidesc-docs: ${failure.fault ? `the search index could not be written: ${faultCause(failure.fault)}` : (failure.message ?? 'the search indexer failed')}.`,
        );
        if (failure.stack && options.debug) io.err(failure.stack);
        io.err(`The output folder ${options.outDir} is unchanged.`);
        return failure.exitCode;
      }
      // Checked again at the swap: the folder may have changed meanwhile.
      const swapProblem = outputFolderProblem(outDir, options.outDir, protectedPaths);
      if (swapProblem) return refuse(io, swapProblem);
      swapIn(staging, outDir);
      merged = true;
      const apis = shards.reduce((n, shard) => n + shard.manifest.apis.length, 0);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      io.err(
        `Merged ${shards.length} shard(s), ${apis} API(s), ${indexed.value.pages} pages (search index: ${indexed.value.indexed}), into ${options.outDir} in ${seconds} s.`,
      );
      return EXIT.ok;
    } catch (error) {
      const fault = environmentFault(error);
      if (!fault) throw error;
      io.err(`apidesc-docs: the merge could not write: ${faultCause(fault)}.`);
      io.err(`The output folder ${options.outDir} is unchanged.`);
      return EXIT.environment;
    } finally {
      stopWatching();
      await search?.stage.stop('SIGTERM');
      if (!merged && staging) removeOurFolder(staging);
    }
  });
}

function refuse(io: Reporter, message: string): number {
  io.err(`apidesc-docs: ${message}`);
  io.err('Merge stopped: nothing was written.');
  return EXIT.usage;
}

/** The shards of `folders`, checked to be every shard of one build once; or why not, in words. */
function readShards(folders: readonly string[], cwd: string): Shard[] | string {
  if (folders.length === 0) return 'merge needs the folders of the shards: apidesc-docs merge shard-1 shard-2 … --out dist';
  const shards: Shard[] = [];
  for (const named of folders) {
    const dir = realPath(resolve(cwd, named));
    let folder = false;
    try {
      folder = lstatSync(dir).isDirectory();
    } catch {
      return `${named}: no such folder`;
    }
    if (!folder) return `${named} is not a folder: name the folders that build --shard wrote`;
    if (!isOurSite(dir)) return `${named} is not a folder apidesc-docs wrote (it has no ${SITE_STAMP} stamp): name the folders that build --shard wrote`;
    const manifest = readShardManifest(dir);
    if (typeof manifest === 'string') return `${named}: ${manifest}`;
    const twin = shards.find((shard) => shard.dir === dir);
    if (twin) return `${named} is named twice (as ${twin.named} too)`;
    shards.push({ dir, named, manifest });
  }
  const [first] = shards as [Shard, ...Shard[]];
  for (const shard of shards) {
    const { manifest } = shard;
    if (manifest.version !== first.manifest.version)
      return `${shard.named} was built by apidesc-docs ${manifest.version} and ${first.named} by ${first.manifest.version}: build every shard with the same version`;
    if (manifest.of !== first.manifest.of)
      return `${shard.named} is shard ${manifest.shard} of ${manifest.of}, and ${first.named} is shard ${first.manifest.shard} of ${first.manifest.of}: merge the shards of one build`;
    if (manifest.inputs !== first.manifest.inputs)
      return `${shard.named} and ${first.named} were built from different documents, configuration or options: build every shard from the same commit with the same options`;
  }
  const count = first.manifest.of;
  for (let index = 1; index <= count; index++) {
    const found = shards.filter((shard) => shard.manifest.shard === index);
    if (found.length > 1) return `shard ${index} of ${count} is given twice (${found.map((s) => s.named).join(' and ')}): name each shard's folder once`;
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !shards.some((shard) => shard.manifest.shard === index));
  if (missing.length > 0)
    return `${missing.length === 1 ? 'shard' : 'shards'} ${missing.join(', ')} of ${count} ${missing.length === 1 ? 'is' : 'are'} missing: name the folders of all ${count} shards`;
  return shards.sort((a, b) => a.manifest.shard - b.manifest.shard);
}

/**
 * Copies every shard's files into `target`, each file once; a file two shards both have must be
 * the same bytes in both. Returns the first disagreement, in words, or undefined.
 */
function copyShards(shards: readonly Shard[], target: string, withSearchParts: boolean): string | undefined {
  const from = new Map<string, Shard>();
  for (const shard of shards) {
    const walk = (relative: string): string | undefined => {
      for (const entry of readdirSync(join(shard.dir, relative), { withFileTypes: true })) {
        if (relative === '' && (MADE_FOR_THE_WHOLE.has(entry.name) || (!withSearchParts && entry.name === SEARCH_FOLDER))) continue;
        const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
        if (entry.isDirectory()) {
          mkdirSync(join(target, path), { recursive: true });
          const problem = walk(path);
          if (problem) return problem;
        } else if (entry.isFile()) {
          const earlier = from.get(path);
          if (!earlier) {
            // Linked, not copied where the file system allows (link-or-copy.ts): the shards' files are the site's.
            linkOrCopy(join(shard.dir, path), join(target, path));
            from.set(path, shard);
          } else if (!readFileSync(join(shard.dir, path)).equals(readFileSync(join(target, path)))) {
            return `${path} differs between the shards ${earlier.named} and ${shard.named}, which every shard makes the same: build every shard from the same commit with the same options`;
          }
        }
        // Anything else (a link) is not of the tool's making: left out.
      }
      return undefined;
    };
    const problem = walk('');
    if (problem) return problem;
  }
  return undefined;
}

/** The route manifest of the whole: the shards' (the same routes in each), each page's fingerprint from the shard that built it. */
function mergedRoutes(shards: readonly Shard[]): RouteManifest | string {
  const manifests: RouteManifest[] = [];
  for (const shard of shards) {
    try {
      manifests.push(JSON.parse(readFileSync(join(shard.dir, ROUTES_FILE), 'utf8')) as RouteManifest);
    } catch {
      return `${shard.named} has no readable ${ROUTES_FILE}: build the shard again`;
    }
  }
  const [first] = manifests as [RouteManifest, ...RouteManifest[]];
  const urls = (manifest: RouteManifest): string => manifest.routes.map((route) => route.url).join('\n');
  const bad = manifests.findIndex((manifest) => !Array.isArray(manifest.routes) || urls(manifest) !== urls(first));
  if (bad >= 0) return `the pages of ${shards[bad]!.named} are not those of ${shards[0]!.named}: build every shard from the same commit with the same options`;
  const routes = first.routes.map((route, i) => {
    const hash = manifests.map((manifest) => manifest.routes[i]!.hash).find((h) => h !== undefined);
    const { hash: _ignored, ...rest } = route;
    return hash === undefined ? rest : { ...rest, hash };
  });
  return { ...first, routes };
}

/**
 * The pages in the search index placed from the shards' parts: every part its `parts.json` lists
 * (the same in every shard: copyShards checked) and the first must have come from some shard.
 * Or why not, in words.
 */
function placedParts(site: string, shards: readonly Shard[]): number | string {
  const folder = join(site, SEARCH_FOLDER);
  let parts: unknown;
  try {
    parts = JSON.parse(readFileSync(join(folder, PARTS_FILE), 'utf8'));
  } catch {
    parts = undefined;
  }
  if (!Array.isArray(parts) || !parts.every((part) => typeof part === 'string' && /^part-\d+\/$/.test(part)))
    return `${shards[0]!.named} has a damaged ${SEARCH_FOLDER}/${PARTS_FILE}: build the shard again`;
  let indexed = 0;
  for (const part of ['', ...(parts as string[])]) {
    if (!existsSync(join(folder, part, 'pagefind-entry.json')))
      return `no shard has the search index's ${part === '' ? 'first part' : `part ${part.replace(/\/$/, '')}`}: build every shard again with the same version and options`;
    indexed += pagesInIndex(join(folder, part));
  }
  return indexed;
}
