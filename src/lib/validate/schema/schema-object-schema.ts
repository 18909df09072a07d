/**
 * Schema Object (SPEC: a superset of JSON Schema draft 07, plus `discriminator`, `externalDocs`,
 * `deprecated`) and Multi Format Schema Object. Unknown keywords are allowed, as in JSON Schema;
 * known keywords are type-checked so that e.g. `minimum: true` or an OpenAPI-style
 * `discriminator: {propertyName}` is reported where it is written.
 */
import { bool, def, refOr, str, strList, type JsonSchema } from './helpers.ts';

const TYPES = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'];

/** Formats whose `schema` is a Schema Object (SPEC "Schema formats every implementation MUST support"). */
export const JSON_SCHEMA_FORMAT = /^application\/(vnd\.apidesc(\+json|\+yaml)?;\s*version=3\.0\.[0-9A-Za-z-]+|schema\+(json|yaml);\s*version=draft-07)$/;

const schemaOrRef = refOr('Schema');
const schemaList: JsonSchema = { type: 'array', minItems: 1, items: schemaOrRef };
const schemaMap: JsonSchema = { type: 'object', additionalProperties: schemaOrRef };
const number: JsonSchema = { type: 'number' };
const count: JsonSchema = { type: 'integer', minimum: 0 };

export const schemaObjectDefinitions: Record<string, JsonSchema> = {
  /** What a `payload`, `headers` or components.schemas entry may be (after `$ref`). */
  AnySchema: {
    title: 'Schema',
    if: { type: 'object', anyOf: [{ required: ['schemaFormat'] }, { required: ['schema'] }] },
    then: def('MultiFormatSchema'),
    else: def('Schema'),
  },
  MultiFormatSchema: {
    title: 'Multi Format Schema Object',
    type: 'object',
    required: ['schema'],
    properties: { schemaFormat: str, schema: true },
    patternProperties: { '^x-[\\w\\d.\\x2d_]+$': true },
    additionalProperties: false,
    if: { anyOf: [{ not: { required: ['schemaFormat'] } }, { properties: { schemaFormat: { pattern: JSON_SCHEMA_FORMAT.source } } }] },
    then: { properties: { schema: schemaOrRef } },
    else: { properties: { schema: refOr('Any') } },
  },
  /** The target of a reference inside a schema of another format (Avro, Protobuf, …): parsed by the schema-format rule. */
  Any: true,
  Schema: {
    title: 'Schema Object',
    type: ['object', 'boolean'],
    properties: {
      title: str,
      description: str,
      type: { if: { type: 'string' }, then: { enum: TYPES }, else: { type: 'array', items: { enum: TYPES } } },
      required: strList,
      multipleOf: { type: 'number', exclusiveMinimum: 0 },
      maximum: number,
      exclusiveMaximum: number,
      minimum: number,
      exclusiveMinimum: number,
      maxLength: count,
      minLength: count,
      pattern: str,
      maxItems: count,
      minItems: count,
      uniqueItems: bool,
      maxProperties: count,
      minProperties: count,
      enum: { type: 'array' },
      examples: { type: 'array' },
      readOnly: bool,
      writeOnly: bool,
      properties: schemaMap,
      patternProperties: schemaMap,
      additionalProperties: schemaOrRef,
      additionalItems: schemaOrRef,
      items: { if: { type: 'array' }, then: { items: schemaOrRef }, else: schemaOrRef },
      propertyNames: schemaOrRef,
      contains: schemaOrRef,
      allOf: schemaList,
      oneOf: schemaList,
      anyOf: schemaList,
      not: schemaOrRef,
      if: schemaOrRef,
      then: schemaOrRef,
      else: schemaOrRef,
      definitions: schemaMap,
      dependencies: { type: 'object', additionalProperties: { if: { type: 'array' }, then: strList, else: schemaOrRef } },
      format: str,
      discriminator: str,
      externalDocs: refOr('ExternalDocs'),
      deprecated: bool,
      $id: str,
      $schema: str,
      $comment: str,
      contentMediaType: str,
      contentEncoding: str,
    },
  },
};
