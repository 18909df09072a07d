import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { codeHtml, highlightWith, loadHighlighter } from './highlight-html.ts';

const highlightHtml = async (html: string): Promise<string> => highlightWith(await loadHighlighter(), html);

describe('highlightHtml: fenced code in descriptions', () => {
  it('highlights known languages with classes and keeps the code text, escaped, out of the search index', async () => {
    const html = await highlightHtml(renderMarkdown('Text\n\n```json\n{"a": "<b>"}\n```'));
    assert.equal(
      html,
      '<p>Text</p>\n<pre data-pagefind-ignore class="hl" tabindex="0"><code><span class="line">{<span class="hl-keyword">"a"</span>: <span class="hl-string">"&lt;b&gt;"</span>}</span></code></pre>',
    );
  });

  it('leaves unknown languages and plain text alone', async () => {
    const plain = renderMarkdown('```klingon\nqapla\n```');
    assert.equal(await highlightHtml(plain), plain);
    assert.equal(await highlightHtml('<p>no code</p>'), '<p>no code</p>');
  });
});

describe('codeHtml: code in a language', () => {
  it('colours YAML keys (with their colon), strings, numbers and comments, line by line', async () => {
    const html = codeHtml(await loadHighlighter(), 'name: orders # the topic\nretries: 3', 'yaml');
    assert.equal(
      html,
      '<pre class="hl" tabindex="0"><code><span class="line"><span class="hl-keyword">name: </span><span class="hl-string">orders </span><span class="hl-comment"># the topic</span></span>\n<span class="line"><span class="hl-keyword">retries: </span><span class="hl-constant">3</span></span></code></pre>',
    );
  });

  it('shows a language it does not know as escaped plain text', async () => {
    const html = codeHtml(await loadHighlighter(), 'record A { <script> }', 'avro-idl');
    assert.equal(html, '<pre class="hl" tabindex="0"><code><span class="line">record A { &lt;script&gt; }</span></code></pre>');
  });
});

describe('highlighting under load', () => {
  it('gives the same output however slowly the machine runs (no time limit per line)', async () => {
    const h = await loadHighlighter();
    const example = JSON.stringify({ orderId: 'o-1', items: [{ sku: 'A-1', quantity: 2, price: { amount: 12.5, currency: 'EUR' } }], note: 'x'.repeat(300) });
    const calm = codeHtml(h, example, 'json');
    // A machine so busy that every look at the clock finds a second gone.
    const realNow = Date.now;
    let fake = realNow();
    Date.now = () => (fake += 1000);
    let busy: string;
    try {
      busy = codeHtml(h, example, 'json');
    } finally {
      Date.now = realNow;
    }
    assert.equal(busy, calm);
    assert.match(calm, /<span class="hl-keyword">"orderId"<\/span>/);
  });

  it('shows a line longer than the limit plain, the same way every time', async () => {
    const h = await loadHighlighter();
    const long = `{"a": "${'y'.repeat(6000)}"}`;
    assert.equal(codeHtml(h, long, 'json'), `<pre class="hl" tabindex="0"><code><span class="line">${long}</span></code></pre>`);
  });
});
