/**
 * The header values a code sample sends when the example it carries was generated: the example's,
 * as its Examples panel shows them, so that the two never disagree. A value the document does not
 * give (its schema's `const`, `enum`, `default`, `examples` or `example`, or the headers schema's
 * own examples at its name) is made up, and may look right and send a wrong type when copied
 * (`type-1042` for a `__TypeId__` that Spring reads to pick the class): the sample's note says so,
 * as the sns publish commands do. A bare `"string"`, the generator's word for "some text", is no value:
 * a `<name>` placeholder the reader fills in.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { PLAIN_STRING } from '../schema/example-value.ts';
import { type Context, sub } from './page-context.ts';

/** Schemas followed at most through references and allOf: a schema that refers to itself ends. */
const MAX_DEPTH = 8;

/** The values the document gives for each header of the message's headers schema, by name. */
export function schemaHeaderValues(ctx: Context, message: Record<string, unknown>, origin: Record<string, Location>, at: Location): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  const add = (name: string, values: unknown[]): void => {
    if (values.length > 0) found.set(name, [...(found.get(name) ?? []), ...values]);
  };
  const valuesOf = (schema: Record<string, unknown>): unknown[] => [
    ...('const' in schema ? [schema.const] : []),
    ...(Array.isArray(schema.enum) ? schema.enum : []),
    ...('default' in schema ? [schema.default] : []),
    ...(Array.isArray(schema.examples) ? schema.examples : []),
    ...('example' in schema ? [schema.example] : []),
  ];
  const visit = (raw: unknown, where: Location, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    let r = ctx.doc.deref(raw, where);
    // A multi-format Schema Object: the schema is its `schema`.
    if (r && isPlainObject(r.value) && r.value.schemaFormat !== undefined && r.value.schema !== undefined)
      r = ctx.doc.deref(r.value.schema, sub(r.at, 'schema'));
    if (!r || !isPlainObject(r.value)) return;
    const schema = r.value;
    if (isPlainObject(schema.properties))
      for (const [name, property] of Object.entries(schema.properties)) {
        const p = ctx.doc.deref(property, sub(r.at, 'properties', name));
        if (p && isPlainObject(p.value)) add(name, valuesOf(p.value));
      }
    for (const example of [...(Array.isArray(schema.examples) ? schema.examples : []), ...('example' in schema ? [schema.example] : [])])
      if (isPlainObject(example)) for (const [name, value] of Object.entries(example)) add(name, [value]);
    if (Array.isArray(schema.allOf)) for (const [i, part] of schema.allOf.entries()) visit(part, sub(r.at, 'allOf', i), depth + 1);
  };
  if (message.headers !== undefined) visit(message.headers, sub(origin.headers ?? at, 'headers'), 0);
  return found;
}

/** A header's placeholder: its name between angle brackets, as the samples write other values the document does not give. */
export const headerPlaceholder = (name: string): string => `<${name}>`;

/**
 * The generated example's headers as a sample sends them: a bare `"string"` the document does not
 * give replaced by its placeholder; the names replaced, and the names of the values sent that the
 * document does not give (made up).
 */
export function headersWithPlaceholders(
  headers: Record<string, unknown>,
  given: Map<string, unknown[]>,
): { headers: Record<string, unknown>; placeholders: string[]; madeUp: string[] } {
  const placeholders: string[] = [];
  const madeUp: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    const known = (given.get(name) ?? []).some((v) => JSON.stringify(v) === JSON.stringify(value));
    const placeholder = !known && value === PLAIN_STRING;
    if (placeholder) placeholders.push(name);
    else if (!known) madeUp.push(name);
    Object.defineProperty(out, name, { value: placeholder ? headerPlaceholder(name) : value, enumerable: true, writable: true, configurable: true });
  }
  return { headers: out, placeholders, madeUp };
}
