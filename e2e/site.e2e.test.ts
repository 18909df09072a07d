/**
 * The default site in Chromium (reference and guides): every route of apidesc-routes.json loads with status 200 and no
 * console error, the theme toggle persists across pages, pages work without JavaScript, the
 * 360 px viewport keeps navigation usable, a deep link to a schema row lands on it, and the
 * search page filters results by kind, and axe-core finds no WCAG 2.1 A/AA violation.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { accessibilityFindings, closeAll, serveAndBrowse, sharedSite } from './support.ts';
import type { RouteEntry } from '../src/lib/model/types.ts';

const repo = resolve(import.meta.dirname, '..');
let site = '';
const artifacts = join(repo, 'test-results');

describe('the default site in Chromium', () => {
  let server: Server;
  let browser: Browser;
  let base = '';
  before(async () => {
    ({
      site: { server, base },
      browser,
    } = await serveAndBrowse((site = await sharedSite(['content'], repo))));
    mkdirSync(artifacts, { recursive: true });
  });
  after(() => closeAll(browser, server));

  it('loads every route with status 200 and no console error', async () => {
    const routes = (JSON.parse(readFileSync(join(site, 'apidesc-routes.json'), 'utf8')) as { routes: RouteEntry[] }).routes;
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
    for (const url of [...new Set(['', 'search/', ...routes.map((r) => r.url)])]) {
      const response = await page.goto(base + url, { waitUntil: 'load' });
      assert.equal(response?.status(), 200, url);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('remembers the theme chosen with the toggle on the next page, and takes screenshots in both themes', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    const shots: [string, string][] = [
      ['overview', ''],
      ['channel-sns', 'channels/orderevents/'],
      ['message', 'components/messages/orderplaced/'],
    ];
    for (const [name, url] of shots) {
      await page.goto(base + url);
      await page.screenshot({ path: join(artifacts, `${name}-light.png`), fullPage: true });
    }
    await page.getByRole('button', { name: /dark theme/i }).click();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    for (const [name, url] of shots) {
      await page.goto(base + url);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', `${url} keeps the dark theme`);
      await page.screenshot({ path: join(artifacts, `${name}-dark.png`), fullPage: true });
    }
    await context.close();
  });

  it('navigates by breadcrumbs and cross-links', async () => {
    const page = await browser.newPage();
    await page.goto(base + 'operations/publishorderevents/');
    await page.locator('nav.breadcrumbs a', { hasText: 'Operations' }).click();
    assert.match(page.url(), /\/operations\/$/);
    await page.goto(base + 'operations/publishorderevents/');
    await page.locator('main dl.facts a', { hasText: 'Order events' }).click();
    assert.match(page.url(), /\/channels\/orderevents\/$/);
    await page.close();
  });

  it("shows an integrator the operation: its address, each message's payload and then its example, and the reply's payload", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base + 'operations/requeststockcheck/');
    const facts = page.locator('main dl.facts').first();
    assert.match(await facts.innerText(), /Address\s+inventory-stock-check/);
    const request = page.locator('#messages-stockcheckrequested');
    assert.ok(await request.locator('[id="messages-stockcheckrequested.payload.items"]').isVisible(), 'the request payload is on the page');
    // The request's example and the reply's in the panel beside the message cards, the schema still wide enough to read.
    const schema = await request.locator('.message-schema').boundingBox();
    const example = await page.locator('aside.ref-panel #h-examples').boundingBox();
    const replyExample = await page.locator('aside.ref-panel #h-reply-examples').boundingBox();
    assert.ok(schema && example && example.x >= schema.x + schema.width, 'the example beside the schema');
    assert.ok(replyExample && replyExample.y > example.y, "the reply's example under the request's");
    assert.ok(schema.width > 450, `the schema keeps a legible width (${schema.width} px)`);
    const reply = page.locator('#reply-stockcheckanswered');
    assert.ok(await reply.locator('[id="reply-stockcheckanswered.payload.available"]').isVisible(), 'the reply payload is on the page');
    assert.match(await page.locator('section[aria-labelledby="h-reply"]').innerText(), /the header replyTo of the request message/);
    await page.close();
  });

  it('works without JavaScript: content, links and expandable schema rows are there', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(base + 'components/messages/orderplaced/');
    assert.equal(await page.locator('h1').textContent(), 'Order placed');
    assert.ok((await page.locator('.schema-tree details').count()) > 0);
    await page
      .locator('a:visible', { hasText: /^Money$/ })
      .first()
      .click();
    assert.match(page.url(), /components\/schemas\/money\/$/);
    await context.close();
  });

  it('keeps the sections reachable at 360 px and lands deep links on schema rows', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    // A field inside a collapsed level: the browser opens its ancestors to show it.
    await page.goto(base + 'components/messages/orderplaced/#payload.lines[].unitPrice.amount');
    const row = page.locator('[id="payload.lines[].unitPrice.amount"]');
    assert.ok(await row.isVisible());
    const box = await row.boundingBox();
    assert.ok(box && box.y > -2 && box.y < 740, `the row is in view (y=${box?.y})`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 380, `no sideways scrolling of the page (${width}px)`);
    // The sections are in a drawer: closed, the content comes first; the menu button opens it.
    assert.equal(await page.locator('nav.sidebar').isVisible(), false, 'the sidebar waits in its drawer');
    await page.locator('label[for="nav-open"]').click();
    await page.locator('nav.sidebar a', { hasText: 'Channels' }).click();
    assert.match(page.url(), /\/channels\/$/);
    await context.close();
  });

  it('runs the query of the header form on the search page and narrows results with the kind filter', async () => {
    const page = await browser.newPage();
    // The header box is a plain form whose target is the search page with `?q=`.
    await page.goto(base);
    assert.equal(await page.getAttribute('form#search', 'action'), new URL(base).pathname + 'search/');
    await page.goto(base + 'search/?q=order');
    const input = page.locator('#search-page .pagefind-ui__search-input');
    await input.waitFor();
    assert.equal(await page.locator('form#search').count(), 0, 'one search box on the search page');
    const count = async (): Promise<number> => {
      // Wait for "N results for order" (not "Searching for order…").
      await page.waitForFunction(
        () => /\d+ results? for .*order/.test(document.querySelector('#search-page .pagefind-ui__message')?.textContent ?? ''),
        undefined,
        { timeout: 10_000 },
      );
      return Number(/(\d+) result/.exec((await page.locator('#search-page .pagefind-ui__message').textContent()) ?? '')?.[1] ?? '0');
    };
    const all = await count();
    await page.locator('#search-page input[type="checkbox"][value="Channel"]').first().check({ force: true });
    await page.waitForTimeout(500);
    const channels = await count();
    assert.ok(all > channels && channels > 0, `${channels} channel results of ${all}`);
    await page.close();
  });

  it('has no WCAG 2.1 A/AA violation (axe-core) on any kind of page, in both themes', async () => {
    const urls = [
      '',
      'channels/',
      'channels/orderevents/',
      'channels/stockcheck/',
      'operations/receiveordereventsinwarehouse/',
      'operations/publishorderevents/',
      'operations/requeststockcheck/',
      'operations/notifycustomersofscans/',
      'components/messages/orderplaced/',
      'components/messages/parcelscanned/',
      'components/schemas/order/',
      'components/securityschemes/partneroauth/',
      'servers/partnerwebhooks/',
      'search/',
      'guides/',
      'guides/getting-started/',
      'guides/authentication/',
    ];
    assert.deepEqual(await accessibilityFindings(browser, base, urls), []);
  });

  it('draws its diagrams in the colours of each theme, inside their own box on a phone', async () => {
    const urls = ['channels/stockcheck/', 'channels/orderevents/', 'operations/requeststockcheck/'];
    const colours: Record<string, string[]> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      for (const url of urls) {
        await page.goto(base + url);
        const svg = page.locator('svg.diagram').first();
        assert.equal(await svg.getAttribute('aria-roledescription'), 'diagram', url);
        assert.ok((await svg.locator('a').count()) > 0, url);
        // The page never scrolls sideways; a wide diagram scrolls inside its figure.
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, url);
        const colour = await svg.evaluate((el) => {
          const label = el.querySelector('a .dg-label');
          const box = el.querySelector('.dg-node rect');
          return `${label ? getComputedStyle(label).fill : ''} ${box ? getComputedStyle(box).fill : ''}`;
        });
        (colours[url] ??= []).push(colour);
      }
      await context.close();
    }
    for (const url of urls) assert.notEqual(colours[url]![0], colours[url]![1], `${url}: the same colours in both themes`);
  });

  it('is usable with the keyboard alone: skip link, theme toggle, schema expanders, sidebar; focus is visible', async () => {
    const page = await browser.newPage();
    await page.goto(base + 'components/messages/orderplaced/');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
    assert.notEqual(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle), 'none', 'focus is visible');
    await page.keyboard.press('Enter');
    // Following the link is asynchronous: wait for it (a busy machine once read the URL first).
    await page.waitForURL(/#content$/, { timeout: 5000 });
    await page.locator('header .theme').focus();
    const before = await page.evaluate(() => document.documentElement.dataset.theme ?? 'system');
    await page.keyboard.press('Enter');
    assert.notEqual(await page.evaluate(() => document.documentElement.dataset.theme), before);
    // A handle, not a locator: once opened, the selector would match the next collapsed one.
    const collapsed = (await page.locator('.schema-tree details:not([open]) > summary:visible').first().elementHandle())!;
    await collapsed.focus();
    await page.keyboard.press('Space');
    assert.equal(await collapsed.evaluate((s) => (s.parentElement as HTMLDetailsElement).open), true);
    // "Expand all" (added by script, on trees with something folded) opens every level of the tree; "Collapse all" closes them.
    const tree = page.locator('.schema-tree[data-schema-tree]').first();
    await tree.getByRole('button', { name: 'Expand all' }).click();
    assert.equal(await tree.locator('details:not([open])').count(), 0);
    await tree.getByRole('button', { name: 'Collapse all' }).click();
    assert.equal(await tree.locator('details[open]').count(), 0);
    await page.locator('nav.sidebar a', { hasText: 'Order cancelled' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/components\/messages\/ordercancelled\/$/);
    await page.close();
  });
});
