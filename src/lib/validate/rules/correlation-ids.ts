/**
 * A message's correlation id points at a header or payload field the message declares. The SPEC
 * asks only that `location` be a runtime expression (Correlation ID Object; Errors list nothing
 * about its target), so this is a warning, not an error: a reader of the page is told where the id
 * is ("the header requestId of the message") and finds no such header. Checked only where the
 * answer is certain: the message has no headers (or no payload) at all, or its schema is a plain
 * JSON Schema object whose `properties` lack the first name of the pointer and that nothing else
 * (composition, `additionalProperties`, a reference) could extend.
 */
import { parsePointer } from '../../json-pointer.ts';
import { isPlainObject, type ResolvedDoc } from '../../resolve/resolved-doc.ts';
import type { Location } from '../../diagnostics/diagnostic.ts';
import { effective } from '../effective.ts';
import { JSON_SCHEMA_FORMAT } from '../schema/schema-object-schema.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

/** Keywords through which a schema may admit a property its own `properties` do not list. */
const OPEN_ENDED = ['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'not', '$ref', 'patternProperties', 'dependentSchemas'];

/** Whether the schema certainly declares no property `name`; undefined when it cannot be told. */
function lacksProperty(doc: ResolvedDoc, schema: unknown, at: Location, name: string): boolean | undefined {
  const resolved = doc.deref(schema, at);
  if (!resolved || !isPlainObject(resolved.value)) return undefined;
  let value = resolved.value;
  // A Multi Format Schema Object: only a JSON Schema one is read.
  if ('schemaFormat' in value) {
    if (typeof value.schemaFormat !== 'string' || !JSON_SCHEMA_FORMAT.test(value.schemaFormat) || !isPlainObject(value.schema)) return undefined;
    value = value.schema;
  }
  if (!isPlainObject(value.properties) || OPEN_ENDED.some((k) => k in value)) return undefined;
  if (value.additionalProperties !== undefined && value.additionalProperties !== false) return undefined;
  return !Object.hasOwn(value.properties, name);
}

export const correlationIdsRule: Rule = {
  id: 'correlation-id',
  description: "a message's correlation id points at a header or payload field the message declares",
  run({ doc, index, report }) {
    for (const message of index.of('Message')) {
      const merged = effective(doc, message);
      const raw = merged.value.correlationId;
      if (raw === undefined) continue;
      const correlationAt = fieldAt(merged.origin.correlationId ?? message.at, 'correlationId');
      const correlation = doc.deref(raw, correlationAt);
      if (!correlation || !isPlainObject(correlation.value) || typeof correlation.value.location !== 'string') continue;
      const location = correlation.value.location;
      const m = /^\$message\.(header|payload)#(.+)$/s.exec(location);
      const pointer = m ? parsePointer(m[2]!) : undefined;
      if (!m || !pointer?.ok || pointer.tokens.length === 0) continue;
      const part = m[1] === 'header' ? 'headers' : 'payload';
      const name = pointer.tokens[0]!;
      const what = part === 'headers' ? `the header "${name}"` : `the payload field "${name}"`;
      const schema = merged.value[part];
      const lacks = schema === undefined ? true : lacksProperty(doc, schema, fieldAt(merged.origin[part] ?? message.at, part), name);
      if (!lacks) continue;
      report(
        problem(
          'correlation-id-undeclared',
          'warning',
          fieldAt(correlation.at, 'location'),
          `the correlation id of the message at ${message.at.pointer} is ${what} (${location}), but the message declares ${schema === undefined ? `no ${part}` : `no such ${part === 'headers' ? 'header' : 'field'}`}`,
          `Declare ${name} in the message's ${part} schema, or point the correlation id at a ${part === 'headers' ? 'header' : 'field'} the message has.`,
        ),
      );
    }
  },
};
