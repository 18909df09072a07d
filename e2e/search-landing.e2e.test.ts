/**
 * Where the header's search box lands and what its hits say, in Chromium on the default site: a
 * part of a subscription's address (`warehouse-picking`) is a hit of its own under the operation
 * that holds it and under the channel whose fan-out lists it, and lands on its card or its row,
 * highlighted; an exact operation id shows the id under the title, as code, and marks no word that
 * only begins as one of its words ("orders" of `orders-{region}.fifo`); and the header keeps the
 * API's name on one line at 390 px, cut with "…", the whole name its tooltip.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { closeAll, serveAndBrowse, sharedSite } from './support.ts';
import { boxSearch, openSearchPage } from './search-support.ts';

const repo = resolve(import.meta.dirname, '..');
let site = '';

/** Each option of the header box's list: its address, name, kind, id shown, and the text under it. */
async function options(page: Page) {
  return page.locator('#search-results [role="option"]').evaluateAll((els) =>
    els.map((el) => ({
      url: el.getAttribute('data-url') ?? '',
      name: el.querySelector('.search-hit-title')?.textContent ?? '',
      kind: el.querySelector('.search-hit-kind')?.textContent ?? '',
      id: el.querySelector('code.search-hit-id')?.textContent ?? '',
      marked: [...el.querySelectorAll('.search-hit-head mark')].map((m) => m.textContent ?? ''),
      addressMarks: el.querySelectorAll('.search-hit-address mark').length,
      line: el.querySelector('.search-hit-excerpt')?.textContent ?? '',
    })),
  );
}

describe("the header's search box lands where the query matched", () => {
  let server: Server;
  let browser: Browser;
  let base = '';
  before(async () => {
    site = await sharedSite(['content'], repo);
    ({
      site: { server, base },
      browser,
    } = await serveAndBrowse(site, '/'));
  });
  after(() => closeAll(browser, server));

  it("a page's hit whose sentence is a subscription row's lands on that row, with Enter", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}operations/publishorderevents/`);
    await boxSearch(page, 'totalAmount');
    const found = await options(page);
    const channel = found.find((o) => o.name === 'Order events' && o.kind === 'Channel');
    assert.ok(channel, JSON.stringify(found, null, 1));
    assert.match(channel.line, /warehouse-picking\.fifo/, JSON.stringify(channel));
    assert.match(channel.url, /\/channels\/orderevents\/#fan-out-subscription-\d+$/, JSON.stringify(channel));
    // Enter on it: the page opens at the row, not at its top.
    const at = found.indexOf(channel);
    for (let i = 0; i <= at; i++) await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(/#fan-out-subscription-\d+$/), page.keyboard.press('Enter')]);
    const row = page.locator(`[id="${new URL(page.url()).hash.slice(1)}"]`);
    assert.match((await row.textContent()) ?? '', /warehouse-picking\.fifo/);
    await page.close();
  });

  it("a part of a subscription's address: its card under the operation, its row under the channel, each landed on and highlighted", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}operations/publishorderevents/`);
    await boxSearch(page, 'warehouse-picking');
    const found = await options(page);
    const card = found.find((o) => o.url.endsWith('/operations/receiveordereventsinwarehouse/#sns-consumer-1-title'));
    const row = found.find((o) => o.url.endsWith('/channels/orderevents/#fan-out-subscription-3'));
    assert.ok(card && row, JSON.stringify(found, null, 1));
    for (const hit of [card, row]) {
      assert.equal(hit.name, 'SQS queue warehouse-picking.fifo');
      assert.equal(hit.kind, 'Subscription');
      // Its sentence: what it receives, not its name again.
      assert.match(hit.line, /^(Receives )?only messages where total\.amount is a number > 0/i);
    }
    // The other subscriptions of the same pages are no hit: only the one the query names.
    assert.deepEqual(found.filter((o) => o.kind === 'Subscription').length, 2, JSON.stringify(found, null, 1));
    // No line repeats a name or quotes a code sample's heading ("To reach sqs a. sqs a filter on …").
    for (const o of found) {
      assert.doesNotMatch(o.line, /To reach/);
      assert.doesNotMatch(o.line, /(\S+\.fifo)\W+(sqs )?\1/);
    }

    for (const [hit, target] of [
      [card, '#sns-consumer-1'],
      [row, '#fan-out-subscription-3'],
    ] as const) {
      await page.goto(hit.url.startsWith('http') ? hit.url : new URL(hit.url, base).href);
      const landed = page.locator(target);
      assert.ok(await landed.isVisible());
      const seen = await landed.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom, outline: getComputedStyle(el).outlineStyle, height: innerHeight };
      });
      assert.equal(seen.outline, 'solid', `${target} is highlighted`);
      assert.ok(seen.top >= 0 && seen.top < seen.height / 2, `${target} is at the top of the window: ${JSON.stringify(seen)}`);
    }
    await page.close();
  });

  it('an exact operation id: the id under its title as code, no mark in a word that only begins as a word of the query', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}channels/orderevents/`);
    await boxSearch(page, 'publishOrderEvents');
    const [first, ...rest] = await options(page);
    assert.ok(first, 'a hit');
    assert.equal(first.name, 'Publish order events');
    assert.equal(first.id, 'publishOrderEvents');
    assert.deepEqual(first.marked, ['Publish', 'order', 'events', 'publishOrderEvents']);
    // `orders-{region}.fifo` holds no word of the query: "orders" only begins as "order" does.
    assert.equal(first.addressMarks, 0);
    for (const o of rest) {
      assert.equal(o.addressMarks, 0, JSON.stringify(o));
      assert.equal(o.id, '', `no other id is named: ${JSON.stringify(o)}`);
      assert.notEqual(o.kind, 'Subscription', JSON.stringify(o));
    }
    // A plain word names no id ("order" begins `orderEvents`, but is a word of many titles).
    await boxSearch(page, 'order');
    assert.deepEqual(
      (await options(page)).filter((o) => o.id !== '').map((o) => o.id),
      [],
    );
    // The search page says the id alike: as code under the title, not as a tag.
    await openSearchPage(page, base, 'publishOrderEvents');
    const result = page.locator('.pagefind-ui__result').first();
    assert.equal(
      await result
        .locator('.pagefind-ui__result-title')
        .first()
        .textContent()
        .then((t) => t?.trim()),
      'Publish order events',
    );
    assert.deepEqual(await result.locator('code.search-hit-id').allTextContents(), ['publishOrderEvents']);
    assert.equal(await page.locator('.pagefind-ui__result-tag').count(), 0);
    await page.goto(`${base}channels/orderevents/`);
    // Still typing: the word being typed marks the words it begins, as Pagefind finds them.
    await boxSearch(page, 'ord');
    assert.ok(
      (await options(page)).some((o) => o.marked.includes('Ord')),
      'the typed part of "Order" marked',
    );
    await page.close();
  });

  it("keeps the API's name on one line in the header at 390 px, whole or cut with “…”, the whole name its tooltip, on every page", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    for (const path of ['search/', 'operations/receiveordereventsinwarehouse/', '']) {
      await page.goto(base + path);
      const name = await page.locator('header.site .api').evaluate((link) => {
        // The name's text, however the link holds it.
        const text = link.querySelector('.header-name') ?? link;
        const range = document.createRange();
        range.selectNodeContents(text);
        const lineTops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        return {
          title: link.getAttribute('title'),
          label: link.textContent,
          lines: lineTops.size,
          cut: text.scrollWidth > text.clientWidth,
          ellipsis: getComputedStyle(text).textOverflow,
          right: link.getBoundingClientRect().right,
        };
      });
      assert.equal(name.lines, 1, `${path}: ${JSON.stringify(name)}`);
      assert.equal(name.title, 'Order Fulfilment Events');
      assert.equal(name.label, 'Order Fulfilment Events', 'the whole name is the link’s text, for assistive technology');
      assert.equal(name.ellipsis, 'ellipsis');
      assert.ok(name.right <= 390, `${path}: in the window`);
      // This name fits whole beside the menu and the theme's icon button; a longer one is cut with "…" (the style above).
      assert.ok(!name.cut, `${path}: whole at 390 px`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, `${path}: no sideways scroll`);
    }
    await page.close();
  });
});
