/**
 * One normalised view of a schema, whatever format it is written in (JSON Schema drafts, the
 * format's own Schema Object, OpenAPI 3.0, Avro, Protocol Buffers, RAML): what values it admits,
 * said once, so that the tables, the generated examples, the Markdown twins, search and the
 * payload fingerprint all read the same meaning (issue: schemas and examples exactly right).
 *
 * A view is a graph, not a tree: a subschema used in two places is one node (its `id`), a
 * recursive schema is a node that is its own descendant, and `allOf` parts are merged into the
 * schema that lists them as the intersection they are (merge.ts). Children are named by id and
 * looked up in the `SchemaViews` that made them, so a node is built only when someone asks for
 * it and a view of a hostile fan-out costs what its document costs.
 */
import type { Location } from '../diagnostics/diagnostic.ts';

/** The JSON types of a value. `integer` is a `number` with no fraction. */
export type JsonType = 'null' | 'boolean' | 'object' | 'array' | 'number' | 'integer' | 'string';

export const JSON_TYPES: readonly JsonType[] = ['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'];

/** Where a node's meaning comes from: the schema language it is written in. */
export type SchemaDialect = 'json-schema' | 'openapi' | 'avro' | 'protobuf' | 'raml';

export interface PropertyEdge {
  name: string;
  node: string;
  /** The object must have it (JSON Schema `required`, an Avro field that cannot be null, a RAML property without `?`). */
  required: boolean;
  /** The named schema (allOf part) that brings the property, when it is not the schema's own. */
  from?: Location;
  /** Properties of one group exclude each other: at most one of them is set (a Protocol Buffers `oneof`). */
  exclusiveGroup?: string;
}

/** Alternatives: exactly one (`oneOf`) or at least one (`anyOf`) of the options holds. */
export interface Choice {
  kind: 'oneOf' | 'anyOf';
  options: string[];
  /** The property whose value selects an option (Schema Object / OpenAPI `discriminator`). */
  discriminator?: string;
  /** Where the list is written (option `i` at `at/i`), when it is a list of the document: `diff` points at the option that changed. */
  at?: Location;
}

export interface NumberBounds {
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number[];
}

export interface SchemaNode {
  /** The node's key in its SchemaViews: where it is written, or what it merges. */
  id: string;
  /**
   * A node that only adds to another node what a use of it says (a field's doc or default, a
   * union with null): the id of that node, whose fields and alternatives it shows. Recursion and
   * repeats are recognised by it: a record that holds itself through a nullable field is the
   * same shape again.
   */
  shape?: string;
  dialect: SchemaDialect;
  /** Where the schema is written (a merged node: where its first part is). */
  at: Location;
  /** The named schemas merged into this one with allOf, in order: what it extends. */
  extends: Location[];
  /** `true` / `false` schemas: anything, or nothing. */
  boolean?: boolean;
  /**
   * The types a value may have; undefined when any type is allowed. Empty when no value can
   * satisfy the schema (two allOf parts whose types do not meet).
   */
  types?: JsonType[];
  /** No `type` is written, but the keywords only apply to objects (`properties`, …): shown as an object, the evident intent. */
  inferredObject?: boolean;

  // Objects.
  properties: PropertyEdge[];
  /** Required names that have no property schema of their own. */
  requiredOnly: string[];
  patternProperties: { pattern: string; node: string }[];
  /** Schema of properties not named or matched by a pattern: a node id, or false when none may be there. Undefined: any. */
  additionalProperties?: string | false;
  propertyNames?: string;
  minProperties?: number;
  maxProperties?: number;

  // Arrays.
  items?: string;
  /** Positional items (draft-07 `items: [...]`). */
  tupleItems?: string[];
  /** After the positional items. */
  additionalItems?: string | false;
  contains?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;

  // Strings and numbers.
  minLength?: number;
  maxLength?: number;
  /** Every pattern must match (an allOf of two patterns keeps both). */
  patterns: string[];
  format?: string;
  numbers: NumberBounds;

  // Values.
  enum?: unknown[];
  /**
   * Values the format names without limiting a value to them: a proto3 enum's names (the JSON
   * mapping also takes any number). Shown as the values; an example takes the first.
   */
  knownValues?: unknown[];
  /** `{ value }`: a const of `undefined` cannot be written, but `null` can. */
  const?: { value: unknown };

  // Composition that is not merged.
  choices: Choice[];
  /** Schemas the value must not match (one per part that has a `not`). */
  nots: string[];
  conditionals: { if: string; then?: string; else?: string }[];

  // Annotations.
  title?: string;
  description?: string;
  default?: { value: unknown };
  examples?: unknown[];
  /**
   * Where each of `examples` is written (`…/examples/2`; an OpenAPI schema's one `…/example`), for
   * the examples `validate` checks at their level (rule schema-example); undefined for one it
   * does not check. A table row shows as "e.g." only those the check accepts.
   */
  exampleSites?: (Location | undefined)[];
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  /** A Schema Object / OpenAPI discriminator on this schema. */
  discriminator?: string;

  /** How the format itself names the type (`record User`, `timestamp-millis`, `message Order`, `int64`), when it says more than the JSON type. */
  nativeType?: string;
  /** Facts of the format that the JSON view does not carry (`field 3`, `oneof kind`). */
  notes: string[];
  /**
   * What the view could not follow: a reference that does not resolve, a merge or a schema too
   * large to take whole. Said on the page where the schema is shown.
   */
  unresolved?: string;
  /**
   * The view stopped at one of its bounds here (merges, nesting, a schema that is its own allOf
   * part): the schema is not taken whole, so what it leaves out may hold a difference.
   */
  incomplete?: boolean;
}

/**
 * What a format module (avro-node.ts, protobuf-node.ts, raml-node.ts) needs of the views it
 * adds nodes to: register a node to be made on first use, and read one. SchemaViews is one.
 */
export interface NodeRegistry {
  node(id: string): SchemaNode;
  define(id: string, build: () => SchemaNode): string;
}

export function emptyNode(id: string, dialect: SchemaDialect, at: Location): SchemaNode {
  return {
    id,
    dialect,
    at,
    extends: [],
    properties: [],
    requiredOnly: [],
    patternProperties: [],
    patterns: [],
    numbers: {},
    choices: [],
    nots: [],
    conditionals: [],
    notes: [],
  };
}

/** The id that says which fields and alternatives a node shows (see `SchemaNode.shape`). */
export function shapeOf(node: SchemaNode): string {
  return node.shape ?? node.id;
}

/** `node` under another id, showing the same fields: a use of it that adds annotations. */
export function copyOf(node: SchemaNode, id: string): SchemaNode {
  return { ...node, id, shape: shapeOf(node) };
}

/** Whether `types` (undefined: any) admits a value of type `type`; an integer is also a number. */
export function admitsType(types: readonly JsonType[] | undefined, type: JsonType): boolean {
  if (types === undefined) return true;
  if (types.includes(type)) return true;
  return type === 'integer' && types.includes('number');
}

/** The JSON type of a value as JSON Schema sees it (an integral number is an integer). */
export function jsonTypeOf(value: unknown): JsonType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}
