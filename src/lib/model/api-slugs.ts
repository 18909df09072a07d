/**
 * The folder of each API of a portal (`/<api-slug>/`): from its file name, which is stable across
 * releases (titles and versions change), with as many parent folders as it takes to tell files
 * of the same name apart (backend/asyncapi.yaml → backend-asyncapi); never a folder the site
 * itself uses. The build (src/site/site-model.ts) and the change review's links into the
 * preview (src/lib/diff/preview-pages.ts) both place APIs by it.
 */
import { sep } from 'node:path';
import { baseSlug, slugsFor } from './slugs.ts';

/** Folders at the root of every site: an API of a portal never takes one of these names. */
const RESERVED_FOLDERS = new Set(['search', 'guides', 'pagefind', 'assets', 'source', '_astro', '404', 'changes', 'routes']);

/** The slug of each file, in the order given. */
export function apiSlugs(files: string[]): string[] {
  const names = uniqueNames(files);
  const slugs = new Map([...slugsFor(names)].map(([name, slug]) => [name, RESERVED_FOLDERS.has(slug) ? `${slug}-api` : slug]));
  return names.map((name) => slugs.get(name)!);
}

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
