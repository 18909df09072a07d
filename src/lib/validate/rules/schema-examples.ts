/**
 * A schema's own `examples` (the JSON Schema keyword: in a payload or headers schema, a
 * component, a nested property) validate against the schema at their own level. A page shows them
 * as the document's examples (a message's panel leads with them when the message has none of its
 * own; a component's page lists them), so a wrong one would read as right there.
 *
 * Every schema of the format's own dialect that the index reaches is visited once, wherever it is
 * used (a component referenced a thousand times is one visit), and each of its examples is checked
 * once: the work grows with the examples written, not with the places that show them. An OpenAPI
 * 3.0 schema (schemaFormat application/vnd.oai.openapi…) gives one `example` at any level: checked
 * the same way, read as OpenAPI reads its keywords (`nullable`, boolean `exclusiveMinimum`). Avro
 * and Protocol Buffers have no example of their own to check.
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import { EXAMPLE_CHECK_LIMIT_MS } from '../bounded-example-check.ts';
import { ExampleValidator, MAX_TIMEOUTS } from '../example-validator.ts';
import { ownValue } from '../../own-key.ts';
import { isPlainObject, type ResolvedDoc } from '../../resolve/resolved-doc.ts';
import { childPointer } from '../../json-pointer.ts';
import { forEachSchemaChild } from '../../resolve/schema-walk.ts';
import { schemaFormatKind } from '../../schema/schema-formats.ts';
import { checkExamples } from './discriminator.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

/**
 * The verdict on one example of the schema written at `schemaAt`: the same check the rule makes,
 * so that a page that orders examples by it agrees with the findings shown beside them.
 */
export function schemaExampleErrors(
  validator: ExampleValidator,
  example: unknown,
  schema: unknown,
  schemaAt: Location,
): ReturnType<ExampleValidator['jsonSchemaErrors']> {
  // A base's example may name the base itself as its discriminator value (SPEC, Polymorphism;
  // the discriminator rule accepts it): it is then a value of the base's own fields.
  const named = /^\/components\/schemas\/([^/]+)$/.exec(schemaAt.pointer)?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
  if (
    named !== undefined &&
    isPlainObject(schema) &&
    typeof schema.discriminator === 'string' &&
    isPlainObject(example) &&
    ownValue(example, schema.discriminator) === named
  )
    return validator.ownFieldsErrors(example, schema, schemaAt, 'example');
  return validator.jsonSchemaErrors(example, schema, schemaAt, 'example');
}

/** Where the schemas' examples are written whose discriminator value selects no schema (rule discriminator, discriminator-example). */
export function wrongDiscriminatorExamples(doc: ResolvedDoc): Set<string> {
  const found = new Set<string>();
  checkExamples({ doc, report: (p) => found.add(`${p.at.file}#${/^(.*\/examples\/\d+)/.exec(p.at.pointer)?.[1] ?? p.at.pointer}`) });
  return found;
}

export const schemaExamplesRule: Rule = {
  id: 'schema-example',
  description: "a schema's own examples validate against the schema at their level",
  run({ doc, index, report }) {
    let validator: ExampleValidator | undefined;
    // An example whose discriminator value selects no schema is said so by the discriminator rule,
    // more precisely than the validator could (its shapes all fail): one finding for one mistake.
    const wrongDiscriminator = wrongDiscriminatorExamples(doc);
    for (const schema of index.of('Schema')) {
      const examples = schema.value.examples;
      if (!Array.isArray(examples)) continue;
      examples.forEach((example, i) => {
        const at = fieldAt(schema, 'examples', i);
        if (wrongDiscriminator.has(`${at.file}#${at.pointer}`)) return;
        validator ??= new ExampleValidator(doc);
        const errors = schemaExampleErrors(validator, example, schema.value, schema.at);
        if (errors === 'too-deep') {
          report(
            problem(
              'schema-example-check-too-deep',
              'warning',
              at,
              `example ${i + 1} was not checked: its schema nests references and allOf/anyOf/oneOf too deeply to check`,
              'Shorten the chain of schemas that reference or combine one another (a few levels are usual; each one is followed recursively by validators).',
            ),
          );
        } else if (errors === 'timeout' || errors === 'skipped') {
          const why =
            errors === 'timeout'
              ? `matching it against a \`pattern\` of the schema took longer than ${EXAMPLE_CHECK_LIMIT_MS / 1000} s`
              : `the schema has a \`pattern\` that can take an exponential time, and ${MAX_TIMEOUTS} checks against such patterns have timed out already`;
          report(
            problem(
              'schema-example-check-timeout',
              'warning',
              at,
              `example ${i + 1} was not checked: ${why}`,
              'Rewrite the pattern without a quantified group inside another quantifier (for example ^(a+)+$ as ^a+$).',
            ),
          );
        } else if (errors.length > 0) {
          report(
            problem(
              'schema-example-invalid',
              'warning',
              at,
              `example ${i + 1}: ${errors.join('; ')}`,
              'Correct the example or the schema so they agree: readers copy the examples a schema gives, and pages show them as the document wrote them.',
            ),
          );
        }
      });
    }
    // OpenAPI 3.0 schemas: each one's singular `example`, every level reached once (references followed).
    const visited = new Set<string>();
    for (const node of index.of('AnySchema')) {
      if (schemaFormatKind(node.value.schemaFormat) !== 'openapi') continue;
      const pending = [doc.deref(node.value.schema, fieldAt(node, 'schema'))];
      while (pending.length > 0) {
        const schema = pending.pop();
        if (!schema || !isPlainObject(schema.value)) continue;
        const key = `${schema.at.file}#${schema.at.pointer}`;
        if (visited.has(key)) continue;
        visited.add(key);
        forEachSchemaChild(schema.value, (child, keyword, name) => {
          const inKeyword = childPointer(schema.at.pointer, keyword);
          const at = { file: schema.at.file, pointer: name === undefined ? inKeyword : childPointer(inKeyword, name) };
          pending.push(doc.deref(child, at));
        });
        if (!('example' in schema.value)) continue;
        validator ??= new ExampleValidator(doc);
        const errors = validator.jsonSchemaErrors(schema.value.example, schema.value, schema.at, 'example', 'openapi');
        if (Array.isArray(errors) && errors.length > 0)
          report(
            problem(
              'schema-example-invalid',
              'warning',
              { file: schema.at.file, pointer: childPointer(schema.at.pointer, 'example') },
              errors.join('; '),
              'Correct the example or the schema so they agree: readers copy the examples a schema gives, and pages show them as the document wrote them.',
            ),
          );
      }
    }
    validator?.close();
  },
};
