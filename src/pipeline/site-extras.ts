/**
 * What a built site holds besides its pages: the route manifest, the documents' source files,
 * the configuration's logo and favicon, (with --site) the sitemap (sitemap.ts), and the lists of
 * addresses the 404 page reads.
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RouteEntry, RouteManifest } from '../lib/model/types.ts';
import type { FlowsNotListed, PortalFlow } from '../lib/portal/flow-types.ts';
import { type PageHeads, writeRouteLists } from './route-lists.ts';
import { SITEMAP_LIMITS, type SitemapLimits, sitemapFiles } from './sitemap.ts';

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
  if (extras.site)
    for (const file of sitemapFiles(extras.site, extras.base ?? '/', extras.urls, sitemapLimits())) writeFileSync(join(dir, file.name), file.text);
  return writeRouteLists(dir, extras.routes, extras.knownHeads);
}

/**
 * The protocol's limits on a sitemap file; `APIDESC_SITEMAP_URLS_PER_FILE` lowers the URLs a file
 * holds (the tests split a small site's sitemap with it), never above the protocol's.
 */
function sitemapLimits(): SitemapLimits {
  const fromEnvironment = Number(process.env.APIDESC_SITEMAP_URLS_PER_FILE);
  return Number.isInteger(fromEnvironment) && fromEnvironment > 0 && fromEnvironment < SITEMAP_LIMITS.urls
    ? { ...SITEMAP_LIMITS, urls: fromEnvironment }
    : SITEMAP_LIMITS;
}
