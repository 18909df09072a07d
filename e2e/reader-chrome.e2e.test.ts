/**
 * The page's chrome at a desk width, read as a reader who knows Redocly and Stripe reads it: "On
 * this page" on a page with a panel is one row under the header that never hides a section without
 * a word (the sections that do not fit are in a menu, "All N sections", worded alike on every page); after a search jump the
 * section of the field landed on is the one marked; the panel shows the request's and the reply's
 * examples at their full height, with no fold of its own.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { closeAll, serveAndBrowse, type ServedSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');

describe('the chrome of a reference page at 1280 px', () => {
  let site: ServedSite;
  let browser: Browser;
  before(async () => {
    ({ site, browser } = await serveAndBrowse(await sharedSite(['content'], repo)));
  });
  after(() => closeAll(browser, site));
  async function open(url: string, { height = 800 } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height } });
    const page = await context.newPage();
    await page.goto(site.base + url);
    await page.waitForTimeout(200);
    return page;
  }

  it('"On this page" is one row, and every section is in it or in a menu that says how many it holds', async () => {
    const labels = new Set<string>();
    const menus: string[] = [];
    // (A page whose row folds sections, and pages whose menu only adds the sub-headings.)
    for (const url of [
      'operations/requeststockcheck/',
      'operations/receiveordereventsinwarehouse/',
      'components/messages/orderplaced/',
      'components/schemas/order/',
    ]) {
      const page = await open(url);
      await page.evaluate(() => window.scrollTo(0, 1200));
      await page.waitForTimeout(100);
      const view = await page.evaluate(() => {
        const nav = document.querySelector('nav.toc')!;
        const list = nav.querySelector(':scope > ul')!;
        const box = list.getBoundingClientRect();
        const sections = [...list.querySelectorAll(':scope > li > a')].map((a) => {
          const r = a.getBoundingClientRect();
          const shown = (a as HTMLElement).offsetParent !== null;
          return { text: a.textContent, shown, whole: shown && r.left >= box.left - 1 && r.right <= box.right + 1 };
        });
        const menu = nav.querySelector('details.toc-menu');
        return {
          height: nav.getBoundingClientRect().height,
          top: nav.getBoundingClientRect().top,
          header: document.querySelector('header.site')!.getBoundingClientRect().bottom,
          sections,
          more: menu?.querySelector('summary')?.textContent ?? '',
          inMenu: [...(menu?.querySelectorAll(':scope > ul > li > a') ?? [])].map((a) => a.textContent),
        };
      });
      assert.ok(view.height <= 48, `${url}: one row (${view.height} px)`);
      assert.ok(Math.abs(view.top - view.header) <= 2, `${url}: kept under the header`);
      for (const s of view.sections) assert.ok(s.whole || !s.shown, `${url}: "${s.text}" shown whole or not at all (${JSON.stringify(view.sections)})`);
      const folded = view.sections.filter((s) => !s.shown).map((s) => s.text);
      // One wording on every page, whether the row folds sections or not: what the menu holds.
      if (view.more) {
        assert.equal(view.more, `All ${view.sections.length} sections`, `${url}: the menu's button`);
        labels.add(view.more.replace(/\d+/, 'N'));
        menus.push(folded.length > 0 ? 'folds' : 'sub-headings only');
      }
      for (const text of folded) assert.ok(view.inMenu.includes(text), `${url}: "${text}" in the menu`);
      await page.context().close();
    }
    assert.deepEqual(new Set(menus), new Set(['folds', 'sub-headings only']), 'both kinds of menu were seen');
    assert.equal(labels.size, 1, `one wording: ${[...labels].join(', ')}`);
    // The page with the most sections folds some, and its menu leads to them.
    const page = await open('operations/requeststockcheck/');
    await page.locator('details.toc-menu > summary').click();
    await page.locator('details.toc-menu a', { hasText: 'Security' }).click();
    await page.waitForTimeout(300);
    assert.equal(await page.locator('details.toc-menu').getAttribute('open'), null, 'the menu closes');
    assert.equal(await page.locator('nav.toc a[aria-current="true"]').textContent(), 'Security');
    assert.match((await page.locator('details.toc-menu').getAttribute('class')) ?? '', /toc-has-current/, 'its button says it holds the section read');
    await page.context().close();
  });

  it('after a jump to a field near the foot of the page, its section is the one marked', async () => {
    const page = await open('components/messages/orderplaced/#payload.payment(card).last4');
    assert.equal(await page.locator('nav.toc a[aria-current="true"]').textContent(), 'Payload');
    // Scrolled away from it, the marking follows the scroll again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    assert.equal(await page.locator('nav.toc a[aria-current="true"]').textContent(), 'Headers');
    await page.context().close();
  });

  it("the panel shows the request's and the reply's examples at full height: the page scrolls, not the panel, and its foot is reached", async () => {
    const page = await open('operations/requeststockcheck/', { height: 900 });
    const inner = await page.evaluate(() => {
      const panel = document.querySelector('aside.ref-panel') as HTMLElement;
      return { overflow: getComputedStyle(panel).overflowY, hidden: panel.scrollHeight - panel.clientHeight, tall: panel.offsetHeight > innerHeight };
    });
    assert.ok(!['auto', 'scroll'].includes(inner.overflow) && inner.hidden <= 1, `no fold inside the panel: ${JSON.stringify(inner)}`);
    assert.ok(inner.tall, 'this panel (request, reply, commands) is taller than the window');
    // Scrolled down the page, the panel's foot comes into view and stays there beside the fields.
    const [natural, end] = await page.evaluate(() => [
      document.querySelector('aside.ref-panel')!.getBoundingClientRect().bottom + scrollY,
      // Where the fields end at the window's foot (the sns commands and topic follow the grid at full width).
      document.querySelector('.ref-grid')!.getBoundingClientRect().bottom + scrollY - innerHeight,
    ]);
    for (const y of [Math.round(natural - 860), end]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await page.waitForTimeout(100);
      const foot = await page.evaluate(() => document.querySelector('aside.ref-panel')!.getBoundingClientRect().bottom);
      // At the window's foot while the fields go on; where the fields end, with them.
      assert.ok(foot <= 900 && foot > (y === end ? 300 : 800), `scrolled to ${y}: the panel's foot in view (${foot})`);
    }
    await page.context().close();
  });
});
