/** Headings inside a field's description become bold paragraphs; everything else is left as it is. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoteHeadings } from './demote-headings.ts';

describe('headings inside a description', () => {
  it('become paragraphs of the text size, every level, attributes kept', () => {
    assert.equal(
      demoteHeadings('<h3>Some field</h3><ul><li>bold</li></ul><h1 id="x">One</h1><H6>Six</H6>'),
      '<p class="md-heading">Some field</p><ul><li>bold</li></ul><p class="md-heading" id="x">One</p><p class="md-heading">Six</p>',
    );
  });

  it('leaves other tags and text alone', () => {
    const html = '<p>A <code>&lt;h3&gt;</code> tag, an <header>x</header> and <hr> are no headings.</p>';
    assert.equal(demoteHeadings(html), html);
  });
});
