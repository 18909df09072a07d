/**
 * A portal's catalog in Chromium, on the project's own five small APIs (test/portal-catalog-fixture.ts):
 * without script, every protocol chip (those named by bindings only, and "not stated") finds its
 * APIs; a card's protocol and tag links filter the catalog; "All APIs" sits beside the facets'
 * rows, not on a row of its own; the system map shows every API; nothing scrolls sideways on a
 * phone; and axe-core finds no WCAG 2.1 A/AA violation on the root in either theme.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityFindings, launchChromium, runCli, serveSite } from './support.ts';
import { tempDir } from '../test/helpers.ts';
import { CATALOG_PORTAL } from '../test/portal-catalog-fixture.ts';

/** The titles of the cards shown, by title. */
const visibleCards = async (page: Page): Promise<string[]> =>
  (
    await page
      .locator('ul.api-cards > li')
      .evaluateAll((els) => els.filter((el) => getComputedStyle(el).display !== 'none').map((el) => el.querySelector('a')?.textContent ?? ''))
  ).sort();

describe("a portal's catalog in Chromium", () => {
  const dir = tempDir('apidesc-catalog-');
  let server: Server;
  let browser: Browser;
  let base = '';
  before(async () => {
    for (const [path, text] of Object.entries(CATALOG_PORTAL)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    assert.equal(await runCli(['build', 'apis', '--out', 'site', '--cache', 'cache'], dir), 0);
    ({ server, base } = await serveSite(join(dir, 'site')));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('filters by every protocol, those named only by bindings and "not stated" too, and by the links on a card, without script', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(base);
    const all = await visibleCards(page);
    assert.deepEqual(all, ['Accounts', 'Light meter', 'Notes', 'Price ticker', 'Street lights']);
    await page.locator('.catalog-filters a[href="#protocol-ws"]').click();
    assert.deepEqual(await visibleCards(page), ['Price ticker']);
    await page.locator('.catalog-filters a[href="#protocol-amqp"]').click();
    assert.deepEqual(await visibleCards(page), ['Accounts']);
    await page.locator('.catalog-filters a[href="#protocol-not-stated"]').click();
    assert.deepEqual(await visibleCards(page), ['Notes']);
    await page.locator('.catalog-filters a', { hasText: 'All APIs' }).click();
    assert.deepEqual(await visibleCards(page), all);
    // A card's tag and protocol are links above the card's own link: a click filters the catalog, it does not open the API.
    await page.locator('ul.api-cards > li', { hasText: 'Street lights' }).locator('a.facet.tag', { hasText: 'iot' }).click();
    assert.equal(new URL(page.url()).hash, '#tag-iot');
    assert.deepEqual(await visibleCards(page), ['Light meter', 'Street lights']);
    await page.locator('ul.api-cards > li', { hasText: 'Light meter' }).locator('a.facet.protocol').click();
    assert.equal(new URL(page.url()).hash, '#protocol-kafka');
    // The card says where an inferred protocol comes from, on the card and in its title.
    const source = page.locator('ul.api-cards > li', { hasText: 'Price ticker' }).locator('.facet-source');
    assert.match((await source.innerText()).trim(), /^from bindings: No server of this API names a protocol/, 'seen, and said to a screen reader whole');
    assert.match((await source.getAttribute('title')) ?? '', /No server of this API names a protocol/);
    await context.close();
  });

  it('keeps "All APIs" beside the filters on a desk (not on a row of its own), and shows every API on the system map', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base);
    const top = async (selector: string) => (await page.locator(selector).first().boundingBox())?.y ?? -1;
    assert.ok(
      Math.abs((await top('.catalog-filters .catalog-all a')) - (await top('.catalog-filters .catalog-facet a'))) < 4,
      '"All APIs" on the first row of chips',
    );
    const map = page.locator('section[aria-labelledby="h-system-map"]');
    const shown = [
      ...(await map.locator('.dg-wide svg a.dg-node').evaluateAll((els) => els.map((el) => el.getAttribute('href')))),
      ...(await map.locator('.map-apart a').evaluateAll((els) => els.map((el) => el.getAttribute('href')))),
    ].sort();
    assert.deepEqual(shown, ['/accounts/', '/lights/', '/meter/', '/notes/', '/ticker/']);
    for (const title of ['Accounts', 'Notes', 'Price ticker']) assert.ok(await map.locator('.map-apart a', { hasText: title }).isVisible(), title);
    await page.close();
  });

  for (const width of [1280, 390])
    it(`${width} px: the system map gives its space to the APIs with flows, those without one a row of small boxes under it`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(base);
      const map = page.locator('section[aria-labelledby="h-system-map"]');
      const drawing = await map.locator('svg.diagram:visible').first().boundingBox();
      assert.ok(drawing);
      // Two APIs drawn, three apart: the three boxes take less of the map than the drawing does.
      const apart = await map
        .locator('.map-apart li a')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).reduce((sum, r) => sum + r.width * r.height, 0));
      assert.ok(apart < drawing.width * drawing.height, `apart ${Math.round(apart)} px², drawing ${Math.round(drawing.width * drawing.height)} px²`);
      // Each a box of one line, three to a row at a desk.
      const boxes = await map.locator('.map-apart li a').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
      for (const h of boxes) assert.ok(h < 40, `a box ${h} px tall`);
      if (width === 1280)
        assert.equal(new Set(await map.locator('.map-apart li').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))).size, 1);
      await page.close();
    });

  it('does not scroll sideways on a phone, and the boxes apart from the map stay inside it', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(base);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
    const box = await page.locator('.diagram-box').first().boundingBox();
    for (const b of await page.locator('.map-apart li').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right)))
      assert.ok(box && b <= box.x + box.width, `${b} inside ${JSON.stringify(box)}`);
    await page.close();
  });

  it('has no WCAG 2.1 A/AA violation on the catalog, in both themes', async () => {
    assert.deepEqual(await accessibilityFindings(browser, base, ['']), []);
  });
});
