/**
 * What a built site holds besides its pages: the route manifest, the documents' source files,
 * the configuration's logo and favicon, (with --site) the sitemap, and the lists of addresses the
 * 404 page reads.
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { escapeText } from '../lib/html-text.ts';
import type { RouteEntry, RouteManifest } from '../lib/model/types.ts';
import type { FlowsNotListed, PortalFlow } from '../lib/portal/flow-types.ts';
import { type PageHeads, writeRouteLists } from './route-lists.ts';

export interface SiteExtras {
  routes: RouteEntry[];
  flows: PortalFlow[];
  flowsNotListed?: FlowsNotListed;
  /** Every page, relative to the site root. */
  urls: string[];
  /** A folder of files to copy in as they are (the source copies the prepare stage wrote). */
  files: string;
  assets: { to: string; content: Uint8Array | string }[];
  /** The public origin (--site): a sitemap is written only with it. */
  site?: string;
  base?: string;
  /** The heads of the pages of APIs copied from the build cache, by API folder (route-lists.ts). */
  knownHeads?: Record<string, PageHeads>;
}

/** Writes the extras into the site folder `dir`; returns the heads of the pages the 404 page's lists read (route-lists.ts). */
export function writeSiteExtras(dir: string, extras: SiteExtras): PageHeads {
  const manifest: RouteManifest = { routes: extras.routes, flows: extras.flows, ...(extras.flowsNotListed ? { flowsNotListed: extras.flowsNotListed } : {}) };
  writeFileSync(join(dir, 'apidesc-routes.json'), JSON.stringify(manifest, null, 2) + '\n');
  if (existsSync(extras.files)) cpSync(extras.files, dir, { recursive: true });
  for (const asset of extras.assets) {
    mkdirSync(dirname(join(dir, asset.to)), { recursive: true });
    writeFileSync(join(dir, asset.to), asset.content);
  }
  if (extras.site) writeFileSync(join(dir, 'sitemap.xml'), sitemap(extras.site, extras.base ?? '/', extras.urls));
  return writeRouteLists(dir, extras.routes, extras.knownHeads);
}

/** sitemap.xml (sitemaps.org protocol) listing every page, for --site. */
function sitemap(siteUrl: string, base: string, urls: string[]): string {
  const root = new URL(base.replace(/\/?$/, '/'), siteUrl);
  const entries = [...new Set(urls)].sort().map((u) => `  <url><loc>${escapeText(new URL(u, root).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
