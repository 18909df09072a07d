/**
 * The routes of one API: a page per root server, channel and operation, per channel message,
 * and per entry of every Components map (nothing in components is hidden because no operation
 * uses it). A channel message that is a reference to a components message is served by the
 * component's page; the route manifest lists it under both pointers.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { publishedPath } from '../diagnostics/to-diagnostic.ts';
import { shortNames } from './qualified-names.ts';
import { entries } from '../resolve/doc-index.ts';
import { joinPointer } from '../json-pointer.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { slugsFor } from './slugs.ts';
import { PAGE_KINDS, pageKindOf, ROOT_PAGE_KINDS } from './page-kinds.ts';
import { securitySchemeTitle } from './security-scheme-words.ts';
import type { Entity, EntityKind, RouteEntry } from './types.ts';

export interface ApiRoutes {
  entities: Entity[];
  manifest: RouteEntry[];
  /** Where each entity's object is written (absolute file, pointer): for back-references. */
  content: Map<Entity, Location>;
}

/**
 * A page's human name: `title`, else `name` where `name` names the object itself (messages, message
 * traits, tags; a security scheme's `name` is a header name, an sns binding's a topic), else the id.
 */
export function titleOf(value: unknown, id: string, kind: EntityKind): string {
  if (!isPlainObject(value)) return id;
  if (pageKindOf(kind)?.map === 'securitySchemes') return securitySchemeTitle(value, id) ?? id;
  const fields = pageKindOf(kind)?.titledByName ? ['title', 'name'] : ['title'];
  for (const field of fields) if (typeof value[field] === 'string' && value[field] !== '') return value[field] as string;
  return id;
}

/** A title that is only the id gives way to the id's short name, when it has one. */
const shortTitle = (title: string, id: string, short: string | undefined): string => (title === id && short ? short : title);

export function computeRoutes(doc: ResolvedDoc, apiSlug: string, cwd = process.cwd()): ApiRoutes {
  const root = isPlainObject(doc.root.value) ? doc.root.value : {};
  const file = doc.root.path;
  const entities: Entity[] = [];
  const manifest: RouteEntry[] = [];
  const byPointer = new Map<string, Entity>();
  const content = new Map<Entity, Location>();

  /** `raw` is the value written at `site` (maybe a Reference Object); `pointer` is the route's pointer in the root document. */
  /** `short`: the title of a package-qualified id without a title of its own (qualified-names.ts). */
  const add = (kind: EntityKind, id: string, pointer: string, url: string, raw: unknown, site: Location, short?: string): Entity => {
    const target = doc.deref(raw, site);
    const at = target?.at ?? site;
    const line = doc.position(at)?.line ?? 0;
    const entity: Entity = {
      kind,
      id,
      url,
      pointer,
      source: { file: publishedPath(at.file, cwd, doc.policy.root), pointer: at.pointer, line },
      title: shortTitle(titleOf(target?.value, id, kind), id, short),
      usedBy: [],
    };
    entities.push(entity);
    content.set(entity, at);
    byPointer.set(pointer, entity);
    manifest.push({ api: apiSlug, kind, id, pointer, url });
    return entity;
  };

  // Components first: channel messages that reference them are served by their pages.
  const components = isPlainObject(root.components) ? root.components : {};
  for (const { map } of PAGE_KINDS) {
    const list = entries(components[map]);
    const slugs = slugsFor(list.map(([id]) => id));
    const short = shortNames(list.map(([id]) => id));
    for (const [id, raw] of list) {
      const pointer = joinPointer('', 'components', map, id);
      add(`component:${map}`, id, pointer, `components/${map.toLowerCase()}/${slugs.get(id)}/`, raw, { file, pointer }, short.get(id));
    }
  }
  for (const { map, kind, folder } of ROOT_PAGE_KINDS) {
    const list = entries(root[map]);
    const slugs = slugsFor(list.map(([id]) => id));
    for (const [id, raw] of list) {
      const pointer = joinPointer('', map, id);
      add(kind, id, pointer, `${folder}${slugs.get(id)}/`, raw, { file, pointer });
    }
  }
  for (const [channelId, raw] of entries(root.channels)) {
    const channelPointer = joinPointer('', 'channels', channelId);
    const channel = doc.deref(raw, { file, pointer: channelPointer });
    if (!channel || !isPlainObject(channel.value)) continue;
    const channelUrl = byPointer.get(channelPointer)?.url ?? '';
    const ids = entries(channel.value.messages).map(([key]) => key);
    const slugs = slugsFor(ids);
    const short = shortNames(ids);
    for (const id of ids) {
      const pointer = joinPointer(channelPointer, 'messages', id);
      const message = (channel.value.messages as Record<string, unknown>)[id];
      const site = { file: channel.at.file, pointer: joinPointer(channel.at.pointer, 'messages', id) };
      const component = componentMessage(doc, message, site);
      const served = component && byPointer.get(component);
      if (served) manifest.push({ api: apiSlug, kind: 'message', id, pointer, url: served.url });
      else add('message', id, pointer, `${channelUrl}messages/${slugs.get(id)}/`, message, site, short.get(id));
    }
  }
  manifest.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.pointer < b.pointer ? -1 : 1));
  return { entities, manifest, content };
}

/** The components message pointer a channel message references (first hop into the root file), if any. */
function componentMessage(doc: ResolvedDoc, message: unknown, site: Location): string | undefined {
  if (!isRefObject(message)) return undefined;
  const target = doc.refLocation(message.$ref, site);
  if (!target || target.file !== doc.root.path || !target.pointer.startsWith('/components/messages/')) return undefined;
  return target.pointer;
}
