/** Validated documents → the site data the Astro pages render, and the route manifest. */
import { sep } from 'node:path';
import { buildApiModel } from '../lib/model/build-model.ts';
import { baseSlug, slugsFor } from '../lib/model/slugs.ts';
import type { RouteEntry } from '../lib/model/types.ts';
import type { ResolvedDoc } from '../lib/resolve/resolved-doc.ts';
import type { SiteData } from '../site/site-data.ts';

export function buildSiteData(docs: { file: string; doc: ResolvedDoc }[], cwd: string): { site: SiteData; routes: RouteEntry[] } {
  // In a portal each API lives under /<api-slug>/; the slug comes from the file name, which is
  // stable across releases (titles and versions change), with as many parent folders as it
  // takes to tell files of the same name apart (backend/asyncapi.yaml → backend-asyncapi).
  const names = uniqueNames(docs.map(({ file }) => file));
  const slugs = slugsFor(names);
  const portal = docs.length > 1;
  const routes: RouteEntry[] = [];
  const apis = docs.map(({ doc }, i) => {
    const slug = slugs.get(names[i]!)!;
    const model = buildApiModel(doc, slug, cwd);
    const prefix = portal ? `${slug}/` : '';
    for (const r of model.routes) routes.push({ ...r, url: prefix + r.url });
    const counts: Record<string, number> = {};
    for (const [label, test] of [
      ['servers', (k: string) => k === 'server'],
      ['channels', (k: string) => k === 'channel'],
      ['operations', (k: string) => k === 'operation'],
      ['messages', (k: string) => k === 'message' || k === 'component:messages'],
      ['schemas', (k: string) => k === 'component:schemas'],
    ] as const) counts[label] = model.entities.filter((e) => test(e.kind)).length;
    return { slug, title: model.title, version: model.version, infoFacts: model.infoFacts, ...(model.descriptionHtml ? { descriptionHtml: model.descriptionHtml } : {}), prefix, pages: model.pages, counts };
  });
  return { site: { apis }, routes };
}

function uniqueNames(files: string[]): string[] {
  const parts = files.map((f) => f.replace(/\.(ya?ml|json)$/i, '').replace(/\.apidesc$/i, '').split(sep).filter(Boolean));
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
