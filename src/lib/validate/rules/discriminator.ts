/**
 * SPEC Errors #9: a `discriminator` names a property defined in the same schema and listed in its
 * `required`. And the examples a schema gives carry a value of it that selects a schema: the name
 * of the base or of a schema that inherits it (SPEC "Polymorphism rules" 2; discriminators.ts), as
 * a consumer's deserializer reads it. An example with another value (`"vehicleType": "string"`,
 * as generators write) matches none of the shapes, yet a reader would take it as valid.
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import { entries } from '../../resolve/doc-index.ts';
import { joinPointer } from '../../json-pointer.ts';
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { discriminatorIndex } from '../../model/discriminators.ts';
import { ownValue } from '../../own-key.ts';
import { fieldAt, problem, type Rule, type RuleContext } from './rule.ts';

export const discriminatorRule: Rule = {
  id: 'discriminator',
  description: 'a discriminator property is defined in its schema and required (Errors #9), and schema examples carry a value of it that selects a schema',
  run(ctx) {
    const { index, report } = ctx;
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
    checkExamples(ctx);
  },
};

/**
 * Each example of a component schema that is a discriminator's base or one of its subtypes: the
 * value of the discriminator property must be one that selects a schema (for a base, its own name
 * or a subtype's value; for a subtype, its own value).
 */
export function checkExamples({ doc, report }: Pick<RuleContext, 'doc' | 'report'>): void {
  const root = doc.root.value;
  const schemas = isPlainObject(root) && isPlainObject(root.components) ? root.components.schemas : undefined;
  const named = new Map<string, string>();
  for (const [id, raw] of entries(schemas)) {
    const resolved = doc.deref(raw, { file: doc.root.path, pointer: joinPointer('/components/schemas', id) });
    if (resolved) named.set(`${resolved.at.file}#${resolved.at.pointer}`, id);
  }
  if (named.size === 0) return;
  const key = (at: Location): string => `${at.file}#${at.pointer}`;
  const index = discriminatorIndex(doc, (at) => {
    const id = named.get(key(at));
    // The index tells schemas apart by their url: the id stands for it here.
    return id === undefined ? undefined : { id, url: id };
  });
  for (const [id, raw] of entries(schemas)) {
    const resolved = doc.deref(raw, { file: doc.root.path, pointer: joinPointer('/components/schemas', id) });
    if (!resolved || !isPlainObject(resolved.value) || !Array.isArray(resolved.value.examples)) continue;
    // What selects this schema, by discriminator property: a base's own name and its subtypes' values, a subtype's own value.
    const allowed = new Map<string, Set<string>>();
    const allow = (property: string, value: string): void => {
      allowed.set(property, (allowed.get(property) ?? new Set()).add(value));
    };
    const base = index.bases.get(key(resolved.at));
    if (base) {
      allow(base.property, id);
      for (const s of base.subtypes) allow(base.property, s.value);
    }
    for (const s of index.subtypes.get(key(resolved.at)) ?? []) allow(s.property, s.value);
    resolved.value.examples.forEach((example, i) => {
      if (!isPlainObject(example)) return;
      for (const [property, values] of allowed) {
        const value = ownValue(example, property);
        if (typeof value === 'string' && values.has(value)) continue;
        const listed = [...values].map((v) => `"${v}"`);
        report(
          problem(
            'discriminator-example',
            'warning',
            value === undefined ? fieldAt(resolved.at, 'examples', i) : fieldAt(resolved.at, 'examples', i, property),
            `example ${i + 1}: ${value === undefined ? `has no \`${property}\`` : `\`${property}\` is ${JSON.stringify(value)}`}, which selects none of the schemas: ${listed.length === 1 ? `it should be ${listed[0]}` : `one of ${listed.slice(0, 5).join(', ')}${listed.length > 5 ? ` and ${listed.length - 5} more` : ''}`}`,
            `Write the value that selects the example's schema (SPEC, Polymorphism rules 2): readers and deserializers pick the schema by \`${property}\`.`,
          ),
        );
      }
    });
  }
}
