/**
 * Starlight's route middleware (added by the plugin, index.ts): every page's sidebar, the host's
 * own pages and the reference's alike, gets the reference's groups where the placeholder is.
 * Starlight calls it with the request's context, whose `locals.starlightRoute` holds the page's
 * route data (Starlight's route data reference); its shape is written in starlight-shapes.ts.
 */
import { hostReferences } from '../host/reference-store.ts';
import { withReferenceGroups } from './sidebar.ts';
import type { SidebarEntry } from './starlight-shapes.ts';

/** What of the request's context the middleware reads and changes. */
interface RouteContext {
  url: URL;
  locals: { starlightRoute: { sidebar: SidebarEntry[] } };
}

/** The host's base path (Astro's `base`), as the bundler writes it into the host's pages. */
const HOST_BASE: string = (import.meta as ImportMeta & { env: { BASE_URL: string } }).env.BASE_URL;

export function onRequest(context: RouteContext): void {
  const { starlightRoute } = context.locals;
  starlightRoute.sidebar = withReferenceGroups(starlightRoute.sidebar, hostReferences(), HOST_BASE, context.url.pathname);
}
