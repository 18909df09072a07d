/**
 * Reading in Chromium at a desk (1280 px) and on a phone (390 px): a message's example beside its
 * payload on a desk and right after it on a phone; diagrams that fit their column, their labels
 * legible, the full drawing on demand; the overview's rail beside its opening text, its drawing
 * whole under it.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { buildSite, closeAll, launchChromium, serveSite, sharedSite } from './support.ts';
import { tempTree } from '../test/helpers.ts';

const repo = resolve(import.meta.dirname, '..');

/** An API of fifteen operations on twelve channels, untagged, of one protocol (as Springwolf's Kafka example). */
function fifteenOperations(): string {
  const channels = Array.from(
    { length: 12 },
    (_, i) =>
      `  topic${i}:\n    address: example.topic-${i}.events\n    messages:\n      m${i}: { payload: { type: object, properties: { id: { type: string } } } }`,
  );
  const operations = Array.from(
    { length: 15 },
    (_, i) => `  operation${i}:\n    action: ${i % 5 === 0 ? 'send' : 'receive'}\n    channel: { $ref: '#/channels/topic${i % 12}' }`,
  );
  return `apidesc: 3.0.0\ninfo:\n  title: Fifteen operations\n  version: 1.0.0\nservers:\n  broker: { host: broker.example.com, protocol: kafka }\nchannels:\n${channels.join('\n')}\noperations:\n${operations.join('\n')}\n`;
}

/**
 * Each diagram the reader sees in `selector`: whether it fits its box (no sideways scroll) and the
 * size its 13 px labels are drawn at.
 */
async function diagramsShown(page: Page, selector = 'main'): Promise<{ fits: boolean; labelPx: number; smallPx: number; width: number }[]> {
  return page.evaluate((scope) => {
    const shown = [...document.querySelectorAll(`${scope} figure.diagram-box svg.diagram:not(.timeline)`)].filter(
      (svg) => (svg as SVGSVGElement).getBoundingClientRect().width > 0,
    );
    return shown.map((el) => {
      const svg = el as SVGSVGElement;
      const box = svg.closest('figure')!;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const scroller = svg.parentElement!;
      return {
        fits: svg.getBoundingClientRect().right <= box.getBoundingClientRect().right + 0.5 && scroller.scrollWidth <= scroller.clientWidth + 1,
        // A box's name, and the smallest of its kind (caption) and the message names on the arrows, as drawn.
        labelPx: Math.round(Math.min(...[...svg.querySelectorAll('.dg-label')].map((t) => Number.parseFloat(getComputedStyle(t).fontSize))) * scale * 10) / 10,
        smallPx:
          Math.round(
            Math.min(...[...svg.querySelectorAll('.dg-caption, .dg-edge-label')].map((t) => Number.parseFloat(getComputedStyle(t).fontSize))) * scale * 10,
          ) / 10,
        width: svg.viewBox.baseVal.width,
      };
    });
  }, selector);
}

describe('reading at 1280 and 390 px', () => {
  let browser: Browser;
  let server: Server;
  let base = '';
  let large: Server;
  let largeBase = '';
  before(async () => {
    ({ server, base } = await serveSite(await sharedSite(['content'], repo)));
    const dir = tempTree({ 'fifteen.yaml': fifteenOperations() });
    ({ server: large, base: largeBase } = await serveSite(await buildSite(['fifteen.yaml'], dir, { work: dir })));
    browser = await launchChromium();
  });
  after(() => closeAll(browser, server, large));

  it('fits every diagram to its column at 1280 px, every word of it at 12 px or more there and 12.5 px or more at 390 px', async () => {
    // The message-flow pictures (the retry timelines of sns subscriptions are drawn otherwise).
    const pages = ['', 'channels/orderevents/', 'channels/stockcheck/', 'operations/requeststockcheck/', 'channels/shipmenttracking/'];
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      for (const url of pages) {
        await page.goto(base + url);
        const shown = await diagramsShown(page);
        assert.ok(shown.length > 0, `${width} px /${url}: a diagram`);
        for (const d of shown) {
          // On a phone a drawing wider than its text allows (a request and its reply, four columns) scrolls sideways in its box instead.
          if (width === 1280) assert.ok(d.fits, `${width} px /${url}: a diagram ${d.width} px wide fits its box`);
          // Every word of the drawing at 12 px or more on a desk (the overview's kinds and message
          // names were shrunk to 11), 12.5 px on a phone (a request and its reply was fitted at 10.7).
          const [name, small] = width === 1280 ? [12, 12] : [13, 12.5];
          assert.ok(d.labelPx >= name, `${width} px /${url}: names drawn at ${d.labelPx} px`);
          assert.ok(d.smallPx >= small, `${width} px /${url}: kinds and message names drawn at ${d.smallPx} px`);
        }
      }
      await page.close();
    }
  });

  it('gives the overview at 1280 px "On this page" as a bar over it, as every page kind, the drawing the column\'s whole width, and its files at the end', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(base);
    const rail = page.locator('main nav.toc');
    assert.ok(await rail.isVisible(), 'the bar, as on other pages');
    assert.ok(await page.locator('main details.toc-top').isHidden(), 'no folded "On this page" at the top');
    const railBox = (await rail.boundingBox())!;
    const article = (await page.locator('main article').boundingBox())!;
    assert.ok(railBox.y + railBox.height <= article.y + 1 && railBox.width >= article.width - 1, 'the bar over the article, its whole width');
    const drawing = (await page.locator('#h-flow ~ figure.diagram-box').first().boundingBox())!;
    assert.ok(drawing.width >= article.width - 1, "the drawing takes the column's whole width");
    // Files (the document, what coding assistants read) after the reference, out of the first screen.
    const files = (await page.locator('main .overview-files').boundingBox())!;
    assert.ok(files.y > drawing.y + drawing.height, 'the files after the drawing');
    assert.doesNotMatch(await page.locator('main').evaluate((m) => (m as HTMLElement).innerText.slice(0, 600)), /llms|as written/);
    await page.close();
  });

  it('summarises an overview of fifteen operations, the whole drawing on demand, fitted, and at full size without script', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(largeBase);
    const summary = page.locator('#h-flow ~ figure.diagram-box svg.diagram').first();
    const box = await summary.boundingBox();
    assert.ok(box && box.height < 500, `the summary is ${box?.height} px tall`);
    assert.equal(
      await page.locator('#h-flow ~ figure.diagram-box').first().locator('.dg-receive, .dg-send').count(),
      0,
      'no operation drawn one by one at first',
    );
    // The whole drawing, on demand.
    const whole = page.locator('details.dg-whole');
    assert.equal(await whole.locator('figure.diagram-box svg.diagram').first().isVisible(), false);
    await whole.locator('summary').click();
    const drawn = whole.locator('figure.diagram-box').first();
    assert.equal(await drawn.locator('.dg-wide .dg-receive, .dg-wide .dg-send').count(), 15);
    for (const d of await diagramsShown(page, 'details.dg-whole')) {
      assert.ok(d.fits, 'fitted to the column');
      assert.ok(d.labelPx >= 9.5, `labels at ${d.labelPx} px`);
    }
    await context.close();

    // On a phone: every operation in an outline at its own size, legible (nothing to enlarge).
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const phone = await phoneContext.newPage();
    await phone.goto(largeBase);
    await phone.locator('details.dg-whole summary').click();
    for (const d of await diagramsShown(phone)) {
      assert.ok(d.fits, `390 px: a diagram ${d.width} px wide fits`);
      assert.ok(d.labelPx >= 12.9, `390 px: labels at ${d.labelPx} px, their own size`);
    }
    assert.ok(await phone.locator('details.dg-whole .dg-wide svg.diagram').isHidden(), 'the outline instead of the layered drawing');
    assert.equal(await phone.locator('details.dg-whole .dg-narrow .dg-receive, details.dg-whole .dg-narrow .dg-send').count(), 15);
    assert.ok(await phone.locator('details.dg-whole label.dg-zoom').isHidden());
    assert.ok((await phone.evaluate(() => document.documentElement.scrollWidth - innerWidth)) <= 0, 'the page itself does not scroll sideways');
    await phoneContext.close();

    // Where the column is narrower than the drawing (a narrow window on a desk): shrunk to fit, and
    // "Full size" shows it at its own size, scrolling sideways in its box.
    const narrowContext = await browser.newContext({ viewport: { width: 960, height: 800 }, javaScriptEnabled: false });
    const narrow = await narrowContext.newPage();
    await narrow.goto(largeBase);
    await narrow.locator('details.dg-whole summary').click();
    const svg = narrow.locator('details.dg-whole .dg-wide svg.diagram');
    const natural = Number(await svg.getAttribute('width'));
    const fitted = (await svg.boundingBox())!.width;
    assert.ok(fitted < natural, `shrunk: ${fitted} px of ${natural}`);
    await narrow.locator('details.dg-whole label.dg-zoom').click();
    const full = (await svg.boundingBox())!.width;
    assert.ok(Math.abs(full - natural) < 1, `full size ${full} px, its own ${natural} px`);
    const scroller = await svg.evaluate((el) => ({ scroll: el.parentElement!.scrollWidth, client: el.parentElement!.clientWidth }));
    assert.ok(scroller.scroll > scroller.client, 'it scrolls sideways in its box');
    assert.ok((await narrow.evaluate(() => document.documentElement.scrollWidth - innerWidth)) <= 0, 'the page itself does not scroll sideways');
    await narrowContext.close();
  });

  it("shows a message's example beside its payload at desk widths, the fields still 500 px or more, and right after it on a phone", async () => {
    for (const [width, beside] of [
      [1680, true],
      [1280, true],
      [390, false],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${base}components/messages/orderplaced/`);
      const payload = await page.locator('#h-payload').boundingBox();
      const examples = await page.locator('#h-examples').boundingBox();
      assert.ok(payload && examples);
      if (beside) {
        assert.ok(examples.x > payload.x + payload.width - 1, `${width} px: the examples beside the payload`);
        assert.ok(examples.y < payload.y, `${width} px: the examples start at the top of the fields, beside the facts`);
        const columns = await page.evaluate(() => ({
          fields: document.querySelector('.ref-main')!.getBoundingClientRect().width,
          example: document.querySelector('.ref-panel')!.getBoundingClientRect().width,
          position: getComputedStyle(document.querySelector('.ref-panel')!).position,
        }));
        assert.ok(columns.fields >= 500 && columns.fields > columns.example, `${width} px: the fields have the larger share: ${JSON.stringify(columns)}`);
        assert.equal(columns.position, 'sticky', 'the example stays in view');
      } else {
        assert.ok(examples.y > payload.y, `${width} px: the examples after the payload`);
        const schema = await page.locator('.ref-main').boundingBox();
        const next = await page.locator('#h-used-by').boundingBox();
        assert.ok(schema && schema.width > payload.width - 1, `${width} px: the schema at the content's full width`);
        assert.ok(next && examples.y < next.y, `${width} px: right after it, before the other sections`);
      }
      assert.deepEqual(await page.locator('.ref-panel .example-part').allTextContents(), ['Headers', 'Payload']);
      await page.close();
    }
  });
});
