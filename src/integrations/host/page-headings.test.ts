import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageHeadings } from './page-headings.ts';

describe('the headings a host lists for a page of the reference', () => {
  it('are its h2 and h3 headings with ids, in order, as the standalone outline reads them', () => {
    const html = '<h2 id="h-schema">Schema</h2><h3 id="h-a">A &amp; B</h3><h2>No id</h2><h2 id="h-used-by" data-toc="Used">Used by</h2>';
    assert.deepEqual(pageHeadings(html), [
      { depth: 2, slug: 'h-schema', text: 'Schema' },
      { depth: 3, slug: 'h-a', text: 'A & B' },
      { depth: 2, slug: 'h-used-by', text: 'Used' },
    ]);
  });
});
