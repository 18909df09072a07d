/**
 * Which page shows the object at a location, or the object a Reference Object names: by the
 * reference's first hop (a route pointer such as `#/channels/c`), else by where it leads.
 * Shared by back-references and by every cross-link on the pages.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { parentPointer } from '../json-pointer.ts';
import { isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import type { Entity, Link } from './types.ts';

const key = (at: Location): string => `${at.file}#${at.pointer}`;

export class EntityLocator {
  readonly #doc: ResolvedDoc;
  readonly #byLocation = new Map<string, Entity>();

  constructor(doc: ResolvedDoc, entities: Entity[], contentOf: Map<Entity, Location>) {
    this.#doc = doc;
    for (const entity of entities) this.#byLocation.set(key({ file: doc.root.path, pointer: entity.pointer }), entity);
    for (const entity of entities) {
      const content = contentOf.get(entity);
      if (content && !this.#byLocation.has(key(content))) this.#byLocation.set(key(content), entity);
    }
  }

  at(location: Location): Entity | undefined {
    return this.#byLocation.get(key(location));
  }

  /** The page whose object contains `site` (the deepest one). */
  containing(site: Location): Entity | undefined {
    for (let pointer = site.pointer; ; pointer = parentPointer(pointer)) {
      const found = this.#byLocation.get(key({ file: site.file, pointer }));
      if (found || pointer === '') return found;
    }
  }

  /** The page of what `raw` (written at `site`) is: the referenced object's page, or the object's own. */
  target(raw: unknown, site: Location): Entity | undefined {
    if (!isRefObject(raw)) return this.at(site);
    const first = this.#doc.refLocation(raw.$ref, site);
    const byFirst = first && this.at(first);
    if (byFirst) return byFirst;
    const resolved = this.#doc.deref(raw, site);
    return resolved ? this.at(resolved.at) : undefined;
  }

  link(raw: unknown, site: Location): Link | undefined {
    const entity = this.target(raw, site);
    return entity && toLink(entity);
  }
}

export function toLink(entity: Entity): Link {
  return { kind: entity.kind, id: entity.id, url: entity.url, title: entity.title };
}
