/**
 * Every generated example is checked, and accepted, by the project's own validator: for every
 * message and every component schema of the corpus's valid documents (and of the real documents
 * kept outside the repository, when they are there: `$APIDESC_EXTRA_CORPUS`, default
 * `../ext/real` and `../ext/reading-sns` beside the repository), the example a page shows where the
 * document gives none is one its schema accepts, none is shown unchecked, and no placeholder
 * ("string", a row of zeros) is shown as a value. The same values in every run.
 */
import './seeded-random.ts';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { generateExamples, generateSchemaExample } from '../src/lib/model/generated-examples.ts';
import { childPointer } from '../src/lib/json-pointer.ts';
import { isPlainObject, type ResolvedDoc } from '../src/lib/resolve/resolved-doc.ts';
import { ExampleValidator } from '../src/lib/validate/example-validator.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';

const beside = (name: string): string => join(import.meta.dirname, '../..', name);
const EXTRA = process.env.APIDESC_EXTRA_CORPUS?.split(':').filter(Boolean) ?? [beside('ext/real'), beside('ext/reading-sns')].filter(existsSync);

/** The documents of a folder (not its sub-folders: multi-file documents are entered by their root elsewhere). */
const documentsIn = (folder: string): string[] =>
  readdirSync(folder)
    .filter((name) => /\.(ya?ml|json)$/.test(name) && !name.endsWith('.raw.json'))
    .map((name) => join(folder, name))
    .filter((file) => statSync(file).isFile())
    .sort();

/** What a generated example must not hold: a generator's placeholder shown as a value. */
const placeholder = (value: unknown): boolean =>
  value === 'string' || (isPlainObject(value) && Object.values(value).some(placeholder)) || (Array.isArray(value) && value.some(placeholder));

interface Made {
  where: string;
  value: unknown;
  unchecked?: string;
  errors: ReturnType<ExampleValidator['messagePartErrors']>;
}

/** Every generated example of the document, each checked again by a fresh validator. */
function generatedOf(doc: ResolvedDoc): Made[] {
  const root = doc.root.value;
  const components = isPlainObject(root) && isPlainObject(root.components) ? root.components : {};
  const out: Made[] = [];
  const validator = new ExampleValidator(doc);
  const checker = new ExampleValidator(doc);
  try {
    for (const [id, message] of Object.entries(isPlainObject(components.messages) ? components.messages : {})) {
      if (!isPlainObject(message) || (Array.isArray(message.examples) && message.examples.length > 0)) continue;
      const at = { file: doc.root.path, pointer: childPointer('/components/messages', id) };
      for (const example of generateExamples(doc, validator, message, { headers: at, payload: at }).examples)
        for (const part of ['headers', 'payload'] as const) {
          const value = example.value[part];
          if (value === undefined) continue;
          const errors = checker.messagePartErrors(value, message[part], { file: at.file, pointer: childPointer(at.pointer, part) }, part, 'as-read');
          out.push({ where: `message ${id} ${part} (${example.title})`, value, ...(example.unchecked ? { unchecked: example.unchecked } : {}), errors });
        }
    }
    for (const [id, schema] of Object.entries(isPlainObject(components.schemas) ? components.schemas : {})) {
      if (isPlainObject(schema) && Array.isArray(schema.examples) && schema.examples.length > 0 && !schema.examples.some(placeholder)) continue;
      const at = { file: doc.root.path, pointer: childPointer('/components/schemas', id) };
      for (const example of generateSchemaExample(doc, validator, schema, at).examples) {
        const value = example.value.payload;
        out.push({
          where: `schema ${id} (${example.title})`,
          value,
          ...(example.unchecked ? { unchecked: example.unchecked } : {}),
          errors: checker.jsonSchemaErrors(value, schema, at),
        });
      }
    }
  } finally {
    validator.close();
    checker.close();
  }
  return out;
}

const folders = [...(HAS_CORPUS ? [join(CORPUS, 'valid')] : []), ...EXTRA];

describe('generated examples over the corpus and real documents', () => {
  for (const folder of folders)
    it(`are checked and accepted, with no placeholder: ${folder}`, { timeout: 600_000 }, async () => {
      const problems: string[] = [];
      let count = 0;
      for (const file of documentsIn(folder)) {
        const result = await validateDocument(file, { root: folder });
        if (!result.doc) continue;
        for (const made of generatedOf(result.doc)) {
          count++;
          const where = `${file.slice(folder.length + 1)}: ${made.where}`;
          // A schema whose own format is not checked (Avro, Protocol Buffers: checked by theirs) says nothing here: not unchecked.
          if (made.unchecked) problems.push(`${where}: shown unchecked (${made.unchecked})`);
          else if (Array.isArray(made.errors) && made.errors.length > 0) problems.push(`${where}: refused: ${made.errors[0]}`);
          if (placeholder(made.value)) problems.push(`${where}: holds the placeholder "string": ${JSON.stringify(made.value).slice(0, 160)}`);
        }
      }
      assert.ok(count > 0, `${folder}: generated examples were made`);
      assert.deepEqual(problems, [], `${problems.length} of ${count} generated examples`);
    });
});
