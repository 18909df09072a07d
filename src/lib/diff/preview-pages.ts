/**
 * Where each object's page is in the site built from the head documents, so that a review links
 * into the preview: the site's own routes (model/routes.ts), under `<api-slug>/` in a portal.
 * The slug is the site's (model/api-slugs.ts).
 */
import { computeRoutes } from '../model/routes.ts';
import { apiSlugs } from '../model/api-slugs.ts';
import type { ResolvedDoc } from '../resolve/resolved-doc.ts';

export interface PreviewPages {
  /** The API's overview, relative to the site root: `''` for a single API, `<slug>/` in a portal. */
  root: string;
  /** Its objects' pages by pointer of the root document. */
  pages: Map<string, string>;
}

/** For each head document (in the order given): where its overview and its objects' pages are. */
export function previewPages(docs: { file: string; doc: ResolvedDoc }[], cwd: string): PreviewPages[] {
  const slugs = apiSlugs(docs.map((d) => d.file));
  const portal = docs.length > 1;
  return docs.map(({ doc }, i) => {
    const slug = slugs[i]!;
    const prefix = portal ? `${slug}/` : '';
    const pages = new Map<string, string>();
    for (const route of computeRoutes(doc, slug, cwd).manifest) if (!pages.has(route.pointer)) pages.set(route.pointer, prefix + route.url);
    return { root: prefix, pages };
  });
}
