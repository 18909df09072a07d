/**
 * SPEC Errors #13: Message Example Objects validate against the message's `headers` and
 * `payload` (after traits are merged, since a trait may bring the headers or the examples).
 * JSON Schema and OpenAPI through @cfworker/json-schema, Avro through avsc, Protocol Buffers
 * through protobufjs (ExampleValidator.messagePartErrors); other formats are not checked.
 */
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { effective } from '../effective.ts';
import { EXAMPLE_CHECK_LIMIT_MS } from '../bounded-example-check.ts';
import { ExampleValidator, MAX_TIMEOUTS } from '../example-validator.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

export const examplesRule: Rule = {
  id: 'example',
  description: 'message examples validate against the message headers and payload schemas (Errors #13)',
  run(ctx) {
    const { doc, index, report } = ctx;
    let validator: ExampleValidator | undefined;
    for (const message of index.of('Message')) {
      const merged = effective(doc, message);
      const examples = merged.value.examples;
      if (!Array.isArray(examples) || examples.length === 0 || !merged.origin.examples) continue;
      const examplesAt = fieldAt(merged.origin.examples, 'examples');
      examples.forEach((example, i) => {
        if (!isPlainObject(example)) return;
        const label = typeof example.name === 'string' ? `example "${example.name}"` : `example ${i + 1}`;
        for (const part of ['payload', 'headers'] as const) {
          if (!(part in example) || merged.value[part] === undefined) continue;
          const schemaSite = fieldAt(merged.origin[part]!, part);
          validator ??= new ExampleValidator(doc);
          const errors = validator.messagePartErrors(example[part], merged.value[part], schemaSite, part);
          if (errors === 'too-deep') {
            report(
              problem(
                'example-check-too-deep',
                'warning',
                fieldAt(examplesAt, i, part),
                `${label}: the ${part} was not checked: its schema nests references and allOf/anyOf/oneOf too deeply to check`,
                'Shorten the chain of schemas that reference or combine one another (a few levels are usual; each one is followed recursively by validators).',
              ),
            );
          } else if (errors === 'timeout' || errors === 'skipped') {
            const why =
              errors === 'timeout'
                ? `matching it against a \`pattern\` of the ${part} schema took longer than ${EXAMPLE_CHECK_LIMIT_MS / 1000} s`
                : `the ${part} schema has a \`pattern\` that can take an exponential time, and ${MAX_TIMEOUTS} checks against such patterns have timed out already`;
            report(problem('example-check-timeout', 'warning', fieldAt(examplesAt, i, part), `${label}: the ${part} was not checked: ${why}`, PATTERN_HINT));
          } else if (errors.length > 0) {
            report(
              problem(
                'example-invalid',
                'warning',
                fieldAt(examplesAt, i, part),
                `${label}: the ${part} ${part === 'headers' ? 'do' : 'does'} not match the message's ${part} schema: ${errors.join('; ')}`,
                `Correct the example or the schema so they agree (SPEC, Errors #13).`,
              ),
            );
          }
        }
      });
    }
    validator?.close();
  },
};

const PATTERN_HINT =
  'Rewrite the pattern without a quantified group inside another quantifier (for example ^(a+)+$ as ^a+$): such patterns backtrack for an exponential time on strings that almost match, in every validator your consumers run.';
