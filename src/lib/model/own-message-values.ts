/**
 * What a message's own schemas let an example carry, where the example is changed after it was
 * made: a header that names the message among its values (`eventType: [OrderPlaced,
 * OrderCancelled]` on the message `OrderCancelled`) carries the message's own value, a header whose
 * description names a payload field ("The order id.") carries that field's value, and a value set
 * to reach a filter is one the message's own headers and payload declare and allow (never a
 * field another message of the channel has, nor the value that names another message).
 */
import { admitsType, jsonTypeOf, type SchemaNode } from '../schema/schema-node.ts';
import type { SchemaViews } from '../schema/schema-views.ts';

/** The message's headers and payload as schema nodes (undefined: not read as a schema). */
export interface MessageSchemas {
  views: SchemaViews;
  headers?: SchemaNode;
  payload?: SchemaNode;
  /** The names the message goes by: its `name` and its id. */
  names: string[];
}

/** A name as its words, compared without case or separators ("order id", "orderId", "order_id" → "orderid"). */
const key = (text: string): string => text.toLowerCase().replace(/[\s\-_.]+/g, '');

/** The header values the message itself decides: its own name among a header's values. */
export function ownHeaderValues(schemas: MessageSchemas): Map<string, string> {
  const own = new Map<string, string>();
  for (const edge of schemas.headers?.properties ?? []) {
    const node = schemas.views.node(edge.node);
    const values = node.const ? [node.const.value] : (node.enum ?? []);
    const named = values.find((v): v is string => typeof v === 'string' && schemas.names.includes(v));
    if (named !== undefined && values.length > 1) own.set(edge.name, named);
  }
  return own;
}

/**
 * The payload field a header's description names ("The order id." → `orderId`): a top-level
 * field of the payload whose name is a run of the description's words. None when no field, or
 * more than one, is named.
 */
export function headerSourceField(schemas: MessageSchemas, header: string): string | undefined {
  const edge = schemas.headers?.properties.find((p) => p.name === header);
  const description = edge && schemas.views.node(edge.node).description;
  if (!description || !schemas.payload) return undefined;
  const words = description.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  const runs = new Set<string>();
  for (let i = 0; i < words.length; i++) for (let j = i + 2; j <= Math.min(words.length, i + 4); j++) runs.add(key(words.slice(i, j).join('')));
  const fields = schemas.payload.properties.filter((p) => runs.has(key(p.name)));
  return fields.length === 1 ? fields[0]!.name : undefined;
}

/**
 * The example's headers with the values the message decides: its own name where a header lists
 * it, and a header whose description names a payload field given that field's value (a string).
 * `guessed` loses the headers so given a value (they are no longer guesses).
 */
export function withOwnHeaders(
  schemas: MessageSchemas,
  headers: Record<string, unknown>,
  payload: unknown,
): { headers: Record<string, unknown>; decided: string[] } {
  const out = { ...headers };
  const decided: string[] = [];
  for (const [name, value] of ownHeaderValues(schemas))
    if (Object.hasOwn(out, name)) {
      out[name] = value;
      decided.push(name);
    }
  for (const name of Object.keys(out)) {
    const field = headerSourceField(schemas, name);
    const value = field !== undefined && isRecord(payload) && Object.hasOwn(payload, field) ? payload[field] : undefined;
    if (typeof value === 'string' && typeof out[name] === 'string') {
      out[name] = value;
      decided.push(name);
    }
  }
  return { headers: out, decided };
}

/**
 * Whether every value `changed` sets beyond `start` is one the message's own schemas declare and
 * allow: a header or payload field the schema names (along its whole path), of a type and among
 * values it admits, and never another value where the message decides its own.
 */
export function admitsChanges(
  schemas: MessageSchemas,
  scope: 'MessageAttributes' | 'MessageBody',
  start: { attributes: Record<string, unknown>; body: unknown },
  changed: { attributes: Record<string, unknown>; body: unknown },
): boolean {
  if (scope === 'MessageAttributes') {
    const own = ownHeaderValues(schemas);
    for (const [name, value] of Object.entries(changed.attributes)) {
      if (Object.hasOwn(start.attributes, name) && same(start.attributes[name], value)) continue;
      if (own.has(name) && own.get(name) !== value) return false;
      const node = fieldNode(schemas, schemas.headers, [name]);
      if (!node || !admitsValue(node, value)) return false;
    }
    return true;
  }
  return bodyAdmitted(schemas, schemas.payload, [], start.body, changed.body);
}

function bodyAdmitted(schemas: MessageSchemas, root: SchemaNode | undefined, path: string[], before: unknown, after: unknown): boolean {
  if (same(before, after)) return true;
  if (isRecord(after) && (before === undefined || isRecord(before))) {
    for (const [name, value] of Object.entries(after)) {
      const was = isRecord(before) && Object.hasOwn(before, name) ? before[name] : undefined;
      if (same(was, value)) continue;
      if (!fieldNode(schemas, root, [...path, name])) return false;
      if (!bodyAdmitted(schemas, root, [...path, name], was, value)) return false;
    }
    return path.length === 0 || admitsType(fieldNode(schemas, root, path)?.types, 'object');
  }
  const node = path.length === 0 ? root : fieldNode(schemas, root, path);
  return node !== undefined && admitsValue(node, after);
}

/** The schema of the field at `path` below `root`, when every step is a property the schema names. */
function fieldNode(schemas: MessageSchemas, root: SchemaNode | undefined, path: string[]): SchemaNode | undefined {
  let node = root;
  for (const name of path) {
    const edge = node?.properties.find((p) => p.name === name);
    if (!edge) return undefined;
    node = schemas.views.node(edge.node);
  }
  return node;
}

/** Whether a value (an attribute's, or a body field's) has a type and a value its schema admits. */
function admitsValue(node: SchemaNode, value: unknown): boolean {
  const values = Array.isArray(value) && !admitsType(node.types, 'array') ? value : [value];
  return values.every((v) => {
    const type = jsonTypeOf(v);
    if (!type || !admitsType(node.types, type)) return false;
    if (node.const && !same(node.const.value, v)) return false;
    return !node.enum || node.enum.some((allowed) => same(allowed, v));
  });
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
