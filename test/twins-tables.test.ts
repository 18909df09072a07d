/**
 * Tables of descriptions in the Markdown twins and llms-full.txt: every cell stays one cell in
 * every GFM renderer (a `|` inside a code span ends a cell unless it is escaped), and no
 * document text becomes live HTML or a link there.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { renderMarkdown } from '../src/lib/markdown/render-markdown.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { MachineFiles } from '../src/pipeline/machine-files.ts';
import { buildSiteData } from '../src/site/site-model.ts';
import { htmlToMarkdown } from '../src/site/twins/html-to-markdown.ts';
import { codeSpan, escapeInline, tableCellCodeSpan } from '../src/site/twins/markdown-text.ts';
import { tempDir } from './helpers.ts';
import { readBack, renderGfm, rowCells, tablesOf } from './twin-check.ts';

/** A description's table whose cells hold a `|` in every kind of content. */
const TABLE = [
  '| Field | Meaning | Note |',
  '|---|---|---|',
  '| `x\\|[link](https://evil.example/a)\\|<img src=x onerror=alert(1)>` | pipe in code | one |',
  '| **bold \\| `a\\|b`** | *em `c\\|d`* | [docs](https://docs.example/p?a=1%7C2) |',
  '| text \\| more | write to ops@evil.example or www.evil.example | `\\|` |',
  '| ![alt \\| text](https://img.example/x.png) | `` a`\\|`b `` | <b>raw \\| html</b> |',
].join('\n');

/**
 * The links a reader's viewer may show: our own (site paths) and those the description itself
 * wrote (its link and image, and the address and www. name GFM links on the HTML page too).
 */
const OWN_LINK = String.raw`(?:\/[^"]*|https:\/\/(?:docs|img)\.example\/[^"]*|mailto:ops@evil\.example|http:\/\/www\.evil\.example)"`;
/** An HTML tag that is neither our own Markdown's markup nor one of those links. */
const LIVE = new RegExp(String.raw`<(?!\/?(?:p|table|thead|tbody|tr|th|td|code|strong|em|ul|ol|li|h[1-6]|pre|blockquote|hr|br)[ >]|\/a>|a href="${OWN_LINK}>)`);
const FOREIGN_LINK = new RegExp(`href="(?!${OWN_LINK})`);

function checkTables(markdown: string, where: string): number {
  const tables = tablesOf(markdown);
  for (const lines of tables) {
    const width = rowCells(lines[0]!, 'marked');
    for (const renderer of ['marked', 'cmark-gfm'] as const)
      for (const line of lines) assert.equal(rowCells(line, renderer), width, `${where} (${renderer}): ${line}`);
  }
  const html = renderGfm(markdown);
  assert.doesNotMatch(html, LIVE, `${where}: only our own markup is live`);
  assert.doesNotMatch(html, FOREIGN_LINK, `${where}: links`);
  assert.deepEqual(readBack(markdown).html, [], where);
  return tables.length;
}

describe('a description table in Markdown', () => {
  it('keeps each cell one cell, in marked and in cmark-gfm, and its code as written', () => {
    const markdown = htmlToMarkdown(renderMarkdown(TABLE));
    assert.equal(checkTables(markdown, 'table'), 1);
    const back = readBack(markdown);
    assert.ok(back.codeSpans.includes('x|[link](https://evil.example/a)|<img src=x onerror=alert(1)>'), back.codeSpans.join('\n'));
    assert.ok(back.codeSpans.includes('a|b') && back.codeSpans.includes('c|d') && back.codeSpans.includes('|'), back.codeSpans.join('\n'));
    assert.deepEqual(back.links, ['https://docs.example/p?a=1%7C2', 'mailto:ops@evil.example', 'http://www.evil.example', 'https://img.example/x.png']);
  });

  it('writes code with a backslash before a pipe so that both renderers split the row alike', () => {
    for (const code of ['a\\|b', '\\|', 'a\\\\|b', 'a\\\\\\|b|c', '|', '`|`']) {
      const row = `| ${tableCellCodeSpan(code)} | next |`;
      const table = `| a | b |\n| --- | --- |\n${row}`;
      assert.equal(rowCells(row, 'marked'), 2, `${code}: ${row}`);
      assert.equal(rowCells(row, 'cmark-gfm'), 2, `${code}: ${row}`);
      // Read back, the cell shows the code's characters, in order (split around an ambiguous `|`).
      const cell = renderGfm(table).match(/<td>(.*?)<\/td>/)![1]!;
      assert.equal(
        cell
          .replace(/<\/?code>/g, '')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'"),
        code.replace(/&/g, '&amp;'),
        `${code}: ${cell}`,
      );
    }
    // Outside a table a `|` in code stays as it is.
    assert.equal(codeSpan('a|b'), '`a|b`');
  });

  it('never lets text become an autolink: URLs, www. and e-mail addresses stay text', () => {
    for (const text of ['mail ops@evil.example now', 'see https://evil.example', 'www.evil.example', 'a.b+c@d-e.example'])
      assert.deepEqual(readBack(escapeInline(text)).links, [], text);
    assert.doesNotMatch(renderGfm(escapeInline('mail ops@evil.example now')), /<a /);
    // An @ that cannot be part of an address is left as it is.
    assert.equal(escapeInline('@context and a @ b'), '@context and a @ b');
  });
});

describe('the twins and llms-full.txt of a document whose descriptions hold such tables', () => {
  it('write every table with one cell per cell, and no live HTML or link of the document', async () => {
    const description = JSON.stringify(`Intro.\n\n${TABLE}\n`);
    const doc = `apidesc: 3.0.0
info:
  title: Tables
  version: 1.0.0
  description: ${description}
  tags: [{name: t1, description: ${description}}]
servers:
  s1: {host: broker.example, protocol: kafka, description: ${description}}
channels:
  c1:
    address: orders
    description: ${description}
    messages:
      m1:
        name: M1
        description: ${description}
        payload:
          type: object
          description: ${description}
          properties:
            field: {type: string, description: ${description}}
operations:
  o1:
    action: send
    description: ${description}
    channel: {$ref: '#/channels/c1'}
components:
  schemas:
    s1: {type: string, description: ${description}}
  securitySchemes:
    k1: {type: httpApiKey, name: key, in: header, description: ${description}}
`;
    const dir = tempDir('apidesc-twin-tables-');
    writeFileSync(join(dir, 'tables.yaml'), doc);
    const { doc: resolved } = await validateDocument(join(dir, 'tables.yaml'), {});
    assert.ok(resolved);
    const model = buildSiteData([{ file: join(dir, 'tables.yaml'), doc: resolved }], dir, { deferPages: true });
    const api = model.site.apis[0]!;
    const files = new MachineFiles(model.site, { siteDir: dir });
    for (const page of api.pages) files.page(api, model.complete(page));
    files.finish();
    let tables = 0;
    for (const page of api.pages) {
      const twin = readFileSync(join(dir, page.url, 'index.md'), 'utf8');
      tables += checkTables(twin, page.url);
    }
    assert.ok(tables >= 6, `${tables} tables in the twins`);
    // llms-full.txt: every twin, after the API's description (one more table).
    assert.equal(checkTables(readFileSync(join(dir, 'llms-full.txt'), 'utf8'), 'llms-full.txt'), tables + 1);
  });
});
