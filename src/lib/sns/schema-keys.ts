/**
 * Whether a message's headers or payload schema declares a path of keys (`order.total`), for the
 * filter lint "a key the message never has". Reads JSON Schema (properties through $ref, allOf,
 * oneOf, anyOf, array items) and Avro records; answers `unknown` whenever the schema leaves room
 * for keys it does not name (no properties, patternProperties, an additionalProperties schema)
 * or is of another format, so that a warning is given only when the schema is sure.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { joinPointer } from '../json-pointer.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { schemaFormatKind } from '../schema/schema-formats.ts';

export type KeyPresence = 'declared' | 'undeclared' | 'unknown';

/** Schemas visited per question, at most (a document may combine schemas without end). */
const MAX_VISITS = 500;

interface Node {
  raw: unknown;
  at: Location;
  format: 'json' | 'avro';
}

/** Presence of `path` in a `headers` or `payload` value (a schema, or a Multi Format Schema Object). */
export function schemaDeclares(doc: ResolvedDoc, raw: unknown, at: Location, path: string[]): KeyPresence {
  const resolved = doc.deref(raw, at);
  if (!resolved) return 'unknown';
  let start: Node = { raw: resolved.value, at: resolved.at, format: 'json' };
  if (isPlainObject(resolved.value) && 'schema' in resolved.value && ('schemaFormat' in resolved.value || !('type' in resolved.value))) {
    const kind = schemaFormatKind(resolved.value.schemaFormat);
    if (kind !== 'apidesc' && kind !== 'avro') return 'unknown';
    start = {
      raw: resolved.value.schema,
      at: { file: resolved.at.file, pointer: joinPointer(resolved.at.pointer, 'schema') },
      format: kind === 'avro' ? 'avro' : 'json',
    };
  }
  const budget = { visits: 0 };
  let level: Node[] = [start];
  for (const key of path) {
    const next: Node[] = [];
    for (const node of level) {
      const found = propertiesOf(doc, node, budget);
      if (found === 'unknown') return 'unknown';
      next.push(...(found.get(key) ?? []));
    }
    if (next.length === 0) return 'undeclared';
    level = next;
  }
  return 'declared';
}

/** The schemas of each declared property of a schema (through combinators and array items), or unknown. */
function propertiesOf(doc: ResolvedDoc, start: Node, budget: { visits: number }): Map<string, Node[]> | 'unknown' {
  const found = new Map<string, Node[]>();
  const add = (key: string, node: Node): void => {
    const list = found.get(key) ?? [];
    list.push(node);
    found.set(key, list);
  };
  let declaresAny = false;
  const stack: Node[] = [start];
  while (stack.length > 0) {
    if (++budget.visits > MAX_VISITS) return 'unknown';
    const node = stack.pop()!;
    const resolved = doc.deref(node.raw, node.at);
    if (!resolved) return 'unknown';
    const value = resolved.value;
    const at = resolved.at;
    const sub = (...keys: (string | number)[]): Location => ({ file: at.file, pointer: joinPointer(at.pointer, ...keys) });
    if (node.format === 'avro') {
      // A union (a list) may hold a record; a record lists its fields.
      if (Array.isArray(value)) for (const [i, v] of value.entries()) stack.push({ raw: v, at: sub(i), format: 'avro' });
      else if (isPlainObject(value) && value.type === 'record' && Array.isArray(value.fields)) {
        declaresAny = true;
        value.fields.forEach((f, i) => {
          if (isPlainObject(f) && typeof f.name === 'string') add(f.name, { raw: f.type, at: sub('fields', i, 'type'), format: 'avro' });
        });
      } else if (isPlainObject(value) && value.type === 'array') stack.push({ raw: value.items, at: sub('items'), format: 'avro' });
      else if (typeof value === 'string' && !['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string'].includes(value)) return 'unknown';
      continue;
    }
    if (!isPlainObject(value)) continue;
    if (value.patternProperties !== undefined || isPlainObject(value.additionalProperties)) return 'unknown';
    if (isPlainObject(value.properties)) {
      declaresAny = true;
      for (const key of Object.keys(value.properties)) add(key, { raw: value.properties[key], at: sub('properties', key), format: 'json' });
    }
    for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
      const list = value[keyword];
      if (Array.isArray(list)) for (const [i, v] of list.entries()) stack.push({ raw: v, at: sub(keyword, i), format: 'json' });
    }
    if (value.items !== undefined && !Array.isArray(value.items)) stack.push({ raw: value.items, at: sub('items'), format: 'json' });
  }
  return declaresAny ? found : 'unknown';
}

/**
 * The values a schema allows at `path` when it lists them (`enum`, `const`), in every schema
 * that declares the path; undefined when one of them does not list its values (or the path is
 * not surely declared), so that callers judge only what the schema says for sure.
 */
export function schemaValuesAt(doc: ResolvedDoc, raw: unknown, at: Location, path: string[]): unknown[] | undefined {
  const resolved = doc.deref(raw, at);
  if (!resolved || path.length === 0) return undefined;
  let level: Node[] = [{ raw: resolved.value, at: resolved.at, format: 'json' }];
  if (isPlainObject(resolved.value) && 'schema' in resolved.value && ('schemaFormat' in resolved.value || !('type' in resolved.value))) {
    if (schemaFormatKind(resolved.value.schemaFormat) !== 'apidesc') return undefined;
    level = [{ raw: resolved.value.schema, at: { file: resolved.at.file, pointer: joinPointer(resolved.at.pointer, 'schema') }, format: 'json' }];
  }
  const budget = { visits: 0 };
  for (const key of path) {
    const next: Node[] = [];
    for (const node of level) {
      const found = propertiesOf(doc, node, budget);
      if (found === 'unknown') return undefined;
      next.push(...(found.get(key) ?? []));
    }
    if (next.length === 0) return undefined;
    level = next;
  }
  const values: unknown[] = [];
  for (const node of level) {
    const schema = doc.deref(node.raw, node.at)?.value;
    if (!isPlainObject(schema)) return undefined;
    if (Array.isArray(schema.enum)) values.push(...schema.enum);
    else if (schema.const !== undefined) values.push(schema.const);
    else return undefined;
  }
  return values;
}
