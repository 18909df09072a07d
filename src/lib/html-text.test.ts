import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeAttribute, escapeHtml, escapeText, unescapeText } from './html-text.ts';

describe('text in and out of HTML', () => {
  it('escapes what would start markup, ampersands first, and reads it back', () => {
    const text = '<a href="x">&amp; it\'s</a>';
    assert.equal(escapeText(text), '&lt;a href="x"&gt;&amp;amp; it\'s&lt;/a&gt;');
    assert.equal(unescapeText(escapeText(text)), text);
    assert.equal(unescapeText('&quot;q&quot; &#39;s&#39; &amp;lt;'), '"q" \'s\' &lt;');
  });

  it('escapes element content and attribute values as Astro writes them', () => {
    const text = '<a href="x">&amp; it\'s</a>';
    assert.equal(escapeHtml(text), '&lt;a href=&quot;x&quot;&gt;&amp;amp; it&#39;s&lt;/a&gt;');
    assert.equal(unescapeText(escapeHtml(text)), text);
    assert.equal(escapeAttribute(text), "<a href=&quot;x&quot;>&amp;amp; it's</a>");
    // Each character alone too: the test for markup before the replace must know all five.
    assert.deepEqual(['&', '<', '>', "'", '"', 'plain'].map(escapeHtml), ['&amp;', '&lt;', '&gt;', '&#39;', '&quot;', 'plain']);
  });
});
