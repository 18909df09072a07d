/** SPEC Errors #14: a schema's `default` conforms to the `type` at the same level. */
import { fieldAt, problem, type Rule } from './rule.ts';

export function valueHasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return true;
  }
}

export const schemaDefaultRule: Rule = {
  id: 'schema-default',
  description: "a schema's default has the schema's type (Errors #14)",
  run({ index, report }) {
    for (const schema of index.of('Schema')) {
      if (!('default' in schema.value)) continue;
      const type = schema.value.type;
      const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
      if (types.length === 0 || types.some((t) => valueHasType(schema.value.default, t))) continue;
      report(
        problem(
          'schema-default-type',
          'warning',
          fieldAt(schema, 'default'),
          `the default ${JSON.stringify(schema.value.default)} is not of type ${types.join(' or ')}`,
          `Write a default of type ${types.join(' or ')} (SPEC, Errors #14), e.g. quote it for a string.`,
        ),
      );
    }
  },
};
