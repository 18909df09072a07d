/**
 * The server entry of the site's renderer bundle (src/cli/renderer-bundle.ts): Astro's app, which
 * renders a page for a request, and the list of the pages to render. Bundled with the pages, so
 * that both read the same site data module.
 */
import { createApp } from 'astro/app/entrypoint';
import guides from 'virtual:apidesc-guides';
import { siteUrls } from './site-routes.ts';

/** Whole pages, not streamed: each is written to a file. */
export const app = createApp({ streaming: false });

/** Every page of the site, relative to the base (waits for the site data). */
export function pageUrls(): Promise<string[]> {
  return siteUrls((id) => guides[id] !== undefined);
}
