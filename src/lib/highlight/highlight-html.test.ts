import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { codeHtml, highlightWith, loadHighlighter } from './highlight-html.ts';

const highlightHtml = async (html: string): Promise<string> => highlightWith(await loadHighlighter(), html);

describe('highlightHtml: fenced code in descriptions', () => {
  it('highlights known languages with classes and keeps the code text, escaped', async () => {
    const html = await highlightHtml(renderMarkdown('Text\n\n```json\n{"a": "<b>"}\n```'));
    assert.equal(html, '<p>Text</p>\n<pre class="hl" tabindex="0"><code>{<span class="hl-keyword">"a"</span>: <span class="hl-string">"&lt;b&gt;"</span>}</code></pre>');
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
    assert.equal(html, '<pre class="hl" tabindex="0"><code><span class="hl-keyword">name: </span><span class="hl-string">orders </span><span class="hl-comment"># the topic</span>\n<span class="hl-keyword">retries: </span><span class="hl-constant">3</span></code></pre>');
  });

  it('shows a language it does not know as escaped plain text', async () => {
    const html = codeHtml(await loadHighlighter(), 'record A { <script> }', 'avro-idl');
    assert.equal(html, '<pre class="hl" tabindex="0"><code>record A { &lt;script&gt; }</code></pre>');
  });
});
