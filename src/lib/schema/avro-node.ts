/**
 * An Avro 1.9 schema as SchemaNodes, as avsc reads a value of it (`Type#isValid`): a record is an
 * object whose every field is there, except a field with a default (which a reader fills in); a
 * union with null is nullable; a union of several types is one of them; an enum is
 * its symbols; a map is an object of one value schema; bytes and fixed are strings in JSON. The
 * logical type says what a value means (`timestamp-millis` is a long counting milliseconds).
 *
 * Named types (records, enums, fixed) are one node however often they are used, found by their
 * full name with Avro's namespace rules; a record that contains itself is a node that is its own
 * descendant. A schema avsc cannot read gets one node that says why, in this tool's words.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { childPointer } from '../json-pointer.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { avroSchemaProblem } from './avro-schema-check.ts';
import { ANY_ID } from './merge.ts';
import { copyOf, emptyNode, type JsonType, type NodeRegistry, type SchemaNode } from './schema-node.ts';

const PRIMITIVES: Record<string, JsonType> = {
  null: 'null',
  boolean: 'boolean',
  int: 'integer',
  long: 'integer',
  float: 'number',
  double: 'number',
  bytes: 'string',
  string: 'string',
};

/** Bounds of the integer types (what avsc's isValid checks). */
const INT_BOUNDS: Record<string, { minimum: number; maximum: number }> = {
  int: { minimum: -2147483648, maximum: 2147483647 },
  long: { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
};

interface Named {
  value: Record<string, unknown>;
  at: Location;
}

/** The id of the root node of the Avro schema `value` written at `at`. */
export function avroNodes(views: NodeRegistry, value: unknown, at: Location): string {
  const problem = avroSchemaProblem(value);
  if (problem)
    return views.define(`avro-invalid:${at.file}#${at.pointer}`, () => ({
      ...emptyNode(`avro-invalid:${at.file}#${at.pointer}`, 'avro', at),
      unresolved: problem,
    }));
  const names = new Map<string, Named>();
  collectNames(value, at, '', names);
  return typeId(views, value, at, '', names);
}

function fullName(name: string, namespace: string): string {
  return name.includes('.') || namespace === '' ? name : `${namespace}.${name}`;
}

function namespaceOf(value: Record<string, unknown>, outer: string): string {
  if (typeof value.name === 'string' && value.name.includes('.')) return value.name.slice(0, value.name.lastIndexOf('.'));
  return typeof value.namespace === 'string' ? value.namespace : outer;
}

/** Every named type of the schema, by full name. */
function collectNames(value: unknown, at: Location, namespace: string, names: Map<string, Named>): void {
  const stack: { value: unknown; at: Location; namespace: string }[] = [{ value, at, namespace }];
  while (stack.length > 0) {
    const { value: v, at: where, namespace: ns } = stack.pop()!;
    if (Array.isArray(v)) {
      v.forEach((u, i) => {
        stack.push({ value: u, at: sub(where, String(i)), namespace: ns });
      });
      continue;
    }
    if (!isPlainObject(v)) continue;
    const inner = namespaceOf(v, ns);
    if (typeof v.name === 'string' && ['record', 'error', 'enum', 'fixed'].includes(String(v.type))) names.set(fullName(v.name, ns), { value: v, at: where });
    if (Array.isArray(v.fields))
      v.fields.forEach((f, i) => {
        if (isPlainObject(f)) stack.push({ value: f.type, at: sub(where, 'fields', String(i), 'type'), namespace: inner });
      });
    if (v.items !== undefined) stack.push({ value: v.items, at: sub(where, 'items'), namespace: inner });
    if (v.values !== undefined) stack.push({ value: v.values, at: sub(where, 'values'), namespace: inner });
    if (isPlainObject(v.type) || Array.isArray(v.type)) stack.push({ value: v.type, at: sub(where, 'type'), namespace: inner });
  }
}

function typeId(views: NodeRegistry, value: unknown, at: Location, namespace: string, names: Map<string, Named>): string {
  if (typeof value === 'string') {
    const primitive = PRIMITIVES[value];
    if (primitive) return views.define(`avro-primitive:${value}`, () => primitiveNode(`avro-primitive:${value}`, value, at));
    const named = names.get(fullName(value, namespace)) ?? names.get(value);
    if (!named) return ANY_ID;
    return typeId(views, named.value, named.at, namespace, names);
  }
  const id = `avro:${at.file}#${at.pointer}`;
  return views.define(id, () => typeNode(views, id, value, at, namespace, names));
}

function primitiveNode(id: string, name: string, at: Location): SchemaNode {
  const node = emptyNode(id, 'avro', at);
  node.types = [PRIMITIVES[name]!];
  if (name !== 'null') node.nativeType = name;
  const bounds = INT_BOUNDS[name];
  if (bounds) node.numbers = { ...bounds };
  return node;
}

function typeNode(views: NodeRegistry, id: string, value: unknown, at: Location, namespace: string, names: Map<string, Named>): SchemaNode {
  const node = emptyNode(id, 'avro', at);
  if (Array.isArray(value)) return unionNode(views, node, value, at, namespace, names);
  if (!isPlainObject(value)) return node;
  if (typeof value.doc === 'string' && value.doc.trim() !== '') node.description = value.doc;
  const inner = namespaceOf(value, namespace);
  const type = value.type;
  if (typeof type === 'string' && PRIMITIVES[type]) {
    Object.assign(node, primitiveNode(id, type, at), { id, description: node.description });
    if (typeof value.logicalType === 'string') {
      node.nativeType = `${type}, ${value.logicalType}`;
      if (value.logicalType === 'uuid' && type === 'string') node.format = 'uuid';
    }
    if (node.description === undefined) delete node.description;
    return node;
  }
  switch (type) {
    case 'record':
    case 'error': {
      node.types = ['object'];
      node.nativeType = `record ${String(value.name ?? '')}`.trim();
      const fields = Array.isArray(value.fields) ? value.fields : [];
      fields.forEach((f, i) => {
        if (!isPlainObject(f) || typeof f.name !== 'string') return;
        const fieldAt = sub(at, 'fields', String(i), 'type');
        const fieldType = typeId(views, f.type, fieldAt, inner, names);
        // A field's doc describes the field: it goes on a node of the field's own, over its type.
        const fieldId =
          typeof f.doc === 'string' || 'default' in f ? fieldNode(views, `${id}/${f.name}`, fieldType, f, sub(at, 'fields', String(i))) : fieldType;
        // avsc's isValid takes a record without a field only when the field has a default.
        node.properties.push({ name: f.name, node: fieldId, required: !('default' in f) });
      });
      // avsc's isValid ignores properties a record does not list.
      return node;
    }
    case 'enum':
      node.types = ['string'];
      node.nativeType = `enum ${String(value.name ?? '')}`.trim();
      if (Array.isArray(value.symbols)) node.enum = value.symbols.filter((s) => typeof s === 'string');
      return node;
    case 'fixed':
      node.types = ['string'];
      node.nativeType = `fixed(${String(value.size)})${typeof value.logicalType === 'string' ? `, ${value.logicalType}` : ''}`;
      // In JSON, a fixed value is a string of exactly its size in characters (one per byte).
      if (typeof value.size === 'number' && Number.isInteger(value.size) && value.size >= 0) node.minLength = node.maxLength = value.size;
      return node;
    case 'array':
      node.types = ['array'];
      node.items = typeId(views, value.items, sub(at, 'items'), inner, names);
      return node;
    case 'map':
      node.types = ['object'];
      node.nativeType = 'map';
      node.additionalProperties = typeId(views, value.values, sub(at, 'values'), inner, names);
      return node;
    default:
      // `{type: "Name"}` or `{type: [...]}`: the type it names.
      if (type !== undefined) {
        const target = views.node(typeId(views, type, sub(at, 'type'), inner, names));
        return { ...copyOf(target, id), ...(node.description ? { description: node.description } : {}) };
      }
      return node;
  }
}

/** A field's own node: its type's meaning, with the field's doc and default. */
function fieldNode(views: NodeRegistry, id: string, typeNodeId: string, field: Record<string, unknown>, at: Location): string {
  return views.define(id, () => {
    const node: SchemaNode = { ...copyOf(views.node(typeNodeId), id), at };
    if (typeof field.doc === 'string' && field.doc.trim() !== '') node.description = field.doc;
    if ('default' in field) node.default = { value: field.default };
    return node;
  });
}

function unionNode(views: NodeRegistry, node: SchemaNode, branches: unknown[], at: Location, namespace: string, names: Map<string, Named>): SchemaNode {
  const ids = branches.map((b, i) => typeId(views, b, sub(at, String(i)), namespace, names));
  const nonNull = ids.filter((_, i) => branches[i] !== 'null');
  const nullable = nonNull.length < ids.length;
  if (nonNull.length === 1) {
    // The common case: an optional value, ["null", T].
    const only = views.node(nonNull[0]!);
    const copy = copyOf(only, node.id);
    if (only.types && nullable) copy.types = [...new Set<JsonType>([...only.types, 'null'])];
    // An enum that may also be null lists null among its values (as JSON Schema reads an enum).
    if (nullable && copy.enum && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
    return copy;
  }
  const types = new Set<JsonType>(nullable ? ['null'] : []);
  for (const id of nonNull) for (const t of views.node(id).types ?? []) types.add(t);
  node.types = [...types];
  node.nativeType = 'union';
  node.choices.push({ kind: 'anyOf', options: ids, at });
  return node;
}

function sub(at: Location, ...tokens: string[]): Location {
  return { file: at.file, pointer: tokens.reduce(childPointer, at.pointer) };
}
