/**
 * One layout across page kinds, read in Chromium at 1280 and 390 px: "On this page" placed by one
 * rule on every kind (a bar over the column at a desk's width, a rail beside it on a wide screen,
 * folded under the title on a phone); the examples panel kept in view beside the fields whether or
 * not it holds code samples; and on a phone nothing of the page's shell cut (the 404 page's name,
 * the sns tester's "Start from"), a portal's first cards on its first screen.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';
import { CATALOG_PORTAL } from '../test/portal-catalog-fixture.ts';
import { tempDir } from '../test/helpers.ts';
import { closeAll, launchChromium, runCli, type ServedSite, serveSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');
/** One page of each kind of the default site that has "On this page". */
const KINDS = {
  overview: '',
  operation: 'operations/requeststockcheck/',
  message: 'components/messages/orderplaced/',
  schema: 'components/schemas/order/',
  server: 'servers/production/',
  channel: 'channels/orderevents/',
  guide: 'guides/getting-started/',
};

describe('one layout across page kinds', () => {
  let browser: Browser;
  let content: ServedSite;
  let slack: ServedSite | undefined;
  let portal: ServedSite;
  before(async () => {
    const work = tempDir('apidesc-page-layout-e2e-');
    content = await serveSite(await sharedSite(['content'], repo));
    // An operation whose fields are twice as tall as its panel of examples and code samples.
    if (HAS_CORPUS) slack = await serveSite(await sharedSite(['spec-slack-rtm.yaml'], join(CORPUS, 'valid')));
    const apis = join(work, 'portal');
    for (const [path, text] of Object.entries(CATALOG_PORTAL)) {
      mkdirSync(dirname(join(apis, path)), { recursive: true });
      writeFileSync(join(apis, path), text);
    }
    assert.equal(await runCli(['build', 'apis', '--out', 'site', '--cache', 'cache'], apis), 0);
    portal = await serveSite(join(apis, 'site'));
    browser = await launchChromium();
  });
  after(() => closeAll(browser, content, portal, ...(slack ? [slack] : [])));

  async function open(base: string, url: string, width: number, { height = 844, javaScriptEnabled = true } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(base + url);
    return page;
  }

  for (const [width, placement] of [
    [1280, 'bar'],
    [1440, 'bar'],
    [1800, 'rail'],
    [390, 'fold'],
  ] as const)
    it(`${width} px: "On this page" is a ${placement} on every page kind`, async () => {
      const seen: Record<string, string> = {};
      for (const [kind, url] of Object.entries(KINDS)) {
        const page = await open(content.base, url, width);
        const where = await page.evaluate(() => {
          const box = (selector: string) => {
            const element = document.querySelector(selector);
            const r = element?.getBoundingClientRect();
            return r && r.width > 0 ? r : undefined;
          };
          const rail = box('nav.toc');
          const fold = box('details.toc-top');
          const article = box('main article')!;
          const title = box('main article h1')!;
          if (rail && !fold && rail.bottom <= article.top + 1 && rail.width >= article.width - 1) return 'bar';
          if (rail && !fold && rail.left >= article.right - 1 && rail.top < title.bottom) return 'rail';
          if (fold && !rail && fold.top >= title.bottom - 1) return 'fold';
          return `none of them (rail ${JSON.stringify(rail)}, fold ${JSON.stringify(fold)}, title ${JSON.stringify(title)})`;
        });
        seen[kind] = where;
        await page.context().close();
      }
      assert.deepEqual(seen, Object.fromEntries(Object.keys(KINDS).map((k) => [k, placement])));
    });

  if (HAS_CORPUS)
    it('1280 px: a panel with code samples is kept in view beside the fields to their end, as one without them is', async () => {
      const page = await open(slack!.base, 'operations/sendmessages/', 1280, { height: 700 });
      assert.ok((await page.locator('.ref-panel .code-samples').count()) > 0, 'the samples are in the panel');
      const fields = await page.locator('.ref-main').boundingBox();
      const panel = await page.locator('aside.ref-panel').boundingBox();
      assert.ok(fields && panel && panel.x >= fields.x + fields.width - 1, 'the panel beside the fields');
      assert.ok(fields.height > panel.height + 700, `fields much taller than the panel (${fields.height} and ${panel.height} px)`);
      // The fields' last screen in the window: the panel beside it still shows.
      await page.evaluate((y) => window.scrollTo(0, y), fields.y + fields.height - 600);
      await page.waitForTimeout(200);
      const shown = await page.locator('aside.ref-panel').evaluate((p) => {
        const r = p.getBoundingClientRect();
        return Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
      });
      assert.ok(shown > 300, `the panel in view beside the fields' end: ${shown} px of it shown`);
      await page.context().close();
    });

  it("390 px: a page without the header's search box (the 404 page) keeps its header to one row: menu, the name (cut, whole in its tooltip) and the theme toggle", async () => {
    const page = await open(content.base, '404.html', 390);
    const rows = await page.locator('header.site').evaluate((header) => {
      const parts = ['.nav-button', '.brand', '.theme'].map((s) => header.querySelector(s)!.getBoundingClientRect());
      return { tops: parts.map((r) => Math.round(r.top + r.height / 2)), height: header.getBoundingClientRect().height };
    });
    const [menu, name, theme] = rows.tops as [number, number, number];
    assert.ok(Math.abs(menu - name) <= 4 && Math.abs(theme - name) <= 4, `one row: ${JSON.stringify(rows)}`);
    assert.equal(await page.locator('header.site .api').getAttribute('title'), 'Order Fulfilment Events');
    await page.context().close();
  });

  it("390 px: the API's name shows whole beside the theme's icon button, which is named, says whether it is on and works from the keyboard", async () => {
    const cuts: string[] = [];
    for (const url of ['', 'components/messages/orderplaced/', 'search/', '404.html']) {
      const page = await open(content.base, url, 390);
      const cut = await page.locator('header.site .api .header-name').evaluate((n) => n.scrollWidth - n.clientWidth);
      if (cut > 0) cuts.push(`${url || 'overview'}: ${cut} px`);
      const theme = page.getByRole('button', { name: 'Dark theme', exact: true });
      assert.equal(await theme.count(), 1, `${url || 'overview'}: one button named "Dark theme"`);
      const before = await theme.getAttribute('aria-pressed');
      assert.ok(before === 'true' || before === 'false', `aria-pressed says whether the dark theme is on (${before})`);
      await theme.focus();
      await page.keyboard.press('Enter');
      assert.equal(await theme.getAttribute('aria-pressed'), before === 'true' ? 'false' : 'true', 'Enter turns it over');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), before === 'true' ? 'light' : 'dark');
      await page.context().close();
    }
    assert.deepEqual(cuts, [], "the API's name cut with …");
  });

  for (const width of [390, 320])
    it(`${width} px: the sns tester's "Start from" shows the example's name whole`, async () => {
      const page = await open(content.base, 'operations/receiveordereventsinwarehouse/', width);
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details:has([data-sns-tester])')) (d as HTMLDetailsElement).open = true;
      });
      const select = page.locator('select[data-tester-example]').first();
      await select.waitFor({ state: 'visible' });
      const fit = await select.evaluate((s: HTMLSelectElement) => {
        const style = getComputedStyle(s);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = s.selectedOptions[0]!.text;
        const room = s.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        // Lines of text the box shows: its height over a line's (about 1.2 times the font's size).
        const lines = Math.floor(
          (s.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom)) / (Number.parseFloat(style.fontSize) * 1.15),
        );
        return { text, width: context.measureText(text).width, room, lines, right: s.getBoundingClientRect().right, page: innerWidth };
      });
      assert.ok(fit.right <= fit.page, `inside the page: ${JSON.stringify(fit)}`);
      // Lines the text needs in the box (a few pixels spare for the arrow): all of them shown.
      assert.ok(fit.lines >= Math.ceil(fit.width / (fit.room - 24)), `"${fit.text}" shown whole: ${JSON.stringify(fit)}`);
      await page.context().close();
    });

  it("390 px: a portal's filters fold under one line, the first cards on the first screen; open, they filter without script", async () => {
    const page = await open(portal.base, '', 390, { javaScriptEnabled: false });
    const filters = await page.locator('nav.catalog-filters').boundingBox();
    assert.ok(filters && filters.height <= 60, `the filters take one line: ${filters?.height} px`);
    const card = await page.locator('ul.api-cards > li').first().boundingBox();
    assert.ok(card && card.y + 120 <= 844, `the first card on the first screen: at ${card?.y} px`);
    await page.locator('nav.catalog-filters summary').click();
    const chip = page.locator('nav.catalog-filters a.chip.protocol').first();
    await chip.click();
    const shown = await page.locator('ul.api-cards > li').evaluateAll((cards) => cards.filter((c) => c.getBoundingClientRect().height > 0).length);
    const all = await page.locator('ul.api-cards > li').count();
    assert.ok(shown > 0 && shown < all, `the chip filters the cards: ${shown} of ${all}`);
    await page.context().close();
    const desk = await open(portal.base, '', 1280);
    assert.ok(await desk.locator('nav.catalog-filters a.chip.protocol').first().isVisible(), 'at a desk the chips show at once');
    assert.equal(await desk.locator('nav.catalog-filters summary').isVisible(), false);
    await desk.context().close();
  });
});
