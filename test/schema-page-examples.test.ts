/**
 * A component schema's page shows the examples its messages' pages show (generated-examples.ts):
 * where the schema's own example is a generator's placeholder (springwolf writes `"string"` and `0`),
 * the document's example first with what the validator finds wrong in it, then the values made
 * from the schema, the same ones the message page of that payload shows and ones the schema accepts.
 * Where the document's example is a real value, it alone is shown, as before.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { unescapeText } from '../src/lib/html-text.ts';
import { isPlainObject } from '../src/lib/resolve/resolved-doc.ts';
import { ExampleValidator } from '../src/lib/validate/example-validator.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { sharedSite } from './helpers.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures/springwolf');
const BASE = 'org.example.logistics.kafka.dtos.discriminator.ShipmentBase';

/** Each example of a page's examples section: its title, its payload's value (its code block read back), and whether a warning follows it. */
function examplesOf(html: string): { title: string; payload: unknown; warned: boolean }[] {
  const found: { title: string; payload: unknown; warned: boolean }[] = [];
  for (const m of html.matchAll(
    /<(figure|details) class="example(?:-more)?">([\s\S]*?)<\/\1>(?=\s*(?:<(?:figure|details) class="example|<\/div>|<\/section>))/g,
  )) {
    const body = m[2]!;
    const title = unescapeText(/<strong data-pagefind-ignore>([\s\S]*?)<\/strong>/.exec(body)![1]!);
    // A message's payload is labelled so; a schema's value stands alone.
    const payload = (/<p class="example-part" data-pagefind-ignore>Payload<\/p>[\s\S]*?<code>([\s\S]*?)<\/code>/.exec(body) ??
      /<code>([\s\S]*?)<\/code>/.exec(body))![1]!;
    found.push({ title, payload: JSON.parse(unescapeText(payload.replace(/<[^>]*>/g, ''))), warned: body.includes('example-warning') });
  }
  return found;
}

describe("a schema page's examples, as its messages' pages show them", () => {
  let site = '';
  const page = (url: string): string => readFileSync(join(site, url, 'index.html'), 'utf8');
  before(async () => {
    site = await sharedSite(['logistics-kafka.json', '--allow-invalid'], FIXTURE);
  });

  it('leads with a generated example the schema accepts, then the document’s placeholder with its fault said, the generated ones those of the message page', async () => {
    const schemaHtml = page(`components/schemas/${BASE.toLowerCase()}`);
    const schemaPage = examplesOf(schemaHtml);
    // A schema's value is no message's payload (a headers schema's is not): no part's label over it.
    assert.doesNotMatch(schemaHtml, /<p class="example-part" data-pagefind-ignore>/);
    const messagePage = examplesOf(page(`components/messages/${BASE.toLowerCase()}`));
    const generated = messagePage.filter((e) => e.title.startsWith('Generated example'));
    assert.ok(generated.length >= 2, `the message page shows a generated example of each shape: ${JSON.stringify(messagePage)}`);
    // A right example leads on both pages (the one a reader copies); the document's own, which the schema rejects, second, the validator's finding under it.
    for (const examples of [schemaPage, messagePage])
      assert.deepEqual(
        examples.slice(0, 2).map((e) => [e.title.startsWith('Generated example') ? 'Generated example' : e.title, e.warned]),
        [
          ['Generated example', false],
          ["The document's example", true],
        ],
        "a generated one first, then the document's, which the schema rejects",
      );
    assert.deepEqual(
      schemaPage.filter((e) => e.title.startsWith('Generated example')).map((e) => [e.title, e.payload]),
      generated.map((e) => [e.title, e.payload]),
      'the same generated titles and values as the message page',
    );
    const { doc } = await validateDocument(join(FIXTURE, 'logistics-kafka.json'), { root: FIXTURE });
    assert.ok(doc);
    const root = doc.root.value;
    const schema = isPlainObject(root) && isPlainObject(root.components) && isPlainObject(root.components.schemas) ? root.components.schemas[BASE] : undefined;
    const validator = new ExampleValidator(doc);
    try {
      for (const e of generated)
        assert.deepEqual(
          validator.jsonSchemaErrors(e.payload, schema, { file: doc.root.path, pointer: `/components/schemas/${BASE}` }),
          [],
          `${e.title} satisfies the schema`,
        );
    } finally {
      validator.close();
    }
  });

  it("shows the document's example alone where it is a real value", () => {
    const examples = examplesOf(page('components/schemas/org.example.logistics.kafka.dtos.parcelpayloaddto'));
    assert.deepEqual(
      examples.map((e) => e.title),
      ['Example 1'],
    );
    assert.equal((examples[0]!.payload as { trackingCode: string }).trackingCode, 'LX-40213-DK');
  });
});
