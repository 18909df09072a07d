/**
 * Where a fact of a node of the normalised view is written, so that a finding points at the
 * keyword that changed: the view merges a schema's allOf parts into one node (and a property
 * several parts define into one), and keeps what it merged (`SchemaViews#origin`). The schemas
 * written for a node are read in the order the view merged them: the node's own, then each part's.
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import type { SchemaViews } from '../../schema/schema-views.ts';
import { child } from '../diff-context.ts';

export interface WrittenSchema {
  value: Record<string, unknown>;
  at: Location;
}

/** Schemas read for one node at most (an allOf of thousands of parts is read this far). */
const MAX_WRITTEN = 5_000;

/** The JSON Schema / OpenAPI schemas written for node `id`: its own, then its allOf parts' (depth first), each once. */
export function* writtenSchemas(views: SchemaViews, id: string): Generator<WrittenSchema> {
  const stack = [id];
  const visited = new Set<string>();
  while (stack.length > 0 && visited.size < MAX_WRITTEN) {
    const next = stack.pop()!;
    if (visited.has(next)) continue;
    visited.add(next);
    const origin = views.origin(next);
    if (origin.written) yield origin.written;
    for (let i = origin.parts.length - 1; i >= 0; i--) stack.push(origin.parts[i]!);
  }
}

/** The first place `locate` finds in the schemas written for node `id` (undefined: none writes it, or the node is not written as JSON). */
export function placeIn(views: SchemaViews, id: string, locate: (schema: Record<string, unknown>, at: Location) => Location | undefined): Location | undefined {
  for (const s of writtenSchemas(views, id)) {
    const found = locate(s.value, s.at);
    if (found) return found;
  }
  return undefined;
}

/** Where `keyword` is written for node `id` (the first schema that writes it, or the first whose value `matches`). */
export function keywordAt(views: SchemaViews, id: string, keyword: string, matches: (value: unknown) => boolean = () => true): Location | undefined {
  return placeIn(views, id, (s, at) => (Object.hasOwn(s, keyword) && matches(s[keyword]) ? child(at, keyword) : undefined));
}

/** Where the property `name` is written for node `id`. */
export function propertyAt(views: SchemaViews, id: string, name: string): Location | undefined {
  return placeIn(views, id, (s, at) => (isPlainObject(s.properties) && Object.hasOwn(s.properties, name) ? child(at, 'properties', name) : undefined));
}

/** Where `name` is listed in a `required` of node `id`. */
export function requiredAt(views: SchemaViews, id: string, name: string): Location | undefined {
  return placeIn(views, id, (s, at) => {
    const i = Array.isArray(s.required) ? s.required.indexOf(name) : -1;
    return i >= 0 ? child(at, 'required', String(i)) : undefined;
  });
}
