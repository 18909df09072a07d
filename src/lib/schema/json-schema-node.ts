/**
 * A JSON Schema (draft 07, the format's own Schema Object) or an OpenAPI 3.0 Schema Object as a
 * SchemaNode: its own keywords, with `allOf` left to the caller (schema-views.ts merges the parts,
 * merge.ts). Subschemas are named by the id `childId` gives them; nothing below is read here.
 *
 * OpenAPI 3.0 differs where a reader would see it: `nullable: true` adds null to the type;
 * `exclusiveMinimum: true` makes `minimum` exclusive; `discriminator` is an object; `example` is
 * one example. That is what ajv accepts for those keywords too.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { childPointer } from '../json-pointer.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { emptyNode, JSON_TYPES, type JsonType, type SchemaDialect, type SchemaNode } from './schema-node.ts';

/** Names a subschema written at `site` (following its references): the id of its node. */
export type ChildId = (raw: unknown, site: Location) => string;

const isJsonType = (t: unknown): t is JsonType => typeof t === 'string' && (JSON_TYPES as readonly string[]).includes(t);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** Keywords that only constrain objects: a schema with one of them and no `type` is read as an object. */
const OBJECT_KEYWORDS = ['properties', 'patternProperties', 'additionalProperties', 'required', 'minProperties', 'maxProperties', 'propertyNames'];

export function jsonSchemaNode(id: string, dialect: SchemaDialect, value: Record<string, unknown>, at: Location, childId: ChildId): SchemaNode {
  const node = emptyNode(id, dialect, at);
  const sub = (...tokens: string[]): Location => ({ file: at.file, pointer: tokens.reduce(childPointer, at.pointer) });

  // Types.
  const written = typeof value.type === 'string' ? [value.type] : Array.isArray(value.type) ? value.type : undefined;
  if (written) {
    // An unknown type name admits nothing (the validator reports it): shown as written would mislead less than "any".
    node.types = unique(written.filter(isJsonType));
    if (dialect === 'openapi' && value.nullable === true && !node.types.includes('null')) node.types.push('null');
  } else if (OBJECT_KEYWORDS.some((k) => value[k] !== undefined)) {
    node.inferredObject = true;
  }

  // Objects.
  const required = Array.isArray(value.required) ? unique(value.required.filter((r): r is string => typeof r === 'string')) : [];
  if (isPlainObject(value.properties)) {
    for (const name of Object.keys(value.properties)) {
      node.properties.push({ name, node: childId(value.properties[name], sub('properties', name)), required: required.includes(name) });
    }
  }
  node.requiredOnly = required.filter((r) => !node.properties.some((p) => p.name === r));
  if (isPlainObject(value.patternProperties) && dialect !== 'openapi') {
    for (const pattern of Object.keys(value.patternProperties)) {
      node.patternProperties.push({ pattern, node: childId(value.patternProperties[pattern], sub('patternProperties', pattern)) });
    }
  }
  if (value.additionalProperties === false) node.additionalProperties = false;
  else if (value.additionalProperties !== undefined && value.additionalProperties !== true)
    node.additionalProperties = childId(value.additionalProperties, sub('additionalProperties'));
  if (value.propertyNames !== undefined && dialect !== 'openapi') node.propertyNames = childId(value.propertyNames, sub('propertyNames'));
  setCount(node, 'minProperties', value.minProperties);
  setCount(node, 'maxProperties', value.maxProperties);

  // Arrays.
  if (Array.isArray(value.items) && dialect !== 'openapi') {
    node.tupleItems = value.items.map((item, i) => childId(item, sub('items', String(i))));
    if (value.additionalItems === false) node.additionalItems = false;
    else if (value.additionalItems !== undefined && value.additionalItems !== true)
      node.additionalItems = childId(value.additionalItems, sub('additionalItems'));
  } else if (value.items !== undefined && value.items !== true && !Array.isArray(value.items)) {
    node.items = childId(value.items, sub('items'));
  }
  if (value.contains !== undefined && dialect !== 'openapi') node.contains = childId(value.contains, sub('contains'));
  setCount(node, 'minItems', value.minItems);
  setCount(node, 'maxItems', value.maxItems);
  if (value.uniqueItems === true) node.uniqueItems = true;

  // Strings and numbers.
  setCount(node, 'minLength', value.minLength);
  setCount(node, 'maxLength', value.maxLength);
  if (typeof value.pattern === 'string') node.patterns.push(value.pattern);
  if (typeof value.format === 'string' && value.format !== '') node.format = value.format;
  const minimum = num(value.minimum);
  const maximum = num(value.maximum);
  if (dialect === 'openapi') {
    // OpenAPI 3.0 (JSON Schema draft 04): exclusiveMinimum is a flag on minimum.
    if (minimum !== undefined) node.numbers[value.exclusiveMinimum === true ? 'exclusiveMinimum' : 'minimum'] = minimum;
    if (maximum !== undefined) node.numbers[value.exclusiveMaximum === true ? 'exclusiveMaximum' : 'maximum'] = maximum;
  } else {
    if (minimum !== undefined) node.numbers.minimum = minimum;
    if (maximum !== undefined) node.numbers.maximum = maximum;
    const exclusiveMinimum = num(value.exclusiveMinimum);
    const exclusiveMaximum = num(value.exclusiveMaximum);
    if (exclusiveMinimum !== undefined) node.numbers.exclusiveMinimum = exclusiveMinimum;
    if (exclusiveMaximum !== undefined) node.numbers.exclusiveMaximum = exclusiveMaximum;
  }
  const multipleOf = num(value.multipleOf);
  if (multipleOf !== undefined && multipleOf > 0) node.numbers.multipleOf = [multipleOf];

  // Values.
  if (Array.isArray(value.enum)) {
    // OpenAPI: `nullable` lets null through only when the enum lists it (as ajv reads it).
    node.enum = value.enum;
  }
  if ('const' in value && dialect !== 'openapi') node.const = { value: value.const };

  // Composition that is not merged (allOf is the caller's).
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const list = value[kind];
    if (!Array.isArray(list) || list.length === 0) continue;
    const discriminator = discriminatorOf(value);
    node.choices.push({
      kind,
      options: list.map((option, i) => childId(option, sub(kind, String(i)))),
      ...(discriminator ? { discriminator } : {}),
      at: sub(kind),
    });
  }
  if (value.not !== undefined) node.nots.push(childId(value.not, sub('not')));
  if (value.if !== undefined && dialect !== 'openapi') {
    node.conditionals.push({
      if: childId(value.if, sub('if')),
      ...(value.then !== undefined ? { then: childId(value.then, sub('then')) } : {}),
      ...(value.else !== undefined ? { else: childId(value.else, sub('else')) } : {}),
    });
  }

  // Annotations.
  if (typeof value.title === 'string' && value.title !== '') node.title = value.title;
  if (typeof value.description === 'string' && value.description.trim() !== '') node.description = value.description;
  if ('default' in value) node.default = { value: value.default };
  if (Array.isArray(value.examples)) {
    node.examples = value.examples;
    if (dialect === 'json-schema') node.exampleSites = value.examples.map((_, i) => sub('examples', String(i)));
  } else if (dialect === 'openapi' && 'example' in value) {
    node.examples = [value.example];
    node.exampleSites = [sub('example')];
  }
  for (const flag of ['deprecated', 'readOnly', 'writeOnly'] as const) if (value[flag] === true) node[flag] = true;
  const discriminator = discriminatorOf(value);
  if (discriminator) node.discriminator = discriminator;
  return node;
}

/** `discriminator: name` (Schema Object) or `discriminator: {propertyName}` (OpenAPI). */
function discriminatorOf(value: Record<string, unknown>): string | undefined {
  if (typeof value.discriminator === 'string' && value.discriminator !== '') return value.discriminator;
  if (isPlainObject(value.discriminator) && typeof value.discriminator.propertyName === 'string') return value.discriminator.propertyName;
  return undefined;
}

type CountKey = 'minProperties' | 'maxProperties' | 'minItems' | 'maxItems' | 'minLength' | 'maxLength';

function setCount(node: SchemaNode, key: CountKey, value: unknown): void {
  const n = count(value);
  if (n !== undefined) node[key] = n;
}

function unique<T>(list: T[]): T[] {
  return [...new Set(list)];
}
