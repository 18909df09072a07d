import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { after, describe, it } from 'node:test';
import * as pagefind from 'pagefind';
import { escapeText, unescapeText } from '../lib/html-text.ts';
import { pagefindFilter } from './pagefind-filter.ts';

const VALUES = ['<img src=x onerror=alert(1)>', 'Orders & payments', 'a &lt; b', '&amp;amp;', '"quoted" \'single\'', '<svg onload=alert(2)>'];

/** An element as Astro writes it: the attribute and the text escaped once. */
const span = (value: string): string =>
  `<span data-pagefind-filter="${escapeText(pagefindFilter('tag', value)).replace(/"/g, '&quot;')}">${escapeText(value)}</span>`;

describe('search filter values for Pagefind', () => {
  after(() => pagefind.close());

  it('are stored by Pagefind escaped once, so that its UI (which writes them as HTML) shows them as written', async () => {
    const { index } = await pagefind.createIndex({ forceLanguage: 'en' });
    assert.ok(index);
    const html = `<html><body><article data-pagefind-body><h1>Page</h1><div hidden>${VALUES.map(span).join('')}</div><p>Text</p></article></body></html>`;
    const added = await index.addHTMLFile({ url: '/page/', content: html });
    assert.deepEqual(added.errors, []);
    const { files, errors } = await index.getFiles();
    assert.deepEqual(errors, []);
    const fragments = files
      .filter((f) => f.path.startsWith('fragment/'))
      .map(
        (f) =>
          JSON.parse(
            gunzipSync(Buffer.from(f.content))
              .toString('utf8')
              .replace(/^pagefind_dcd/, ''),
          ) as { filters: Record<string, string[]>; content: string },
      );
    assert.equal(fragments.length, 1);
    const stored = fragments[0]!.filters.tag!;
    assert.deepEqual([...stored].sort(), VALUES.map(escapeText).sort(), 'each value escaped once: no markup of its own');
    // What the UI's innerHTML shows of each.
    assert.deepEqual(stored.map(unescapeText).sort(), [...VALUES].sort());
    // The page's content (what is searched and excerpted) holds the values as written.
    for (const value of VALUES) assert.ok(fragments[0]!.content.includes(value), value);
  });
});
