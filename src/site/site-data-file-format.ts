/**
 * The site data, written by the build's prepare step and read by the renderer, in two files of
 * JSON lines. Neither side ever holds the whole site as one string (at 2,000 channels that
 * string is hundreds of megabytes, on top of the objects it is made from or into).
 *
 * - The summaries file (`site.json`): one line of everything but the pages, then one line per
 *   page, in the order of the APIs and of their pages: the page without its content (the fields
 *   of PAGE_CONTENT_FIELDS), which is what routes, lists and navigation need; or the whole page,
 *   for the few pages whose content decides routes (a server's paged lists).
 * - The content file (`site.json.content`): one line per page whose summary came without its
 *   content, in the same order: that content. The prepare step writes it while the renderer
 *   already renders, so pages are rendered as their content arrives instead of after the last
 *   one is modelled (src/site/page-content-feed.ts reads it).
 */
import type { Page } from '../lib/model/page-types.ts';
import type { SiteApi, SiteData } from './site-data-types.ts';

interface Head {
  settings?: SiteData['settings'];
  /** Each API without its pages, and how many of the following lines are its pages. */
  apis: (Omit<SiteApi, 'pages'> & { pageCount: number })[];
}

/** What the model completes last of a page (src/lib/model/pages.ts, completePage). */
export const PAGE_CONTENT_FIELDS = ['descriptionHtml', 'facts', 'sections'] as const;

type PageContent = Pick<Page, (typeof PAGE_CONTENT_FIELDS)[number]>;

/** The content file of a summaries file. */
export const contentFileOf = (summariesFile: string): string => `${summariesFile}.content`;

/** The first line: settings, and each API without its pages. */
export function headLine(site: SiteData): string {
  const head: Head = {
    ...(site.settings ? { settings: site.settings } : {}),
    apis: site.apis.map(({ pages, ...api }) => ({ ...api, pageCount: pages.length })),
  };
  return JSON.stringify(head) + '\n';
}

/**
 * The summary line of a page, whole or without its content. Without it, the content fields are
 * not read: a page of the model completes itself when one of them is read.
 */
export function summaryLine(page: Page, whole: boolean): string {
  if (whole) return JSON.stringify(page) + '\n';
  const summary: Record<string, unknown> = {};
  for (const key of Object.keys(page)) if (!isContentField(key)) summary[key] = (page as unknown as Record<string, unknown>)[key];
  return JSON.stringify(summary) + '\n';
}

/** The content line of a page whose summary came without it. */
export function contentLine(page: Page): string {
  const content: PageContent = {
    facts: page.facts,
    sections: page.sections,
    ...(page.descriptionHtml !== undefined ? { descriptionHtml: page.descriptionHtml } : {}),
  };
  return JSON.stringify(content) + '\n';
}

/** Writes `site` as a summaries file of whole pages only, which needs no content file (tests build sites so). */
export function writeSiteLines(site: SiteData, write: (chunk: string) => void): void {
  write(headLine(site));
  for (const api of site.apis) for (const page of api.pages) write(summaryLine(page, true));
}

const isContentField = (key: string): boolean => (PAGE_CONTENT_FIELDS as readonly string[]).includes(key);

/**
 * Reads a summaries file. Returns the site and, in order, the pages whose content is still to
 * come from the content file: reading one of their content fields before it came throws, so
 * that a page is never rendered without it by mistake.
 */
export function readSummaries(data: Buffer): { site: SiteData; waiting: Page[] } {
  let start = 0;
  const nextLine = (): string => {
    const end = data.indexOf(10, start);
    if (end < 0) throw new Error('the site data file ends early');
    const line = data.toString('utf8', start, end);
    start = end + 1;
    return line;
  };
  const waiting: Page[] = [];
  const head = JSON.parse(nextLine()) as Head;
  const apis: SiteApi[] = head.apis.map(({ pageCount, ...api }) => {
    const pages: Page[] = [];
    for (let i = 0; i < pageCount; i++) {
      const page = JSON.parse(nextLine()) as Page;
      // A whole page always has its sections (an array, possibly empty).
      if (!('sections' in page)) {
        awaitContent(page);
        waiting.push(page);
      }
      pages.push(page);
    }
    return { ...api, pages };
  });
  return { site: { apis, ...(head.settings ? { settings: head.settings } : {}) }, waiting };
}

function awaitContent(page: Page): void {
  for (const key of PAGE_CONTENT_FIELDS) {
    Object.defineProperty(page, key, {
      configurable: true,
      enumerable: true,
      get() {
        throw new Error(`the content of the page ${page.url} was read before it arrived: await pageContent(page) first`);
      },
    });
  }
}

/** Fills a page read by readSummaries with its content line. */
export function fillContent(page: Page, line: string): void {
  for (const key of PAGE_CONTENT_FIELDS) delete (page as unknown as Record<string, unknown>)[key];
  Object.assign(page, JSON.parse(line) as PageContent);
}
