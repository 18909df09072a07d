/**
 * The site data as one stream of JSON lines, from the build's prepare step to its renderer
 * (src/pipeline/prepare-stage.ts writes it, src/pipeline/render-stage.ts reads it). Neither side ever
 * holds the whole site as one string (at 2,000 channels that string is hundreds of megabytes).
 *
 * 1. One head line: the settings, and each API without its pages (with how many pages it has).
 * 2. One summary line per page, in the order of the APIs and of their pages: the page without
 *    its content (PAGE_CONTENT_FIELDS), which is what routes, lists and navigation need; or the
 *    whole page, for the few pages whose content decides routes (a server's paged lists).
 * 3. One content line per page whose summary came without it, in the same order.
 *
 * The prepare step writes part 3 while the renderer already renders, so pages are rendered as
 * their content arrives instead of after the last one is modelled. The reader is driven by the
 * stream's own events: a page waits on a promise that the line carrying its content settles.
 */
import type { Page } from '../lib/model/page-types.ts';
import { Timings } from '../lib/timings.ts';
import type { SiteApi, SiteData } from './site-data-types.ts';
import type { SiteSource } from './site-source.ts';

interface Head {
  settings?: SiteData['settings'];
  flows?: SiteData['flows'];
  changes?: SiteData['changes'];
  /** Each API without its pages, and how many of the following lines are its pages. */
  apis: (Omit<SiteApi, 'pages'> & { pageCount: number })[];
}

/** The name under which reading the stream is measured (`build --timings`). */
export const READING = 'reading the site data';

/** What the model completes last of a page (src/lib/model/pages.ts, completePage). */
export const PAGE_CONTENT_FIELDS = ['descriptionHtml', 'facts', 'authorFacts', 'sections'] as const;

type PageContent = Pick<Page, (typeof PAGE_CONTENT_FIELDS)[number]>;

/** The first line: settings, and each API without its pages. */
export function headLine(site: SiteData): string {
  const head: Head = {
    ...(site.settings ? { settings: site.settings } : {}),
    ...(site.flows ? { flows: site.flows } : {}),
    ...(site.changes ? { changes: site.changes } : {}),
    apis: site.apis.map(({ pages, ...api }) => ({ ...api, pageCount: pages.length })),
  };
  return JSON.stringify(head) + '\n';
}

/** The summary line of a page, whole or without its content. */
export function summaryLine(page: Page, whole: boolean): string {
  if (whole) return JSON.stringify(page) + '\n';
  const summary: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(page)) if (!isContentField(key)) summary[key] = value;
  return JSON.stringify(summary) + '\n';
}

/** The content line of a page whose summary came without it. */
export function contentLine(page: Page): string {
  const content: PageContent = {
    facts: page.facts,
    sections: page.sections,
    ...(page.descriptionHtml !== undefined ? { descriptionHtml: page.descriptionHtml } : {}),
    ...(page.authorFacts !== undefined ? { authorFacts: page.authorFacts } : {}),
  };
  return JSON.stringify(content) + '\n';
}

/** `site` as a stream of whole pages only, which needs no content lines (tests render sites so). */
export function wholeSiteLines(site: SiteData): string[] {
  return [headLine(site), ...site.apis.flatMap((api) => api.pages.map((page) => summaryLine(page, true)))];
}

const isContentField = (key: string): boolean => (PAGE_CONTENT_FIELDS as readonly string[]).includes(key);

/** A promise with its settle functions, for a page that waits for its content line. */
interface Waiter {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Reads a site stream. Resolves once the head and every summary have come, with the site and a
 * way to wait for each page's content, which keeps arriving; rejects if the stream ends or
 * breaks before the summaries are complete. A page whose content never comes (the stream ended
 * early: the prepare step failed) rejects its wait instead of hanging. `timings` measures the
 * decoding of the lines (`build --timings`).
 */
export function readSiteStream(chunks: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, timings = new Timings()): Promise<SiteSource> {
  const lines = lineReader(chunks);
  return readSite(lines, timings);
}

async function readSite(lines: AsyncIterator<string>, timings: Timings): Promise<SiteSource> {
  const next = async (): Promise<string> => {
    const line = await lines.next();
    if (line.done) throw new Error('the site data ended before every page summary had come');
    return line.value;
  };
  const head = parsed<Head>(await next(), timings);
  const waiting: Page[] = [];
  const apis: SiteApi[] = [];
  for (const { pageCount, ...api } of head.apis) {
    const pages: Page[] = [];
    for (let i = 0; i < pageCount; i++) {
      const page = parsed<Page>(await next(), timings);
      // A whole page always has its sections (an array, possibly empty).
      if (!Object.hasOwn(page, 'sections')) {
        // Empty until its content line fills it: a summary is a page with nothing to show yet.
        page.facts = [];
        page.sections = [];
        waiting.push(page);
      }
      pages.push(page);
    }
    apis.push({ ...api, pages });
  }
  const site: SiteData = {
    apis,
    ...(head.settings ? { settings: head.settings } : {}),
    ...(head.flows ? { flows: head.flows } : {}),
    ...(head.changes ? { changes: head.changes } : {}),
  };
  return contentArrival(site, waiting, lines, timings);
}

function parsed<T>(line: string, timings: Timings): T {
  return timings.measure(READING, () => JSON.parse(line) as T);
}

/**
 * Content lines read ahead of the furthest page asked for (SiteSource.pageContent): the renderer
 * renders pages in stream order, a few at a time, so that reading further would only hold
 * content in memory before its page is rendered (a large site's whole content, read from its
 * file, held the renderer at 800 MB at 1,000 channels).
 */
export const READ_AHEAD_PAGES = 64;

/** The site whose `waiting` pages (in stream order) are filled by the content lines still to come. */
function contentArrival(site: SiteData, waiting: Page[], lines: AsyncIterator<string>, timings: Timings): SiteSource {
  const waiters = new Map<Page, Waiter>(waiting.map((page) => [page, waiter()]));
  const positions = new Map<Page, number>(waiting.map((page, i) => [page, i]));
  let failed: Error | undefined;
  const everyPage = waiter();
  // The furthest page asked for, by its position in `waiting`; and the reader, when it waits for a further one.
  let asked = -1;
  let demand: (() => void) | undefined;
  const ask = (position: number): void => {
    if (position <= asked) return;
    asked = position;
    demand?.();
  };
  const fail = (error: Error): void => {
    failed = error;
    for (const w of waiters.values()) w.reject(error);
    everyPage.reject(error);
  };
  void (async () => {
    for (const [i, page] of waiting.entries()) {
      while (i > asked + READ_AHEAD_PAGES) await new Promise<void>((more) => (demand = more));
      demand = undefined;
      const line = await lines.next();
      if (line.done) throw new Error(`the site data ended before the content of the page ${page.url} had come`);
      Object.assign(page, parsed<PageContent>(line.value, timings));
      waiters.get(page)!.resolve();
      waiters.delete(page);
    }
    everyPage.resolve();
  })().catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
  // Unobserved rejections of pages nobody asked for must not end the renderer on their own.
  for (const w of [...waiters.values(), everyPage]) w.promise.catch(() => {});
  return {
    site,
    pageContent: (page) => {
      if (failed) return Promise.reject(failed);
      const position = positions.get(page);
      if (position !== undefined) ask(position);
      return waiters.get(page)?.promise ?? Promise.resolve();
    },
    allPageContent: () => {
      ask(Number.POSITIVE_INFINITY);
      return everyPage.promise;
    },
    release: (page) => {
      // Only content that came on the stream, and has come: a page that came whole keeps what routes need.
      if (!positions.has(page) || waiters.has(page)) return;
      page.facts = [];
      page.sections = [];
      delete page.descriptionHtml;
      delete page.authorFacts;
    },
  };
}

function waiter(): Waiter {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/**
 * The lines of a stream of chunks, without their line feeds. Chunks are split as bytes, so a
 * character cut in two by a chunk boundary is decoded whole, and a line that spans many chunks is
 * joined once rather than chunk by chunk.
 */
export async function* lineReader(chunks: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  for await (const data of chunks) {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    let start = 0;
    for (let end = chunk.indexOf(10); end >= 0; end = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, end);
      yield (pending.length > 0 ? Buffer.concat([...pending, piece]) : piece).toString('utf8');
      pending = [];
      start = end + 1;
    }
    // Copied: the rest of a chunk must not keep the whole chunk alive.
    if (start < chunk.length) pending.push(Buffer.from(chunk.subarray(start)));
  }
  if (pending.length > 0) throw new Error('the site data ends in the middle of a line');
}
