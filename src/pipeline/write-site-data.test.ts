/** The site data as the build writes it, summaries first and content after, read back as the renderer reads it. */
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import type { Page } from '../lib/model/page-types.ts';
import { lineReader, readSiteStream } from '../site/site-stream.ts';
import { validateDocument } from '../lib/validate/validate-document.ts';
import { buildSiteData, CodeHighlighter, highlightSite } from '../site/site-model.ts';
import { writeSiteData } from './write-site-data.ts';

const repo = resolve(import.meta.dirname, '../..');
const file = join(repo, 'content/orders.apidesc.yaml');

async function docs(): Promise<{ file: string; doc: NonNullable<Awaited<ReturnType<typeof validateDocument>>['doc']>; diagnostics: [] }[]> {
  const { doc } = await validateDocument(file, { cwd: repo });
  assert.ok(doc);
  return [{ file, doc, diagnostics: [] }];
}

describe('writeSiteData', () => {
  for (const batchPages of [1, 25, 1000]) {
    it(`gives the renderer the same site as a model built whole (batches of ${batchPages})`, async () => {
      const whole = buildSiteData(await docs(), repo);
      await highlightSite(whole.site);
      const model = buildSiteData(await docs(), repo, { deferPages: true });
      // A reader that takes 64 KB at a time: the writer waits for it (backpressure), as for the renderer's pipe.
      const out = new PassThrough({ highWaterMark: 1 << 16 });
      const text: string[] = [];
      const read = (async () => {
        for await (const line of lineReader(out)) text.push(line);
      })();
      const highlighter = new CodeHighlighter({ parallel: false });
      let digests: Map<string, string>;
      try {
        digests = await writeSiteData(out, model.site, model.complete, highlighter, batchPages);
      } finally {
        await highlighter.close();
      }
      out.end();
      await read;
      const source = await readSiteStream(text.map((line) => `${line}\n`));
      const { site } = source;
      const pageCount = site.apis[0]!.pages.length;
      const servers = site.apis[0]!.pages.filter((p) => p.kind === 'server');
      assert.ok(servers.length > 0, 'the document has servers');
      assert.equal(text.length, 1 + pageCount + (pageCount - servers.length), 'a head line, a summary per page, a content line per page but the servers');
      assert.ok(
        servers.every((p) => JSON.parse(text[1 + site.apis[0]!.pages.indexOf(p)]!).sections !== undefined),
        'servers come whole: their paged lists are routes',
      );
      await source.allPageContent();
      assert.deepEqual(site, whole.site);
      assert.ok(JSON.stringify(site).includes('<pre class=\\"hl\\"'), 'the code is highlighted');
      assert.equal(digests.size, site.apis[0]!.pages.length, 'a digest per page');
    });
  }

  it('holds at most one batch of complete pages at a time: each page is emptied once written', async () => {
    const model = buildSiteData(await docs(), repo, { deferPages: true });
    const pages = model.site.apis[0]!.pages;
    const holds = (page: Page): boolean => page.sections.length > 0 || page.facts.length > 0;
    const completed = new Set<Page>();
    let most = 0;
    const complete = (page: Page): Page => {
      model.complete(page);
      completed.add(page);
      most = Math.max(most, [...completed].filter(holds).length);
      return page;
    };
    const out = new PassThrough();
    out.resume();
    const highlighter = new CodeHighlighter({ parallel: false });
    try {
      await writeSiteData(out, model.site, complete, highlighter, 4);
    } finally {
      await highlighter.close();
    }
    // The pages that come whole (servers: their lists are routes) are completed first, together, and emptied before the batches.
    const whole = pages.filter((p) => p.kind === 'server').length;
    assert.ok(pages.length > 3 * 4, 'the document has several batches of pages');
    assert.equal(completed.size, pages.length);
    assert.ok(most <= Math.max(whole, 4), `at most ${Math.max(whole, 4)} pages held with their content at once, not ${most}`);
    assert.equal(pages.filter(holds).length, 0, 'every page is emptied once written');
  });

  it('opens one API at a time: its pages are completed between its open and its close, and no two are open at once', async () => {
    // A portal of the same document twice: two APIs with servers (whose pages come first).
    const [entry] = await docs();
    const model = buildSiteData([entry!, { ...entry!, file: join(repo, 'content/other/orders.apidesc.yaml') }], repo, { deferPages: true });
    const { apis } = model.site;
    const open = new Set<string>();
    let most = 0;
    const events: string[] = [];
    const outside: string[] = [];
    const complete = (page: Page): Page => {
      const api = apis.find((a) => a.pages.includes(page))!;
      if (!open.has(api.slug)) outside.push(api.prefix + page.url);
      return model.complete(page);
    };
    const out = new PassThrough();
    out.resume();
    const highlighter = new CodeHighlighter({ parallel: false });
    try {
      await writeSiteData(out, model.site, complete, highlighter, 4, {
        open: async (api) => {
          open.add(api.slug);
          most = Math.max(most, open.size);
          events.push(`open ${api.slug}`);
        },
        close: (api) => {
          open.delete(api.slug);
          events.push(`close ${api.slug}`);
        },
      });
    } finally {
      await highlighter.close();
    }
    assert.deepEqual(outside, [], 'no page is completed while its API is closed');
    assert.equal(most, 1, 'one API open at a time');
    const [a, b] = apis.map((api) => api.slug);
    // Each API's servers first (their lists are routes, sent with the summaries), then each API's other pages.
    assert.deepEqual(events, [`open ${a}`, `close ${a}`, `open ${b}`, `close ${b}`, `open ${a}`, `close ${a}`, `open ${b}`, `close ${b}`]);
  });

  it("gives a page the same digest whether or not something read its content before it was written (a guide's reference)", async () => {
    const digestsOf = async (readFirst: (page: Page) => boolean): Promise<Map<string, string>> => {
      const model = buildSiteData(await docs(), repo, { deferPages: true });
      for (const page of model.site.apis[0]!.pages) if (readFirst(page)) model.complete(page);
      const out = new PassThrough();
      out.resume();
      const highlighter = new CodeHighlighter({ parallel: false });
      try {
        return await writeSiteData(out, model.site, model.complete, highlighter, 25);
      } finally {
        await highlighter.close();
      }
    };
    const untouched = await digestsOf(() => false);
    const read = await digestsOf((page) => page.kind === 'channel' || page.kind === 'operation');
    assert.ok(untouched.size > 10);
    assert.deepEqual(read, untouched);
  });
});
