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

export function writeRouteLists(siteDir: string, routes: readonly RouteEntry[] = []): void {
  const folders = pageFolders(siteDir);
  for (const [path, file] of routeListFiles(folders, pageLabels(siteDir, folders, routes, siteNameOf(siteDir)))) {
    const target = join(siteDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(file) + '\n');
  }
}

/** Every folder of the site with an `index.html`, relative to the site's root, with `/`. */
function pageFolders(siteDir: string): string[] {
  const folders: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!(dir === siteDir && NOT_PAGES.has(entry.name))) walk(join(dir, entry.name));
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
function pageLabels(siteDir: string, folders: string[], routes: readonly RouteEntry[], siteName: string | undefined): PageLabels {
  const kinds = new Map(routes.map((route) => [route.url.replace(/\/$/, ''), route.kind]));
  // A portal's APIs are the folders at its root: each named by the API's title, so that a suggestion says which API it is in.
  const apis = new Set(routes.filter((route) => route.url.startsWith(`${route.api}/`)).map((route) => route.api));
  const labels = new Map<string, { title: string; word?: string }>();
  for (const folder of folders) {
    const head = pageHead(join(siteDir, folder, 'index.html'), siteName);
    if (apis.has(folder) && head.apiTitle !== undefined) {
      labels.set(folder, { title: head.apiTitle, word: 'API' });
      continue;
    }
    const { title } = head;
    if (title === undefined) continue;
    const kind = kinds.get(folder);
    labels.set(folder, { title, ...(kind !== undefined ? { word: kind === 'guide' ? 'Guide' : kindWord(kind as EntityKind) } : {}) });
  }
  return labels;
}

/** The site's name, as every page's title ends: the 404 page's title is "Page not found · <name>". */
function siteNameOf(siteDir: string): string | undefined {
  const title = existsSync(join(siteDir, '404.html')) ? pageHead(join(siteDir, '404.html'), undefined).title : undefined;
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

/** A page's title (without the site's name after it) and, in a portal, the title of the API its header names. */
function pageHead(file: string, siteName: string | undefined): { title?: string; apiTitle?: string } {
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
  const apiTitle = /<a class="api-title" href="[^"]*">([^<]*)<\/a>/.exec(text)?.[1];
  const head = apiTitle !== undefined ? { apiTitle: unescapeHead(apiTitle) } : {};
  if (found === undefined) return head;
  const title = unescapeHead(found);
  const suffix = siteName === undefined ? undefined : ` · ${siteName}`;
  return { ...head, title: suffix !== undefined && title.endsWith(suffix) && title !== suffix ? title.slice(0, -suffix.length) : title };
}
