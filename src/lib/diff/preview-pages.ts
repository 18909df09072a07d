/**
 * Where each object's page is in the site built from the head documents, so that a review links
 * into the preview: the site's own routes (model/routes.ts), under `<api-slug>/` in a portal.
 * The slug follows the site's rule (src/pipeline/site-model.ts): the file name, with as many
 * parent folders as it takes to tell files of the same name apart.
 */
import { sep } from 'node:path';
import { computeRoutes } from '../model/routes.ts';
import { baseSlug, slugsFor } from '../model/slugs.ts';
import type { ResolvedDoc } from '../resolve/resolved-doc.ts';

const RESERVED_FOLDERS = new Set(['search', 'guides', 'pagefind', 'assets', 'source', '_astro', '404']);

function uniqueNames(files: string[]): string[] {
  const parts = files.map((f) =>
    f
      .replace(/\.(ya?ml|json)$/i, '')
      .replace(/\.apidesc$/i, '')
      .split(sep)
      .filter(Boolean),
  );
  const take = (i: number, n: number): string => baseSlug(parts[i]!.slice(-n).join('-'));
  const depth = files.map(() => 1);
  for (let round = 0; round < 64; round++) {
    const names = files.map((_, i) => take(i, depth[i]!));
    const clash = names.map((n, i) => names.indexOf(n) !== i || names.lastIndexOf(n) !== i);
    if (!clash.includes(true)) return names;
    clash.forEach((c, i) => {
      if (c && depth[i]! < parts[i]!.length) depth[i]!++;
    });
  }
  return files.map((_, i) => take(i, depth[i]!));
}

/** For each head document (in the order given): its pages by pointer of the root document. */
export function previewPages(docs: { file: string; doc: ResolvedDoc }[], cwd: string): Map<string, string>[] {
  const names = uniqueNames(docs.map((d) => d.file));
  const slugs = new Map([...slugsFor(names)].map(([name, slug]) => [name, RESERVED_FOLDERS.has(slug) ? `${slug}-api` : slug]));
  const portal = docs.length > 1;
  return docs.map(({ doc }, i) => {
    const slug = slugs.get(names[i]!)!;
    const prefix = portal ? `${slug}/` : '';
    const pages = new Map<string, string>();
    for (const route of computeRoutes(doc, slug, cwd).manifest) if (!pages.has(route.pointer)) pages.set(route.pointer, prefix + route.url);
    return pages;
  });
}
