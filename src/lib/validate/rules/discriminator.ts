/** SPEC Errors #9: a `discriminator` names a property defined in the same schema and listed in its `required`. */
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

export const discriminatorRule: Rule = {
  id: 'discriminator',
  description: 'a discriminator property is defined in its schema and required (Errors #9)',
  run({ index, report }) {
    for (const schema of index.of('Schema')) {
      const name = schema.value.discriminator;
      if (typeof name !== 'string') continue;
      const properties = isPlainObject(schema.value.properties) ? schema.value.properties : {};
      const required = Array.isArray(schema.value.required) ? schema.value.required : [];
      if (!Object.hasOwn(properties, name)) {
        report(
          problem(
            'discriminator-undefined',
            'error',
            fieldAt(schema, 'discriminator'),
            `the discriminator \`${name}\` is not a property of this schema`,
            `Define \`${name}\` under \`properties\` of the same schema (SPEC, Errors #9).`,
          ),
        );
      }
      if (!required.includes(name)) {
        report(
          problem(
            'discriminator-not-required',
            'warning',
            fieldAt(schema, 'discriminator'),
            `the discriminator \`${name}\` is not in \`required\``,
            `Add \`${name}\` to \`required\`: every instance must carry the value that selects its schema (SPEC, Errors #9).`,
          ),
        );
      }
    }
  },
};
