/**
 * What the pages render from: the site data, and a way to wait for a page's content. Handed to
 * every page with its request (Astro's `locals`): by the build's renderer, which reads it from
 * the prepare step's stream (site-stream.ts), and by `apidesc-docs dev`, which models the page
 * being opened (src/dev/live-site.ts). Pages pass what they read on to their components as props.
 */
import type { Page } from '../lib/model/page-types.ts';
import type { SiteData } from './site-data-types.ts';

export interface SiteSource {
  /** Every page's summary; the content (descriptionHtml, facts, sections) only once pageContent() resolved. */
  readonly site: SiteData;
  /** Resolves once `page` has its content. */
  pageContent(page: Page): Promise<void>;
  /** Resolves once every page has its content (guides show parts of any page). */
  allPageContent(): Promise<void>;
  /**
   * The renderer is done with `page`: its content may be let go (a build's stream does, so that
   * the renderer holds a few pages' content at a time; a site with guides keeps it, as they may
   * show part of any page).
   */
  release?(page: Page): void;
}

/** A site whose pages are all complete already (tests, and pages rendered from a finished model). */
export function completeSite(site: SiteData): SiteSource {
  return { site, pageContent: () => Promise.resolve(), allPageContent: () => Promise.resolve() };
}
