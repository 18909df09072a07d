/**
 * Writes the lists of the site's addresses that its 404 page reads to suggest the page an
 * address meant (src/site/route-list.ts): from the pages as written, so that every page is in
 * them (section lists, their later pages, used-by pages and guides too) and nothing else is.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { EntityKind, RouteEntry } from '../lib/model/types.ts';
import { kindWord } from '../site/kind-labels.ts';
import { type PageLabels, ROUTE_LIST_FOLDER, routeListFiles } from '../site/route-list.ts';

/** Folders at the root of a site that hold no page: the search index, bundled assets, the documents' files, the lists themselves. */
const NOT_PAGES = new Set(['pagefind', '_astro', 'source', ROUTE_LIST_FOLDER]);

/** A page's head as the lists read it: its <title> and, in a portal, the API title its header names (raw, entities decoded). */
export interface PageHead {
  title?: string;
  apiTitle?: string;
}

/** The heads of pages by folder (relative to the site's root, or to an API's folder in the build cache). */
export type PageHeads = Record<string, PageHead>;

/** `value` is PageHeads (as the build cache keeps them: anything else is a damaged entry). */
export function isPageHeads(value: unknown): value is PageHeads {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (head: unknown) =>
      typeof head === 'object' &&
      head !== null &&
      !Array.isArray(head) &&
      Object.entries(head).every(([name, text]) => (name === 'title' || name === 'apiTitle') && typeof text === 'string'),
  );
}

/**
 * Writes the lists into `siteDir`. `known` holds the heads of the pages of APIs copied from the
 * build cache, by API folder (`orders/`) then page folder relative to it: those folders are
 * neither walked nor read. Returns the heads it read, by folder relative to the site's root (the
 * build cache keeps those of the APIs it built).
 */
export function writeRouteLists(siteDir: string, routes: readonly RouteEntry[] = [], known: Readonly<Record<string, PageHeads>> = {}): PageHeads {
  const read: PageHeads = {};
  const heads = new Map<string, PageHead>();
  for (const [prefix, ofApi] of Object.entries(known)) {
    const folder = prefix.replace(/\/$/, '');
    for (const [path, head] of Object.entries(ofApi)) heads.set(path === '' ? folder : `${folder}/${path}`, head);
  }
  const skipped = new Set(Object.keys(known).map((prefix) => join(siteDir, prefix.replace(/\/$/, ''))));
  for (const folder of pageFolders(siteDir, skipped)) {
    const head = pageHead(join(siteDir, folder, 'index.html'));
    heads.set(folder, head);
    read[folder] = head;
  }
  for (const [path, file] of routeListFiles(heads.keys(), pageLabels(heads, routes, siteNameOf(siteDir)))) {
    const target = join(siteDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(file) + '\n');
  }
  return read;
}

/** Every folder of the site with an `index.html` but those below `skipped`, relative to the site's root, with `/`. */
function pageFolders(siteDir: string, skipped: ReadonlySet<string>): string[] {
  const folders: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const below = join(dir, entry.name);
        if (!(dir === siteDir && NOT_PAGES.has(entry.name)) && !skipped.has(below)) walk(below);
      } else if (entry.name === 'index.html') {
        folders.push(relative(siteDir, dir).split(sep).join('/'));
      }
    }
  };
  walk(siteDir);
  return folders;
}

/**
 * Bytes of a page read for its <title> and, in a portal, its header's API title: both come early
 * (src/layouts/Layout.astro; the header's link at about 3.6 kB).
 */
const HEAD_BYTES = 8192;

/**
 * Each page's title (its <title> without the site's name after it) and its kind in words (the
 * route manifest's kind: "Operation"), by folder: what the 404 page's suggestion says.
 */
function pageLabels(heads: ReadonlyMap<string, PageHead>, routes: readonly RouteEntry[], siteName: string | undefined): PageLabels {
  const kinds = new Map(routes.map((route) => [route.url.replace(/\/$/, ''), route.kind]));
  // A portal's APIs are the folders at its root: each named by the API's title, so that a suggestion says which API it is in.
  const apis = new Set(routes.filter((route) => route.url.startsWith(`${route.api}/`)).map((route) => route.api));
  const labels = new Map<string, { title: string; word?: string }>();
  for (const [folder, head] of heads) {
    if (apis.has(folder) && head.apiTitle !== undefined) {
      labels.set(folder, { title: head.apiTitle, word: 'API' });
      continue;
    }
    const title = withoutSiteName(head.title, siteName);
    if (title === undefined) continue;
    const kind = kinds.get(folder);
    labels.set(folder, { title, ...(kind !== undefined ? { word: kind === 'guide' ? 'Guide' : kindWord(kind as EntityKind) } : {}) });
  }
  return labels;
}

/** The site's name, as every page's title ends: the 404 page's title is "Page not found · <name>". */
function siteNameOf(siteDir: string): string | undefined {
  const title = existsSync(join(siteDir, '404.html')) ? pageHead(join(siteDir, '404.html')).title : undefined;
  return title?.startsWith(NOT_FOUND_TITLE) ? title.slice(NOT_FOUND_TITLE.length) : undefined;
}

const NOT_FOUND_TITLE = 'Page not found · ';

/** Entities of a page's head as the page writes them. */
const unescapeHead = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** A page's title and, in a portal, the title of the API its header names. */
function pageHead(file: string): PageHead {
  const buffer = Buffer.alloc(HEAD_BYTES);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, buffer, 0, HEAD_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  const text = buffer.toString('utf8', 0, read);
  const found = /<title>([^<]*)<\/title>/.exec(text)?.[1];
  // The header's API name (Layout.astro: its text in a span that the header cuts with "…", the whole name its title too).
  const apiTitle = /<a class="api-title" href="[^"]*"[^>]*>(?:<span class="header-name">)?([^<]*)(?:<\/span>)?<\/a>/.exec(text)?.[1];
  return { ...(found !== undefined ? { title: unescapeHead(found) } : {}), ...(apiTitle !== undefined ? { apiTitle: unescapeHead(apiTitle) } : {}) };
}

/** A page's title without the site's name after it. */
function withoutSiteName(title: string | undefined, siteName: string | undefined): string | undefined {
  if (title === undefined) return undefined;
  const suffix = siteName === undefined ? undefined : ` · ${siteName}`;
  return suffix !== undefined && title.endsWith(suffix) && title !== suffix ? title.slice(0, -suffix.length) : title;
}
