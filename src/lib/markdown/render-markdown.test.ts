import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderInlineMarkdown, renderMarkdown } from './render-markdown.ts';

describe('renderMarkdown: CommonMark in, safe HTML out', () => {
  it('renders emphasis, lists, code, tables and links', () => {
    const html = renderMarkdown('A **bold** and *em* text.\n\n- one\n- two\n\n```json\n{"a": 1}\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.com/docs)');
    assert.match(html, /<strong>bold<\/strong>/);
    assert.match(html, /<ul>\s*<li>one<\/li>/);
    assert.match(html, /<code class="language-json">/);
    assert.match(html, /<table>/);
    assert.match(html, /<a href="https:\/\/example\.com\/docs" rel="noopener noreferrer">docs<\/a>/);
  });

  const hostile: [string, RegExp][] = [
    ['<script>alert(1)</script>', /<script/i],
    ['<img src=x onerror=alert(1)>', /onerror/i],
    ['[x](javascript:alert(1))', /javascript:/i],
    ['[x](JaVaScRiPt:alert(1))', /javascript:/i],
    ['<a href="vbscript:msgbox(1)">x</a>', /vbscript:/i],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:text/i],
    ['![x](data:image/svg+xml;base64,PHN2Zz4=)', /data:image/i],
    ['<svg onload=alert(1)>', /<svg/i],
    ['<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['<p style="background:url(javascript:alert(1))">x</p>', /style=/i],
    ['<a href="&#106;avascript:alert(1)">x</a>', /href="&#106;|javascript/i],
    ['<details open ontoggle=alert(1)>', /ontoggle/i],
  ];
  for (const [input, forbidden] of hostile) {
    it(`neutralises ${input}`, () => assert.doesNotMatch(renderMarkdown(input), forbidden));
  }

  it('demotes headings below the page outline', () => {
    assert.match(renderMarkdown('# Title\n\n## Sub'), /<h3>Title<\/h3>\s*<h4>Sub<\/h4>/);
  });

  it('renders inline Markdown without paragraphs', () => {
    assert.equal(renderInlineMarkdown('an *emphasised* `code`'), 'an <em>emphasised</em> <code>code</code>');
  });
});
