/**
 * Small builders for the format's JSON Schema, so every definition reads like the SPEC table it
 * comes from. The custom keyword `apidescRef` (see structural.ts) marks a Reference Object
 * position and names the definition its target must satisfy; `if`/`then`/`else` picks the
 * Reference-or-Object branch by the presence of `$ref`, so ajv reports only the branch the
 * author meant, never a oneOf avalanche.
 */
export type JsonSchema = Record<string, unknown> | boolean;

export const EXTENSION = '^x-[\\w\\d.\\x2d_]+$';
export const SERVER_KEY = '^[A-Za-z0-9_\\-]+$';
export const COMPONENT_KEY = '^[a-zA-Z0-9.\\-_]+$';

export const def = (name: string): JsonSchema => ({ $ref: `#/definitions/${name}` });

/** A Reference Object whose target must be a `target` (a definition name). */
export const ref = (target: string): JsonSchema => ({ $ref: '#/definitions/Reference', apidescRef: target });

/** The object itself or a Reference Object to one. */
export const refOr = (target: string): JsonSchema => ({
  if: { type: 'object', required: ['$ref'] },
  then: ref(target),
  else: def(target),
});

/** An extensible object with fixed fields: unknown fields are errors, `x-` fields are allowed. */
export function object(title: string, properties: Record<string, JsonSchema>, required: string[] = [], extra: Record<string, unknown> = {}): JsonSchema {
  return {
    title,
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    patternProperties: { [EXTENSION]: true },
    additionalProperties: false,
    ...extra,
  };
}

/** A map whose keys follow `keyPattern` (when given) and whose values are `value`. */
export function map(title: string, value: JsonSchema, keyPattern?: string): JsonSchema {
  return {
    title,
    type: 'object',
    ...(keyPattern ? { propertyNames: { pattern: keyPattern } } : {}),
    additionalProperties: value,
  };
}

export const str: JsonSchema = { type: 'string' };
export const strList: JsonSchema = { type: 'array', items: { type: 'string' } };
export const bool: JsonSchema = { type: 'boolean' };
export const int: JsonSchema = { type: 'integer' };
