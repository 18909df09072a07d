/**
 * The drawings of the default site (content/: the overview's flow, a channel's, a request and its
 * reply), read in Chromium: their text as shown (its font size times the drawing's scale) is
 * 12.5 px or more at 1280 and at 390 px. A drawing shrunk to fit its column read at 10–11 px;
 * wider than its text allows, it now scrolls sideways in its box, the page itself not. On a phone
 * (390 and 320 px) no drawing is cut at its box's edge: a request and its reply, too wide for a
 * phone even top to bottom, is drawn as an outline, one box a line, as the overview's flow is.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { closeAll, serveAndBrowse, type ServedSite, sharedSite } from './support.ts';

const CONTENT = resolve(import.meta.dirname, '..');
/** The overview, a request and its reply (an operation), a channel's flow. */
const PAGES = ['', 'operations/requeststockcheck/', 'channels/orderevents/', 'channels/stockcheck/'];
const SMALLEST = 12.5;

describe("the default site's drawings, read at 1280 and 390 px", () => {
  let browser: Browser;
  let site: ServedSite;
  before(async () => {
    ({ site, browser } = await serveAndBrowse(await sharedSite(['content'], CONTENT)));
  });
  after(() => closeAll(browser, site));

  for (const width of [1280, 390])
    it(`${width} px: every label of every drawing shown is ${SMALLEST} px or more, the page never scrolls sideways`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const small: string[] = [];
      let measured = 0;
      for (const url of PAGES) {
        await page.goto(`${site.base}${url}`);
        const texts = await page.evaluate(() =>
          [...document.querySelectorAll('svg.diagram')]
            .filter((svg) => svg.getBoundingClientRect().width > 0)
            .flatMap((svg) => {
              // The drawing's scale on the page: its width as shown over the width it is drawn at.
              const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
              return [...svg.querySelectorAll('text')]
                .filter((t) => t.getBoundingClientRect().height > 0)
                .map((t) => ({ text: t.textContent ?? '', px: parseFloat(getComputedStyle(t).fontSize) * scale }));
            }),
        );
        measured += texts.length;
        small.push(...texts.filter((t) => t.px < SMALLEST - 0.01).map((t) => `/${url} "${t.text}" ${t.px.toFixed(1)} px`));
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `/${url}: the page scrolls sideways`);
      }
      assert.ok(measured > 20, `labels measured: ${measured}`);
      assert.deepEqual(small, []);
      await page.close();
    });

  for (const width of [390, 320])
    it(`${width} px: every drawing shown fits its box whole, none scrolls sideways in it`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const cut: string[] = [];
      let drawings = 0;
      for (const url of PAGES) {
        await page.goto(`${site.base}${url}`);
        const boxes = await page.evaluate(() =>
          [...document.querySelectorAll('.diagram-box')]
            .filter((box) => box.getBoundingClientRect().width > 0)
            .map((box) => ({
              scroll: box.scrollWidth,
              client: box.clientWidth,
              drawn: [...box.querySelectorAll('svg.diagram')].filter((svg) => svg.getBoundingClientRect().width > 0).length,
            })),
        );
        drawings += boxes.reduce((n, b) => n + b.drawn, 0);
        cut.push(...boxes.filter((b) => b.scroll > b.client + 1).map((b) => `/${url}: a drawing ${b.scroll} px wide in a box of ${b.client} px`));
      }
      assert.ok(drawings >= PAGES.length, `drawings measured: ${drawings}`);
      assert.deepEqual(cut, []);
      await page.close();
    });
});
