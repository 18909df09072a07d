/**
 * The data the Astro pages render: written by `apidesc-docs build` (src/cli/build-command.ts)
 * as JSON and read here once. Pages never parse, resolve or validate documents themselves.
 */
import { readFileSync } from 'node:fs';
import type { Fact, Page, PageDiagnostic } from '../lib/model/pages.ts';

export interface SiteApi {
  slug: string;
  title: string;
  version: string;
  descriptionHtml?: string;
  infoFacts: Fact[];
  /** URL prefix of this API's pages relative to the site base: '' for a single API, `slug/` in a portal. */
  prefix: string;
  pages: Page[];
  counts: Record<string, number>;
  /** Findings that concern no single page (shown on the overview). */
  diagnostics?: PageDiagnostic[];
  /** Errors in the documents of this API: a banner on every page says the preview is of invalid input. */
  errorCount?: number;
  /** The source files, copied next to the pages (URLs relative to the API). */
  downloads: { label: string; url: string }[];
}

export interface SiteData {
  apis: SiteApi[];
}

let cached: { file: string | undefined; data: SiteData } | undefined;

/**
 * Read once per build. Keyed by the file, which is new for every build: the rendering modules can
 * outlive a build when several run in one process (Node caches them by URL).
 */
export function siteData(): SiteData {
  const file = process.env.APIDESC_SITE_DATA;
  if (cached && cached.file === file) return cached.data;
  cached = { file, data: file ? (JSON.parse(readFileSync(file, 'utf8')) as SiteData) : { apis: [] } };
  return cached.data;
}

/** Site-relative URL of a page of `api` (Astro's base is added by the caller). */
export function pageHref(base: string, api: SiteApi, url: string): string {
  return `${base.replace(/\/?$/, '/')}${api.prefix}${url}`;
}

export const SECTIONS: { title: string; kinds: string[]; folder: string }[] = [
  { title: 'Servers', kinds: ['server'], folder: 'servers/' },
  { title: 'Channels', kinds: ['channel'], folder: 'channels/' },
  { title: 'Operations', kinds: ['operation'], folder: 'operations/' },
  { title: 'Messages', kinds: ['message', 'component:messages'], folder: 'messages/' },
  { title: 'Schemas', kinds: ['component:schemas'], folder: 'components/schemas/' },
  { title: 'Other components', kinds: [], folder: 'components/' },
];

export function sectionOf(kind: string): (typeof SECTIONS)[number] {
  return SECTIONS.find((s) => s.kinds.includes(kind)) ?? SECTIONS[SECTIONS.length - 1]!;
}

/** Operations are grouped by their first tag when any has tags (untagged ones last); other sections are one group. */
export function groupByTag(pages: Page[], byTag: boolean): { tag?: string; pages: Page[] }[] {
  if (!byTag || !pages.some((p) => p.tags.length > 0)) return pages.length > 0 ? [{ pages }] : [];
  const groups = new Map<string, Page[]>();
  for (const page of pages) {
    const tag = page.tags[0] ?? '';
    const list = groups.get(tag);
    if (list) list.push(page);
    else groups.set(tag, [page]);
  }
  return [...groups].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b))).map(([tag, list]) => ({ ...(tag ? { tag } : { tag: 'Other' }), pages: list }));
}
