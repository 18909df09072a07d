/**
 * Where twins are and how they link: a page at `<url>` (relative to its API, with a trailing
 * slash) has its twin at `<url>index.md`. Links are paths from the site's origin with the base
 * path (`/api/orders/channels/x/index.md`), as the HTML pages' links are: the same text then
 * works in the twin, in `llms-full.txt` that gathers twins, and under any base path.
 */

export const TWIN_FILE = 'index.md';

/** The twin of the page at `url`, relative to the API. */
export function twinPath(url: string): string {
  return `${url}${TWIN_FILE}`;
}

/** The path from the origin of the API's root: the base path and, in a portal, the API's folder. */
export function apiRoot(base: string, prefix: string): string {
  return `${base.replace(/\/?$/, '/')}${prefix}`;
}

/** A link to the twin of the page at `url`; `root` is the API's (apiRoot). */
export function twinHref(root: string, url: string): string {
  return `${root}${twinPath(url)}`;
}

/** A link to any file or HTML page of the API (`url` relative to it). */
export function siteHref(root: string, url: string): string {
  return `${root}${url}`;
}
