import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { highlightWith, loadHighlighter } from './highlight-html.ts';

const highlightHtml = async (html: string): Promise<string> => highlightWith(await loadHighlighter(), html);

describe('highlightHtml: fenced code in descriptions', () => {
  it('highlights known languages in light and dark themes and keeps the code text', async () => {
    const html = await highlightHtml(renderMarkdown('Text\n\n```json\n{"a": "<b>"}\n```'));
    assert.match(html, /<pre class="shiki shiki-themes github-light github-dark"/);
    assert.match(html, /--shiki-dark:/);
    assert.match(html, /&#x3C;b>|&lt;b&gt;/);
    assert.doesNotMatch(html, /<b>/);
  });

  it('leaves unknown languages and plain text alone', async () => {
    const plain = renderMarkdown('```klingon\nqapla\n```');
    assert.equal(await highlightHtml(plain), plain);
    assert.equal(await highlightHtml('<p>no code</p>'), '<p>no code</p>');
  });
});
