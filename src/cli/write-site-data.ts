/**
 * Writes the site data file (src/site/site-data-file-format.ts) page by page: pages come from
 * the model as summaries, and each batch is completed, highlighted, digested, written, and then
 * let go. The prepare process so holds the document and the summaries, never every page's full
 * content at once (what made it the largest process of a big build).
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { descriptionJob, pageJobs } from '../lib/highlight/highlight-page.ts';
import type { Page } from '../lib/model/pages.ts';
import { headLine, pageLine } from '../site/site-data-file-format.ts';
import type { SiteData } from '../site/site-data.ts';
import type { CodeHighlighter } from './site-data-file.ts';

/** Pages completed and highlighted together: enough code for the worker thread to pay off. */
const BATCH_PAGES = 1000;
/** Bytes gathered before each write. */
const WRITE_BLOCK = 1 << 20;

export const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** What a page shows, without the line numbers that move when lines above it are added or removed. */
function pageDigest(page: Page): string {
  const { line: _line, ...source } = page.source;
  const diagnostics = page.diagnostics?.map(({ where: _where, ...rest }) => rest);
  return digest(JSON.stringify({ ...page, source, ...(diagnostics ? { diagnostics } : {}) }));
}

/**
 * Writes `site` to `path`, its code highlighted by `highlighter` (left open: the caller may have
 * started it early); its pages complete themselves when read (completeOnRead) and are emptied
 * once written. Returns the digest of each page by its URL relative to the site.
 */
export async function writeSiteData(path: string, site: SiteData, highlighter: CodeHighlighter): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  const fd = openSync(path, 'w');
  try {
    let pending: string[] = [];
    let size = 0;
    const write = (chunk: string): void => {
      pending.push(chunk);
      size += chunk.length;
      if (size < WRITE_BLOCK) return;
      writeSync(fd, pending.join(''));
      pending = [];
      size = 0;
    };
    await highlighter.run(site.apis.flatMap((api) => descriptionJob(api.descriptionHtml, (html) => (api.descriptionHtml = html))));
    write(headLine(site));
    for (const api of site.apis) {
      for (let start = 0; start < api.pages.length; start += BATCH_PAGES) {
        const batch = api.pages.slice(start, start + BATCH_PAGES);
        // The digest is of the content, not of how it is coloured: taken before highlighting.
        for (const page of batch) digests.set(api.prefix + page.url, pageDigest(page));
        await highlighter.run(batch.flatMap(pageJobs));
        for (const page of batch) {
          write(pageLine(page));
          // Written: only the summary stays (for the route manifest and the sitemap).
          page.sections = [];
          page.facts = [];
          delete page.descriptionHtml;
        }
      }
    }
    writeSync(fd, pending.join(''));
  } finally {
    closeSync(fd);
  }
  return digests;
}
