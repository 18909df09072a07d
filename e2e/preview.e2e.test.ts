/**
 * `apidesc-docs preview` in Chromium: the site a reader just built, opened as the build's last
 * line says, with search working (it needs the site served over HTTP) and the 404 page for a
 * wrong address, which suggests the page the address meant (also from a static host's 404.html).
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startPreview } from '../src/dev/preview-server.ts';
import { runIn, tempTree } from '../test/helpers.ts';
import { buildServeAndBrowse, closeAll, launchChromium } from './support.ts';
import { readFileSync } from 'node:fs';

const ORDERS = readFileSync(new URL('../content/orders.apidesc.yaml', import.meta.url), 'utf8');

describe('the preview of a built site in Chromium', () => {
  let server: Server;
  let origin = '';
  let browser: Browser;
  let lastLine = '';
  before(async () => {
    const dir = tempTree({ 'orders.yaml': ORDERS });
    const built = await runIn(dir, ['build', 'orders.yaml', '--out', 'site']);
    assert.equal(built.code, 0);
    lastLine = built.err.trim().split('\n').pop() ?? '';
    const started = await startPreview({ outDir: 'site', port: 0, cwd: dir }, { out: () => {}, err: () => {} });
    assert.ok(typeof started !== 'number');
    server = started;
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  after(() => closeAll(browser, server));

  it("is what the build's last line says to run", () => {
    assert.equal(lastLine, 'Open it: npx apidesc-docs preview --out site');
  });

  it('finds pages with search', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/search/?q=warehouse`);
    await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
    const titles = await page.locator('.pagefind-ui__result-link').allTextContents();
    assert.ok(
      titles.some((t) => /warehouse/i.test(t)),
      titles.join(' | '),
    );
    await page.close();
  });

  it("shows the not-found page, in the site's layout, with a way back", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${origin}/no-such-channel/`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.locator('h1').textContent(), 'Page not found');
    // Nothing is near enough to suggest: no suggestion.
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator('#meant-page').isVisible(), false);
    // One search box, the page's own, holding the address's words: one key searches them (the header leaves its own out).
    assert.equal(await page.getByRole('searchbox').count(), 1, "the page's search box only");
    await page.waitForFunction(() => (document.getElementById('not-found-query') as HTMLInputElement | null)?.value === 'no such channel');
    await page.getByRole('main').getByRole('search').getByLabel('Search the documentation').press('Enter');
    await page.waitForURL(`${origin}/search/?q=no+such+channel`);
    await page.goBack();
    await page.getByRole('link', { name: /Overview of/ }).click();
    await page.waitForURL(`${origin}/`);
    await page.close();
  });

  it('suggests the page an address meant: written as the document spells the id, or with a typo', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    for (const [address, meant, named] of [
      ['/operations/publishOrderEvents/', '/operations/publishorderevents/', 'the operation Publish order events'],
      ['/channels/orderevent/', '/channels/orderevents/', 'the channel Order events'],
      ['/Components/Schemas/Money', '/components/schemas/money/', 'the schema Money'],
    ] as const) {
      const response = await page.goto(origin + address);
      assert.equal(response?.status(), 404, address);
      const suggestion = page.getByRole('status').filter({ hasText: 'Did you mean' });
      await suggestion.waitFor({ timeout: 10_000 });
      // The page by its kind and title, as a sentence says them ("the operation Publish order events"); not its address.
      assert.equal(await suggestion.textContent(), `Did you mean ${named}?`, address);
      await suggestion.getByRole('link').click();
      await page.waitForURL(origin + meant);
      assert.notEqual(await page.locator('h1').textContent(), 'Page not found', meant);
    }
    assert.deepEqual(
      refused.filter((text) => !/404 \(Not Found\)/.test(text)),
      [],
      'no script refused by the Content-Security-Policy',
    );
    await page.close();
  });
});

describe('the 404 page of a site under a base path, served by a static host', () => {
  let server: Server;
  let base = '';
  let browser: Browser;
  before(async () => {
    const dir = tempTree({ 'orders.yaml': ORDERS });
    ({
      site: { server, base },
      browser,
    } = await buildServeAndBrowse(['orders.yaml', '--base', '/api/'], dir, { work: dir, prefix: '/api/', notFound: true }));
  });
  after(() => closeAll(browser, server));

  it('suggests the page at any depth, its lists read under the base path', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${base}Operations/requestStockCheck`);
    assert.equal(response?.status(), 404);
    const suggestion = page.getByRole('status').filter({ hasText: 'Did you mean' });
    await suggestion.waitFor({ timeout: 10_000 });
    assert.equal(await suggestion.getByRole('link').getAttribute('href'), '/api/operations/requeststockcheck/');
    // Its kind, then its title, as a sentence says them.
    assert.match((await suggestion.textContent()) ?? '', /^Did you mean the operation [^·]+\?$/);
    await page.close();
  });

  it("has a search box in the page: the address's words in it, and a search without JavaScript too", async () => {
    const page = await browser.newPage();
    await page.goto(`${base}operations/stock-chek/`);
    const box = page.getByRole('search').getByLabel('Search the documentation');
    await page.waitForFunction(() => (document.getElementById('not-found-query') as HTMLInputElement | null)?.value === 'stock chek');
    await box.fill('stock check');
    await box.press('Enter');
    await page.waitForURL(/\/api\/search\/\?q=stock\+check$/);
    await page.close();
    // Without script: a plain form to the search page.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto(`${base}nowhere/`);
    await plain.getByRole('search').getByLabel('Search the documentation').fill('order');
    await plain.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await plain.waitForURL(/\/api\/search\/\?q=order$/);
    await context.close();
  });
});
