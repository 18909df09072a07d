import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unescapeText } from '../html-text.ts';
import { loadHighlighter, codeHtml } from './highlight-html.ts';
import { asScrollRegion, plainCodeHtml, plainLinesHtml } from './code-lines.ts';

/** The text a browser's textContent gives of a code block's HTML: what its copy button copies. */
const textOf = (html: string): string => unescapeText(html.replace(/<[^>]*>/g, ''));
/** The HTML without its line elements: what the code block was before lines had elements. */
const withoutLines = (html: string): string => html.replace(/<span class="line"(?: style="--indent:\d+")?>/g, '').replace(/<\/span>(?=\n|<\/code>)/g, '');

const SUBSCRIBE = `aws sns subscribe \\
  --topic-arn 'arn:aws:sns:eu-west-1:123456789012:orders.fifo' \\
\t--attributes '{"RedrivePolicy": "{\\"deadLetterTargetArn\\":\\"arn:aws:sqs:eu-west-1:123456789012:dlq\\"}"}'

  --return-subscription-arn
`;

describe('code lines: a line per element, the text as written', () => {
  it('gives each line its element and its indentation in columns; an empty line stays a bare newline', () => {
    assert.equal(
      plainLinesHtml('{\n    "a": "<b>",\n\n\t\t"c": 1\n}'),
      '<span class="line">{</span>\n<span class="line" style="--indent:4">    "a": "&lt;b&gt;",</span>\n\n<span class="line" style="--indent:16">\t\t"c": 1</span>\n<span class="line">}</span>',
    );
    assert.equal(plainCodeHtml(''), '<pre class="hl" tabindex="0"><code></code></pre>');
  });

  it("keeps the text of highlighted and plain code exactly the code, and shiki's tokens as they were", async () => {
    const h = await loadHighlighter();
    for (const [code, lang] of [
      [SUBSCRIBE, 'shell'],
      ['{\n  "arn": "arn:aws:sqs:eu-west-1:123456789012:q",\n  "n": [1, 2]\n}\n', 'json'],
      ['a & b < c\n\n  d > e', 'text'],
    ] as const) {
      const html = codeHtml(h, code, lang);
      assert.equal(textOf(html), code, `${lang}: the text is the code`);
      assert.equal(textOf(plainCodeHtml(code)), code);
      // Every line of the code is one element, or nothing when it is empty.
      assert.equal((html.match(/<span class="line"/g) ?? []).length, code.split('\n').filter((l) => l !== '').length);
      // Without its line elements, the highlighted HTML is shiki's tokens as spans, no more.
      assert.doesNotMatch(withoutLines(html), /class="line"/);
      assert.equal(textOf(withoutLines(html)), code);
    }
  });
});

describe('where a long word of code may wrap', () => {
  it('marks the places after separators and between camelCase words, never inside a word, and adds no character', async () => {
    const h = await loadHighlighter();
    const code =
      '{\n  "__TypeId__": "io.github.springwolf.examples.kafka.dtos.customs.CustomsDeclarationDto",\n  "token": "5f4dcc3b5aa765d61d8327deb882cf99"\n}';
    const html = codeHtml(h, code, 'json');
    assert.equal(textOf(html), code, 'a copy gives the code as written');
    assert.match(html, /"io\.<wbr>github\.<wbr>springwolf\.<wbr>examples\.<wbr>kafka\.<wbr>dtos\.<wbr>customs\.<wbr>Customs<wbr>Declaration<wbr>Dto"/);
    assert.match(html, /"5f4dcc3b5aa765d61d8327deb882cf99"/, 'a long word with no place to wrap stays whole');
    // Each `<wbr>` sits between two pieces a reader sees as words: after a separator or before a capital.
    for (const [, before, after] of textOf(html.replace(/<wbr>/g, '\u0000')).matchAll(/(.)\u0000(.)/g))
      assert.match(`${before}${after}`, /^(?:[/._:$-].|[a-z0-9][A-Z])$/);
    assert.equal(plainLinesHtml('"short.name/x"'), '<span class="line">"short.name/x"</span>', 'a short word is left alone');
    assert.equal(textOf(plainCodeHtml(code)), code);
    assert.match(plainCodeHtml(code), /kafka\.<wbr>dtos/);
  });
});

describe('a code block that scrolls sideways', () => {
  it('is a focusable region named by its label (quotes and ampersands as entities), its code unchanged', () => {
    const block = plainCodeHtml('const a = "<b>";');
    const region = asScrollRegion(block, 'Code: Send on "a&b", JavaScript');
    assert.equal(
      region,
      `<pre class="hl" tabindex="0" role="region" aria-label="Code: Send on &quot;a&amp;b&quot;, JavaScript"><code>${block.slice('<pre class="hl" tabindex="0"><code>'.length)}`,
    );
    assert.equal(textOf(region), textOf(block));
  });
});
