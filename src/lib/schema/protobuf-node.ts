/**
 * A Protocol Buffers source (proto2 or proto3, parsed by protobufjs) as SchemaNodes, as protobufjs
 * reads a plain object of a message (`Type#verify`): a message is an object of optional fields
 * (proto2 `required` fields are required); a repeated field is an array; a map field is an object
 * of one value schema; an enum value is its name (the JSON mapping); 64-bit integers are integers; bytes are
 * strings (base64 in JSON); the fields of a `oneof` exclude each other; any field may be null,
 * which the JSON mapping reads as its default value.
 *
 * The message a payload carries is the one no other message of the source uses; when several are
 * left, the payload is one of them. A source protobufjs cannot read gets one node that says why.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { describeProtobufError } from './protobuf-schema-check.ts';
import { ANY_ID } from './merge.ts';
import { payloadMessages, type ProtobufType as PbType } from './protobuf-messages.ts';
import { copyOf, emptyNode, type JsonType, type NodeRegistry, type SchemaNode } from './schema-node.ts';

type PbField = import('protobufjs').Field;

const SCALARS: Record<string, { type: JsonType; minimum?: number; maximum?: number }> = {
  double: { type: 'number' },
  float: { type: 'number' },
  int32: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
  sint32: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
  sfixed32: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
  uint32: { type: 'integer', minimum: 0, maximum: 4294967295 },
  fixed32: { type: 'integer', minimum: 0, maximum: 4294967295 },
  int64: { type: 'integer' },
  sint64: { type: 'integer' },
  sfixed64: { type: 'integer' },
  uint64: { type: 'integer', minimum: 0 },
  fixed64: { type: 'integer', minimum: 0 },
  bool: { type: 'boolean' },
  string: { type: 'string' },
  bytes: { type: 'string' },
};

/** The id of the root node of the Protocol Buffers source written at `at`. */
export function protobufNodes(views: NodeRegistry, source: string, at: Location): string {
  const id = `protobuf:${at.file}#${at.pointer}`;
  let candidates: PbType[];
  try {
    candidates = payloadMessages(source);
  } catch (error) {
    const reason = `the Protocol Buffers schema could not be read: ${describeProtobufError(error instanceof Error ? error.message : '')}`;
    return views.define(`${id}!`, () => ({ ...emptyNode(`${id}!`, 'protobuf', at), unresolved: reason }));
  }
  if (candidates.length === 1) return messageId(views, candidates[0]!, at);
  return views.define(id, () => {
    const node = emptyNode(id, 'protobuf', at);
    node.types = ['object'];
    node.choices.push({ kind: 'anyOf', options: candidates.map((m) => messageId(views, m, at)) });
    node.notes.push(`one of the messages ${candidates.map((m) => m.name).join(', ')}`);
    return node;
  });
}

function messageId(views: NodeRegistry, type: PbType, at: Location): string {
  const id = `protobuf:${at.file}#${at.pointer}:${type.fullName}`;
  return views.define(id, () => {
    const node = emptyNode(id, 'protobuf', at);
    node.types = ['object'];
    node.nativeType = `message ${type.name}`;
    if (type.comment) node.description = type.comment;
    for (const field of type.fieldsArray) {
      const fieldId = views.define(`${id}.${field.name}`, () => fieldNode(views, `${id}.${field.name}`, field, at));
      node.properties.push({ name: field.name, node: fieldId, required: field.required, ...(field.partOf ? { exclusiveGroup: field.partOf.name } : {}) });
    }
    return node;
  });
}

function fieldNode(views: NodeRegistry, id: string, field: PbField, at: Location): SchemaNode {
  const value = valueId(views, field, at);
  let node: SchemaNode;
  if (field.map) {
    node = emptyNode(id, 'protobuf', at);
    node.types = ['object'];
    node.additionalProperties = value;
    node.nativeType = `map<${'keyType' in field ? String(field.keyType) : 'key'}, ${field.type}>`;
  } else if (field.repeated) {
    node = emptyNode(id, 'protobuf', at);
    node.types = ['array'];
    node.items = value;
    node.nativeType = `repeated ${field.type}`;
  } else {
    node = { ...copyOf(views.node(value), id), at };
  }
  node.notes = [`field ${field.id}`, ...(field.partOf ? [`oneof ${field.partOf.name}`] : []), ...node.notes];
  // The JSON mapping takes null for any field: the field's default value (unset).
  if (node.types && !node.types.includes('null')) node.types = [...node.types, 'null'];
  if (node.enum && !node.enum.includes(null)) node.enum = [...node.enum, null];
  if (field.comment) node.description = field.comment;
  else delete node.description;
  if (field.options?.deprecated === true) node.deprecated = true;
  return node;
}

/** Whether the enum is open (proto3, or an edition that says so): protobufjs resolves the file's features onto it. */
function isOpenEnum(type: import('protobufjs').ReflectionObject): boolean {
  const features = (type as unknown as { _features?: { enum_type?: string } })._features;
  return features?.enum_type === 'OPEN';
}

/** The node of one value of the field (an item, for a repeated field). */
function valueId(views: NodeRegistry, field: PbField, at: Location): string {
  const resolved = field.resolvedType;
  if (resolved && 'fieldsArray' in resolved) return messageId(views, resolved as PbType, at);
  if (resolved && 'values' in resolved) {
    const values = (resolved as import('protobufjs').Enum).values;
    const id = `protobuf:${at.file}#${at.pointer}:${resolved.fullName}`;
    return views.define(id, () => {
      const node = emptyNode(id, 'protobuf', at);
      // The JSON mapping writes an enum value by its name, or its number; proto3 enums are open
      // (any number is taken), proto2 enums closed to the numbers they list.
      const names = Object.keys(values);
      const open = isOpenEnum(resolved);
      node.types = ['string', 'integer'];
      if (open) {
        node.knownValues = names;
        node.notes.push('or another number (an open enum)');
      } else node.enum = [...names, ...new Set(Object.values(values))];
      node.nativeType = `enum ${resolved.name}`;
      return node;
    });
  }
  const scalar = SCALARS[field.type];
  if (!scalar) return ANY_ID;
  const id = `protobuf-scalar:${field.type}`;
  return views.define(id, () => {
    const node = emptyNode(id, 'protobuf', at);
    node.types = [scalar.type];
    node.nativeType = field.type;
    if (scalar.minimum !== undefined) node.numbers.minimum = scalar.minimum;
    if (scalar.maximum !== undefined) node.numbers.maximum = scalar.maximum;
    return node;
  });
}
