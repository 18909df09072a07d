/**
 * No page grows with the examples a document gives: a schema table's row shows at most
 * ROW_EXAMPLES as "e.g." and says how many more, and a message whose payload schema gives the
 * examples (none of the message's own) shows at most OWN_PAGE_EXAMPLES of them and says how many
 * more. Built from a generated document with pairs of the same shape, one with 1,000 examples, one
 * with OWN_PAGE_EXAMPLES + 1; the pages and their Markdown twins stay the same size.
 */
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { OWN_PAGE_EXAMPLES, ROW_EXAMPLES } from '../src/lib/model/shown-examples.ts';
import { buildSite, tempTree } from './helpers.ts';

const MANY = 1_000;
const FEW = OWN_PAGE_EXAMPLES + 1;

/** A schema with a field `reading` that gives `count` examples (all of them right, all different, all as long). */
const field = (count: number): Record<string, unknown> => ({
  type: 'object',
  properties: { reading: { type: 'integer', minimum: 0, examples: Array.from({ length: count }, (_, i) => 100_000 + i) }, unit: { type: 'string' } },
});
/** A message whose payload schema gives `count` examples, the message none of its own; its http binding's header too. */
const message = (count: number): Record<string, unknown> => ({
  name: `Readings${count}`,
  bindings: {
    http: { headers: { type: 'object', properties: { 'x-station': { type: 'integer', examples: Array.from({ length: count }, (_, i) => 700_000 + i) } } } },
  },
  payload: {
    type: 'object',
    properties: { id: { type: 'integer', minimum: 0 }, label: { type: 'string' } },
    required: ['id', 'label'],
    examples: Array.from({ length: count }, (_, i) => ({ id: 100_000 + i, label: `reading ${100_000 + i}` })),
  },
});

const DOCUMENT = {
  apidesc: '3.0.0',
  info: { title: 'Readings', version: '1.0.0' },
  components: {
    schemas: { ManyField: field(MANY), FewField: field(FEW) },
    messages: { ManyPayload: message(MANY), FewPayload: message(FEW) },
  },
};

describe('pages do not grow with the examples a document gives', () => {
  let site = '';
  before(async () => {
    const dir = tempTree({
      'readings.json': JSON.stringify(DOCUMENT),
      // A guide quotes a table: its rows are the reference page's.
      'guides/tour.mdx': '# Tour\n\n<SchemaTable ref="#/components/schemas/ManyField" />\n',
    });
    site = await buildSite(['readings.json', '--allow-invalid'], dir);
  });
  const schemaFile = (name: string, f = 'index.html'): string => join(site, 'components/schemas', name, f);
  const messageFile = (name: string, f = 'index.html'): string => join(site, 'components/messages', name, f);
  const sameSize = (file: (name: string, f?: string) => string, many: string, few: string): void => {
    for (const f of ['index.html', 'index.md']) {
      const a = statSync(file(many, f)).size;
      const b = statSync(file(few, f)).size;
      // The same shape and as many examples shown: only the counts' digits and the names differ.
      assert.ok(Math.abs(a - b) < 300, `${f}: ${a} bytes with ${MANY} examples, ${b} with ${FEW}`);
    }
  };

  it('a row shows a few examples and says how many more, on the page and in its twin', () => {
    const page = readFileSync(schemaFile('manyfield'), 'utf8');
    const eg = page.match(/e\.g\. (.*?)<\/p>/)?.[1] ?? '';
    const values = [...eg.matchAll(/<code>(\d+)<\/code>/g)].map((m) => Number(m[1]));
    assert.ok(values.length > 0 && values.length <= ROW_EXAMPLES, eg);
    const more = MANY - ROW_EXAMPLES;
    assert.match(eg, new RegExp(`and ${more} more$`));
    assert.doesNotMatch(page, new RegExp(`\\b${100_000 + ROW_EXAMPLES}\\b`), 'an example past the cap is not on the page');
    const twin = readFileSync(schemaFile('manyfield', 'index.md'), 'utf8');
    // The value the page's example holds is said there, not again in the row (shown-examples.ts).
    assert.match(twin, new RegExp(`\`reading\`: .*example (\`10000[0-2]\`(, )?){1,${ROW_EXAMPLES}} and ${more} more\n`));
    sameSize(schemaFile, 'manyfield', 'fewfield');
  });

  it("a binding's table and a guide's table cap their rows as the reference's do", () => {
    const binding = readFileSync(messageFile('manypayload'), 'utf8').match(/e\.g\. (<code>70\d+<\/code>.*?)<\/p>/)?.[1] ?? '';
    assert.match(binding, new RegExp(`^(<code>70000[0-2]</code> ?){1,${ROW_EXAMPLES}} and ${MANY - ROW_EXAMPLES} more$`));
    assert.match(
      readFileSync(messageFile('manypayload', 'index.md'), 'utf8'),
      new RegExp(`\`x-station\`: .*example (\`70000[0-2]\`(, )?){1,${ROW_EXAMPLES}} and ${MANY - ROW_EXAMPLES} more\n`),
    );
    const guide = readFileSync(join(site, 'guides/tour/index.html'), 'utf8');
    assert.match(guide, new RegExp(`e\\.g\\. (<code>10000[0-2]</code> ?){1,${ROW_EXAMPLES}} and ${MANY - ROW_EXAMPLES} more</p>`));
    assert.doesNotMatch(guide, new RegExp(`\\b${100_000 + ROW_EXAMPLES}\\b`));
  });

  it("a message's payload schema's examples: at most OWN_PAGE_EXAMPLES, and how many more, on the page and in its twin", () => {
    const page = readFileSync(messageFile('manypayload'), 'utf8');
    const shown = new Set([...page.matchAll(/The document's example (\d+)/g)].map((m) => m[1]));
    assert.ok(shown.size > 0 && shown.size <= OWN_PAGE_EXAMPLES, [...shown].join(', '));
    const sentence = `The document gives ${MANY - OWN_PAGE_EXAMPLES} more examples of the payload's schema, not shown here.`;
    assert.ok(page.includes(sentence.replaceAll("'", '&#39;')), 'the page says how many more');
    assert.match(
      readFileSync(messageFile('manypayload', 'index.md'), 'utf8'),
      new RegExp(`The document gives ${MANY - OWN_PAGE_EXAMPLES} more examples of the payload`),
    );
    assert.doesNotMatch(page, new RegExp(`reading ${100_000 + OWN_PAGE_EXAMPLES}\\b`), 'an example past the cap is not on the page');
    sameSize(messageFile, 'manypayload', 'fewpayload');
  });
});
