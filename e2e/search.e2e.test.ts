/**
 * Search in Chromium on the default site served from a sub-path, its index split into parts as a
 * large site's is: "/" focuses the search box, and a channel by address, an operation by id, a
 * message by name and a schema by a nested property name are found as typed.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, runCli, serveSite } from './support.ts';
import { tempDir } from '../test/helpers.ts';

const repo = resolve(import.meta.dirname, '..');
const site = join(tempDir('apidesc-search-'), 'site');

describe('search (Pagefind) in Chromium, site under /docs/', () => {
  let server: Server;
  let browser: Browser;
  let base = '';
  before(async () => {
    // The index in parts of 12 pages, as a large site's is (src/pipeline/search-stage.ts): every search
    // below must find its page whichever part holds it.
    process.env.APIDESC_SEARCH_PAGES_PER_INDEX = '12';
    try {
      assert.equal(await runCli(['build', 'content', '--out', site, '--base', '/docs/'], repo), 0);
    } finally {
      delete process.env.APIDESC_SEARCH_PAGES_PER_INDEX;
    }
    const parts = JSON.parse(readFileSync(join(site, 'pagefind/parts.json'), 'utf8')) as string[];
    assert.ok(parts.length >= 2, `the index is in parts: ${parts.join(', ')}`);
    for (const part of parts) assert.ok(existsSync(join(site, 'pagefind', part, 'pagefind-entry.json')), part);
    ({ server, base } = await serveSite(site, '/docs/'));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  async function search(page: Page, text: string): Promise<string[]> {
    await page.keyboard.press('/');
    const input = page.locator('#search .pagefind-ui__search-input');
    await input.fill(text);
    // Pagefind reports "N results for <query>" once the results of this query are shown.
    await page.waitForFunction(
      (q) => {
        const message = document.querySelector('.pagefind-ui__message')?.textContent ?? '';
        return /\d+ results? for/.test(message) && message.includes(q);
      },
      text,
      { timeout: 10_000 },
    );
    // Each result's title loads on its own, and the list can still show the previous query's
    // results for a moment after the message changed: wait until every shown result has a
    // title and the list has stayed the same for 300 ms.
    let shown: string[] = [];
    for (let stable = 0, tries = 0; stable < 2 && tries < 40; tries++) {
      await page.waitForFunction(
        () => {
          const links = Array.from(document.querySelectorAll('.pagefind-ui__result-link'));
          return links.length > 0 && links.every((l) => (l.textContent ?? '').trim() !== '');
        },
        undefined,
        { timeout: 10_000 },
      );
      const now = await page.locator('.pagefind-ui__result-link').allTextContents();
      stable = now.join('\n') === shown.join('\n') ? stable + 1 : 0;
      shown = now;
      await page.waitForTimeout(150);
    }
    return shown;
  }

  it('focuses the search box with "/" and finds objects by address, id, name and nested property', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(base + 'channels/orderevents/');
    await page.waitForLoadState('networkidle');
    // Reading a page loads no search script: Pagefind's UI comes with the first use of the box.
    assert.ok(!scripts.some((s) => s.includes('/pagefind/')), `scripts before search: ${scripts.join(', ')}`);
    await page.keyboard.press('/');
    await page.keyboard.type('ord');
    // The plain box is swapped for Pagefind's, keeping the focus and what was typed meanwhile.
    await page.waitForSelector('#search .pagefind-ui__search-input', { timeout: 10_000 });
    assert.ok(scripts.some((s) => s.endsWith('/pagefind/pagefind-ui.js')));
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.classList.contains('pagefind-ui__search-input')), true);
    assert.match(await page.inputValue('#search .pagefind-ui__search-input'), /^ord/);
    // Escape closes the results, which lie over the page.
    await page.keyboard.press('Escape');
    await page.waitForSelector('#search .pagefind-ui__drawer', { state: 'hidden', timeout: 5000 });
    await page.locator('h1').click();
    // Each hit is "kind · title".
    assert.ok((await search(page, 'orders-{region}.fifo')).includes('channel · Order events'), 'channel by address');
    assert.ok((await search(page, '{region}')).includes('channel · Order events'), 'channel by a parameter of its address');
    assert.ok((await search(page, 'stock-check')).includes('channel · Stock check requests'), 'channel by a part of its address');
    assert.equal((await search(page, 'receiveOrderEventsInWarehouse'))[0], 'operation · Warehouse picks orders', 'an exact id ranks first');
    assert.ok((await search(page, 'StockCheckRequested')).includes('component · message · Stock check requested'), 'message by name');
    const nested = await search(page, 'dueDays');
    assert.ok(
      nested.some((t) => /· (InvoicePayment|Payment|Order|Order placed)$/.test(t)),
      `schema by nested property: ${nested.join(', ')}`,
    );
    const href = await page.locator('.pagefind-ui__result-link').first().getAttribute('href');
    assert.match(href ?? '', /^\/docs\//, 'result links keep the base path');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('the search page with results, for every reader', () => {
  let server: Server;
  let browser: Browser;
  let base = '';
  const own = join(tempDir('apidesc-search-a11y-'), 'site');
  before(async () => {
    assert.equal(await runCli(['build', 'content', '--out', own], repo), 0);
    ({ server, base } = await serveSite(own));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  it('has no WCAG 2.1 A/AA violation with results and filters shown, in both themes, and its controls show focus', async () => {
    const { AxeBuilder } = await import('@axe-core/playwright');
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(base + 'search/?q=order');
      await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const found = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      assert.deepEqual(
        found.violations.map((v) => `${colorScheme}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
        [],
      );
      // Every control of the search UI shows where the focus is.
      const input = page.locator('.pagefind-ui__search-input');
      await input.focus();
      assert.notEqual(await input.evaluate((el) => getComputedStyle(el).outlineStyle), 'none', `${colorScheme}: the search box shows focus`);
      // Tab on from the box, as a keyboard reader does, through the filters and the results.
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el?.closest('#search-page')) return undefined;
          const style = getComputedStyle(el);
          return {
            kind: el.className.split(' ').find((c) => c.startsWith('pagefind-ui__')) ?? el.tagName,
            shown: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
          };
        });
        if (!focused) continue;
        seen.add(focused.kind);
        assert.ok(focused.shown, `${colorScheme}: ${focused.kind} shows focus`);
      }
      assert.ok(seen.has('pagefind-ui__filter-checkbox') && seen.has('pagefind-ui__result-link'), [...seen].join(', '));
      await context.close();
    }
  });

  it('lays the filters out beside the results on a desk, and folded above them on a phone', async () => {
    for (const [width, beside] of [
      [1280, true],
      [390, false],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(base + 'search/?q=order');
      await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
      const layout = await page.evaluate(() => {
        const panel = document.querySelector('#search-page .pagefind-ui__filter-panel')!.getBoundingClientRect();
        const results = document.querySelector('#search-page .pagefind-ui__results-area')!.getBoundingClientRect();
        const open = document.querySelectorAll('#search-page details.pagefind-ui__filter-block[open]').length;
        return { panel: panel.width, beside: panel.right <= results.left, open, overflow: document.documentElement.scrollWidth - innerWidth };
      });
      if (beside) {
        assert.ok(layout.panel >= 150, `${width} px: the filter names have room (${layout.panel} px)`);
        assert.ok(layout.beside, `${width} px: the filters sit beside the results`);
        assert.ok(layout.open > 0, `${width} px: the main filters are open`);
      } else assert.equal(layout.open, 0, `${width} px: the filters are folded, so the results show first`);
      assert.ok(layout.overflow <= 0, `${width} px: no sideways scroll`);
      await page.close();
    }
  });

  it('lands a nested field on its row: the result names kind, page and data path, and opens the row', async () => {
    const page = await browser.newPage();
    await page.goto(base + 'search/');
    await page.locator('#search-page .pagefind-ui__search-input').fill('dueDays');
    // The field sits in the second shape of payment (folded at first) on the message's page.
    const path = 'payload.payment(invoice).dueDays';
    const link = page.locator('.pagefind-ui__result-nested .pagefind-ui__result-link', { hasText: `message · Order placed › ${path}` });
    await link.waitFor({ timeout: 15_000 });
    const excerpt = await link.locator('xpath=../following-sibling::p[1]').innerText();
    assert.match(excerpt, /^dueDays integer required\. ≥ 0 ≤ 90/, `the excerpt reads as the field: ${excerpt}`);
    await link.click();
    await page.waitForURL((url) => url.pathname.endsWith('/components/messages/orderplaced/'));
    assert.equal(decodeURIComponent(new URL(page.url()).hash), `#${path}`);
    const row = page.locator(`[id="${path}"]`);
    await row.waitFor({ state: 'visible' });
    const box = await row.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    assert.ok(box && box.y >= 0 && box.y < height, `the row is in view (y=${box?.y})`);
    const state = await row.evaluate((el) => ({
      target: el.matches(':target'),
      closedAbove: (() => {
        let closed = 0;
        for (let d = el.parentElement?.closest('details'); d; d = d.parentElement?.closest('details')) if (!d.open) closed++;
        return closed;
      })(),
      background: getComputedStyle(el).backgroundColor,
    }));
    assert.equal(state.closedAbove, 0, 'every level above the row is open');
    assert.ok(state.target, 'the row is the target');
    assert.notEqual(state.background, 'rgba(0, 0, 0, 0)', 'the row is highlighted');
    await page.close();
  });
});
