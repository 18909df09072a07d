/**
 * A schema table row's "e.g." shows only the examples the schema accepts at its level (rule
 * schema-example): a wrong one is never presented as a value the field takes. A row whose every
 * example is wrong says so in words instead; one with right and wrong ones shows the right ones
 * only. Over a small document with right, wrong and mixed examples on nested fields, one of them
 * through a `$ref`'d component, some in OpenAPI 3.0 schemas (one `example`), on the message's page, the schema's page and their Markdown twins.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { unescapeText } from '../src/lib/html-text.ts';
import { buildSite, tempTree } from './helpers.ts';

const DOCUMENT = {
  apidesc: '3.0.0',
  info: { title: 'People', version: '1.0.0' },
  channels: {
    people: {
      address: 'people',
      messages: { registered: { $ref: '#/components/messages/Registered' }, measured: { $ref: '#/components/messages/Measured' } },
    },
  },
  operations: { register: { action: 'send', channel: { $ref: '#/channels/people' }, messages: [{ $ref: '#/channels/people/messages/registered' }] } },
  components: {
    messages: {
      Registered: { payload: { $ref: '#/components/schemas/Person' } },
      // OpenAPI 3.0 schemas give one `example`, read as OpenAPI reads `nullable` and a boolean `exclusiveMinimum`.
      Measured: {
        payload: {
          schemaFormat: 'application/vnd.oai.openapi;version=3.0.0',
          schema: {
            type: 'object',
            properties: {
              level: { type: 'integer', minimum: 0, exclusiveMinimum: true, example: 0 },
              note: { type: 'string', nullable: true, example: null },
              ok: { type: 'integer', maximum: 5, example: 3 },
              place: { $ref: '#/components/schemas/Place' },
            },
          },
        },
      },
    },
    schemas: {
      Person: {
        type: 'object',
        properties: {
          age: { type: 'integer', minimum: 0, examples: [-1] },
          nickname: { type: 'string', maxLength: 3, examples: ['Roberta', 'Bob'] },
          score: { type: 'integer', maximum: 10, examples: [7] },
          height: { $ref: '#/components/schemas/Height' },
        },
      },
      Height: { type: 'number', minimum: 0, examples: [-5, -6] },
      Place: { schemaFormat: 'application/vnd.oai.openapi;version=3.0.0', schema: { type: 'string', minLength: 3, example: 'x' } },
    },
  },
};

/** The visible words of each field row of a page (its own line and facts, not its children), by anchor. */
function rowWords(html: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const m of html.matchAll(/<li class="prop" id="([^"]+)"[^>]*>([\s\S]*?)<\/li>/g)) {
    const text = m[2]!.replace(/<wbr>/g, '').replace(/<[^>]+>/g, ' ');
    rows.set(m[1]!, unescapeText(text).replace(/\s+/g, ' ').replace(/ ,/g, ',').trim());
  }
  return rows;
}

describe('a schema row shows only right examples as "e.g."', () => {
  let site = '';
  before(async () => {
    const dir = tempTree({ 'people.json': JSON.stringify(DOCUMENT, null, 2) });
    site = await buildSite(['people.json'], dir);
  });
  const page = (url: string, file = 'index.html'): string => readFileSync(join(site, url, file), 'utf8');

  for (const [url, prefix] of [
    ['components/messages/registered', 'payload'],
    ['components/schemas/person', 'schema'],
  ] as const) {
    it(`on ${url}`, () => {
      const rows = rowWords(page(url));
      assert.equal(rows.get(`${prefix}.age`), "age integer ≥ 0 The document's example -1 does not satisfy this field.");
      assert.equal(rows.get(`${prefix}.nickname`), 'nickname string ≤ 3 chars e.g. "Bob"');
      assert.equal(rows.get(`${prefix}.score`), 'score integer ≤ 10 e.g. 7');
      assert.equal(rows.get(`${prefix}.height`), "height Height (number) ≥ 0 The document's examples -5, -6 do not satisfy this field.");
      for (const [anchor, words] of rows) assert.doesNotMatch(words, /e\.g\. (?:-1|"Roberta"|-5|-6)\b/, `${url} #${anchor}`);
    });
  }

  it("of an OpenAPI schema's `example`", () => {
    const rows = rowWords(page('components/messages/measured'));
    assert.equal(rows.get('payload.level'), "level integer > 0 The document's example 0 does not satisfy this field.");
    assert.equal(rows.get('payload.note'), 'note string null allowed e.g. null');
    assert.equal(rows.get('payload.ok'), 'ok integer ≤ 5 e.g. 3');
    assert.equal(rows.get('payload.place'), 'place string ≥ 3 chars The document\'s example "x" does not satisfy this field.');
  });

  it('in the Markdown twins', () => {
    const twin = page('components/schemas/person', 'index.md');
    assert.match(twin, /- `age`: integer · optional · ≥ 0 · the document's example `-1` does not satisfy this field\n/);
    assert.match(twin, /- `nickname`: string · optional · ≤ 3 chars · example `"Bob"`\n/);
    assert.match(twin, /the document's examples `-5`, `-6` do not satisfy this field\n/);
    assert.doesNotMatch(twin, /example `"Roberta"`/);
  });
});
