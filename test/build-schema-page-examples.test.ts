/**
 * A schema's own page shows at most OWN_PAGE_EXAMPLES of the document's examples, a right one
 * first, and says how many more the document gives: a schema with a thousand examples gives a
 * page of the size of one with a few more than shown. Built from a generated document with two
 * schemas of the same shape, one with 1,000 examples (the first ones wrong), one with
 * OWN_PAGE_EXAMPLES + 1; on the pages and in their Markdown twins.
 */
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { OWN_PAGE_EXAMPLES } from '../src/lib/model/pages.ts';
import { buildSite, tempTree } from './helpers.ts';

const MANY = 1_000;
const FEW = OWN_PAGE_EXAMPLES + 1;
/** Leading examples that are wrong (an id below the minimum): a right one still leads the page. */
const WRONG_FIRST = 3;

const shape = (examples: unknown[]): Record<string, unknown> => ({
  type: 'object',
  properties: { id: { type: 'integer', minimum: 0 }, label: { type: 'string' } },
  required: ['id', 'label'],
  examples,
});
const examples = (count: number): unknown[] =>
  Array.from({ length: count }, (_, i) => ({ id: i < WRONG_FIRST ? -1 - i : 100_000 + i, label: `reading ${100_000 + i}` }));

const DOCUMENT = {
  apidesc: '3.0.0',
  info: { title: 'Readings', version: '1.0.0' },
  components: { schemas: { Many: shape(examples(MANY)), Few: shape(examples(FEW)) } },
};

/** The titles of the examples a page shows (the panel's and the page's, in page order). */
const titles = (html: string): string[] => [...html.matchAll(/<figcaption><strong[^>]*>(Example \d+)</g)].map((m) => m[1]!);

describe("a schema's own page shows a bounded number of its examples", () => {
  let site = '';
  before(async () => {
    const dir = tempTree({ 'readings.json': JSON.stringify(DOCUMENT) });
    site = await buildSite(['readings.json', '--allow-invalid'], dir);
  });
  const file = (name: string, f = 'index.html'): string => join(site, 'components/schemas', name, f);

  it('says how many more the document gives', () => {
    const many = readFileSync(file('many'), 'utf8');
    assert.match(many, new RegExp(`The document gives ${MANY - OWN_PAGE_EXAMPLES} more examples of this schema, not shown here\\.`));
    assert.match(readFileSync(file('few'), 'utf8'), /The document gives 1 more example of this schema, not shown here\./);
    assert.match(readFileSync(file('many', 'index.md'), 'utf8'), new RegExp(`The document gives ${MANY - OWN_PAGE_EXAMPLES} more examples of this schema`));
  });

  it('shows at most OWN_PAGE_EXAMPLES, a right one first', () => {
    const many = readFileSync(file('many'), 'utf8');
    const shown = new Set(titles(many));
    assert.ok(shown.size > 0 && shown.size <= OWN_PAGE_EXAMPLES, [...shown].join(', '));
    assert.equal(titles(many)[0], `Example ${WRONG_FIRST + 1}`, 'the first right example leads');
    assert.doesNotMatch(many, new RegExp(`reading ${100_000 + OWN_PAGE_EXAMPLES + 1}\\b`), 'an example past the limit is not on the page');
  });

  it('keeps the page and its twin the size of one with a few more examples than shown', () => {
    for (const f of ['index.html', 'index.md']) {
      const many = statSync(file('many', f)).size;
      const few = statSync(file('few', f)).size;
      // The same shape and as many examples shown: only the counts' digits and the names differ.
      assert.ok(Math.abs(many - few) < 200, `${f}: ${many} bytes with ${MANY} examples, ${few} with ${FEW}`);
    }
  });
});
