/**
 * Navigation on long pages, as Starlight does it: "On this page" beside the content from 1152 px
 * with the h3 headings under their h2 and the section being read marked (without script it still
 * lists and links), and the sidebar showing the current page: scrolled to it on a desk, brought
 * into view when the phone's menu opens. On the default site and a corpus document whose
 * sidebar lists 48 messages (the Slack RTM API).
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { closeAll, launchChromium, serveSite, sharedSite } from './support.ts';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';

const repo = resolve(import.meta.dirname, '..');

/** Whether the element's box lies within the window (and within `box`, an element that scrolls it). */
async function shown(page: Page, selector: string, within?: string): Promise<boolean> {
  return page.evaluate(
    ([s, w]) => {
      const el = document.querySelector(s!);
      if (!el) return false;
      const r = el.getBoundingClientRect();
      const box = w ? document.querySelector(w)!.getBoundingClientRect() : { top: 0, bottom: innerHeight };
      return r.height > 0 && r.top >= Math.max(0, box.top) && r.bottom <= Math.min(innerHeight, box.bottom);
    },
    [selector, within] as const,
  );
}

describe('"On this page" and the sidebar', () => {
  let browser: Browser;
  const servers: Server[] = [];
  let base = '';
  let slack = '';
  before(async () => {
    const served = await serveSite(await sharedSite(['content'], repo));
    servers.push(served.server);
    base = served.base;
    if (HAS_CORPUS) {
      const s = await serveSite(await sharedSite(['spec-slack-rtm.yaml'], join(CORPUS, 'valid')));
      servers.push(s.server);
      slack = s.base;
    }
    browser = await launchChromium();
  });
  after(() => closeAll(browser, ...servers));

  it('on a page without a panel as on one with it: a bar above the content from 1152 px, the rail beside it from 1760 px, folded below 1152', async () => {
    for (const [width, placed] of [
      [1152, 'bar'],
      [1280, 'bar'],
      [1760, 'rail'],
      [1100, 'folded'],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${base}channels/orderevents/`);
      const rail = page.locator('nav.toc');
      assert.equal(await rail.isVisible(), placed !== 'folded', `${width} px: "On this page" ${placed}`);
      assert.equal(await page.locator('details.toc-top').isVisible(), placed === 'folded', `${width} px: the folded copy only when folded`);
      const railBox = await rail.boundingBox();
      const article = await page.locator('main article').boundingBox();
      if (placed === 'bar') assert.ok(railBox && article && railBox.y + railBox.height <= article.y + 1, `${width} px: the bar is above the article`);
      if (placed === 'rail') assert.ok(railBox && article && railBox.x >= article.x + article.width, `${width} px: the rail is beside the article`);
      await page.close();
    }
  });

  it('on a page with a reference panel, shows the rail beside the fields and the panel where it fits (1760 px), else as a bar above them, never folded away', async () => {
    for (const [width, beside] of [
      [1760, true],
      [1920, true],
      [1440, false],
      [1280, false],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${base}operations/publishorderevents/`);
      const rail = page.locator('nav.toc');
      assert.equal(await rail.isVisible(), true, `${width} px: the rail is shown`);
      assert.equal(await page.locator('details.toc-top').isVisible(), false, `${width} px: no folded copy`);
      if (!beside) {
        // A bar of the sections across the column, above the page's content.
        const railBox = await rail.boundingBox();
        const article = await page.locator('main article').boundingBox();
        assert.ok(
          railBox && article && railBox.y + railBox.height <= article.y + 1 && railBox.width >= article.width - 1,
          `${width} px: the bar is above the article`,
        );
      } else {
        // The message cards (h3) are listed under "Messages" (h2).
        const nested = await rail.locator('li:has(> a[href="#h-messages"]) > ul > li > a').allTextContents();
        assert.deepEqual(nested, ['Order placed', 'Order cancelled']);
        const railBox = await rail.boundingBox();
        const article = await page.locator('main article').boundingBox();
        assert.ok(railBox && article && railBox.x >= article.x + article.width, `${width} px: the rail is beside the article`);
      }
      await page.close();
    }
  });

  it("an sns operation's page: every h2 in the row, Retries among them, and Retries marked while it is read, to the page's end", async () => {
    for (const width of [1280, 1800]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${base}operations/receiveordereventsinwarehouse/`);
      const h2s = await page.locator('main article h2[id]').evaluateAll((hs) => hs.map((h) => `#${h.id}`));
      const listed = await page.locator('nav.toc > ul > li > a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual(listed, h2s, `${width} px: the rail lists every h2 of the page, in order`);
      assert.ok(listed.includes('#sns-retries'), `${width} px: Retries is a section of the page`);
      await page.locator('#sns-retries').evaluate((h) => h.scrollIntoView({ block: 'start' }));
      await page.waitForFunction(() => document.querySelector('nav.toc a[aria-current="true"]')?.textContent === 'Retries');
      // The page ends with a short Security section under Retries: Retries is still the one read.
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(200);
      assert.equal(await page.locator('nav.toc a[aria-current="true"]').textContent(), 'Retries', `${width} px: at the page's end`);
      await page.close();
    }
  });

  it('marks the section being read as the reader scrolls, and links every section without script', async () => {
    // A window low enough that the sns section can reach its top before the page's end (the page is short since its fields of fields are folded).
    const page = await browser.newPage({ viewport: { width: 1800, height: 600 } });
    await page.goto(`${base}operations/publishorderevents/`);
    const current = () => page.locator('nav.toc a[aria-current="true"]').allTextContents();
    // The page leads with what the operation carries (its messages), the examples and commands beside them.
    assert.deepEqual(await current(), ['Messages'], 'the first section at the top of the page');
    // The panel's headings, always in view beside the sections, never mark one: the Amazon SNS topic is marked once read.
    await page.locator('#h-sns').evaluate((h) => h.scrollIntoView({ block: 'start' }));
    // The section, or its first sub-section when that is already high up too.
    await page.waitForFunction(() => ['Amazon SNS topic', 'Retries'].includes(document.querySelector('nav.toc a[aria-current="true"]')?.textContent ?? ''));
    await page.locator('#h-messages').evaluate((h) => h.scrollIntoView({ block: 'start' }));
    // The section, or the first of its sub-sections when that is already at the top too.
    await page.waitForFunction(() => ['Messages', 'Order placed'].includes(document.querySelector('nav.toc a[aria-current="true"]')?.textContent ?? ''));
    await page.locator('#h-messages-orderplaced').evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await page.waitForFunction(() => document.querySelector('nav.toc a[aria-current="true"]')?.textContent === 'Order placed');
    // At the end of the page, the last section shown, though it never reaches the top.
    const last = (await page.locator('nav.toc a').allTextContents()).at(-1);
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction((text) => document.querySelector('nav.toc a[aria-current="true"]')?.textContent === text, last);
    assert.equal(await page.locator('nav.toc a[aria-current]').count(), 1, 'one section marked at a time');
    await page.close();

    const context = await browser.newContext({ viewport: { width: 1800, height: 800 }, javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(`${base}operations/publishorderevents/`);
    assert.ok(await still.locator('nav.toc').isVisible(), 'the rail without script');
    assert.ok((await still.locator('nav.toc a').count()) >= 6, 'every section and sub-section linked');
    await still.locator('nav.toc a[href="#h-security"]').click();
    assert.ok(await shown(still, '#h-security'), 'its links lead to the section');
    await context.close();
  });

  it('shows at an edge of the sidebar that its list goes on past it, in light and dark, without script, the shade gone at the end scrolled to', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      // 480 px high: the sidebar's list, its operations open, runs past its box.
      const context = await browser.newContext({ viewport: { width: 1280, height: 480 }, colorScheme, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${base}operations/publishorderevents/`);
      const nav = page.locator('nav.sidebar');
      const box = (await nav.boundingBox())!;
      assert.ok(await nav.evaluate((n) => n.scrollHeight > n.clientHeight + 40), 'the list is taller than its box');
      /** The grey level of the sidebar's left margin (no text there) near its top and bottom edges and in its middle, as drawn. */
      const edges = async (): Promise<{ top: number; middle: number; bottom: number }> => {
        const png = (await page.screenshot({ clip: { x: box.x, y: box.y, width: 12, height: box.height } })).toString('base64');
        return page.evaluate(async (data) => {
          const image = new Image();
          image.src = `data:image/png;base64,${data}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const g = canvas.getContext('2d')!;
          g.drawImage(image, 0, 0);
          const grey = (y: number) => {
            const [r, gr, b] = g.getImageData(4, y, 1, 1).data;
            return (r! + gr! + b!) / 3;
          };
          return { top: grey(1), middle: grey(Math.round(image.height / 2)), bottom: grey(image.height - 2) };
        }, png);
      };
      const start = await edges();
      assert.ok(Math.abs(start.bottom - start.middle) > 6, `${colorScheme}: a shade at the bottom edge (${JSON.stringify(start)})`);
      assert.ok(Math.abs(start.top - start.middle) < 2, `${colorScheme}: none at the top, the list's start in view (${JSON.stringify(start)})`);
      await nav.evaluate((n) => {
        n.scrollTop = n.scrollHeight;
      });
      const end = await edges();
      assert.ok(Math.abs(end.top - end.middle) > 6, `${colorScheme}: a shade at the top edge once scrolled (${JSON.stringify(end)})`);
      assert.ok(Math.abs(end.bottom - end.middle) < 2, `${colorScheme}: none at the bottom, the list's end in view (${JSON.stringify(end)})`);
      await context.close();
    }
  });

  // A corpus document (test/corpus.test.ts fails loudly when the corpus is missing).
  if (HAS_CORPUS)
    it('scrolls the sidebar to the current page on a desk, and brings it into view when the phone menu opens', async () => {
      const last = 'components/messages/outgoingmessage/';
      const desk = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await desk.goto(`${slack}${last}`);
      await desk.waitForLoadState('load');
      assert.ok(await shown(desk, '#sidebar a[aria-current="page"]', '#sidebar'), 'the current page is in view in the sidebar');
      await desk.close();

      const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await phone.goto(`${slack}${last}`);
      await phone.locator('label.nav-button').click();
      await phone.waitForFunction(() => {
        const r = document.querySelector('#sidebar a[aria-current="page"]')?.getBoundingClientRect();
        return r !== undefined && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
      });
      await phone.close();
    });
});
