/**
 * The pages of a reference inside a host site: the same routes as the standalone site's
 * (src/site/site-routes.ts) below the reference's base, less what only a site of its own has
 * (its search page, its not-found page). The root of the reference is the API's overview, or in a
 * reference of several APIs the list of them.
 */
import { listedTitle } from '../../lib/model/api-titles.ts';
import type { Page } from '../../lib/model/page-types.ts';
import { pageHref } from '../../site/site-data.ts';
import type { SiteApi, SiteChanges } from '../../site/site-data-types.ts';
import { routeProps, siteUrls, type RouteProps } from '../../site/site-routes.ts';
import { hostReferences, type HostReference } from './reference-store.ts';

/** What a page of the reference shows: a route of the standalone site, or the list of the APIs. */
export type ReferenceView =
  | { type: 'route'; props: RouteProps }
  | { type: 'catalog'; apis: SiteApi[] }
  | { type: 'changes'; changes: SiteChanges; portal: boolean; locators: boolean };

/** A page of the reference: its route below the reference's base (no slash at either end, '' for its root) and what it shows. */
export interface ReferencePage {
  route: string;
  title: string;
  view: ReferenceView;
}

/** Pages only a site of its own has: the host has its own search and not-found pages. */
const STANDALONE_ONLY = new Set(['search/', '404/']);

/** Every page of `reference`, in the order the standalone build renders them. */
export function referencePages(reference: HostReference): ReferencePage[] {
  const { site } = reference;
  return siteUrls(site, () => false)
    .filter((url) => !STANDALONE_ONLY.has(url))
    .flatMap((url): ReferencePage[] => {
      const route = url.replace(/\/$/, '');
      const view = viewOf(reference, route);
      return view ? [{ route, title: titleOf(view), view }] : [];
    });
}

function viewOf({ site }: HostReference, route: string): ReferenceView | undefined {
  // The Changes page of the `compare` option (siteUrls lists it only then).
  if (route === 'changes')
    return (
      site.changes && {
        type: 'changes',
        changes: site.changes,
        portal: site.apis.length > 1,
        locators: !site.changes.published && site.apis.some((api) => api.sourceLines === true),
      }
    );
  if (route === '') {
    const single = site.apis.length === 1 ? site.apis[0] : undefined;
    return single ? { type: 'route', props: { api: single, type: 'overview' } } : { type: 'catalog', apis: site.apis };
  }
  const props = routeProps(site, route);
  return props ? { type: 'route', props } : undefined;
}

/** The page's title, as the host's layout shows it (its h1 and its window title). */
function titleOf(view: ReferenceView): string {
  if (view.type === 'catalog') return 'APIs';
  if (view.type === 'changes') {
    // As the standalone Changes page's title: the versions where they tell the two sides apart.
    const { versions } = view.changes;
    return versions && versions.base !== versions.head ? `Changes from version ${versions.base} to ${versions.head}` : 'Changes';
  }
  const { props } = view;
  switch (props.type) {
    case 'entity':
      return props.page.title;
    case 'section':
      return props.pageNo > 1 ? `${props.section.title} (page ${props.pageNo})` : props.section.title;
    case 'list':
      return props.pageNo > 1 ? `${props.list.title} (page ${props.pageNo})` : props.list.title;
    case 'overview':
      return listedTitle(props.api);
    case 'flow-group':
      return `Message flow: ${props.group.name}`;
  }
}

/** The folder every link of the reference starts with: the host's base, the locale's folder (none for the root locale), then the reference's. */
export function referenceRoot(hostBase: string, reference: Pick<HostReference, 'base'>, locale = ''): string {
  return `${hostBase.replace(/\/?$/, '/')}${locale ? `${locale}/` : ''}${reference.base}/`;
}

/** The route pattern of the pages of the reference whose base is `base`, in the locale whose folder is `locale`. */
export function referencePattern(base: string, locale = ''): string {
  return `/${locale ? `${locale}/` : ''}${base}/[...route]`;
}

/**
 * What every page of the reference is given: its reference, the page, and the folder of its
 * locale. (A type, not an interface: Astro's static paths take props of an object type only.)
 */
export type ReferencePageProps = {
  reference: HostReference;
  page: ReferencePage;
  locale: string;
};

/** Links of a page of `api`, relative to the API (`channels/orders/`), as the host serves them. */
export function referenceHref(root: string, api: SiteApi): (url: string) => string {
  return (url) => pageHref(root, api, url);
}

/**
 * The static paths of the route injected at `routePattern` (`/<locale>/<base>/[...route]`, one per
 * reference and locale, referencePattern): each page of that reference, with the reference, the
 * page and the locale as props.
 */
export function referenceStaticPaths(routePattern: string): { params: { route: string | undefined }; props: ReferencePageProps }[] {
  for (const reference of hostReferences())
    for (const locale of reference.locales)
      if (referencePattern(reference.base, locale) === routePattern)
        return referencePages(reference).map((page) => ({ params: { route: page.route || undefined }, props: { reference, page, locale } }));
  return [];
}

/** The object a page of the reference shows, when it shows one (its content is made for the page). */
export function entityOf(page: ReferencePage): Page | undefined {
  return page.view.type === 'route' && page.view.props.type === 'entity' ? page.view.props.page : undefined;
}
