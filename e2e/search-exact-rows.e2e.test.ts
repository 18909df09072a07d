/**
 * The search page's rows for the two queries a reader copies from a document, in Chromium: an
 * object's exact id (its row shows the id whole, and still its kind, its badge and its address,
 * as any row of its kind does), and a property's dotted path (`lines.sku`, as results show it
 * "Order › lines › sku"), which finds the field's row at that path, on the default site and on a
 * corpus document.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { buildSite, closeAll, serveAndBrowse, serveSite, sharedSite } from './support.ts';
import { openSearchPage } from './search-support.ts';
import { tempDir } from '../test/helpers.ts';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';

const repo = resolve(import.meta.dirname, '..');
let site = '';
const corpusSite = join(tempDir('apidesc-search-rows-corpus-'), 'site');

/**
 * The first result's parts as the reader sees them: each part's text, and whether it is shown
 * (inside the box its line is clipped to, not hidden by the one-line cut of the page's text).
 */
async function firstRow(page: Page) {
  return page
    .locator('.pagefind-ui__result')
    .first()
    .evaluate((result) => {
      const excerpt = result.querySelector(':scope > .pagefind-ui__result-inner > .pagefind-ui__result-excerpt');
      const clip = excerpt?.getBoundingClientRect();
      const part = (selector: string) => {
        const el = excerpt?.querySelector(selector);
        if (!el || !clip) return undefined;
        const box = el.getBoundingClientRect();
        // Its start in the box at least: the breadcrumb keeps to one line, a long address cut with "…" on a phone.
        const shown = box.height > 0 && box.top >= clip.top - 1 && box.bottom <= clip.bottom + 1 && box.left < clip.right - 16;
        return { text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(), shown, whole: box.right <= clip.right + 1, top: box.top, bottom: box.bottom };
      };
      return {
        title: result.querySelector('.pagefind-ui__result-title')?.textContent?.trim() ?? '',
        id: part('code.search-hit-id'),
        crumb: part('.search-crumb'),
        badge: part('.search-crumb .search-hit-badge'),
        address: part('.search-crumb .search-hit-address'),
      };
    });
}

/** What the results list: each result's title, and its fields' rows (their data paths). */
async function listed(page: Page) {
  return page.locator('.pagefind-ui__result').evaluateAll((els) =>
    els.map((el) => ({
      title: el.querySelector('.pagefind-ui__result-title')?.textContent?.trim() ?? '',
      rows: Array.from(el.querySelectorAll('.pagefind-ui__result-nested .pagefind-ui__result-link'), (a) => ({
        path: a.textContent?.trim() ?? '',
        href: a.getAttribute('href') ?? '',
      })),
    })),
  );
}

describe("the search page's rows for an exact id and a dotted path", () => {
  let server: Server;
  let corpusServer: Server | undefined;
  let browser: Browser;
  let base = '';
  let corpusBase = '';
  before(async () => {
    site = await sharedSite(['content'], repo);
    ({
      site: { server, base },
      browser,
    } = await serveAndBrowse(site, '/'));
    if (HAS_CORPUS) {
      await buildSite([join(CORPUS, 'valid/spec-gitter-streaming.yaml'), '--allow-invalid'], repo, { work: dirname(corpusSite), out: corpusSite });
      ({ server: corpusServer, base: corpusBase } = await serveSite(corpusSite, '/'));
    }
  });
  after(() => closeAll(browser, server, corpusServer));

  it('shows an exact id whole on the top row, with the kind, badge and address every row of its kind shows, at 1280 and 390 px', async () => {
    const cases = [
      { query: 'requestStockCheck', title: 'Request a stock check', kind: 'Operation', badge: 'API sends', address: 'inventory-stock-check' },
      { query: 'StockCheckRequested', title: 'Stock check requested', kind: 'Message', crumb: /^Message › sent by Request a stock check$/ },
      { query: 'stockCheck', title: 'Stock check requests', kind: 'Channel', address: 'inventory-stock-check' },
      { query: 'CardPayment', title: 'CardPayment', kind: 'Schema' },
      { query: 'partnerWebhooks', title: 'Partner webhooks', kind: 'Server', address: /^https:\/\// },
    ];
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const c of cases) {
        await openSearchPage(page, base, c.query);
        const row = await firstRow(page);
        const say = `${width} px, ${c.query}: ${JSON.stringify(row)}`;
        assert.equal(row.title, c.title, say);
        assert.ok(row.crumb?.shown, `the kind's line is shown: ${say}`);
        assert.ok(row.crumb.text.startsWith(c.kind), say);
        if (c.crumb) assert.match(row.crumb.text, c.crumb, say);
        // The id, where its title does not spell it: whole (it wraps), above the kind's line, which shows under it.
        if (c.title !== c.query) {
          assert.equal(row.id?.text, c.query, say);
          assert.ok(row.id.shown && row.id.whole && row.id.bottom <= row.crumb.top + 1, `the id whole, above the kind's line: ${say}`);
        } else assert.equal(row.id, undefined, say);
        if (c.badge) assert.ok(row.badge?.shown && row.badge.text === c.badge, say);
        if (c.address) {
          assert.ok(row.address?.shown, `the address shown: ${say}`);
          if (typeof c.address === 'string') assert.equal(row.address.text, c.address, say);
          else assert.match(row.address.text, c.address, say);
        }
      }
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), 0, `${width} px: no sideways scroll`);
      await page.close();
    }
  });

  it('finds a dotted property path as the field row at that path, first, on the default site', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const query of ['lines.sku', 'Order.lines.sku']) {
      await openSearchPage(page, base, query);
      const found = await listed(page);
      assert.equal(found[0]?.title, 'Order', `${query}: ${JSON.stringify(found)}`);
      assert.deepEqual(found[0].rows[0], { path: 'lines › sku', href: '/components/schemas/order/#schema.lines[].sku' }, `${query}: ${JSON.stringify(found)}`);
    }
    // A path no field has finds nothing, as any other query no page holds.
    await openSearchPage(page, base, 'lines.colour');
    assert.match((await page.locator('.pagefind-ui__message').textContent()) ?? '', /No results/);
    // A name with a dot (the FIFO topic's) is still found as the name it is.
    await openSearchPage(page, base, 'orders.fifo');
    assert.ok((await listed(page)).some((r) => r.title === 'Order events'));
    await page.close();
  });

  // The corpus's documents lie outside the repository (test/corpus-location.ts), as in search.e2e.test.ts.
  if (HAS_CORPUS)
    it('finds a dotted property path on a corpus document, its camelCase step as written', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      for (const query of ['fromUser.username', 'payload.fromUser.username']) {
        await openSearchPage(page, corpusBase, query);
        const found = await listed(page);
        assert.equal(found[0]?.title, 'Chat message', `${query}: ${JSON.stringify(found)}`);
        assert.deepEqual(
          found[0].rows[0],
          { path: 'payload › fromUser › username', href: '/components/messages/chatmessage/#payload.fromUser.username' },
          `${query}: ${JSON.stringify(found)}`,
        );
      }
      await page.close();
    });
});
