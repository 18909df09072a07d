/**
 * The shape of a payload schema, to tell whether two APIs of a portal agree on a message
 * (issue 22): its keywords with references followed, keys in order, without the wording
 * (descriptions, titles, examples, extensions), which two teams write differently for the same
 * message. Bounded as expandedText is (src/lib/resolve/expanded-text.ts).
 */
import { createHash } from 'node:crypto';
import type { Location } from '../diagnostics/diagnostic.ts';
import { expandedText } from '../resolve/expanded-text.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';

/** Keywords that say what a schema means to a reader, not what it accepts. */
const WORDING = new Set(['description', 'title', 'examples', 'example', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', '$id', '$schema']);
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

export function payloadFingerprint(doc: ResolvedDoc, schema: unknown, at: Location): string {
  // Property names are data, not keywords: `properties.description` is a field, kept.
  const { text } = expandedText(doc, schema, at, { omit: (key) => WORDING.has(key) || key.startsWith('x-'), nameMaps: NAME_MAPS });
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
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
