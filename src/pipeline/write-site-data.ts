/**
 * Writes the site data stream (src/site/site-stream.ts) for the renderer: first the summaries,
 * then the content of the pages, batch by batch: each batch is completed, digested, highlighted,
 * written, and then let go. The renderer renders pages as their content arrives, and the prepare
 * process holds the document and the summaries, never every page's full content at once (what
 * made it the largest process of a big build).
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { descriptionJob, pageJobs } from '../lib/highlight/highlight-page.ts';
import type { Page } from '../lib/model/page-types.ts';
import { contentLine, headLine, summaryLine } from '../site/site-stream.ts';
import type { SiteApi, SiteData } from '../site/site-data-types.ts';
import { contentShapesRoutes } from '../site/site-data.ts';
import { Timings } from '../lib/timings.ts';
import type { CodeHighlighter } from '../site/site-model.ts';

/**
 * Pages completed and highlighted together. Small batches let the renderer start on the first
 * pages early; a site that highlights on two threads (about 250 channels and more) needs larger
 * ones for the worker to pay off. A batch's pages are held whole, highlighted, until written:
 * 1,000 of them were about 150 MB of the model process's heap at 1,000 channels, on top of
 * what it keeps, and set its peak; 250 hold a quarter of that (bench/README.md, 2026-11-27).
 */
export const BATCH_PAGES = { streamed: 25, parallel: 250 };
/** Bytes gathered before each write. */
const WRITE_BLOCK = 1 << 20;

export const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** What a page shows, without the line numbers that move when lines above it are added or removed. */
function pageDigest(page: Page): string {
  const { line: _line, ...source } = page.source;
  const diagnostics = page.diagnostics?.map(({ where: _where, ...rest }) => rest);
  return digest(JSON.stringify({ ...page, source, ...(diagnostics ? { diagnostics } : {}) }));
}

/** Gathers text into blocks of about WRITE_BLOCK bytes per write, and waits when the reader is behind. */
class BlockWriter {
  readonly #out: Writable;
  #pending: string[] = [];
  #size = 0;

  constructor(out: Writable) {
    this.#out = out;
  }

  async write(chunk: string): Promise<void> {
    this.#pending.push(chunk);
    this.#size += chunk.length;
    if (this.#size >= WRITE_BLOCK) await this.flush();
  }

  async flush(): Promise<void> {
    const block = this.#pending.join('');
    this.#pending = [];
    this.#size = 0;
    if (block !== '' && !this.#out.write(block)) await once(this.#out, 'drain');
  }
}

/** What writeSiteData is given besides the site: who sees each completed page, and where its time is counted. */
export interface WriteSiteDataOptions {
  /** Sees each page once complete, before it is highlighted (the Markdown twins are written from it: machine-files.ts). */
  completed?: (api: SiteApi, page: Page) => void;
  /** Where the parts of the work are measured (`build --timings`): model, twins, fingerprints, highlighting, stream. */
  timings?: Timings;
  /**
   * APIs whose pages came from the build cache (src/pipeline/cache/): their pages go as summaries
   * with no content (the renderer leaves them out, and lists and the portal's root need only
   * summaries), and are never completed, digested or highlighted.
   */
  reused?: ReadonlySet<SiteApi>;
  /**
   * Called before an API's pages are completed, and `close` once they are (twice for an API with
   * servers, whose pages come first): an API known by its summary has its document loaded only
   * while its pages are made (prepare-stage.ts), so that the process holds one such document at a time.
   */
  open?: (api: SiteApi) => Promise<void>;
  close?: (api: SiteApi) => void;
}

/** The parts of writeSiteData's work, as `build --timings` names them (build-timings.ts). */
export const WRITE_PARTS = {
  model: 'model',
  twins: 'twins and llms files',
  fingerprints: 'page fingerprints',
  highlight: 'code highlighting',
  stream: 'site data stream',
} as const;

/**
 * Writes `site` to `out`, its pages completed by `complete` (SiteModel.complete) and their code
 * highlighted by `highlighter` (left open: the caller may have started it early), `batchPages`
 * pages at a time (BATCH_PAGES); pages are emptied once written. Returns the digest of each page
 * by its URL relative to the site. `out` is left open. Each batch is completed, then shown to
 * `completed`, then digested (all three before highlighting), then highlighted: one part at a
 * time, so that each part's time is measured per batch, not per page.
 */
export async function writeSiteData(
  out: Writable,
  site: SiteData,
  complete: (page: Page) => Page,
  highlighter: CodeHighlighter,
  batchPages: number,
  { completed, timings = new Timings(), reused = new Set(), open, close }: WriteSiteDataOptions = {},
): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  const completeBatch = async (api: SiteApi, pages: Page[]): Promise<void> => {
    timings.measure(WRITE_PARTS.model, () => {
      for (const page of pages) complete(page);
    });
    if (completed)
      timings.measure(WRITE_PARTS.twins, () => {
        for (const page of pages) completed(api, page);
      });
    // The digest is of the content, not of how it is coloured: taken before highlighting.
    timings.measure(WRITE_PARTS.fingerprints, () => {
      for (const page of pages) digests.set(api.prefix + page.url, pageDigest(page));
    });
    await timings.measureAsync(WRITE_PARTS.highlight, () => highlighter.run(pages.flatMap(pageJobs)));
  };
  await timings.measureAsync(WRITE_PARTS.highlight, () =>
    highlighter.run(site.apis.flatMap((api) => descriptionJob(api.descriptionHtml, (html) => (api.descriptionHtml = html)))),
  );
  const whole = new Set<Page>();
  const built = site.apis.filter((api) => !reused.has(api));
  for (const api of reused) for (const page of api.pages) whole.add(forget(page));
  for (const api of built) {
    const pages = api.pages.filter(contentShapesRoutes);
    if (pages.length === 0) continue;
    await open?.(api);
    await completeBatch(api, pages);
    close?.(api);
    for (const page of pages) whole.add(page);
  }
  const writer = new BlockWriter(out);
  await timings.measureAsync(WRITE_PARTS.stream, async () => {
    await writer.write(headLine(site));
    for (const api of site.apis) for (const page of api.pages) await writer.write(summaryLine(page, whole.has(page)));
    // The summaries at once: the renderer lists the pages from them and starts.
    await writer.flush();
  });
  for (const page of whole) forget(page);
  for (const api of built) {
    const rest = api.pages.filter((page) => !whole.has(page));
    if (rest.length === 0) continue;
    await open?.(api);
    for (let start = 0; start < rest.length; start += batchPages) {
      const batch = rest.slice(start, start + batchPages);
      await completeBatch(api, batch);
      // Each batch is written at once: the renderer is waiting for it.
      await timings.measureAsync(WRITE_PARTS.stream, async () => {
        for (const page of batch) {
          await writer.write(contentLine(page));
          forget(page);
        }
        await writer.flush();
      });
    }
    close?.(api);
  }
  return digests;
}

/** Written: only the summary stays (for the route manifest and the sitemap). */
function forget(page: Page): Page {
  page.sections = [];
  page.facts = [];
  delete page.descriptionHtml;
  delete page.authorFacts;
  return page;
}
