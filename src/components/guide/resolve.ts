/**
 * What a guide component needs: its `ref` resolved to a page, with links relative to the site's
 * base. A build stops on a reference that does not resolve before rendering
 * (src/pipeline/guide-check.ts); only previews (--allow-invalid) and `dev` render BrokenRef.
 */
import type { Page, PageSection } from '../../lib/model/page-types.ts';
import { resolveGuideRef } from '../../site/guide-refs.ts';
import type { SiteApi } from '../../site/site-data-types.ts';
import { pageHref } from '../../site/site-data.ts';
import type { SiteSource } from '../../site/site-source.ts';

export interface GuideProps {
  ref: string;
  /** The API's slug, in a portal of several. */
  api?: string;
  /**
   * In a host site's page (apidesc-docs/components, src/integrations/components): the host's
   * reference and the path its pages are served under, in place of the standalone site's.
   */
  host?: { base: string; source: SiteSource };
}

export type ForGuide =
  | { ok: true; api: SiteApi; page: Page; section?: PageSection; anchor?: string; href: (url: string) => string; portal: boolean }
  | { ok: false; message: string; hint: string };

/**
 * `source` is the page's Astro.locals.site: a guide's components are placed by its author inside
 * the guide, where the page cannot hand them props, so they read the site from the request.
 */
export async function resolveForGuide(component: string, props: GuideProps, siteBase: string, siteSource: SiteSource): Promise<ForGuide> {
  const { base, source } = props.host ?? { base: siteBase, source: siteSource };
  const { apis } = source.site;
  // A guide may show part of any page: every page's content, not only the summaries.
  await source.allPageContent();
  const resolved = resolveGuideRef(apis, { component, ref: props.ref, ...(props.api !== undefined ? { api: props.api } : {}) });
  if ('message' in resolved) return { ok: false, ...resolved };
  return { ok: true, ...resolved, href: (url) => pageHref(base, resolved.api, url), portal: apis.length > 1 };
}

/**
 * Lines of code a guide's card shows before "Show all N lines" (CodeBlock.astro): about the 20rem
 * the card's code had as an inner scroll, a screen's worth between a guide's paragraphs.
 */
export const GUIDE_CODE_LINES = 16;
