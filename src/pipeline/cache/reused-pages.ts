/**
 * The renderer's side of the build cache (build-cache.ts): the pages of an API taken from the
 * cache are in the site folder already, so the renderer leaves them out of what it renders.
 */
import type { SiteData } from '../../site/site-data-types.ts';
import { routeProps } from '../../site/site-routes.ts';

/** `urls` (relative to the base, as renderer-entry.ts lists them) without the pages of APIs marked `reused`. */
export function pagesToRender(site: SiteData, urls: string[]): string[] {
  if (!site.apis.some((api) => api.reused)) return urls;
  return urls.filter((url) => routeProps(site, url.replace(/\/$/, ''))?.api.reused !== true);
}
