/**
 * The sanitizer's policy, setting by setting, on the rendered HTML: loosening any one of them (a
 * scheme allowed, protocol-relative URLs, http images, an attribute or a tag) fails a row here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderInlineMarkdown, renderMarkdown } from './render-markdown.ts';

const rows: { name: string; markdown: string; html: string }[] = [
  {
    name: 'an https link, with rel noopener noreferrer',
    markdown: '[docs](https://docs.example.com/a)',
    html: '<p><a href="https://docs.example.com/a" rel="noopener noreferrer">docs</a></p>',
  },
  { name: 'an http link', markdown: '[docs](http://docs.example.com/)', html: '<p><a href="http://docs.example.com/" rel="noopener noreferrer">docs</a></p>' },
  { name: 'a mailto link', markdown: '[mail](mailto:a@example.com)', html: '<p><a href="mailto:a@example.com" rel="noopener noreferrer">mail</a></p>' },
  { name: 'a protocol-relative link loses its URL', markdown: '[x](//evil.example/x)', html: '<p><a rel="noopener noreferrer">x</a></p>' },
  { name: 'a javascript: link loses its URL', markdown: '[x](javascript:alert(1))', html: '<p><a rel="noopener noreferrer">x</a></p>' },
  {
    name: 'a data: link loses its URL',
    markdown: '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    html: '<p><a rel="noopener noreferrer">x</a></p>',
  },
  {
    name: "a link's target is dropped",
    markdown: '<a href="https://a.example" target="_blank">x</a>',
    html: '<p><a href="https://a.example" rel="noopener noreferrer">x</a></p>',
  },
  { name: 'an https image', markdown: '![badge](https://img.example/b.svg)', html: '<p><img src="https://img.example/b.svg" alt="badge" /></p>' },
  { name: 'an http image is its alt text', markdown: '![badge](http://img.example/b.svg)', html: '<p><span class="image-alt">badge</span></p>' },
  { name: 'a protocol-relative image is its alt text', markdown: '![badge](//img.example/b.svg)', html: '<p><span class="image-alt">badge</span></p>' },
  { name: 'a data: image is its alt text', markdown: '![x](data:image/svg+xml;base64,PHN2Zz4=)', html: '<p><span class="image-alt">x</span></p>' },
  // The document's own files are not published: a relative image would be a broken one on the page.
  {
    name: 'a relative image (springwolf: ./assets/springwolf-logo.png) is its alt text',
    markdown: '<img src="./assets/springwolf-logo.png" alt="Springwolf" height="50"/> ![logo](assets/logo.png)',
    html: '<p><span class="image-alt">Springwolf</span> <span class="image-alt">logo</span></p>',
  },
  {
    name: 'event handlers and styles are dropped',
    markdown: '<img src="https://a.example/i.png" onerror="alert(1)" style="position:fixed">',
    html: '<img src="https://a.example/i.png" />',
  },
  { name: 'a script is shown as text', markdown: 'a <script>alert(1)</script>', html: '<p>a &lt;script&gt;alert(1)&lt;/script&gt;</p>' },
  { name: 'an iframe is shown as text', markdown: '<iframe src="https://a.example"></iframe>', html: '&lt;iframe&gt;&lt;/iframe&gt;' },
  {
    name: 'classes only on code, only language-*',
    markdown: '<span class="x">a</span> <code class="language-json evil">b</code>',
    html: '<p><span>a</span> <code class="language-json">b</code></p>',
  },
  { name: 'headings of a description sit below the page outline', markdown: '# One\n\n## Two', html: '<h3>One</h3>\n<h4>Two</h4>' },
];

describe('sanitizer policy of descriptions', () => {
  for (const row of rows) it(row.name, () => assert.equal(renderMarkdown(row.markdown), row.html));

  it('applies to inline Markdown (summaries) too', () => {
    assert.equal(
      renderInlineMarkdown('[x](//evil.example) ![i](http://a.example/i.png)'),
      '<a rel="noopener noreferrer">x</a> <span class="image-alt">i</span>',
    );
  });
});
