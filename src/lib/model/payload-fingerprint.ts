/**
 * The shape of a payload schema, to tell whether two APIs of a portal agree on a message
 * (issue 22): its keywords with references followed, keys in order, without the wording
 * (descriptions, titles, examples, extensions), which two teams write differently for the same
 * message. Bounded: a schema larger than MAX_NODES is compared by what was read of it.
 */
import { createHash } from 'node:crypto';
import type { Location } from '../diagnostics/diagnostic.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { sub } from './page-context.ts';

/** Keywords that say what a schema means to a reader, not what it accepts. */
const WORDING = new Set(['description', 'title', 'examples', 'example', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', '$id', '$schema']);
const MAX_NODES = 5_000;
const MAX_DEPTH = 64;

export function payloadFingerprint(doc: ResolvedDoc, schema: unknown, at: Location): string {
  let nodes = 0;
  // References on the current path: a recursive schema is written once and then named.
  const path: string[] = [];
  const canonical = (value: unknown, where: Location, depth: number): unknown => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return '…';
    if (isRefObject(value)) {
      const target = doc.deref(value, where);
      if (!target) return { $ref: value.$ref };
      const key = `${target.at.file}#${target.at.pointer}`;
      if (path.includes(key)) return { $cycle: path.length - path.indexOf(key) };
      path.push(key);
      const shown = canonical(target.value, target.at, depth + 1);
      path.pop();
      return shown;
    }
    if (Array.isArray(value)) return value.map((item, i) => canonical(item, sub(where, i), depth + 1));
    if (!isPlainObject(value)) return value;
    const out: [string, unknown][] = [];
    for (const key of Object.keys(value).sort()) {
      if (WORDING.has(key) || key.startsWith('x-')) continue;
      // Property names are data, not keywords: `properties.description` is a field, kept.
      const inner = key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions';
      out.push([
        key,
        inner && isPlainObject(value[key]) ? namedSchemas(value[key], sub(where, key), depth) : canonical(value[key], sub(where, key), depth + 1),
      ]);
    }
    return out;
  };
  const namedSchemas = (map: Record<string, unknown>, where: Location, depth: number): unknown =>
    Object.keys(map)
      .sort()
      .map((name) => [name, canonical(map[name], sub(where, name), depth + 1)]);
  return createHash('sha256')
    .update(JSON.stringify(canonical(schema, at, 0)))
    .digest('base64url')
    .slice(0, 16);
}

/** The payload's top-level properties and required fields, references followed. */
export function topLevelFields(doc: ResolvedDoc, schema: unknown, at: Location): { properties?: string[]; required?: string[] } {
  const resolved = doc.deref(schema, at);
  if (!resolved || !isPlainObject(resolved.value)) return {};
  const value = resolved.value;
  const properties = isPlainObject(value.properties) ? Object.keys(value.properties).sort() : undefined;
  const required = Array.isArray(value.required) ? value.required.filter((r): r is string => typeof r === 'string').sort() : undefined;
  return { ...(properties ? { properties } : {}), ...(required ? { required } : {}) };
}
