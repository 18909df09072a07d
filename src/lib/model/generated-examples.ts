/**
 * Examples for messages that have none, sampled from their schemas with openapi-sampler (a
 * well-kept sampler that understands JSON Schema and recursion): one per top-level oneOf/anyOf
 * branch, so each alternative gets its own example. Only JSON-Schema formats are sampled;
 * a schema the sampler cannot handle (e.g. a reference into another file) gives none.
 */
import { sample } from 'openapi-sampler';
import type { Location } from '../diagnostics/diagnostic.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { joinPointer } from '../resolve/json-pointer.ts';
import { forEachSchemaChild } from '../resolve/schema-walk.ts';
import { schemaFormatKind } from '../validate/schema-formats.ts';

export interface GeneratedExample {
  title: string;
  value: unknown;
}

const OPTIONS = { skipReadOnly: false, skipWriteOnly: false, quiet: true, maxSampleDepth: 6 };

/** The JSON Schema (and the file it is written in) of a `headers` or `payload` value. */
function jsonSchemaOf(doc: ResolvedDoc, raw: unknown, site: Location): { schema: unknown; file: string } | undefined {
  const resolved = doc.deref(raw, site);
  if (!resolved) return undefined;
  const v = resolved.value;
  let found = resolved;
  if (isPlainObject(v) && ('schemaFormat' in v || 'schema' in v)) {
    if (schemaFormatKind(v.schemaFormat) !== 'apidesc') return undefined;
    const inner = doc.deref(v.schema, { file: resolved.at.file, pointer: `${resolved.at.pointer}/schema` });
    if (!inner) return undefined;
    found = inner;
  }
  return tooLargeToSample(doc, found.value, found.at) ? undefined : { schema: found.value, file: found.at.file };
}

/**
 * The sampler builds arrays of `minItems` items and strings of `minLength` characters as
 * written, nested arrays multiplying: a schema asking for 1e9 (a broken or hostile document,
 * which a preview build still renders) must not make the build allocate them. Such schemas
 * get no generated example. The bound is on the product of all `minItems` of the schema (an
 * upper bound of any nesting of them).
 *
 * The sampler goes `maxSampleDepth` levels of properties and items deep, but follows
 * references and `allOf`/`oneOf`/… between two such levels as far as they go, recursively: a
 * chain of thousands of them (valid, if odd) gets no example either, and neither does a
 * schema with so many paths through it that the example would be huge.
 */
const MAX_SAMPLED_ITEMS = 1000;
const MAX_SAMPLED_LENGTH = 10_000;
/** References and combinators followed in a row without going a level of properties or items deeper. */
const MAX_SAMPLED_CHAIN = 64;
/** Schemas the sampler would visit (a schema used twice counts twice, as it is sampled twice). */
const MAX_SAMPLED_NODES = 10_000;
/** Keywords whose subschemas the sampler takes one level deeper. */
const LEVEL_KEYWORDS = new Set(['properties', 'patternProperties', 'additionalProperties', 'items', 'additionalItems']);

function tooLargeToSample(doc: ResolvedDoc, schema: unknown, at: Location): boolean {
  let items = 1;
  let nodes = 0;
  // Iterative, and bounded like the sampler: it stops at maxSampleDepth, so this does too.
  const stack: { raw: unknown; site: Location; level: number; chain: number }[] = [{ raw: schema, site: at, level: 1, chain: 0 }];
  while (stack.length > 0) {
    const { raw, site, level, chain } = stack.pop()!;
    const resolved = doc.deref(raw, site);
    if (!resolved || !isPlainObject(resolved.value)) continue;
    const value = resolved.value;
    if (++nodes > MAX_SAMPLED_NODES || chain + resolved.via.length > MAX_SAMPLED_CHAIN) return true;
    if (typeof value.minItems === 'number' && value.minItems > 1) items *= value.minItems;
    if (items > MAX_SAMPLED_ITEMS || (typeof value.minLength === 'number' && value.minLength > MAX_SAMPLED_LENGTH)) return true;
    if (level > OPTIONS.maxSampleDepth) continue;
    const base = resolved.at;
    forEachSchemaChild(value, (child, keyword, key) => {
      if (keyword === 'definitions') return;
      const deeper = LEVEL_KEYWORDS.has(keyword);
      const pointer = key === undefined ? joinPointer(base.pointer, keyword) : joinPointer(base.pointer, keyword, key);
      stack.push({ raw: child, site: { file: base.file, pointer }, level: deeper ? level + 1 : level, chain: deeper ? 0 : chain + resolved.via.length + 1 });
    });
  }
  return false;
}

function sampleOf(doc: ResolvedDoc, schema: unknown, file: string): unknown {
  try {
    return sample(schema as Parameters<typeof sample>[0], OPTIONS, doc.file(file)?.value as object);
  } catch {
    return undefined;
  }
}

export function generateExamples(doc: ResolvedDoc, message: Record<string, unknown>, origin: Record<string, Location>): GeneratedExample[] {
  const headers =
    message.headers !== undefined && origin.headers
      ? jsonSchemaOf(doc, message.headers, { file: origin.headers.file, pointer: `${origin.headers.pointer}/headers` })
      : undefined;
  const payload =
    message.payload !== undefined && origin.payload
      ? jsonSchemaOf(doc, message.payload, { file: origin.payload.file, pointer: `${origin.payload.pointer}/payload` })
      : undefined;
  if (!headers && !payload) return [];
  const headerSample = headers && sampleOf(doc, headers.schema, headers.file);
  const branches = payload && isPlainObject(payload.schema) ? ((payload.schema.oneOf ?? payload.schema.anyOf) as unknown[] | undefined) : undefined;
  const payloads: { title: string; value: unknown }[] = [];
  if (payload && Array.isArray(branches) && branches.length > 1) {
    const { oneOf: _one, anyOf: _any, ...rest } = payload.schema as Record<string, unknown>;
    branches.forEach((branch, i) => {
      payloads.push({ title: `Generated example, alternative ${i + 1}`, value: sampleOf(doc, { ...rest, allOf: [branch] }, payload.file) });
    });
  } else if (payload) {
    payloads.push({ title: 'Generated example', value: sampleOf(doc, payload.schema, payload.file) });
  } else {
    payloads.push({ title: 'Generated example', value: undefined });
  }
  return payloads
    .filter((p) => p.value !== undefined || headerSample !== undefined)
    .map((p) => ({
      title: p.title,
      value: { ...(headerSample !== undefined ? { headers: headerSample } : {}), ...(p.value !== undefined ? { payload: p.value } : {}) },
    }));
}
