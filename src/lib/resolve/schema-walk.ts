/**
 * Walks a Schema Object and its subschemas, following `$ref`s, without ever expanding a
 * recursive schema twice: a reference to a schema that is already on the current path is
 * reported as a back-reference (with where that schema is written) and not descended into.
 * This is what later stages use to show "↻ Node (see above)" instead of endless nesting.
 * Iterative, so deep schemas cannot overflow the stack.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { joinPointer } from '../json-pointer.ts';
import { isPlainObject, type ResolvedDoc } from './resolved-doc.ts';

const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions'];
const SCHEMA_SINGLE = ['additionalProperties', 'additionalItems', 'propertyNames', 'contains', 'not', 'if', 'then', 'else'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];

const SUBSCHEMA_KEYWORDS = new Set([...SCHEMA_MAPS, ...SCHEMA_SINGLE, ...SCHEMA_LISTS, 'items']);

/** The subschemas of a schema, each with the keyword path that leads to it (e.g. ['properties', 'id']). */
export function schemaChildren(schema: Record<string, unknown>): [string[], unknown][] {
  const out: [string[], unknown][] = [];
  forEachSchemaChild(schema, (child, keyword, key) => out.push([key === undefined ? [keyword] : [keyword, key], child]));
  return out;
}

/**
 * Calls `visit` for each subschema of a schema in document order, with the keyword that holds it
 * and, in a map or list (`properties`, `allOf`), its key or index. The walks over every schema of
 * a large document use this: it builds no list and no path per child.
 */
export function forEachSchemaChild(schema: Record<string, unknown>, visit: (child: unknown, keyword: string, key?: string) => void): void {
  // Most schemas of a document are leaves (a type, a format, a description): one pass over their
  // few keys answers for them, instead of looking up each of the fifteen keywords.
  if (!hasSubschemaKeyword(schema)) return;
  for (const keyword of SCHEMA_MAPS) {
    const map = schema[keyword];
    if (isPlainObject(map)) for (const key of Object.keys(map)) visit(map[key], keyword, key);
  }
  for (const keyword of SCHEMA_SINGLE) if (schema[keyword] !== undefined) visit(schema[keyword], keyword);
  for (const keyword of SCHEMA_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (let i = 0; i < list.length; i++) visit(list[i], keyword, String(i));
  }
  const items = schema.items;
  if (Array.isArray(items)) for (let i = 0; i < items.length; i++) visit(items[i], 'items', String(i));
  else if (items !== undefined) visit(items, 'items');
}

function hasSubschemaKeyword(schema: Record<string, unknown>): boolean {
  for (const key in schema) if (SUBSCHEMA_KEYWORDS.has(key)) return true;
  return false;
}

export interface SchemaVisit {
  /** The schema (after following references): an object, or a boolean schema. */
  value: unknown;
  /** Where the schema is written. */
  at: Location;
  /** Keyword path from the walked root, e.g. ['properties', 'lines', 'items']. */
  path: string[];
  depth: number;
  /** Where it was reached from: the Reference Object, or the schema itself when inline. */
  site: Location;
  /** True when this schema is one of its own ancestors (recursion): it is not descended into. */
  backReference: boolean;
}

/**
 * Calls `visit` for the root and every subschema, depth first in document order. Returning
 * false from `visit` skips the subschemas of that node. Unresolvable references are skipped
 * (the validator reports them).
 */
export function walkSchema(doc: ResolvedDoc, value: unknown, at: Location, visit: (node: SchemaVisit) => boolean | undefined): void {
  interface Frame {
    raw: unknown;
    site: Location;
    path: string[];
    depth: number;
    exit?: string;
  }
  const onPath = new Map<string, number>();
  const stack: Frame[] = [{ raw: value, site: at, path: [], depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.exit !== undefined) {
      const count = (onPath.get(frame.exit) ?? 1) - 1;
      if (count === 0) onPath.delete(frame.exit);
      else onPath.set(frame.exit, count);
      continue;
    }
    const resolved = doc.deref(frame.raw, frame.site);
    if (!resolved) continue;
    const key = `${resolved.at.file}#${resolved.at.pointer}`;
    const backReference = onPath.has(key);
    const descend = visit({ value: resolved.value, at: resolved.at, path: frame.path, depth: frame.depth, site: frame.site, backReference });
    if (backReference || descend === false || !isPlainObject(resolved.value)) continue;
    onPath.set(key, (onPath.get(key) ?? 0) + 1);
    stack.push({ raw: undefined, site: resolved.at, path: frame.path, depth: frame.depth, exit: key });
    const children = schemaChildren(resolved.value);
    for (let i = children.length - 1; i >= 0; i--) {
      const [keywords, child] = children[i]!;
      stack.push({
        raw: child,
        site: { file: resolved.at.file, pointer: joinPointer(resolved.at.pointer, ...keywords) },
        path: [...frame.path, ...keywords],
        depth: frame.depth + 1,
      });
    }
  }
}
