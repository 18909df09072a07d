import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeText, unescapeText } from './html-text.ts';

describe('text in and out of HTML', () => {
  it('escapes what would start markup, ampersands first, and reads it back', () => {
    const text = '<a href="x">&amp; it\'s</a>';
    assert.equal(escapeText(text), '&lt;a href="x"&gt;&amp;amp; it\'s&lt;/a&gt;');
    assert.equal(unescapeText(escapeText(text)), text);
    assert.equal(unescapeText('&quot;q&quot; &#39;s&#39; &amp;lt;'), '"q" \'s\' &lt;');
  });
});
