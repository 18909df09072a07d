/**
 * Keywords of a JSON Schema / OpenAPI node that the normalised view does not read, taken from the
 * schemas written for it (its own and its allOf parts', see written-at.ts): assertions the view
 * leaves out (`dependencies`, `if`/`then`/`else`, `unevaluatedProperties`, …), compared by value
 * as written, and annotations or keywords JSON Schema does not know, compared as wording.
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import type { SchemaViews } from '../../schema/schema-views.ts';
import { child } from '../diff-context.ts';
import { writtenSchemas } from './written-at.ts';

export interface WrittenKeyword {
  value: unknown;
  at: Location;
}

/** Each keyword's values, one per schema that writes it, in the order the view merged them. */
export type KeywordValues = Map<string, WrittenKeyword[]>;

/** Keywords that only describe: a change of them is wording (`default` is compared on its own). */
export const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'externalDocs',
  'xml',
  'discriminator',
  '$id',
  '$schema',
  'contentMediaType',
  'contentEncoding',
]);

/** Assertions the view does not read: compared by their value as written. */
const RAW_ASSERTIONS = new Set([
  'minContains',
  'maxContains',
  'dependencies',
  'dependentRequired',
  'dependentSchemas',
  'if',
  'then',
  'else',
  'prefixItems',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/** Keywords the view reads (compared through it), and those that hold schemas reached only by `$ref`. */
const READ_BY_VIEW = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'items',
  'additionalItems',
  'contains',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'nullable',
  '$ref',
  'default',
  '$defs',
  'definitions',
]);

interface Split {
  assertions: KeywordValues;
  notes: KeywordValues;
}

const splits = new WeakMap<SchemaViews, Map<string, Split>>();

function split(views: SchemaViews, id: string): Split {
  let known = splits.get(views);
  if (!known) splits.set(views, (known = new Map()));
  const cached = known.get(id);
  if (cached) return cached;
  const out: Split = { assertions: new Map(), notes: new Map() };
  for (const s of writtenSchemas(views, id)) {
    for (const keyword of Object.keys(s.value)) {
      if (keyword.startsWith('x-')) continue;
      const into = RAW_ASSERTIONS.has(keyword) ? out.assertions : READ_BY_VIEW.has(keyword) ? undefined : out.notes;
      if (!into) continue;
      const entry = { value: s.value[keyword], at: child(s.at, keyword) };
      const list = into.get(keyword);
      if (list) list.push(entry);
      else into.set(keyword, [entry]);
    }
  }
  known.set(id, out);
  return out;
}

/** Assertions written for node `id` that the view does not read. */
export function rawAssertions(views: SchemaViews, id: string): KeywordValues {
  return split(views, id).assertions;
}

/**
 * Annotations and unknown keywords written for node `id`; for a node not written as JSON Schema
 * (Avro, Protobuf), its documentation as the view reads it.
 */
export function notesOf(views: SchemaViews, id: string): KeywordValues {
  if (views.origin(id).written || views.origin(id).parts.length > 0) return split(views, id).notes;
  const node = views.node(id);
  const out: KeywordValues = new Map();
  if (node.title !== undefined) out.set('title', [{ value: node.title, at: node.at }]);
  if (node.description !== undefined) out.set('description', [{ value: node.description, at: node.at }]);
  if (node.deprecated) out.set('deprecated', [{ value: true, at: node.at }]);
  return out;
}
