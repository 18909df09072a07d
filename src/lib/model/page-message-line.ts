/**
 * A message as a list shows it (a channel's messages): its name, content type, summary and what
 * its payload is in a line, an object by its first fields and their types, as Bump.sh lists them
 * ("Order · orderId string, placedAt string (date-time), customer Customer, lines array of
 * OrderLine, and 2 more"), with a link to the payload's schema when it has a page. Read shallowly
 * (one level of allOf), so that a channel with many messages stays cheap to build; the message's
 * page has the whole schema.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderInlineMarkdown } from '../markdown/render-markdown.ts';
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject, isRefObject } from '../resolve/resolved-doc.ts';
import { schemaReadingKind } from '../schema/schema-formats.ts';
import { type Context, merged, sub } from './page-context.ts';
import type { MessageLine } from './page-types.ts';
import type { Link } from './types.ts';

/** Fields named in a payload's line; the rest are counted. */
const FIELDS_NAMED = 4;

const FORMAT_NAMES: Record<string, string> = { avro: 'Avro schema', protobuf: 'Protobuf schema', raml: 'RAML type', custom: 'schema' };

export function messageLine(ctx: Context, raw: unknown, at: Location): MessageLine | undefined {
  const resolved = ctx.doc.deref(raw, at);
  if (!resolved || !isPlainObject(resolved.value)) return undefined;
  const { value, origin } = merged(ctx, resolved.value, resolved.at);
  const contentType = typeof value.contentType === 'string' ? value.contentType : ctx.defaultContentType;
  const payload =
    value.payload !== undefined ? payloadLine(ctx, value.payload, origin.payload ? sub(origin.payload, 'payload') : sub(resolved.at, 'payload')) : undefined;
  return {
    ...(typeof value.name === 'string' ? { name: value.name } : {}),
    ...(contentType ? { contentType } : {}),
    ...(typeof value.summary === 'string' ? { summaryHtml: renderInlineMarkdown(value.summary) } : {}),
    ...(payload ? { payload } : {}),
  };
}

function payloadLine(ctx: Context, raw: unknown, at: Location): NonNullable<MessageLine['payload']> {
  let link: Link | undefined = isRefObject(raw) ? ctx.locator.link(raw, at) : undefined;
  let resolved = ctx.doc.deref(raw, at);
  let schema = resolved?.value;
  // A Multi Format Schema Object: JSON Schema and OpenAPI schemas are read; other formats are named.
  if (resolved && isPlainObject(schema) && 'schemaFormat' in schema && 'schema' in schema) {
    const kind = schemaReadingKind(schema.schemaFormat);
    if (kind !== 'apidesc' && kind !== 'openapi') return { ...(link ? { link } : {}), shape: FORMAT_NAMES[kind] ?? 'schema' };
    const inner = sub(resolved.at, 'schema');
    link ??= isRefObject(schema.schema) ? ctx.locator.link(schema.schema, inner) : undefined;
    resolved = ctx.doc.deref(schema.schema, inner);
    schema = resolved?.value;
  }
  const title = link ? undefined : isPlainObject(schema) && typeof schema.title === 'string' ? schema.title : undefined;
  const fields = resolved && isPlainObject(schema) && !schema.oneOf && !schema.anyOf ? typedFields(ctx, schema, resolved.at) : [];
  return {
    ...(link ? { link } : {}),
    ...(title ? { title } : {}),
    shape: resolved ? shapeOf(ctx, schema, resolved.at) : 'schema',
    ...(fields.length > 0 ? { fields: fields.slice(0, FIELDS_NAMED), more: Math.max(0, fields.length - FIELDS_NAMED) } : {}),
  };
}

/** An object's fields with their types in a word or two, its own and those of its allOf parts (one level). */
function typedFields(ctx: Context, schema: Record<string, unknown>, at: Location): { name: string; type: string }[] {
  const fields = new Map<string, string>();
  const add = (properties: unknown, where: Location): void => {
    for (const [name, field] of entries(properties)) if (!fields.has(name)) fields.set(name, typeWord(ctx, field, sub(where, 'properties', name)));
  };
  add(schema.properties, at);
  for (const [i, part] of entries(schema.allOf)) {
    const resolved = ctx.doc.deref(part, sub(at, 'allOf', i));
    if (resolved && isPlainObject(resolved.value)) add(resolved.value.properties, resolved.at);
  }
  return [...fields].map(([name, type]) => ({ name, type }));
}

/**
 * A field's type in a word or two: the schema's name when it has a page and is a shape of its own
 * (an object, an array, alternatives), else its type: `string (date-time)`, `array of OrderLine`,
 * `object`. A named scalar (a `sentAt` schema that is a date-time string) is shown by its type,
 * which its name would hide.
 */
function typeWord(ctx: Context, field: unknown, at: Location, depth = 0): string {
  const value = ctx.doc.deref(field, at)?.value;
  const named = isRefObject(field) && !isScalar(value) ? ctx.locator.link(field, at) : undefined;
  if (named) return named.title;
  if (!isPlainObject(value)) return value === true ? 'any' : 'schema';
  if (Array.isArray(value.oneOf) || Array.isArray(value.anyOf)) return 'one of several shapes';
  const types = Array.isArray(value.type) ? value.type.filter((t) => t !== 'null') : typeof value.type === 'string' ? [value.type] : [];
  const type = types.join(' or ') || (value.properties !== undefined || value.allOf !== undefined ? 'object' : 'any');
  if (type === 'array' && depth === 0 && value.items !== undefined) return `array of ${typeWord(ctx, value.items, sub(at, 'items'), 1)}`;
  return typeof value.format === 'string' ? `${type} (${value.format})` : type;
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** A schema of one plain value (a string, a number, a boolean), no fields, items or alternatives under it. */
function isScalar(schema: unknown): boolean {
  if (!isPlainObject(schema)) return false;
  if (['properties', 'allOf', 'oneOf', 'anyOf', 'items', '$ref'].some((k) => schema[k] !== undefined)) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.length > 0 && types.every((t) => typeof t === 'string' && SCALAR_TYPES.has(t));
}

/** What a schema is in a few words: `object: a, b, c and 2 more`, `array of Item`, `string (date-time)`. */
function shapeOf(ctx: Context, schema: unknown, at: Location): string {
  if (schema === true || (isPlainObject(schema) && Object.keys(schema).length === 0)) return 'any value';
  if (!isPlainObject(schema)) return 'schema';
  const alternatives = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (alternatives) return `one of ${alternatives.length} shapes`;
  const fields = fieldNames(ctx, schema, at);
  const type = Array.isArray(schema.type)
    ? schema.type.filter((t) => t !== 'null').join(' or ')
    : typeof schema.type === 'string'
      ? schema.type
      : fields.length > 0
        ? 'object'
        : '';
  if (type === 'array') {
    const items = ctx.doc.deref(schema.items, sub(at, 'items'));
    const itemLink = isRefObject(schema.items) ? ctx.locator.link(schema.items, sub(at, 'items')) : undefined;
    const item = itemLink?.title ?? (isPlainObject(items?.value) && typeof items.value.type === 'string' ? items.value.type : undefined);
    return item ? `array of ${item}` : 'array';
  }
  if (fields.length > 0) {
    const named = fields.slice(0, FIELDS_NAMED).join(', ');
    return `${type}: ${named}${fields.length > FIELDS_NAMED ? ` and ${fields.length - FIELDS_NAMED} more` : ''}`;
  }
  return `${type || 'schema'}${typeof schema.format === 'string' ? ` (${schema.format})` : ''}`;
}

/** The names of an object's fields, its own and those of its allOf parts (one level). */
function fieldNames(ctx: Context, schema: Record<string, unknown>, at: Location): string[] {
  const names = entries(schema.properties).map(([name]) => name);
  for (const [i, part] of entries(schema.allOf)) {
    const resolved = ctx.doc.deref(part, sub(at, 'allOf', i));
    if (resolved && isPlainObject(resolved.value)) names.push(...entries(resolved.value.properties).map(([name]) => name));
  }
  return [...new Set(names)];
}
