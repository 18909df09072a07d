/**
 * The first half of `apidesc-docs build`: validates the documents, builds the model, writes the
 * site data stream for the renderer (write-site-data.ts) and the source copies into the work
 * folder (`files/`), and returns a summary of the site for the rest of the build. Runs in its own
 * process (prepare-process.ts), so all of its memory is returned when it ends.
 */
import type { SeverityOverrides } from '../lib/diff/severity-overrides.ts';
import type { Change } from '../lib/diff/types.ts';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { dirname, join, resolve } from 'node:path';
import { hasErrors } from '../lib/diagnostics/diagnostic.ts';
import { formatText } from '../lib/diagnostics/format-text.ts';
import { type TryItLocations, tryItDiagnostics } from '../project/try-it-check.ts';
import { isExampleFinding } from '../lib/model/example-findings.ts';
import { isRemote } from '../lib/resolve/ref-target.ts';
import type { GuideRef } from '../site/guide-refs.ts';
import type { SiteApi, SiteSettings } from '../site/site-data-types.ts';
import type { BuildOptions } from './build-options.ts';
import type { SiteRoutes } from './site-routes-file.ts';
import { mechanismOn } from '../perf/switches.ts';
import { checkGuideRefs } from './guide-check.ts';
import { EXIT } from '../lib/exit-codes.ts';
import type { Reporter } from '../lib/reporter.ts';
import { expandInputs, inputBytes } from '../lib/inputs/expand-inputs.ts';
import { MachineFiles } from './machine-files.ts';
import { buildSiteData, CodeHighlighter, configuredModelOptions, type DocToModel, type ModelledApi, type SourceCopy } from '../site/site-model.ts';
import { BATCH_PAGES, digest, WRITE_PARTS, writeSiteData } from './write-site-data.ts';
import { processCpuMs, Timings } from '../lib/timings.ts';
import { stageTimings, type StageTimings } from './build-timings.ts';
import { type ReusedValidation, reportValidation, validateInputs } from './validate-inputs.ts';
import { validateDocument } from '../lib/validate/validate-document.ts';
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import type { ResolvedDoc } from '../lib/resolve/resolved-doc.ts';
import { apiSlugs } from '../lib/model/api-slugs.ts';
import { type CacheContext, type KeyFile, keyFiles, sharedKeyPart } from './cache/api-cache-key.ts';
import { type ApiSummary, keepSummary, readSummary, type SummaryHit, type SummaryPlace, summaryToKeep } from './cache/api-summary.ts';
import { CHANGES_CSS, CHANGES_STYLESHEET } from '../site/changes-style.ts';
import { writeTryItAssets } from './try-it-assets.ts';
import { siteTitles, withApiTitles } from '../site/changes-view.ts';
import { CHANGES_URL } from '../site/twins/changes-twin.ts';
import type { CompareBase } from '../lib/diff/compare-sides.ts';
import { type ApiToStore, apisToStore, type CachePlan, reuseFromCache, shownCacheDir } from './cache/api-reuse.ts';
import { BuildCache } from './cache/build-cache.ts';
import type { PageHeads } from './route-lists.ts';
import { type ApiForSearch, indexedPages } from './cache/search-group-plan.ts';
import { planShard, type ShardPlan } from './shards/shard-apis.ts';
import { firstPassOneByOne } from './first-pass.ts';
import { oneDocumentAtATime } from './portal-first-pass.ts';
import { SummarySpill } from './shards/summary-spill.ts';
import { makeWhole, thinSummary } from './shards/thin-summary.ts';

export interface PrepareRequest {
  inputs: string[];
  options: BuildOptions;
  cwd: string;
  /** The build's work folder: the source copies go into its `files/`. */
  work: string;
  settings: SiteSettings;
  /** The reference components of the guides, resolved once the documents are modelled. */
  guideRefs: GuideRef[];
  /** The folder the site is written into: the Markdown twins and llms.txt files go there (machine-files.ts). */
  siteDir?: string;
  base?: string;
  /** The public origin (--site). */
  siteUrl?: string;
  /** `--compare` / `--compare-ref`: the base the Changes page compares with (compare-stage.ts). */
  compare?: CompareBase;
  /** The project's severities for rules of diff (the configuration's `diffSeverity`, then --severity). */
  severities?: SeverityOverrides;
  /** Changes of those severities since the base (--compare-ref), reported with the documents' (src/project/review-severities.ts). */
  settingChanges?: Change[];
  /** Where the configuration's `tryIt` server ids are written, to place what is wrong with them (src/project/try-it-check.ts). */
  tryItLocations?: TryItLocations;
}

export interface PreparedSite extends SiteRoutes {
  apiCount: number;
  pageCount: number;
  /** Where the stage's time went (`build --timings`). */
  timings: StageTimings;
  /** Every local file the documents read (absolute paths): the output folder may hold none of them. */
  readFiles: string[];
  /** The APIs built this time, to keep in the build cache once the renderer has written them (src/pipeline/cache/). */
  toCache?: ApiToStore[];
  /** The heads of the pages of the APIs copied from the build cache, for the 404 page's lists (route-lists.ts). */
  reusedHeads?: Record<string, PageHeads>;
  /** A portal's APIs as its search index's parts are made of them, with their keys in the build cache if it is used (src/pipeline/cache/search-groups.ts). */
  searchApis?: ApiForSearch[];
  /** `build --shard i/n`: the inputs' fingerprint, the folders of the APIs this shard built, and whether it indexes their parts (src/pipeline/shards/). */
  shard?: { inputs: string; apis: string[]; indexesItsParts: boolean };
}

/** What the model process reports to the command: the prepared site, its routes by file (site-routes-file.ts). */
export type ReportedSite = Omit<PreparedSite, keyof SiteRoutes> & { routesFile: string };

/** Writes the site data to `out` (left open); returns the summary of the site, or the exit code to stop the build with. */
export async function prepareSite(request: PrepareRequest, out: Writable, io: Reporter): Promise<PreparedSite | number> {
  const timings = new Timings();
  // Loading the process and its modules, until here.
  timings.add('start-up', performance.now(), processCpuMs());
  // A shard holds the summaries of the APIs other shards make thinned, their whole JSON put aside
  // (shards/thin-summary.ts); its own are made whole again once it knows them (prepareWith).
  const thinned = request.options.shard && request.siteDir ? new SummarySpill(request.work) : undefined;
  const summaries = summariesOf(request, timings, thinned);
  // Sites this large highlight on two threads: the worker loads shiki while the documents are
  // checked. What is counted is what this build makes: not the documents whose summaries (and,
  // most likely, pages) come from the build cache.
  const known = [...(summaries?.hits.values() ?? [])].reduce((n, hit) => n + hit.summary.files[0]!.size, 0);
  const parallel = mechanismOn('parallel-highlight') && inputBytes(request.inputs, request.cwd) - known >= PARALLEL_HIGHLIGHT_BYTES;
  const highlighter = new CodeHighlighter({ parallel });
  if (parallel) highlighter.warmUp();
  try {
    const lookup = await withFirstPass(request, summaries, timings, thinned);
    const prepared = await prepareWith(request, lookup, out, highlighter, io, timings, thinned);
    if (typeof prepared === 'number') return prepared;
    const worker = highlighter.workerUsage();
    if (worker) timings.add(`${WRITE_PARTS.highlight}, worker thread`, worker.wallMs, worker.cpuMs);
    return { ...prepared, timings: stageTimings(timings) };
  } finally {
    await highlighter.close();
  }
}

/**
 * About 250 channels of a generated document. Below it, the renderer (starting Astro) and this
 * process (validating, modelling) already keep both cores busy, and a worker that loads shiki a
 * second time costs more than it saves: at 100 channels the build took 4 % less without it
 * (5 of 6 alternated pairs), at 250 the same, at 500 channels 7 % more (bench/README.md).
 */
const PARALLEL_HIGHLIGHT_BYTES = 3 * 1024 * 1024;

/** The part of the stage's work that looks the APIs up in the build cache and copies those found (`build --timings`). */
const CACHE_PART = 'build cache: keys, checks, copies';
/** The part that assigns the APIs to the shards and fingerprints the inputs (`build --shard --timings`). */
const SHARD_PART = 'shard: APIs assigned, inputs fingerprinted';

/**
 * A portal's APIs whose files did not change are neither loaded nor modelled: their first pass
 * is in the build cache (cache/api-summary.ts). Only where the pages can come from the cache
 * too (prepareWith): a comparison, guides' references and try-it checks read every document.
 */
function summariesOf(
  { inputs, options, cwd, settings, guideRefs, siteDir, base, siteUrl, compare }: PrepareRequest,
  timings: Timings,
  thinned: SummarySpill | undefined,
): SummaryLookup | undefined {
  if (!siteDir || !options.cache || compare || guideRefs.length > 0 || settings.tryIt) return undefined;
  const context = cacheContextOf(options, settings, base, siteUrl, compare);
  return timings.measure(SUMMARY_PART, () => readSummaries(new BuildCache(options.cache!), inputs, cwd, sharedKeyPart(context), options, thinned));
}

/** What every API's keys in the build cache share (api-cache-key.ts): the settings, base path and site URL, and whether findings are shown. */
function cacheContextOf(
  options: BuildOptions,
  settings: SiteSettings,
  base: string | undefined,
  siteUrl: string | undefined,
  compare: CompareBase | undefined,
): CacheContext {
  const preview = options.allowInvalid === true || compare !== undefined;
  return { settings, ...(base ? { base } : {}), ...(siteUrl ? { siteUrl } : {}), preview };
}

async function prepareWith(
  { inputs, options, cwd, work, settings, guideRefs, siteDir, base, siteUrl, compare, severities, settingChanges, tryItLocations }: PrepareRequest,
  summaries: SummaryLookup | undefined,
  out: Writable,
  highlighter: CodeHighlighter,
  io: Reporter,
  timings: Timings,
  thinned: SummarySpill | undefined,
): Promise<Omit<PreparedSite, 'timings'> | number> {
  const cacheContext = cacheContextOf(options, settings, base, siteUrl, compare);
  const { preview } = cacheContext;
  // The validation stage, its findings reported as `validate` reports them (in the --format asked for).
  const validation = await timings.measureAsync('load and validate', async () => {
    const outcome = await validateInputs(inputs, options, summaries?.reused);
    reportValidation(outcome, options, io);
    return outcome;
  });
  timings.mark('validated');
  if (summaries) letGoOfReportedFindings(summaries);
  const buildAnyway = options.allowInvalid === true && validation.exitCode === EXIT.invalid;
  if (validation.exitCode !== EXIT.ok && !buildAnyway) {
    io.err(
      validation.exitCode === EXIT.invalid
        ? 'Build stopped: fix the errors above, or build a preview with --allow-invalid.'
        : 'Build stopped: fix the errors above.',
    );
    return validation.exitCode;
  }
  const docs = validation.results.flatMap(({ file, doc, diagnostics, reused }): (LoadedDoc | { file: string; summary: ApiSummary })[] => {
    const summary = reused ? summaries?.hits.get(file)?.summary : undefined;
    return doc ? [{ file, doc, diagnostics }] : summary ? [{ file, summary }] : [];
  });
  const loaded = (): ResolvedDoc[] => docs.filter(isLoaded).map((d) => d.doc);
  // A preview of nothing would hide the findings: they need a document to be shown on.
  if (docs.length === 0) {
    io.err('Build stopped: no document could be read, so there is nothing to preview; fix the errors above.');
    return validation.exitCode;
  }
  // The servers the configuration lets readers try must be the documents' and reachable from a
  // browser; a warning (a server the published site's pages could not reach) does not stop the build.
  const tryItProblems = tryItDiagnostics(settings.tryIt, loaded(), tryItLocations, siteUrl);
  if (tryItProblems.length > 0) {
    const sources = new Map([...new Set(tryItProblems.map((d) => d.file))].map((file) => [file, readFileSync(resolve(cwd, file), 'utf8')]));
    io.out(formatText(tryItProblems, { sources, color: options.color }));
    if (hasErrors(tryItProblems)) {
      io.err('Build stopped: fix the configuration above.');
      return EXIT.usage;
    }
  }
  // Before the model: a base that cannot be read stops the build before any page is written.
  const changes = compare
    ? await timings.measureAsync('changes (--compare)', async () =>
        // Loaded for --compare only: the comparison (src/lib/diff) is about 40 modules that every other build would load.
        (await import('./compare-stage.ts')).compareWithBase(compare, inputs, docs.filter(isLoaded), options, cwd, io, severities, settingChanges),
      )
    : undefined;
  if (typeof changes === 'number') return changes;
  if (buildAnyway) io.err('Building anyway (--allow-invalid): every page carries a banner, and each finding is shown on the page it concerns.');
  // Page summaries now; a page's content is modelled when it is needed (by a guide's reference
  // check, then when it is written), so only a batch of full pages is ever held.
  // Findings are for the document's authors: a preview shows each on the page it concerns; a
  // published site (a build of valid documents without a comparison) shows none to its readers,
  // but for a warning beside an example that does not match its schema (example-findings.ts).
  const toModel = modelEntry(preview);
  // The summaries of the APIs modelled from their documents, to keep in the cache (taken at once: the build changes them later).
  const toKeep = new Map<number, { json: string; files: KeyFile[] }>();
  const model = timings.measure(WRITE_PARTS.model, () =>
    buildSiteData(
      docs.map((d) => ('doc' in d ? toModel(d.file, d.doc, d.diagnostics) : { file: d.file, modelled: d.summary.modelled })),
      cwd,
      {
        deferPages: true,
        timings,
        ...configuredModelOptions(settings),
        ...(summaries
          ? {
              modelled: (i: number, modelled: ModelledApi) => {
                const d = docs[i]!;
                const kept = 'doc' in d ? summaryToKeep(d.doc, d.diagnostics, modelled, cwd) : undefined;
                if (kept) toKeep.set(i, kept);
              },
            }
          : {}),
      },
    ),
  );
  const { site, routes, flows, flowsNotListed, copies } = model;
  // The site's routes are made (prefixed copies): a summary's own are read by nothing more.
  for (const d of docs) if (!isLoaded(d)) d.summary.modelled.routes = [];
  site.settings = settings;
  if (changes) site.changes = withApiTitles(changes, site.apis);
  if (options.titlesFile !== undefined) writeFileSync(options.titlesFile, JSON.stringify(siteTitles(site.apis)));
  const refProblems = timings.measure(WRITE_PARTS.model, () => checkGuideRefs(guideRefs, site.apis, loaded(), model.complete));
  if (refProblems.length > 0) {
    const sources = new Map([...new Set(refProblems.map((d) => d.file))].map((file) => [file, readFileSync(resolve(cwd, file), 'utf8')]));
    io.out(formatText(refProblems, { sources, color: options.color }));
  }
  if (hasErrors(refProblems) && !options.allowInvalid) {
    io.err('Build stopped: fix the references of the guides above, or build a preview with --allow-invalid (they are then shown as broken).');
    return EXIT.invalid;
  }
  const apisWithDocs = site.apis.map((api, i) => {
    const d = docs[i]!;
    return { api, files: 'doc' in d ? keyFiles(d.doc, cwd) : d.summary.files };
  });
  // A shard (--shard i/n) builds its share of the APIs; the model of every API above is what
  // makes its pages those of a build of the whole (src/pipeline/shards/).
  // A portal's search index is in parts of whole APIs, cold, from the cache or in shards alike;
  // guides are indexed with the pages of no API: such a site's index is made as a site's is.
  const searchInParts = site.apis.length > 1 && settings.guides.length === 0;
  const shardPlan: ShardPlan | undefined = options.shard
    ? timings.measure(SHARD_PART, () =>
        planShard(options.shard!, apisWithDocs, { ...(model.peers ? { peers: model.peers } : {}), context: cacheContext, searchInParts }),
      )
    : undefined;
  // The shard's own APIs' pages made whole again (they were held thinned), before the build cache's
  // plan and the pages read them; the keys read the digests taken before thinning.
  if (shardPlan && thinned)
    timings.measure(SHARD_PART, () => {
      for (const api of shardPlan.owned) {
        const { file } = docs[site.apis.indexOf(api)]!;
        if (thinned.has(file)) makeWhole(api, thinned.take(file));
      }
    });
  // A portal's unchanged APIs are copied from the build cache (src/pipeline/cache/); a comparison
  // (badges on any page) and guides (which show parts of any page) need every page made.
  const cachePlan: CachePlan | undefined =
    siteDir && options.cache && site.apis.length > 1 && !changes && guideRefs.length === 0
      ? timings.measure(CACHE_PART, () =>
          reuseFromCache({
            cache: new BuildCache(options.cache!),
            shown: shownCacheDir(options.cache!, cwd),
            apis: apisWithDocs,
            ...(shardPlan ? { owned: shardPlan.owned } : {}),
            ...(model.peers ? { peers: model.peers } : {}),
            context: cacheContext,
            siteDir,
          }),
        )
      : undefined;
  if (cachePlan) io.err(cachePlan.report);
  // An API known by its summary alone whose pages are to be made after all (a fact another API
  // puts on them changed, its entry was damaged, a shard's own APIs after a first pass one
  // document at a time): loaded and modelled again while its pages are made, one at a time, as a
  // build without the summary would have (its findings were reported from the summary, the same).
  const fromSummaries = docs.filter((d) => !isLoaded(d)).length;
  const toMake = cachePlan ? cachePlan.toBuild.map((entry) => entry.api) : site.apis.filter((api) => !shardPlan?.elsewhere.has(api));
  const again = new Map(toMake.map((api) => [api, site.apis.indexOf(api)]).filter(([, i]) => !isLoaded(docs[i as number]!)) as [SiteApi, number][]);
  const loadedAgain = [...again.keys()].map((api) => api.slug);
  if (summaries) io.err(summariesReport(fromSummaries, docs.length, loadedAgain, summaries.oneByOne ?? 0, summaries.place !== undefined));
  const place = summaries?.place;
  if (place && options.cache)
    timings.measure(SUMMARY_PART, () => {
      const cache = new BuildCache(options.cache!);
      for (const [i, kept] of toKeep) {
        const why = keepSummary(cache, { ...place(docs[i]!.file), slug: site.apis[i]!.slug }, kept);
        if (why) io.err(`apidesc-docs: note: the build cache could not keep the summary of ${site.apis[i]!.slug} (${why}); the next build loads it again.`);
      }
    });
  // Marked once every key is taken (a key reads the API's summary).
  if (shardPlan) for (const api of shardPlan.elsewhere) api.reused = true;
  const notMadeHere = new Set([...(cachePlan?.reused ?? []), ...(shardPlan?.elsewhere ?? [])]);
  const reused = notMadeHere.size > 0 ? notMadeHere : undefined;
  const machineFiles = siteDir
    ? new MachineFiles(site, { siteDir, ...(base ? { base } : {}), ...(siteUrl ? { site: siteUrl } : {}), ...(reused ? { reused } : {}) })
    : undefined;
  // Before the pages: the bundled JSON copy is the whole document made again (objects, then one
  // string), made here while the heap holds only the model, not on top of the highest point a
  // batch of pages reached (the model process's peak at 1,000 channels; bench/README.md, 2026-11-27).
  const writeCopies = (list: readonly SourceCopy[]): void =>
    timings.measure('source copies', () => {
      mkdirSync(join(work, 'files'), { recursive: true });
      for (const copy of list) {
        if (reused && [...reused].some((api) => copy.to.startsWith(api.prefix))) continue;
        const target = join(work, 'files', copy.to);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, copy.text());
      }
    });
  writeCopies(copies);
  const copied = new Set<SiteApi>();
  const digests = await writeSiteData(out, site, model.complete, highlighter, highlighter.parallel ? BATCH_PAGES.parallel : BATCH_PAGES.streamed, {
    ...(machineFiles ? { completed: (api, page) => machineFiles.page(api, page) } : {}),
    timings,
    ...(reused ? { reused } : {}),
    ...(again.size > 0
      ? {
          open: async (api: SiteApi) => {
            const i = again.get(api);
            if (i === undefined) return;
            const { file } = docs[i]!;
            const result = await timings.measureAsync('load and validate', () => validateDocument(file, options));
            if (!result.doc) throw new Error(`${file} could not be loaded again (${result.diagnostics[0]?.message ?? 'no finding'})`);
            const own = timings.measure(WRITE_PARTS.model, () => model.attach(i, toModel(file, result.doc!, result.diagnostics)));
            if (!copied.has(api)) writeCopies(own);
            copied.add(api);
          },
          close: (api: SiteApi) => {
            const i = again.get(api);
            if (i !== undefined) model.detach(i);
          },
        }
      : {}),
  });
  if (machineFiles) timings.measure(WRITE_PARTS.twins, () => machineFiles.finish());
  if (changes && siteDir) writeFileSync(join(siteDir, CHANGES_STYLESHEET), CHANGES_CSS);
  if (settings.tryIt && siteDir) await writeTryItAssets(siteDir);
  for (const route of routes) {
    const hash = digests.get(route.url) ?? cachePlan?.pageHashes.get(route.url);
    if (hash) route.hash = hash;
  }
  for (const guide of settings.guides)
    routes.push({
      api: '',
      kind: 'guide',
      id: guide.id,
      pointer: '',
      url: `guides/${guide.id}/`,
      hash: digest(readFileSync(resolve(cwd, guide.file), 'utf8')),
    });
  return {
    routes,
    flows,
    ...(flowsNotListed ? { flowsNotListed } : {}),
    urls: [
      ...site.apis.flatMap((api) => ['', ...api.pages.map((p) => p.url)].map((u) => api.prefix + u)),
      ...(settings.guides.length > 0 ? ['guides/'] : []),
      ...settings.guides.map((g) => `guides/${g.id}/`),
      ...(changes ? [CHANGES_URL] : []),
    ],
    apiCount: site.apis.length,
    pageCount: site.apis.reduce((n, api) => n + api.pages.length, 0),
    readFiles: docs.flatMap((d) => ('doc' in d ? d.doc.files.filter((f) => !isRemote(f.path)).map((f) => f.path) : d.summary.files.map((f) => f.path))),
    ...(cachePlan ? { toCache: apisToStore(cachePlan, digests), reusedHeads: cachePlan.heads } : {}),
    ...(searchInParts ? { searchApis: searchApis(site.apis, cachePlan) } : {}),
    ...(shardPlan
      ? { shard: { inputs: shardPlan.inputs, apis: [...shardPlan.owned].map((api) => api.prefix), indexesItsParts: shardPlan.indexesItsParts } }
      : {}),
  };
}

/**
 * `API summaries: 19 of 20 from the build cache (their documents not loaded); loaded again to make
 * their pages: orders.` With a first pass one document at a time (`oneByOne` of the `found`):
 * `API summaries: 5 of 20 from the build cache, 15 made one document at a time; loaded again …`.
 */
function summariesReport(found: number, total: number, again: readonly string[], oneByOne: number, cached: boolean): string {
  const named = again.slice(0, 6).join(', ') + (again.length > 6 ? `, and ${again.length - 6} more` : '');
  const whence =
    oneByOne === 0
      ? `${found} of ${total} from the build cache (their documents not loaded)`
      : `${cached ? `${found - oneByOne} of ${total} from the build cache, ` : ''}${oneByOne}${cached ? '' : ` of ${total}`} made one document at a time (each let go before the next is read)`;
  return `API summaries: ${whence}${again.length > 0 ? `; loaded again to make their pages: ${named}` : ''}.`;
}

/**
 * Once reported, the findings of the APIs known by their summaries are read by nothing else (an
 * API whose pages are made here is loaded again, with its own), nor are the lines of their code
 * frames: a large portal does not hold them while its pages are made (500 APIs of 100 channels:
 * 105,000 findings, 45 MB as JSON). Emptied in place: the validation's results share the lists.
 */
function letGoOfReportedFindings(summaries: SummaryLookup): void {
  for (const hit of summaries.hits.values()) {
    hit.summary.diagnostics.length = 0;
    hit.texts.clear();
  }
  summaries.reused.clear();
}

/** A document loaded and validated, with its findings. */
interface LoadedDoc {
  file: string;
  doc: ResolvedDoc;
  diagnostics: Diagnostic[];
}

const isLoaded = (d: LoadedDoc | { file: string; summary: ApiSummary }): d is LoadedDoc => 'doc' in d;

/**
 * What the model is given of a document: every finding for a preview, which shows each on its
 * page; for a published site (valid documents, no comparison) only those that say an example
 * does not match its schema, shown as a warning beside the example (example-findings.ts).
 */
function modelEntry(preview: boolean): (file: string, doc: ResolvedDoc, diagnostics: Diagnostic[]) => DocToModel {
  return (file, doc, diagnostics) => (preview ? { file, doc, diagnostics } : { file, doc, exampleFindings: diagnostics.filter(isExampleFinding) });
}

/**
 * A portal's first pass, one document at a time (first-pass.ts): the summaries of the documents
 * the build cache did not know, added to its. A shard makes the pages of a share of the portal's
 * APIs, but its first pass reads every document: held all at once, they were most of its memory;
 * so were they in a build of a large portal whole (portal-first-pass.ts).
 * Not for a comparison, guides' references or try-it checks, which read every document (as summariesOf).
 */
async function withFirstPass(
  request: PrepareRequest,
  cached: SummaryLookup | undefined,
  timings: Timings,
  thinned: SummarySpill | undefined,
): Promise<SummaryLookup | undefined> {
  const { inputs, options, cwd, settings, guideRefs, siteDir, base, siteUrl, compare } = request;
  if (!siteDir || compare || guideRefs.length > 0 || settings.tryIt) return cached;
  if (!oneDocumentAtATime(options, inputs, cwd)) return cached;
  const { files } = expandInputs(inputs, cwd);
  const { preview } = cacheContextOf(options, settings, base, siteUrl, compare);
  const cache = cached && options.cache ? new BuildCache(options.cache) : undefined;
  const slugs = apiSlugs(files);
  const made = await timings.measureAsync(FIRST_PASS_PART, () =>
    firstPassOneByOne({
      files,
      slugs,
      known: new Set(cached?.hits.keys()),
      options,
      cwd,
      modelOptions: configuredModelOptions(settings),
      toModel: modelEntry(preview),
      ...(thinned ? { thinned } : {}),
      // Kept in the build cache at once, as a build that loads every document keeps them after modelling.
      ...(cache && cached?.place ? { made: (file, index, kept) => keepSummary(cache, { ...cached.place!(file), slug: slugs[index]! }, kept) } : {}),
    }),
  );
  if (!made) return cached;
  const hits = new Map(cached?.hits);
  const reused = new Map(cached?.reused);
  for (const [file, hit] of made) {
    hits.set(file, hit);
    reused.set(file, { diagnostics: hit.summary.diagnostics, texts: hit.texts });
  }
  return { hits, reused, ...(cached?.place ? { place: cached.place } : {}), oneByOne: made.size };
}

/** The part of the stage's work that loads, validates and models a portal's documents one at a time (`build --timings`). */
const FIRST_PASS_PART = 'first pass, one document at a time';

/** The part of the stage's work that reads and keeps the APIs' first-pass summaries in the build cache (`build --timings`). */
const SUMMARY_PART = 'build cache: API summaries read and kept';

/** What readSummaries found: the findings of the APIs not to load, their summaries, and where each API's summary is kept. */
interface SummaryLookup {
  reused: Map<string, ReusedValidation>;
  hits: Map<string, SummaryHit>;
  /** Where an API's summary is kept in the build cache; none when the build has no cache. */
  place?: (file: string) => Omit<SummaryPlace, 'slug'>;
  /** How many of the summaries the first pass made one document at a time (withFirstPass), not the cache. */
  oneByOne?: number;
}

/** Looks up the summary of each of a portal's documents (cache/api-summary.ts); undefined for a single document. */
function readSummaries(
  cache: BuildCache,
  inputs: string[],
  cwd: string,
  shared: string,
  options: BuildOptions,
  thinned: SummarySpill | undefined,
): SummaryLookup | undefined {
  const { files } = expandInputs(inputs, cwd);
  if (files.length < 2) return undefined;
  cache.removeLeftovers();
  const load = JSON.stringify({
    cwd,
    root: options.root ?? null,
    limits: options.limits ?? null,
    strict: options.strict ?? false,
    remote: options.allowRemoteRefs ?? false,
  });
  const place = (file: string): Omit<SummaryPlace, 'slug'> => ({ file, shared, load });
  const slugs = apiSlugs(files);
  const reused = new Map<string, ReusedValidation>();
  const hits = new Map<string, SummaryHit>();
  files.forEach((file, i) => {
    const hit = readSummary(cache, { ...place(file), slug: slugs[i]! }, thinned && ((json) => thinned.keep(file, json)));
    if (typeof hit === 'string') return;
    if (thinned) thinSummary(hit.summary);
    hits.set(file, hit);
    reused.set(file, { diagnostics: hit.summary.diagnostics, texts: hit.texts });
  });
  return { reused, hits, place };
}

/** The APIs as the search index's parts are made of them; their keys in the build cache when it is used (a part is kept under them). */
function searchApis(apis: readonly SiteApi[], cachePlan: CachePlan | undefined): ApiForSearch[] {
  const keys = new Map(cachePlan?.keyed.map(({ api, key }) => [api, key]));
  return apis.map((api) => ({ prefix: api.prefix, key: keys.get(api) ?? '', pages: indexedPages(api) }));
}
