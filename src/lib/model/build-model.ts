/**
 * ResolvedDoc → ApiModel for one API: routes, titles, back-references, and the lookups pages
 * need (a named component schema's page from a location). Pages render from this data only.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { EntityLocator } from './entity-locator.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { buildPage, type Page } from './pages.ts';
import { computeRoutes } from './routes.ts';
import type { Entity, RouteEntry } from './types.ts';
import { linkWhereUsed } from './where-used.ts';

export interface ApiModel {
  slug: string;
  title: string;
  version: string;
  descriptionHtml?: string;
  entities: Entity[];
  /** Page data of every entity, in the same order. */
  pages: Page[];
  routes: RouteEntry[];
  /** The page of the named component schema written at a location, if any (for schema tables). */
  componentAt(at: Location): { id: string; url: string } | undefined;
}

export function buildApiModel(doc: ResolvedDoc, slug: string, cwd = process.cwd()): ApiModel {
  const { entities, manifest, content } = computeRoutes(doc, slug, cwd);
  const locator = new EntityLocator(doc, entities, content);
  linkWhereUsed(doc, entities, locator);
  const schemaPages = new Map<string, Entity>();
  for (const entity of entities) {
    const at = content.get(entity);
    if (entity.kind === 'component:schemas' && at) schemaPages.set(`${at.file}#${at.pointer}`, entity);
  }
  const root = isPlainObject(doc.root.value) ? doc.root.value : {};
  const info = isPlainObject(root.info) ? root.info : {};
  const componentAt = (at: Location): { id: string; url: string } | undefined => {
    const page = schemaPages.get(`${at.file}#${at.pointer}`);
    return page && { id: page.id, url: page.url };
  };
  const ctx = { doc, locator, entities, componentAt, ...(typeof root.defaultContentType === 'string' ? { defaultContentType: root.defaultContentType } : {}) };
  const pages = entities.map((entity) => buildPage(ctx, entity, content.get(entity) ?? { file: doc.root.path, pointer: entity.pointer }));
  return {
    slug,
    title: typeof info.title === 'string' ? info.title : slug,
    version: typeof info.version === 'string' ? info.version : '',
    ...(typeof info.description === 'string' ? { descriptionHtml: renderMarkdown(info.description) } : {}),
    entities,
    pages,
    routes: manifest,
    componentAt,
  };
}
