/**
 * Writes the site data (src/site/site-data-file-format.ts): first the summaries file, whole and
 * then renamed, so the renderer never reads half of it; then the content of the pages, batch by
 * batch: each batch is completed, highlighted, digested, appended to the content file, and then
 * let go. The renderer renders pages as their content arrives, and the prepare process holds the
 * document and the summaries, never every page's full content at once (what made it the largest
 * process of a big build).
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { descriptionJob, pageJobs } from '../lib/highlight/highlight-page.ts';
import type { Page } from '../lib/model/page-types.ts';
import { contentFileOf, contentLine, headLine, summaryLine } from '../site/site-data-file-format.ts';
import type { SiteApi, SiteData } from '../site/site-data-types.ts';
import { contentShapesRoutes } from '../site/site-data.ts';
import type { CodeHighlighter } from './site-data-file.ts';

/**
 * Pages completed and highlighted together. Small batches let the renderer start on the first
 * pages early; a site that highlights on two threads (about 250 channels and more) needs large
 * ones for the worker to pay off.
 */
export const BATCH_PAGES = { streamed: 25, parallel: 1000 };
/** Bytes gathered before each write. */
const WRITE_BLOCK = 1 << 20;

export const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** What a page shows, without the line numbers that move when lines above it are added or removed. */
function pageDigest(page: Page): string {
  const { line: _line, ...source } = page.source;
  const diagnostics = page.diagnostics?.map(({ where: _where, ...rest }) => rest);
  return digest(JSON.stringify({ ...page, source, ...(diagnostics ? { diagnostics } : {}) }));
}

/** Gathers text into blocks of about WRITE_BLOCK bytes per write. */
class BlockWriter {
  readonly #fd: number;
  #pending: string[] = [];
  #size = 0;

  constructor(fd: number) {
    this.#fd = fd;
  }

  write(chunk: string): void {
    this.#pending.push(chunk);
    this.#size += chunk.length;
    if (this.#size >= WRITE_BLOCK) this.flush();
  }

  flush(): void {
    if (this.#pending.length > 0) writeSync(this.#fd, this.#pending.join(''));
    this.#pending = [];
    this.#size = 0;
  }
}

/** Writes a file through a BlockWriter; closed however `write` ends. */
async function withFile(path: string, write: (out: BlockWriter) => Promise<void> | void): Promise<void> {
  const fd = openSync(path, 'w');
  try {
    const out = new BlockWriter(fd);
    await write(out);
    out.flush();
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `site` to `path` (the summaries) and its content file, its code highlighted by
 * `highlighter` (left open: the caller may have started it early), `batchPages` pages at a time
 * (BATCH_PAGES). Its pages complete themselves when read (completeOnRead) and are emptied once
 * written. Returns the digest of each page by its URL relative to the site.
 */
export async function writeSiteData(path: string, site: SiteData, highlighter: CodeHighlighter, batchPages: number): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  const complete = async (api: SiteApi, pages: Page[]): Promise<void> => {
    // The digest is of the content, not of how it is coloured: taken before highlighting.
    for (const page of pages) digests.set(api.prefix + page.url, pageDigest(page));
    await highlighter.run(pages.flatMap(pageJobs));
  };
  await highlighter.run(site.apis.flatMap((api) => descriptionJob(api.descriptionHtml, (html) => (api.descriptionHtml = html))));
  const whole = new Set<Page>();
  for (const api of site.apis) {
    const pages = api.pages.filter(contentShapesRoutes);
    await complete(api, pages);
    for (const page of pages) whole.add(page);
  }
  // The content file exists before the summaries do: the renderer opens it once it has them.
  await withFile(contentFileOf(path), async (content) => {
    await withFile(`${path}.partial`, (summaries) => {
      summaries.write(headLine(site));
      for (const api of site.apis) for (const page of api.pages) summaries.write(summaryLine(page, whole.has(page)));
    });
    renameSync(`${path}.partial`, path);
    for (const page of whole) forget(page);
    for (const api of site.apis) {
      const rest = api.pages.filter((page) => !whole.has(page));
      for (let start = 0; start < rest.length; start += batchPages) {
        const batch = rest.slice(start, start + batchPages);
        await complete(api, batch);
        for (const page of batch) {
          content.write(contentLine(page));
          forget(page);
        }
        // Each batch is written at once: the renderer is waiting for it.
        content.flush();
      }
    }
  });
  return digests;
}

/** Written: only the summary stays (for the route manifest and the sitemap). */
function forget(page: Page): void {
  page.sections = [];
  page.facts = [];
  delete page.descriptionHtml;
}
