/**
 * ResolvedDoc → ApiModel for one API: routes, titles, back-references, and the lookups pages
 * need (a named component schema's page from a location). Pages render from this data only.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { computeRoutes } from './routes.ts';
import type { Entity, RouteEntry } from './types.ts';
import { linkWhereUsed } from './where-used.ts';

export interface ApiModel {
  slug: string;
  title: string;
  version: string;
  entities: Entity[];
  routes: RouteEntry[];
  /** The page of the named component schema written at a location, if any (for schema tables). */
  componentAt(at: Location): { id: string; url: string } | undefined;
}

export function buildApiModel(doc: ResolvedDoc, slug: string, cwd = process.cwd()): ApiModel {
  const { entities, manifest, content } = computeRoutes(doc, slug, cwd);
  linkWhereUsed(doc, entities, content);
  const schemaPages = new Map<string, Entity>();
  for (const entity of entities) {
    const at = content.get(entity);
    if (entity.kind === 'component:schemas' && at) schemaPages.set(`${at.file}#${at.pointer}`, entity);
  }
  const info = isPlainObject(doc.root.value) && isPlainObject(doc.root.value.info) ? doc.root.value.info : {};
  return {
    slug,
    title: typeof info.title === 'string' ? info.title : slug,
    version: typeof info.version === 'string' ? info.version : '',
    entities,
    routes: manifest,
    componentAt(at) {
      const page = schemaPages.get(`${at.file}#${at.pointer}`);
      return page && { id: page.id, url: page.url };
    },
  };
}
