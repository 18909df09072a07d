/**
 * Document text in the Markdown twins is data (issue 26): a name or a description cannot add raw
 * HTML, a heading or a link, or end the code span or fenced block it is in; and llms-full.txt
 * keeps to its budget, saying what it left out.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { renderMarkdown } from '../src/lib/markdown/render-markdown.ts';
import { MachineFiles } from '../src/pipeline/machine-files.ts';
import { buildSiteData } from '../src/site/site-model.ts';
import { htmlToMarkdown } from '../src/site/twins/html-to-markdown.ts';
import { codeSpan, escapeInline, fencedBlock, heading, lineStart } from '../src/site/twins/markdown-text.ts';
import { pageTwin } from '../src/site/twins/page-twin.ts';
import { hostileDocument } from './hostile-document.ts';
import { tempDir } from './helpers.ts';
import { readBack } from './twin-check.ts';

const repo = resolve(import.meta.dirname, '..');

describe('document text in Markdown', () => {
  it('cannot end a code span or a fenced block, whatever backticks it holds', () => {
    for (const text of ['a`b', '``x``', '`', 'ends with `', '````']) assert.deepEqual(readBack(codeSpan(text)).codeSpans, [text]);
    const code = 'before\n```\n# not a heading\n````\nafter';
    const back = readBack(`${fencedBlock(code, 'json')}\n\n# Title`);
    assert.deepEqual(back.headings, [{ depth: 1, text: 'Title' }]);
    assert.ok(back.text.includes(code));
  });

  it('cannot start a heading, a quote, a list or a link, nor close a heading early', () => {
    for (const text of ['# x', '> x', '- x', '1. x', '[a](https://evil.example)', 'see https://evil.example or www.evil.example', '<b>x</b>', '=== x'])
      assert.deepEqual(readBack(`Text\n\n${lineStart(escapeInline(text))}`), {
        links: [],
        headings: [],
        html: [],
        codeSpans: [],
        text: `Text\n\n${lineStart(escapeInline(text))}`,
      });
    assert.deepEqual(readBack(heading(1, escapeInline('Issue #'))).headings, [{ depth: 1, text: 'Issue \\#' }]);
  });

  it('keeps a description as text where it wrote raw HTML, and its headings out of the outline', () => {
    const html = renderMarkdown(
      '# Big\n\n<script>alert(1)</script> <img src=x onerror=alert(2)>\n\n[x](javascript:alert(3)) and [ok](https://example.com)\n\n```\n```` inner\n```',
    );
    const back = readBack(htmlToMarkdown(html));
    assert.deepEqual(back.html, []);
    assert.deepEqual(back.headings, []);
    assert.deepEqual(back.links, ['https://example.com']);
  });

  it('writes every twin of a hostile document without raw HTML, headings or links of its own', async () => {
    const dir = tempDir('apidesc-twins-hostile-');
    writeFileSync(join(dir, 'hostile.yaml'), hostileDocument());
    const { doc } = await validateDocument(join(dir, 'hostile.yaml'), {});
    assert.ok(doc);
    const model = buildSiteData([{ file: join(dir, 'hostile.yaml'), doc }], repo, { deferPages: true });
    const api = model.site.apis[0]!;
    let pages = 0;
    for (const page of api.pages) {
      const back = readBack(pageTwin(model.complete(page), { apiTitle: api.title, root: '/', siteRoot: '/' }));
      assert.deepEqual(back.html, [], page.url);
      for (const href of back.links) assert.match(href, /^(\/[\w./-]*|https?:\/\/\S+|mailto:\S+)$/, `${page.url}: ${href}`);
      assert.equal(back.headings.filter((h) => h.depth === 1).length, 1, `${page.url}: its title is its only level-1 heading`);
      pages++;
    }
    assert.ok(pages > 5);
  });
});

describe('llms-full.txt', () => {
  it('stops before its budget, names what it left out and links to llms.txt', async () => {
    const file = join(repo, 'content/orders.apidesc.yaml');
    const { doc } = await validateDocument(file, {});
    assert.ok(doc);
    const model = buildSiteData([{ file, doc }], repo, { deferPages: true });
    const siteDir = tempDir('apidesc-llms-full-');
    const budget = 12_000;
    const files = new MachineFiles(model.site, { siteDir, fullBudget: budget });
    for (const page of model.site.apis[0]!.pages) files.page(model.site.apis[0]!, model.complete(page));
    files.finish();
    const full = readFileSync(join(siteDir, 'llms-full.txt'), 'utf8');
    const [body, tail] = full.split('\n# Left out of this file\n');
    assert.ok(tail, 'a tail that says what was left out');
    assert.ok(Buffer.byteLength(body!) <= budget, `${Buffer.byteLength(body!)} bytes`);
    assert.match(tail!, /This file holds \d+ of the 36 pages: it stops before 12,000 bytes\. Left out: .*\[llms\.txt\]\(\/llms\.txt\)/);
    assert.ok(readBack(full).links.some((l) => l.endsWith('/index.md')));
    // Within the budget, every page is in it.
    const all = new MachineFiles(model.site, { siteDir });
    all.finish();
    assert.match(readFileSync(join(siteDir, 'llms-full.txt'), 'utf8'), /End of the reference: all 36 pages\./);
  });
});
