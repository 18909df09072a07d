/**
 * Four corpus documents (an sns one, a request-reply one, and an sns producer and consumer of one
 * topic) built as a portal, in Chromium: every route loads without console errors, the portal
 * page links every API, the sns channel and the reply operation read as expected, and axe-core
 * finds no WCAG 2.1 A/AA violation there, nor on the root's system map and a flow's receiver.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { accessibilityFindings, buildSite, closeAll, serveAndBrowse } from './support.ts';
import type { RouteEntry } from '../src/lib/model/types.ts';
import { tempDir } from '../test/helpers.ts';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';

const corpus = CORPUS;
const site = join(tempDir('apidesc-portal-'), 'site');

// Defined only when the corpus is there; test/corpus.test.ts fails loudly when it is not.
if (HAS_CORPUS)
  describe('a portal of corpus documents in Chromium', () => {
    let server: Server;
    let browser: Browser;
    let base = '';
    let routes: RouteEntry[] = [];
    before(async () => {
      await buildSite(
        [
          'bindings-sns-fifo-orders.yaml',
          'spec-kraken-websocket-request-reply-multiple-channels.yaml',
          // An sns producer and a consumer of the same topic: the portal's flows (system map, other side).
          'bindings-sns-sqs-pubsub-producer.yaml',
          'bindings-sns-sqs-consumer.yaml',
        ],
        join(corpus, 'valid'),
        { work: dirname(site), out: site },
      );
      routes = (JSON.parse(readFileSync(join(site, 'apidesc-routes.json'), 'utf8')) as { routes: RouteEntry[] }).routes;
      ({
        site: { server, base },
        browser,
      } = await serveAndBrowse(site, '/', { notFound: true }));
    });
    after(() => closeAll(browser, server));

    it('suggests on its 404 page the page an address meant, and which API it is in', async () => {
      const page = await browser.newPage();
      const response = await page.goto(`${base}bindings-sns-fifo-orders/channels/orderEventz/`);
      assert.equal(response?.status(), 404);
      const suggestion = page.getByRole('status').filter({ hasText: 'Did you mean' });
      await suggestion.waitFor({ timeout: 10_000 });
      assert.equal(await suggestion.textContent(), 'Did you mean the channel Order events (FIFO) in Orders (SNS FIFO fan-out)?');
      assert.equal(await suggestion.getByRole('link').getAttribute('href'), '/bindings-sns-fifo-orders/channels/orderevents/');
      // Under one API's folder, the page keeps that API's header and sidebar (as Starlight keeps a section's navigation).
      await page.locator('nav.sidebar').waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('header.site .api-title').textContent(), 'Orders (SNS FIFO fan-out)');
      assert.ok(await page.locator('nav.sidebar a[href="/bindings-sns-fifo-orders/channels/"]').isVisible(), "the API's sections");
      // Under an API's folder, where no page is near the last segment: the API's section it names.
      await page.goto(`${base}bindings-sns-fifo-orders/channelz/foo/`);
      await suggestion.waitFor({ timeout: 10_000 });
      assert.equal(await suggestion.textContent(), 'Did you mean Channels in Orders (SNS FIFO fan-out)?');
      assert.equal(await suggestion.getByRole('link').getAttribute('href'), '/bindings-sns-fifo-orders/channels/');
      // An address under no API keeps the list of every API, without a sidebar.
      await page.goto(`${base}nowhere/at/all/`);
      await page.locator('#not-found-query').waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.locator('nav.sidebar').count(), 0);
      await page.close();
    });

    it('loads the portal and every route of both APIs with status 200 and no console error', async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
      await page.goto(base);
      assert.equal(await page.locator('h1').textContent(), 'APIs');
      const apis = [...new Set(routes.map((r) => r.api))];
      assert.equal(apis.length, 4);
      for (const api of apis) assert.equal(await page.locator(`main .api-cards a[href="/${api}/"]`).count(), 1, api);
      for (const url of [...new Set(routes.map((r) => r.url))]) assert.equal((await page.goto(base + url))?.status(), 200, url);
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('filters its cards by protocol in place without script, shows no protocol on the card of an API that names none, and shows every API on the map', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(base);
      const cards = page.locator('ul.api-cards > li');
      const visible = async () =>
        (
          await cards.evaluateAll((els) => els.filter((el) => getComputedStyle(el).display !== 'none').map((el) => el.querySelector('a')?.textContent ?? ''))
        ).sort();
      const all = await visible();
      assert.equal(all.length, 4, all.join(', '));
      const kraken = page.locator('ul.api-cards > li', { hasText: /Kraken/ });
      // An API whose document names no protocol (no server, no binding) shows none on its card (no "not stated" pill, round 8),
      // and the protocol filter finds it under its last chip, "not stated" (round 9: the filter could not find it).
      assert.equal(await kraken.locator('.entry-facets .facet.protocol').count(), 0);
      assert.doesNotMatch((await kraken.textContent()) ?? '', /not stated/);
      await page.locator('.catalog-filters a[href="#protocol-not-stated"]').click();
      assert.deepEqual(await visible(), ['Kraken Websockets API']);
      const chip = page.locator('.catalog-filters a[href="#protocol-sns"]');
      const unselected = await chip.evaluate((el) => getComputedStyle(el).backgroundColor);
      await chip.click();
      const sns = await visible();
      assert.equal(sns.length, 3, sns.join(', '));
      // The chip in force looks selected; the cards of a row are even.
      assert.notEqual(await chip.evaluate((el) => getComputedStyle(el).backgroundColor), unselected, 'the selected chip is filled');
      assert.equal(await chip.evaluate((el) => getComputedStyle(el).borderTopLeftRadius), '999px', 'a chip, not an underlined link');
      const rows = await cards.evaluateAll((els) =>
        els
          .filter((el) => getComputedStyle(el).display !== 'none')
          .map((el) => ({ top: el.getBoundingClientRect().top, height: el.getBoundingClientRect().height })),
      );
      for (const card of rows) assert.equal(card.height, rows.find((other) => other.top === card.top)?.height, `even cards: ${JSON.stringify(rows)}`);
      assert.ok(new Set(rows.map((r) => r.height)).size < rows.length || rows.length === 1, JSON.stringify(rows));
      await page.locator('.catalog-filters a', { hasText: 'All APIs' }).click();
      assert.deepEqual(await visible(), all);
      // Side by side, the cards of a row are as tall as its tallest card, whatever each card holds (a row is as tall as it needs).
      const placed = await cards.evaluateAll((els) =>
        els.map((el) => ({ top: Math.round(el.getBoundingClientRect().top), height: Math.round(el.getBoundingClientRect().height) })),
      );
      for (const card of placed)
        assert.equal(card.height, placed.find((other) => other.top === card.top)?.height, `even cards in a row: ${JSON.stringify(placed)}`);
      assert.ok(new Set(placed.map((c) => c.top)).size > 1, `cards over more than one row: ${JSON.stringify(placed)}`);
      assert.doesNotMatch(await page.content(), /id="by-protocol"/, 'no second list of the same links');
      // The system map shows every API: those with a flow drawn, the others apart under the drawing, each a link to its overview.
      const map = page.locator('section[aria-labelledby="h-system-map"]');
      const shown = [
        ...(await map.locator('.dg-wide svg a.dg-node').evaluateAll((els) => els.map((el) => el.getAttribute('href')))),
        ...(await map.locator('.map-apart a').evaluateAll((els) => els.map((el) => el.getAttribute('href')))),
      ].sort();
      assert.deepEqual(shown, [...new Set(routes.map((r) => `/${r.api}/`))].sort());
      assert.ok(await map.locator('.map-apart a', { hasText: 'Kraken' }).isVisible());
      await context.close();
    });

    it('leads back to the list of APIs from any page, and switches to the other API', async () => {
      const page = await browser.newPage();
      const channel = routes.find((r) => r.kind === 'channel' && r.api.startsWith('bindings-sns'))!;
      await page.goto(base + channel.url);
      await page.locator('nav.breadcrumbs a', { hasText: 'APIs' }).click();
      await page.waitForURL(base);
      assert.equal(await page.locator('h1').textContent(), 'APIs');
      await page.goto(base + channel.url);
      await page.locator('.api-switcher > summary').click();
      const other = page.locator('.api-switcher a', { hasText: /Kraken|WebSocket|Kraken Websockets/i }).first();
      await other.click();
      await page.waitForURL(/spec-kraken[^/]*\/$/);
      await page.close();
    });

    it("names each search hit by the object's name, its kind and API beside it, so that a portal's results say where they are", async () => {
      const page = await browser.newPage();
      await page.goto(base + 'search/?q=fifo');
      await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
      const result = page.locator('.pagefind-ui__result', { has: page.locator('.pagefind-ui__result-link', { hasText: /^Order events \(FIFO\)$/ }) }).first();
      // Its kind and API lead its line, a quiet breadcrumb (not Pagefind's "Kind: Channel" and "API: …" tags).
      assert.match((await result.locator('.search-crumb').first().textContent()) ?? '', /^Channel · Orders \(SNS FIFO fan-out\)( › .+)?$/);
      assert.equal(await result.locator('.pagefind-ui__result-tag').count(), 0);
      // The header's box says the same: the name, then the kind and the API as quiet labels.
      await page.goto(base);
      await page.locator('#search-box').fill('fifo');
      const option = page.locator('#search-results [role="option"]', { hasText: 'Order events (FIFO)' }).first();
      await option.waitFor({ timeout: 15_000 });
      assert.equal(await option.locator('.search-hit-title').textContent(), 'Order events (FIFO)');
      assert.equal(await option.locator('.search-hit-kind').textContent(), 'Channel');
      assert.equal(await option.locator('.search-hit-api').textContent(), 'Orders (SNS FIFO fan-out)');
      await page.close();
    });

    it('answers the sns questions on the channel page and shows the reply of a request-reply operation', async () => {
      const page = await browser.newPage();
      const channel = routes.find((r) => r.kind === 'channel' && r.id === 'orderEvents')!;
      await page.goto(base + channel.url);
      // (A long access policy is folded under its heading: opened, as a reader does.)
      await page.evaluate(() => {
        for (const fold of document.querySelectorAll('main details')) (fold as HTMLDetailsElement).open = true;
      });
      const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      for (const expected of ['orders.fifo', 'FIFO', 'Content-based deduplication on', 'Deny', 'Published by', 'billing-orders.fifo'])
        assert.ok(text.includes(expected), expected);
      // Each subscription says what happens when a delivery fails: its retries, then where its undeliverable messages go;
      // AWS's fixed retries by their name, linked to their numbers, said once under the table.
      const line = page.locator('table.subscription-lines tr', { hasText: 'billing-orders.fifo' });
      const cell = line.locator('td[data-label="If delivery fails"]');
      assert.equal((await cell.innerText()).replace(/\s+/g, ' ').trim(), "AWS's fixed retries → billing-orders-dlq.fifo");
      const note = page.locator((await cell.locator('a').getAttribute('href')) ?? '#none');
      assert.match(
        (await note.innerText()).replace(/\s+/g, ' ').trim(),
        /^AWS's fixed retries \(SQS queue\): [\d,]+ retries over about 23 days \(\d+ immediately, .+\), whatever a delivery policy says\.$/,
      );
      const reply = routes.find((r) => r.kind === 'operation' && r.api.startsWith('spec-kraken') && r.id === 'subscribe')!;
      await page.goto(base + reply.url);
      assert.match((await page.locator('#h-reply').textContent()) ?? '', /Reply/);
      await page.close();
    });

    it("has no WCAG 2.1 A/AA violation on the portal (with its system map), an sns channel, a request-reply operation and a flow's receiver, in both themes", async () => {
      const urls = [
        '',
        routes.find((r) => r.id === 'orderEvents')!.url,
        routes.find((r) => r.kind === 'operation' && r.id === 'publishOrderEvent')!.url,
        routes.find((r) => r.kind === 'operation' && r.api.startsWith('spec-kraken'))!.url,
        // The other side of a flow across the portal, its messages marked as differing.
        routes.find((r) => r.kind === 'operation' && r.id === 'receiveUserSignedUp')!.url,
      ];
      assert.deepEqual(await accessibilityFindings(browser, base, urls), []);
    });
  });
