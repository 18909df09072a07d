/**
 * The site data file, written by the build's prepare step and read by the renderer: JSON lines,
 * one line of everything but the pages, then one line per page. Neither side ever holds the
 * whole site as one string (at 2,000 channels that string is hundreds of megabytes, on top of
 * the objects it is made from or into).
 */
import type { Page } from '../lib/model/pages.ts';
import type { SiteApi, SiteData } from './site-data.ts';

interface Head {
  settings?: SiteData['settings'];
  /** Each API without its pages, and how many of the following lines are its pages. */
  apis: (Omit<SiteApi, 'pages'> & { pageCount: number })[];
}

/** The first line: settings, and each API without its pages. */
export function headLine(site: SiteData): string {
  const head: Head = {
    ...(site.settings ? { settings: site.settings } : {}),
    apis: site.apis.map(({ pages, ...api }) => ({ ...api, pageCount: pages.length })),
  };
  return JSON.stringify(head) + '\n';
}

/** The line of one page; pages follow the head in the order of the APIs and of their pages. */
export function pageLine(page: Page): string {
  return JSON.stringify(page) + '\n';
}

/** Writes `site` as lines through `write` (which may batch). */
export function writeSiteLines(site: SiteData, write: (chunk: string) => void): void {
  write(headLine(site));
  for (const api of site.apis) for (const page of api.pages) write(pageLine(page));
}

/** Reads what writeSiteLines wrote, a line at a time. */
export function readSiteLines(data: Buffer): SiteData {
  let start = 0;
  const nextLine = (): string => {
    const end = data.indexOf(10, start);
    if (end < 0) throw new Error('the site data file ends early');
    const line = data.toString('utf8', start, end);
    start = end + 1;
    return line;
  };
  const head = JSON.parse(nextLine()) as Head;
  const apis: SiteApi[] = head.apis.map(({ pageCount, ...api }) => {
    const pages: Page[] = [];
    for (let i = 0; i < pageCount; i++) pages.push(JSON.parse(nextLine()) as Page);
    return { ...api, pages };
  });
  return { apis, ...(head.settings ? { settings: head.settings } : {}) };
}
