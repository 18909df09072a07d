import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_MARKDOWN_NESTING, markdownNesting } from './markdown-nesting.ts';
import { renderInlineMarkdown, renderMarkdown } from './render-markdown.ts';

describe('renderMarkdown: CommonMark in, safe HTML out', () => {
  it('renders emphasis, lists, code, tables and links', () => {
    const html = renderMarkdown(
      'A **bold** and *em* text.\n\n- one\n- two\n\n```json\n{"a": 1}\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.com/docs)',
    );
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

describe('renderMarkdown: nesting deeper than MAX_MARKDOWN_NESTING (hostile input)', () => {
  const deep: Record<string, string> = {
    'block quotes': '> '.repeat(5000) + '<b>deep</b> & end',
    'nested lists': Array.from({ length: 2000 }, (_, i) => ' '.repeat(2 * i) + '- <b>deep</b> & end').join('\n'),
    'mixed quotes and lists': '> - '.repeat(5000) + '<b>deep</b> & end',
    emphasis: '*a '.repeat(5000) + '<b>deep</b> & end' + ' b*'.repeat(5000),
    'strong emphasis': '**a '.repeat(5000) + '<b>deep</b> & end' + ' b**'.repeat(5000),
    'strike-through': '~~a '.repeat(5000) + '<b>deep</b> & end' + ' b~~'.repeat(5000),
  };
  for (const [name, text] of Object.entries(deep)) {
    it(`shows ${name} thousands of levels deep as escaped plain text, without throwing`, () => {
      const started = performance.now();
      const html = renderMarkdown(text);
      assert.ok(performance.now() - started < 2000, 'quickly');
      assert.ok(html.startsWith('<p>') && html.endsWith('</p>'), html.slice(0, 80));
      assert.ok(html.includes('&lt;b&gt;deep&lt;/b&gt; &amp; end'), 'the text, escaped');
      assert.doesNotMatch(html, /<(blockquote|ul|li|em|strong|del|b)>/);
      assert.doesNotThrow(() => renderInlineMarkdown(text));
      assert.match(renderInlineMarkdown(text), /&lt;b&gt;deep&lt;\/b&gt; &amp; end/);
    });
  }

  it('keeps the paragraphs of such a text, and renders nesting up to the limit as Markdown', () => {
    assert.equal(renderMarkdown(`first <i>\n\n${'> '.repeat(100)}second`), `<p>first &lt;i&gt;</p>\n<p>${'&gt; '.repeat(100)}second</p>`);
    assert.equal(renderMarkdown('> '.repeat(MAX_MARKDOWN_NESTING) + 'x').match(/<blockquote>/g)?.length, MAX_MARKDOWN_NESTING);
  });

  it('measures nesting as Markdown nests: quotes, list items by marker or indentation, emphasis and brackets left open; not code', () => {
    assert.equal(markdownNesting('plain text, snake_case_name, a * b'), 0);
    assert.equal(markdownNesting('2*3*4'), 1, 'as CommonMark reads it: 2<em>3</em>4');
    assert.equal(markdownNesting('*em* **strong** ~~del~~ [link](https://x.example)'), 1);
    assert.equal(markdownNesting('> a\n> > b\n> > > c'), 3);
    assert.equal(markdownNesting('- a\n  - b\n    - c\n      - d'), 4);
    assert.equal(markdownNesting('1. a\n   1. b'), 2);
    assert.equal(markdownNesting('*a **b _c d_ b** a*'), 3);
    assert.equal(markdownNesting('```\n' + '> '.repeat(100) + '\n```\nafter'), 0);
    assert.equal(markdownNesting('*a\n\n*b\n\n*c'), 1, 'a blank line ends what a paragraph opened');
  });
});
