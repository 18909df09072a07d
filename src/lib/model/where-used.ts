/**
 * Back-references ("where used") between pages: every Reference Object in every file links the
 * page that contains it to the page it points at (an operation to its channel and messages, a
 * channel to its servers and messages, a message to its schemas and traits, a schema to the
 * schemas it uses, …). A message written inline in a channel is also used by that channel.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { joinPointer, parentPointer } from '../json-pointer.ts';
import { isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { toLink, type EntityLocator } from './entity-locator.ts';
import type { Entity, Link } from './types.ts';

/** Every Reference Object of every loaded file, with where it is written. Iterative: inputs may be deep. */
function referenceSites(doc: ResolvedDoc): { ref: string; site: Location }[] {
  const sites: { ref: string; site: Location }[] = [];
  for (const file of doc.files) {
    const stack: [unknown, string][] = [[file.value, '']];
    while (stack.length > 0) {
      const [value, pointer] = stack.pop()!;
      if (typeof value !== 'object' || value === null) continue;
      if (isRefObject(value)) {
        sites.push({ ref: value.$ref, site: { file: file.path, pointer } });
        continue;
      }
      const keys = Array.isArray(value) ? value.map((_, i) => String(i)) : Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        // Only objects can be (or hold) references: no pointer is built for the many scalars.
        const child = (value as Record<string, unknown>)[keys[i]!];
        if (typeof child === 'object' && child !== null) stack.push([child, joinPointer(pointer, keys[i]!)]);
      }
    }
  }
  return sites;
}

/** Fills `usedBy` of each entity from every reference in the document. */
export function linkWhereUsed(doc: ResolvedDoc, entities: Entity[], locator: EntityLocator): void {
  const users = new Map<Entity, Map<string, Link>>();
  const link = (target: Entity, user: Entity): void => {
    if (target === user) return;
    let map = users.get(target);
    if (!map) users.set(target, (map = new Map()));
    map.set(user.url + '|' + user.kind, toLink(user));
  };
  for (const { ref, site } of referenceSites(doc)) {
    const user = locator.containing(site);
    const target = user && locator.target({ $ref: ref }, site);
    if (user && target) link(target, user);
  }
  for (const entity of entities) {
    if (entity.kind !== 'message') continue;
    const channel = locator.at({ file: doc.root.path, pointer: parentPointer(parentPointer(entity.pointer)) });
    if (channel) link(entity, channel);
  }
  for (const [entity, map] of users) entity.usedBy = [...map.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}
