/** Validated documents → the site data the Astro pages render, and the route manifest. */
import { dirname, relative, sep } from 'node:path';
import { buildApiModel, type ModelOptions } from '../lib/model/build-model.ts';
import { apiSlugs } from '../lib/model/api-slugs.ts';
import { titleQualifiers } from '../lib/model/api-titles.ts';
import type { RouteEntry } from '../lib/model/types.ts';
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { publishedPath } from '../lib/diagnostics/to-diagnostic.ts';
import { kindsOfSection, PAGE_SECTIONS } from '../lib/model/page-kinds.ts';
import type { Page, PageDiagnostic } from '../lib/model/page-types.ts';
import { parentPointer } from '../lib/json-pointer.ts';
import { invalidExamples, markInvalidExamples } from '../lib/model/example-findings.ts';
import { Worker } from 'node:worker_threads';
import { moduleFile } from '../lib/module-file.ts';
import { languagesIn, loadLanguages, loadLazyHighlighter } from '../lib/highlight/highlight-html.ts';
import { descriptionJob, pageJobs, runTask, type HighlightJob, type HighlightTask } from '../lib/highlight/highlight-page.ts';
import type { HighlightReply } from '../lib/highlight/highlight-worker.ts';
import { HighlightMemo } from '../perf/highlight-memo.ts';
import { mechanismOn } from '../perf/switches.ts';
import { bundleDocument } from '../lib/resolve/bundle.ts';
import { within } from '../lib/real-path.ts';
import { bundledName, publishedSourceNames, sourceUrl } from '../lib/model/source-names.ts';
import type { ResolvedDoc } from '../lib/resolve/resolved-doc.ts';
import type { SiteApi, SiteData, SiteSettings } from './site-data-types.ts';
import type { PortalApiEndpoints } from '../lib/portal/match-flows.ts';
import type { PeerIndex } from '../lib/portal/peer-index.ts';
import { collectFlows } from '../lib/portal/portal-flows.ts';
import type { FlowEndpoint, FlowsNotListed, PortalFlow } from '../lib/portal/flow-types.ts';

/** A file to put into the site at `to` (relative to the output folder); its text is made on demand. */
export interface SourceCopy {
  to: string;
  text: () => string;
}

export interface SiteModel {
  site: SiteData;
  routes: RouteEntry[];
  /**
   * In a portal, where an operation of one API sends and one of another receives (issue 22), as
   * apidesc-routes.json lists them (bounded, portal-flows.ts), and what it counts without listing.
   */
  flows: PortalFlow[];
  flowsNotListed?: FlowsNotListed;
  copies: SourceCopy[];
  /**
   * With `deferPages`: fills in a page of the site (its description, facts and sections; see
   * buildApiModel) and returns it; a page filled already is returned as it is.
   */
  complete: (page: Page) => Page;
  /** In a portal, what each page lists of the other APIs (its key in the build cache reads them: src/pipeline/cache/). */
  peers?: PeerIndex;
  /**
   * Makes the pages of the API at `index`, given by its summary (`modelled`), completable after
   * all: its document is modelled again, and each of its pages is completed from the new model
   * into the summary's page of the same URL. Returns the API's source copies. For a build that
   * makes the pages of an API it did not load (src/pipeline/prepare-stage.ts): one at a time,
   * `detach` letting each document go once its pages are written.
   */
  attach: (index: number, entry: DocToModel) => SourceCopy[];
  /** Lets the document attached to the API at `index` go: its pages not completed by then stay summaries. */
  detach: (index: number) => void;
}

/** A document to model, with its findings (see buildSiteData). */
export interface DocToModel {
  file: string;
  doc: ResolvedDoc;
  diagnostics?: Diagnostic[];
  exampleFindings?: Diagnostic[];
}

/**
 * What the first pass makes of one API, all that the portal's other APIs and pages need of it
 * (its summary and its pages' summaries, routes, flow endpoints, the file its title is told
 * apart by): a build's cache keeps it, so that an unchanged API need not be loaded
 * (src/pipeline/cache/api-summary.ts). `api` is as modelled, before the portal's qualifiers.
 */
export interface ModelledApi {
  api: SiteApi;
  /** Relative to the API's folder. */
  routes: RouteEntry[];
  endpoints: FlowEndpoint[];
  /** The root document's path as the pages name it. */
  rootFile: string;
}

/**
 * `diagnostics`: every finding, shown on the pages (previews); `exampleFindings`: only those that
 * say an example does not match its schema (a published site), shown as a warning beside the
 * example and nowhere else, so that no reader copies a wrong example as a valid one.
 */
/** The model's options that the site's configuration decides (code samples' languages, try it): the same for `build` and `dev`. */
export function configuredModelOptions(settings: Pick<SiteSettings, 'sampleLanguages' | 'tryIt'>): ModelOptions {
  return {
    ...(settings.sampleLanguages ? { sampleLanguages: settings.sampleLanguages } : {}),
    ...(settings.tryIt ? { tryIt: settings.tryIt } : {}),
  };
}

export function buildSiteData(
  docs: (DocToModel | { file: string; modelled: ModelledApi })[],
  cwd: string,
  options: ModelOptions & { modelled?: (index: number, modelled: ModelledApi) => void } = {},
): SiteModel {
  const copies: SourceCopy[] = [];
  const completerOf = new WeakMap<Page, (page: Page) => void>();
  const completed = new WeakSet<Page>();
  const apiOf = new WeakMap<Page, SiteApi>();
  // In a portal each API lives under /<api-slug>/ (api-slugs.ts).
  const slugs = apiSlugs(docs.map(({ file }) => file));
  const portal = docs.length > 1;
  const routes: RouteEntry[] = [];
  // Pages are completed after every API is modelled: in a portal, a page shows the other APIs
  // that meet it (issue 22), known only once all of them are.
  let peers: PeerIndex | undefined;
  const endpoints: PortalApiEndpoints[] = [];
  const modelDoc = (i: number, entry: DocToModel): ModelledApi => {
    const { modelled, completePage } = modelDocument(slugs[i]!, portal, entry, cwd, options, copies);
    for (const page of modelled.api.pages) {
      completerOf.set(page, (p) => completePage(p, peers?.peersOf(modelled.api.prefix + p.url)));
      apiOf.set(page, modelled.api);
    }
    return modelled;
  };
  const modelledApis = docs.map((entry, i) => {
    let modelled: ModelledApi;
    if ('modelled' in entry) {
      // A summary kept from an earlier build (src/pipeline/cache/api-summary.ts): keyed by the slug, so it is this place's.
      if (entry.modelled.api.slug !== slugs[i]) throw new Error(`the summary of ${entry.file} is of the API ${entry.modelled.api.slug}, not ${slugs[i]}`);
      modelled = entry.modelled;
    } else {
      modelled = modelDoc(i, entry);
      options.modelled?.(i, modelled);
    }
    const { api } = modelled;
    if (portal) endpoints.push({ slug: api.slug, title: api.title, prefix: api.prefix, endpoints: modelled.endpoints });
    for (const r of modelled.routes) routes.push({ ...r, url: api.prefix + r.url });
    return modelled;
  });
  const apis = modelledApis.map(({ api }) => api);
  if (portal) {
    const qualifiers = titleQualifiers(modelledApis.map(({ api, rootFile }) => ({ title: api.title, version: api.version, file: rootFile })));
    apis.forEach((api, i) => {
      if (qualifiers[i]) api.qualifier = qualifiers[i];
    });
  }
  const collected = portal ? collectFlows(endpoints, (slug) => `${slug}/`) : undefined;
  peers = collected?.peers;
  const manifest = collected?.manifest ?? { flows: [] };
  const complete = (page: Page): Page => {
    if (!completed.has(page)) {
      completed.add(page);
      completerOf.get(page)?.(page);
      markInvalidExamples(page, apiOf.get(page)?.invalidExamples);
    }
    return page;
  };
  if (!options.deferPages) for (const api of apis) for (const page of api.pages) complete(page);
  return {
    site: { apis, ...(collected && collected.root.pairs.length > 0 ? { flows: collected.root } : {}) },
    routes,
    flows: manifest.flows,
    ...(manifest.notListed ? { flowsNotListed: manifest.notListed } : {}),
    copies,
    complete,
    attach: (index, entry) => {
      const own: SourceCopy[] = [];
      // Modelled as it was the first time: the summary is of the same files.
      const { modelled, completePage } = modelDocument(slugs[index]!, portal, entry, cwd, options, own);
      const api = apis[index]!;
      const made = modelled.api.pages;
      if (made.length !== api.pages.length || made.some((page, i) => page.url !== api.pages[i]!.url))
        throw new Error(`the pages of ${entry.file} are not those of the summary it was given`);
      api.pages.forEach((page, i) => {
        const fresh = made[i]!;
        completerOf.set(page, () => {
          completePage(fresh, peers?.peersOf(api.prefix + fresh.url));
          Object.assign(page, fresh);
        });
        apiOf.set(page, api);
      });
      return own;
    },
    detach: (index) => {
      for (const page of apis[index]!.pages) completerOf.delete(page);
    },
    ...(peers ? { peers } : {}),
  };
}

/**
 * One document modelled as the API at `slug` (of a portal when `portal`): its page summaries,
 * routes and flow endpoints, its findings placed on its pages, its source files added to
 * `copies`; `completePage` fills in a page's content (buildApiModel's, with deferred pages).
 */
function modelDocument(
  slug: string,
  portal: boolean,
  { doc, diagnostics = [], exampleFindings }: DocToModel,
  cwd: string,
  options: ModelOptions,
  copies: SourceCopy[],
): { modelled: ModelledApi; completePage: ReturnType<typeof buildApiModel>['completePage'] } {
  const model = buildApiModel(doc, slug, cwd, { ...options, deferPages: true });
  const prefix = portal ? `${slug}/` : '';
  const counts: Record<string, number> = {};
  // Each section's pages but the last's (other components), by the section's name: "servers", "schemas".
  for (const { title } of PAGE_SECTIONS.slice(0, -1)) {
    const kinds: string[] = kindsOfSection(title);
    counts[title.toLowerCase()] = model.entities.filter((e) => kinds.includes(e.kind)).length;
  }
  const downloads = sourceDownloads(doc, prefix, copies);
  const api: SiteApi = {
    slug,
    title: model.title,
    version: model.version,
    infoFacts: model.infoFacts,
    ...(model.descriptionHtml ? { descriptionHtml: model.descriptionHtml } : {}),
    prefix,
    pages: model.pages,
    counts,
    downloads,
    catalog: model.catalog,
  };
  attachDiagnostics(api, diagnostics, doc, cwd);
  // A preview is given every finding; a published site only those of its examples (prepare-stage.ts).
  if (!exampleFindings) api.sourceLines = true;
  if (exampleFindings) {
    const invalid = invalidExamples(exampleFindings.map((d) => ({ ...d, file: publishedPath(d.file, cwd, doc.policy.root) })));
    if (invalid) api.invalidExamples = invalid;
  }
  return {
    modelled: {
      api,
      routes: model.routes,
      endpoints: portal ? model.flowEndpoints() : [],
      rootFile: publishedPath(doc.root.path, cwd, doc.policy.root),
    },
    completePage: model.completePage,
  };
}

/**
 * The first pass of one API of a portal of `files` (the API at `index`): what buildSiteData makes
 * of it before any page is completed, to be kept as a summary (src/pipeline/cache/api-summary.ts)
 * so that its document need not stay loaded. A portal of many APIs is so modelled one document at
 * a time (src/pipeline/prepare-stage.ts, `firstPassOneByOne`).
 */
export function firstPassOf(slugs: readonly string[], index: number, entry: DocToModel, cwd: string, options: ModelOptions = {}): ModelledApi {
  return modelDocument(slugs[index]!, slugs.length > 1, entry, cwd, options, []).modelled;
}

/**
 * Shows findings on the pages of an API: each on the page it concerns, the rest on the overview,
 * and the count of errors in the banner of every page.
 */
export function attachDiagnostics(api: SiteApi, diagnostics: Diagnostic[], doc: ResolvedDoc, cwd: string): void {
  // Files as the pages name them (publishedPath), so that each finding meets its page.
  const shown = (file: string): string => publishedPath(file, cwd, doc.policy.root);
  const unplaced = placeDiagnostics(
    api.pages,
    diagnostics.map((d) => ({ ...d, file: shown(d.file) })),
    shown(doc.root.path),
  );
  const errorCount = diagnostics.filter((d) => d.severity === 'error').length;
  if (unplaced.length > 0) api.diagnostics = unplaced;
  if (errorCount > 0) api.errorCount = errorCount;
  const invalid = invalidExamples(diagnostics.map((d) => ({ ...d, file: shown(d.file) })));
  if (invalid) api.invalidExamples = invalid;
  else delete api.invalidExamples;
  // Pages completed before the findings came (`apidesc-docs dev`) warn, or stop warning, now.
  for (const page of api.pages) markInvalidExamples(page, api.invalidExamples);
}

/**
 * Attaches each diagnostic to the page of the object it concerns (the deepest page whose object
 * contains its pointer, in the file it names); returns those that concern no page.
 */
function placeDiagnostics(pages: Page[], diagnostics: Diagnostic[], rootFile: string): PageDiagnostic[] {
  const byLocation = new Map<string, Page>();
  for (const page of pages) byLocation.set(`${rootFile}#${page.pointer}`, page);
  for (const page of pages)
    if (!byLocation.has(`${page.source.file}#${page.source.pointer}`)) byLocation.set(`${page.source.file}#${page.source.pointer}`, page);
  const unplaced: PageDiagnostic[] = [];
  for (const d of diagnostics) {
    const shown: PageDiagnostic = {
      severity: d.severity,
      code: d.code,
      message: d.message,
      ...(d.hint ? { hint: d.hint } : {}),
      where: d.line > 0 ? `${d.file}:${d.line}:${d.column}` : d.file,
      pointer: d.pointer,
    };
    let page: Page | undefined;
    for (let pointer = d.pointer; ; pointer = parentPointer(pointer)) {
      page = byLocation.get(`${d.file}#${pointer}`);
      if (page || pointer === '') break;
    }
    if (page) (page.diagnostics ??= []).push(shown);
    else unplaced.push(shown);
  }
  return unplaced;
}

/**
 * The document's files under `source/`, laid out as in the input folder so that relative `$ref`s
 * between them still work after download, each under a name of data (source-names.ts), and the
 * whole document bundled into one JSON file.
 */
function sourceDownloads(doc: ResolvedDoc, prefix: string, copies: SourceCopy[]): { label: string; url: string }[] {
  const local = doc.files.filter((f) => !/^https?:/i.test(f.path));
  // Laid out from the deepest folder that holds them all: `api.yaml` for a document in one folder,
  // `a/api.yaml` and `common/messages.yaml` for one that reaches a sibling folder.
  const base = local.map((f) => dirname(f.path)).reduce(commonFolder, dirname(doc.root.path));
  const rel = (path: string): string => relative(base, path).split(sep).join('/');
  const names = publishedSourceNames(local.map((f) => ({ rel: rel(f.path), format: f.format })));
  const downloads: { label: string; url: string }[] = [];
  local.forEach((f, i) => {
    const name = names[i]!;
    copies.push({ to: `${prefix}source/${name}`, text: () => f.text });
    // Named for the reader (the API description, and its format), not by the file's name, which
    // the download keeps; the other files of a document of several by their paths, which its references name.
    downloads.push({ label: i === 0 ? `API description (${doc.root.format === 'json' ? 'JSON' : 'YAML'})` : name, url: sourceUrl(name) });
  });
  const jsonName = bundledName(names[0]!, local.length === 1 && doc.root.format !== 'json', names);
  copies.push({ to: `${prefix}source/${jsonName}`, text: () => JSON.stringify(bundleDocument(doc), null, 2) + '\n' });
  downloads.push({
    label:
      local.length > 1
        ? 'API description in one JSON file (references between files inlined)'
        : `API description (JSON${doc.root.format === 'json' ? ', bundled' : ''})`,
    url: sourceUrl(jsonName),
  });
  return downloads;
}

/** Below this many pieces of code, a worker thread costs more than it saves. */
const PARALLEL_HIGHLIGHT_MIN = 400;

/**
 * Highlights pieces of code, half of them in a worker thread on the other core when there are
 * many. Highlighting is the largest part of preparing a big site (about 4.5 s of 3,400 code
 * blocks at 1,000 channels) and the renderer only waits meanwhile. One worker serves every batch.
 */
export class CodeHighlighter {
  #worker: Worker | undefined;
  #error: Error | undefined;
  #highlighter: Awaited<ReturnType<typeof loadLazyHighlighter>> | undefined;
  readonly #parallel: boolean;
  /** The worker's processor time (all of it, since it started) and elapsed time on batches, as it last reported them. */
  #workerUsage: { cpuMs: number; wallMs: number } | undefined;
  /** Code already highlighted, by its text (src/perf/highlight-memo.ts). */
  readonly #memo = mechanismOn('highlight-memo') ? new HighlightMemo() : undefined;

  /** `parallel: false` keeps all the work in this thread (see PARALLEL_HIGHLIGHT_BYTES in src/pipeline/prepare-stage.ts for when). */
  constructor(options: { parallel?: boolean } = {}) {
    this.#parallel = options.parallel ?? true;
  }

  /** Whether this highlighter shares large runs with a worker thread. */
  get parallel(): boolean {
    return this.#parallel;
  }

  /** Whether a worker thread is running (started by warmUp() or by a run with enough code). */
  get hasWorker(): boolean {
    return this.#worker !== undefined;
  }

  async run(jobs: HighlightJob[]): Promise<void> {
    await (this.#memo ? this.#memo.run(jobs, (unique) => this.#run(unique)) : this.#run(jobs));
  }

  async #run(jobs: HighlightJob[]): Promise<void> {
    const split = !this.#parallel || jobs.length < PARALLEL_HIGHLIGHT_MIN ? jobs.length : Math.floor(jobs.length / 2);
    const theirs = jobs.slice(split);
    let done: Promise<string[]> = Promise.resolve([]);
    if (theirs.length > 0) {
      const worker = this.#startWorker();
      done = new Promise<string[]>((resolveDone, fail) => {
        if (this.#error) return fail(this.#error);
        const failed = (error: Error): void => fail(error);
        worker.once('error', failed);
        worker.once('message', (reply: HighlightReply) => {
          worker.off('error', failed);
          this.#workerUsage = { cpuMs: reply.cpuMs, wallMs: (this.#workerUsage?.wallMs ?? 0) + reply.wallMs };
          resolveDone(reply.html);
        });
        worker.postMessage(theirs.map(({ kind, text, lang }): HighlightTask => ({ kind, text, lang })));
      });
    }
    const h = (this.#highlighter ??= await loadLazyHighlighter());
    const ours = jobs.slice(0, split);
    await loadLanguages(h, ours.flatMap(languagesIn));
    for (const job of ours) job.apply(runTask(h, job));
    const html = await done;
    theirs.forEach((job, i) => {
      job.apply(html[i]!);
    });
  }

  /** What the worker thread used, if one ran: its processor time since it started, and its elapsed time on batches. */
  workerUsage(): { cpuMs: number; wallMs: number } | undefined {
    return this.#workerUsage && { ...this.#workerUsage };
  }

  /**
   * Starts the worker now, so that it loads shiki (about 0.3 s) while the documents are still
   * being checked, not when the first batch of code waits for it.
   */
  warmUp(): void {
    this.#startWorker();
  }

  #startWorker(): Worker {
    if (!this.#worker) {
      this.#worker = new Worker(moduleFile('../lib/highlight/highlight-worker.ts', import.meta.url));
      // Kept for run(): a worker that fails before it is given work must not end the process.
      this.#worker.on('error', (error) => (this.#error = error));
    }
    return this.#worker;
  }

  async close(): Promise<void> {
    await this.#worker?.terminate();
    this.#worker = undefined;
  }
}

/** The code of every page and the API descriptions of a site, highlighted in one go. */
export async function highlightSite(site: SiteData): Promise<void> {
  const jobs: HighlightJob[] = [];
  for (const api of site.apis) {
    jobs.push(...descriptionJob(api.descriptionHtml, (html) => (api.descriptionHtml = html)));
    for (const page of api.pages) jobs.push(...pageJobs(page));
  }
  const highlighter = new CodeHighlighter();
  try {
    await highlighter.run(jobs);
  } finally {
    await highlighter.close();
  }
}

/** The deepest folder that holds both folders. */
function commonFolder(a: string, b: string): string {
  while (a !== b && !within(a, b)) a = dirname(a);
  return a;
}
