/**
 * The schema formats of SPEC "Multi Format Schema Object": which `schemaFormat` value means
 * what, and a parser per recommended format (avsc for Avro, avro-schema-check.ts; protobufjs for
 * Protocol Buffers, protobuf-schema-check.ts; js-yaml for RAML's YAML; a structural check for
 * OpenAPI 3.0 Schema Objects).
 */
import jsyaml from 'js-yaml';
import { isJsonSchemaFormat } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { avroSchemaProblem } from './avro-schema-check.ts';
import { protobufSchemaProblem } from './protobuf-schema-check.ts';

export type SchemaFormatKind = 'apidesc' | 'avro' | 'openapi' | 'raml' | 'protobuf' | 'custom';

const AVRO = /^application\/vnd\.[a-z0-9-]+\.avro(\+json|\+yaml)?;\s*version=1\.9\.0$/i;
const OPENAPI = /^application\/vnd\.[a-z0-9-]+\.openapi(\+json|\+yaml)?;\s*version=3\.0\.0$/i;
const RAML = /^application\/raml\+yaml;\s*version=1\.0$/i;
const PROTOBUF = /^application\/vnd\.[a-z0-9-]+\.protobuf;\s*version=[23]$/i;
/** Looks like a listed format with a version this SPEC does not list: likely a typo, not a custom format. */
const NEAR_MISS = /^application\/(vnd\.apidesc|schema\+(json|yaml)|vnd\.[a-z0-9-]+\.(avro|openapi|protobuf)|raml\+yaml)/i;

export function schemaFormatKind(format: unknown): SchemaFormatKind {
  if (isJsonSchemaFormat(format)) return 'apidesc';
  const f = String(format);
  if (AVRO.test(f)) return 'avro';
  if (OPENAPI.test(f)) return 'openapi';
  if (RAML.test(f)) return 'raml';
  if (PROTOBUF.test(f)) return 'protobuf';
  return 'custom';
}

/**
 * What a `schemaFormat` value means, so that two values can be compared as formats (SPEC, Multi
 * Format Schema Object: the `+json` and `+yaml` variants of a format, and the format's own
 * Schema Object with or without a suffix, are one format written in two encodings). Case and
 * spaces around parameters do not matter either; the version does.
 */
export function formatIdentity(format: string): string {
  const [type = '', ...parameters] = format.split(';').map((part) => part.trim().toLowerCase());
  return [type.replace(/\+(json|yaml)$/, ''), ...parameters.map((p) => p.replace(/\s*=\s*/, '='))].join(';');
}

/** Whether two `schemaFormat` values name the same format. */
export function sameFormat(a: string, b: string): boolean {
  return formatIdentity(a) === formatIdentity(b);
}

export function isNearMissFormat(format: string): boolean {
  return NEAR_MISS.test(format);
}

/** The format's own Schema Object, with or without a suffix, at any version. */
const OWN_FAMILY = /^application\/vnd\.apidesc(\+json|\+yaml)?;\s*version=([^;\s]+)$/i;
/** JSON Schema at any draft. */
const JSON_SCHEMA_FAMILY = /^application\/schema\+(json|yaml);\s*version=(draft-[^;\s]+)$/i;

/**
 * A `schemaFormat` of a listed Schema Object family (the format's own, or JSON Schema) with a
 * version the SPEC does not list (`application/vnd.apidesc+json;version=3.1.0`, as generators
 * write; `application/schema+json;version=draft-04`): a custom value by the SPEC, but evidently
 * a Schema Object, so pages read it as the listed one (`validate` warns, and checks no example
 * against it). Says, for the page, what it is read as; undefined for any other value.
 */
export function unlistedSchemaObjectReading(format: unknown): { version: string; readAs: string } | undefined {
  if (typeof format !== 'string' || isJsonSchemaFormat(format)) return undefined;
  const own = OWN_FAMILY.exec(format);
  if (own) return { version: own[2]!, readAs: 'a 3.0.0 Schema Object' };
  const draft = JSON_SCHEMA_FAMILY.exec(format);
  if (draft) return { version: draft[2]!, readAs: 'JSON Schema draft-07' };
  return undefined;
}

/**
 * How pages read a schema of this format: as `schemaFormatKind`, except that a Schema Object of
 * an unlisted version is read as the listed Schema Object (`unlistedSchemaObjectReading`).
 */
export function schemaReadingKind(format: unknown): SchemaFormatKind {
  const kind = schemaFormatKind(format);
  return kind === 'custom' && unlistedSchemaObjectReading(format) ? 'apidesc' : kind;
}

/**
 * Parses a schema of a non-JSON-Schema format; returns the reason it is malformed, if it is, in
 * this tool's words (never a library's error text, issue 33).
 */
export function checkSchemaOfFormat(kind: SchemaFormatKind, schema: unknown): string | undefined {
  switch (kind) {
    case 'avro':
      return avroSchemaProblem(schema);
    case 'protobuf':
      return protobufSchemaProblem(schema);
    case 'raml':
      return ramlProblem(schema);
    case 'openapi':
      return checkOpenApiSchema(schema, 0);
    default:
      return undefined;
  }
}

function ramlProblem(schema: unknown): string | undefined {
  if (typeof schema !== 'string') return isPlainObject(schema) ? undefined : 'a RAML data type must be YAML (a string or a mapping)';
  try {
    jsyaml.load(schema, { schema: jsyaml.CORE_SCHEMA });
    return undefined;
  } catch (error) {
    // js-yaml's reason is a parser's sentence for a person ("bad indentation of a mapping entry"); its line is the schema's.
    const yaml = error instanceof jsyaml.YAMLException ? error : undefined;
    const line = yaml?.mark ? `line ${yaml.mark.line + 1} of the schema: ` : '';
    return `${line}the RAML data type is not valid YAML${yaml?.reason ? ` (${yaml.reason})` : ''}`;
  }
}

const OAS_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'];

/** OpenAPI 3.0 Schema Object essentials: `type` is one name (no arrays, no "null"), booleans where OAS 3.0 has them. */
function checkOpenApiSchema(schema: unknown, depth: number): string | undefined {
  if (depth > 200) return undefined;
  if (!isPlainObject(schema)) return 'an OpenAPI 3.0 Schema Object must be an object';
  if ('$ref' in schema) return undefined;
  if (schema.type !== undefined && !(typeof schema.type === 'string' && OAS_TYPES.includes(schema.type))) {
    return `type ${JSON.stringify(schema.type)} is not an OpenAPI 3.0 type (one of ${OAS_TYPES.join(', ')})`;
  }
  for (const flag of ['nullable', 'exclusiveMinimum', 'exclusiveMaximum', 'readOnly', 'writeOnly', 'deprecated']) {
    if (schema[flag] !== undefined && typeof schema[flag] !== 'boolean') return `\`${flag}\` must be a boolean in OpenAPI 3.0`;
  }
  const subs: unknown[] = [];
  if (isPlainObject(schema.properties)) subs.push(...Object.values(schema.properties));
  for (const k of ['items', 'not']) if (schema[k] !== undefined) subs.push(schema[k]);
  if (isPlainObject(schema.additionalProperties)) subs.push(schema.additionalProperties);
  for (const k of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(schema[k])) subs.push(...(schema[k] as unknown[]));
  for (const sub of subs) {
    const reason = checkOpenApiSchema(sub, depth + 1);
    if (reason) return reason;
  }
  return undefined;
}
