/**
 * Every page of the site, listed from the site data, and what each page renders. Pages are
 * rendered on request (a build asks for each URL this module lists, `dev` for the one opened), and
 * src/pages/[...route].astro looks its props up here by route.
 */
import type { Page } from '../lib/model/page-types.ts';
import { groupUrl, operationGroups, type OperationGroup } from '../lib/model/flow-overview.ts';
import type { SiteApi, SiteData, SiteSettings } from './site-data-types.ts';
import { SECTIONS, listPageUrl, pageCount, pagedLists, sectionListing, type PagedList, type Section } from './site-data.ts';

/** What a page of src/pages/[...route].astro shows. */
export type RouteProps = { api: SiteApi } & (
  | { type: 'entity'; page: Page }
  | { type: 'section'; section: Section; pageNo: number }
  | { type: 'list'; page: Page; list: PagedList; pageNo: number }
  | { type: 'overview' }
  /** A large API's operations of one tag (or protocol) drawn (the overview's summary links here). */
  | { type: 'flow-group'; group: OperationGroup }
);

/** Built once per site data (`dev` hands over a new object after each edit). */
const routeIndex = new WeakMap<SiteData, Map<string, RouteProps>>();

/**
 * The routes of src/pages/[...route].astro (relative to the base, no slash at either end) with
 * their props, in rendering order: every page of every API made by this build, the pages of each section's list, the
 * complete "used by" lists, in a portal the overview of each API, and a large API's diagram of
 * each group of operations.
 */
function apiRoutes(site: SiteData): Map<string, RouteProps> {
  const known = routeIndex.get(site);
  if (known) return known;
  const routes = new Map<string, RouteProps>();
  for (const api of site.apis) {
    // An API whose pages are in the site folder already (the build cache's, or another shard's:
    // src/pipeline/cache/) has no route here: neither rendered nor listed, nor held (a shard of a
    // portal of 500 APIs of 100 channels would list the 300,000 pages of the other shards).
    if (api.reused) continue;
    const route = (url: string): string => `${api.prefix}${url}`.replace(/\/$/, '');
    if (api.prefix !== '') routes.set(route(''), { api, type: 'overview' });
    for (const group of operationGroups(api.pages) ?? []) routes.set(route(groupUrl(group)), { api, type: 'flow-group', group });
    for (const page of api.pages) {
      routes.set(route(page.url), { api, type: 'entity', page });
      for (const list of pagedLists(page)) {
        for (let n = 1; n <= pageCount(list.links.length); n++) routes.set(route(listPageUrl(list.folder, n)), { api, type: 'list', page, list, pageNo: n });
      }
    }
    for (const section of SECTIONS) {
      for (let n = 1; n <= pageCount(sectionListing(api, section).entries.length); n++)
        routes.set(route(listPageUrl(section.folder, n)), { api, type: 'section', section, pageNo: n });
    }
  }
  routeIndex.set(site, routes);
  return routes;
}

/** The props of a route of src/pages/[...route].astro; undefined when the site has no such page. */
export function routeProps(site: SiteData, route: string | undefined): RouteProps | undefined {
  return apiRoutes(site).get(route ?? '');
}

/**
 * The pages of src/pages/guides/[...slug].astro: '' (the list of guides) and each guide that
 * has a module (the guides without errors, src/pipeline/read-guides.ts); none without guides.
 */
export function guideRouteIds(settings: SiteSettings | undefined, hasModule: (id: string) => boolean): string[] {
  const ids = (settings?.guides ?? []).filter((g) => hasModule(g.id)).map((g) => g.id);
  return ids.length > 0 ? ['', ...ids] : [];
}

/**
 * Every page of the site as a URL relative to the base, in the order a build renders them. Guides
 * come last: each waits for every page's content (it may show part of any page), which would keep
 * the renderer's first slots waiting.
 */
export function siteUrls(site: SiteData, hasGuideModule: (id: string) => boolean): string[] {
  const guides = guideRouteIds(site.settings, hasGuideModule).map((id) => (id === '' ? 'guides/' : `guides/${id}/`));
  return ['', 'search/', '404/', ...(site.changes ? ['changes/'] : []), ...[...apiRoutes(site).keys()].map((route) => `${route}/`), ...guides];
}
