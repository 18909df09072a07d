/**
 * The server entry of the site's renderer bundle (src/perf/renderer-bundle.ts): Astro's app, which
 * renders a page for a request, and the list of the pages to render. The pages receive the site data
 * with each request (`locals`, src/site/site-source.ts).
 */
import { createApp } from 'astro/app/entrypoint';
import guides from 'virtual:apidesc-guides';
import type { SiteData } from './site-data-types.ts';
import { siteUrls } from './site-routes.ts';

/** Whole pages, not streamed: each is written to a file. */
export const app = createApp({ streaming: false });

/** Every page of `site`, relative to the base. */
export function pageUrls(site: SiteData): string[] {
  return siteUrls(site, (id) => guides[id] !== undefined);
}
