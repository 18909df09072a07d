/**
 * The site data `apidesc-docs dev` renders from: the documents are validated and modelled in
 * this process after every edit, but only the summaries of the pages (what lists and navigation
 * show) are computed up front; a page's description, facts and sections are computed when the
 * page asks for them (SiteSource.pageContent), which is when that page is rendered. So an edit costs reading the
 * document plus the page being looked at, not the whole site (about 4 s of page building at
 * 1,000 channels); validation follows in a worker thread and its findings replace the previous
 * ones when it ends.
 */
import type { Highlighter } from 'shiki';
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { formatText, summaryLine } from '../lib/diagnostics/format-text.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import { highlightWith, loadHighlighter } from '../lib/highlight/highlight-html.ts';
import { highlightPage } from '../lib/highlight/highlight-page.ts';
import { Worker } from 'node:worker_threads';
import type { ResolvedDoc } from '../lib/resolve/resolved-doc.ts';
import { openDocument, type ValidateOptions } from '../lib/validate/validate-document.ts';
import type { Page } from '../lib/model/page-types.ts';
import type { SiteSettings } from '../site/site-data-types.ts';
import { moduleFile } from '../lib/module-file.ts';
import { expandInputs } from '../lib/inputs/expand-inputs.ts';
import type { Reporter } from '../lib/reporter.ts';
import type { GuideRef } from '../site/guide-refs.ts';
import { checkGuideRefs } from '../pipeline/guide-check.ts';
import { attachDiagnostics, buildSiteData, type SourceCopy } from '../site/site-model.ts';
import type { ModelOptions } from '../lib/model/build-model.ts';
import { completeSite, type SiteSource } from '../site/site-source.ts';
import { contentShapesRoutes } from '../site/site-data.ts';

/** The site's settings and the guides' references, read again with every refresh (guides change too). */
export type GuidesReader = () => { settings: SiteSettings; refs: GuideRef[] };

/** Validation starts this long after a refresh when no page is requested meanwhile. */
const VALIDATION_IDLE_START_MS = 1000;

/** Diagnostics printed in the terminal after an edit; all of them are on the pages. */
const PRINTED = 20;

export class LiveSite {
  #source: SiteSource = completeSite({ apis: [] });
  #copies = new Map<string, SourceCopy>();
  #files: string[] = [];
  #highlighter: Highlighter | undefined;
  readonly #validator = new ValidationWorker();
  /** The latest findings of each document (by displayed root file), shown until the next validation ends. */
  readonly #findings = new Map<string, Diagnostic[]>();
  #generation = 0;
  #onPageServed: (() => void) | undefined;
  #idleStart: NodeJS.Timeout | undefined;
  readonly #inputs: string[];
  readonly #options: ValidateOptions & { cwd: string };
  readonly #io: Reporter;
  readonly #guides: GuidesReader | undefined;
  /** What the configuration decides of the model (configuredModelOptions): the code samples' languages. */
  readonly #model: ModelOptions;

  constructor(inputs: string[], options: ValidateOptions & { cwd: string }, io: Reporter, guides?: GuidesReader, model: ModelOptions = {}) {
    this.#inputs = inputs;
    this.#options = options;
    this.#io = io;
    this.#guides = guides;
    this.#model = model;
  }

  /** The site of the latest version that could be read, for the pages (a new object after every refresh). */
  get source(): SiteSource {
    return this.#source;
  }

  /** Every local file the documents are made of (to watch). */
  get files(): string[] {
    return this.#files;
  }

  /** A file under source/ (the documents as written, and bundled). */
  copy(path: string): string | undefined {
    return this.#copies.get(path)?.text();
  }

  /**
   * Reads and models the documents again, then validates them in the worker. Returns as soon as
   * the new pages can be shown, with the findings of the previous validation placed on
   * them; `findings` settles when this version's validation is done and attached, and says
   * whether they differ from those shown (the open page then needs one more reload). When a
   * document cannot be read at all, the previous site stays (the terminal says why).
   */
  async refresh(): Promise<{ ok: boolean; pages: number; findings: Promise<boolean> }> {
    this.#highlighter ??= await loadHighlighter();
    const generation = ++this.#generation;
    this.#validator.cancel();
    const { cwd } = this.#options;
    const { files, missing } = expandInputs(this.#inputs, cwd);
    const opened: { file: string; doc: ResolvedDoc }[] = [];
    const sources = new Map<string, string>();
    for (const file of files) {
      const { doc, unparsed } = await openDocument(file, this.#options);
      for (const f of unparsed) sources.set(displayPath(f.path, cwd), f.text);
      if (!doc) continue;
      opened.push({ file, doc });
      for (const f of doc.files) sources.set(displayPath(f.path, cwd), f.text);
    }
    // The files to watch: the documents and what resolving them read or tried to read (a missing
    // file included: it is seen when it appears). References resolved later, when a page is
    // built, and by the validation (which resolves every one) are added as they become known.
    const watched = new Set<string>(files);
    const watch = (paths: Iterable<string>): void => {
      for (const path of paths) if (!/^https?:/i.test(path)) watched.add(path);
      if (generation === this.#generation) this.#files = [...watched];
    };
    watch(opened.flatMap(({ doc }) => doc.paths));
    // Validation starts once the reader's page has been sent (pageServed), so it does not slow
    // down what the reader waits for (two cores: the worker would take one, garbage collection
    // and the renderer the rest).
    const validation = async (): Promise<Diagnostic[][] | undefined> => {
      const found = await Promise.all(files.map((file) => this.#validator.validate(file, this.#options)));
      if (found.some((f) => f === undefined)) return undefined;
      watch(found.flatMap((f) => f!.files));
      return found.map((f) => f!.diagnostics);
    };
    const print = (found: Diagnostic[][]): void => {
      const all = found.flat();
      const shown = [...all.filter((d) => d.severity === 'error'), ...all.filter((d) => d.severity !== 'error')].slice(0, PRINTED);
      if (shown.length > 0)
        this.#io.err(
          formatText(shown, { sources }) + (all.length > shown.length ? `\n… and ${all.length - shown.length} more, each on the page it concerns.` : ''),
        );
      this.#io.err(summaryLine(all, files.length));
    };
    if (opened.length !== files.length || missing.length > 0 || files.length === 0) {
      return {
        ok: false,
        pages: 0,
        findings: validation().then((found) => {
          if (found) print(found);
          return false;
        }),
      };
    }
    const model = buildSiteData(opened, cwd, { deferPages: true, ...this.#model });
    watch(opened.flatMap(({ doc }) => doc.paths));
    const highlighter = this.#highlighter;
    const rootFiles = opened.map(({ doc }) => displayPath(doc.root.path, cwd));
    model.site.apis.forEach((api, i) => {
      attachDiagnostics(api, this.#findings.get(rootFiles[i]!) ?? [], opened[i]!.doc, cwd);
      if (api.descriptionHtml) api.descriptionHtml = highlightWith(highlighter, api.descriptionHtml);
    });
    // Complete and highlighted once, when a page needs its content.
    const completed = new WeakSet<Page>();
    const withContent = (page: Page): Page => {
      if (!completed.has(page)) {
        completed.add(page);
        highlightPage(highlighter, model.complete(page));
      }
      return page;
    };
    // The pages whose content decides routes (a server's paged lists) are listed with it.
    for (const api of model.site.apis) for (const page of api.pages) if (contentShapesRoutes(page)) withContent(page);
    if (this.#guides) {
      const { settings, refs } = this.#guides();
      model.site.settings = settings;
      // Broken references show on the guide pages; the terminal says where they are written.
      const broken = checkGuideRefs(
        refs,
        model.site.apis,
        opened.map(({ doc }) => doc),
        withContent,
      );
      if (broken.length > 0) this.#io.err(formatText(broken));
    }
    const site = model.site;
    this.#source = {
      site,
      pageContent: async (page) => void withContent(page),
      allPageContent: async () => {
        for (const api of site.apis) for (const page of api.pages) withContent(page);
      },
    };
    this.#copies = new Map(model.copies.map((c) => [c.to, c]));
    const findings = this.#pageServedOrIdle(generation)
      .then(validation)
      .then((found) => {
        // A later edit has replaced these pages: its own validation will report.
        if (!found || generation !== this.#generation) return false;
        print(found);
        let changed = false;
        model.site.apis.forEach((api, i) => {
          const before = this.#findings.get(rootFiles[i]!) ?? [];
          changed ||= fingerprint(before) !== fingerprint(found[i]!);
          this.#findings.set(rootFiles[i]!, found[i]!);
          for (const page of api.pages) delete page.diagnostics;
          delete api.diagnostics;
          delete api.errorCount;
          attachDiagnostics(api, found[i]!, opened[i]!.doc, cwd);
        });
        return changed;
      });
    return { ok: true, pages: model.site.apis.reduce((n, api) => n + api.pages.length, 0), findings };
  }

  /**
   * Says that a page has been sent since the last refresh: the validation of the new version
   * may start. It waits for that, so that it does not take the second core while the reader's
   * page is rendered (1000 channels: an edit shown after 0.95 s instead of 1.3–2 s).
   */
  pageServed(): void {
    this.#onPageServed?.();
  }

  /** Settles once a page has been served for `generation`, or after a short while without any (no page open). */
  #pageServedOrIdle(generation: number): Promise<void> {
    return new Promise<void>((ready) => {
      clearTimeout(this.#idleStart);
      this.#idleStart = setTimeout(ready, VALIDATION_IDLE_START_MS);
      this.#onPageServed = () => {
        if (generation !== this.#generation) return;
        clearTimeout(this.#idleStart);
        this.#onPageServed = undefined;
        ready();
      };
    });
  }

  close(): Promise<void> {
    // A validation that has not started yet never will.
    clearTimeout(this.#idleStart);
    this.#onPageServed = undefined;
    return this.#validator.close();
  }
}

/** What the validation of a document found, and every file it read or tried to read. */
interface Validated {
  diagnostics: Diagnostic[];
  files: string[];
}

/**
 * The validation worker (validate-worker.ts), one request per document. A validation that a newer
 * edit has made pointless is stopped (the worker is replaced), so it never competes with the
 * reading of the newer version for the CPU.
 */
class ValidationWorker {
  #worker: Worker | undefined;
  readonly #pending = new Map<number, { done: (d: Validated | undefined) => void; fail: (e: Error) => void }>();
  #next = 0;

  #start(): Worker {
    const worker = new Worker(moduleFile('./validate-worker.ts', import.meta.url));
    worker.on('message', ({ id, diagnostics, files, error }: { id: number; diagnostics?: Diagnostic[]; files?: string[]; error?: string }) => {
      const pending = this.#pending.get(id);
      this.#pending.delete(id);
      if (error !== undefined) pending?.fail(new Error(error));
      else pending?.done({ diagnostics: diagnostics ?? [], files: files ?? [] });
      if (this.#pending.size === 0) worker.unref();
    });
    worker.on('error', (error) => {
      for (const p of this.#pending.values()) p.fail(error);
      this.#pending.clear();
      if (this.#worker === worker) this.#worker = undefined;
    });
    return worker;
  }

  /** The document's findings and the files it is made of, or undefined when `cancel` stopped the validation. */
  validate(file: string, options: ValidateOptions): Promise<Validated | undefined> {
    const id = this.#next++;
    this.#worker ??= this.#start();
    const worker = this.#worker;
    return new Promise((done, fail) => {
      this.#pending.set(id, { done, fail });
      worker.ref();
      worker.postMessage({ id, file, options });
    });
  }

  /** Stops the validations under way (their promises settle with undefined). */
  cancel(): void {
    if (this.#pending.size === 0 || !this.#worker) return;
    void this.#worker.terminate();
    this.#worker = undefined;
    for (const p of this.#pending.values()) p.done(undefined);
    this.#pending.clear();
  }

  async close(): Promise<void> {
    this.cancel();
    await this.#worker?.terminate();
  }
}

/** What a reader sees of a list of findings (not their line numbers, which move with every edit). */
function fingerprint(diagnostics: Diagnostic[]): string {
  return diagnostics
    .map((d) => `${d.severity} ${d.code} ${d.file}#${d.pointer} ${d.message}`)
    .sort()
    .join('\n');
}
