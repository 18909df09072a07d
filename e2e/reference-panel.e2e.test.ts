/**
 * The reference panel in Chromium (issue 34, round 3): at desk widths an operation's, a
 * message's and a schema's examples (and an sns publisher's commands) sit in a panel beside the
 * fields, in view while the reader scrolls them, with the schema column still wide enough to read;
 * "On this page" folds to the top until the rail fits beside both. On a phone the panel follows
 * the messages, before the sns subscriptions. Several messages are tabs that work from the keyboard
 * and without JavaScript. No page scrolls sideways; axe-core finds nothing in either theme.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { tempDir } from '../test/helpers.ts';
import { accessibilityFindings, buildSite, closeAll, launchChromium, serveSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');
const RECEIVE = 'operations/receiveordereventsinwarehouse/';
const PUBLISH = 'operations/publishorderevents/';
const MESSAGE = 'components/messages/orderplaced/';
const SCHEMA = 'components/schemas/order/';
/** A schema of shapes with its own example (the springwolf kind), from test/fixtures/reference-panel. */
const SHAPES = 'components/schemas/vehicle/';
/** A message with a generated example holding a long qualified name. */
const COUNTED = 'components/messages/fleetcounted/';
/** A message of two fields whose example is many lines long. */
const ROSTER = 'components/messages/depotroster/';

type Box = { x: number; y: number; width: number; height: number };

describe('the reference panel, read', () => {
  let content: { server: Server; base: string };
  let fleet: { server: Server; base: string };
  let browser: Browser;
  before(async () => {
    const work = tempDir('apidesc-reference-panel-e2e-');
    content = await serveSite(await sharedSite(['content'], repo));
    fleet = await serveSite(await buildSite(['vehicles.yaml'], join(repo, 'test/fixtures/reference-panel'), { work, out: join(work, 'fleet') }));
    browser = await launchChromium();
  });
  after(() => closeAll(browser, content, fleet));

  async function open(url: string, width: number, { base = content.base, javaScriptEnabled = true, height = 800 } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(base + url);
    return page;
  }
  const box = async (page: Page, selector: string): Promise<Box> => {
    const found = await page.locator(selector).first().boundingBox();
    assert.ok(found, `${selector} is shown`);
    return found;
  };
  const sideways = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  for (const width of [1280, 1440, 1920])
    it(`${width} px: the examples beside the fields, the fields legible, nothing sideways`, async () => {
      for (const [url, base, fields] of [
        [RECEIVE, content.base, 'section[aria-labelledby="h-messages"]'],
        [PUBLISH, content.base, 'section[aria-labelledby="h-messages"]'],
        [MESSAGE, content.base, 'section[aria-labelledby="h-payload"]'],
        [SCHEMA, content.base, 'section[aria-labelledby="h-schema"]'],
        [SHAPES, fleet.base, 'section[aria-labelledby="h-schema"]'],
        [COUNTED, fleet.base, 'section[aria-labelledby="h-payload"]'],
      ] as const) {
        const page = await open(url, width, { base });
        const panel = await box(page, 'aside.ref-panel');
        const schema = await box(page, fields);
        assert.ok(panel.x >= schema.x + schema.width, `${url}: the panel (x ${panel.x}) right of the fields (ending at ${schema.x + schema.width})`);
        assert.ok(panel.y < schema.y + schema.height && schema.y < panel.y + panel.height, `${url}: side by side, not one under the other`);
        assert.ok(schema.width >= 500, `${url}: the fields keep ${schema.width} px`);
        assert.ok(panel.width >= 330, `${url}: the panel keeps ${panel.width} px`);
        assert.equal(await sideways(page), 0, `${url}: no sideways scroll`);
        // The panel's commands and examples never wrap a line (a string or a quoted ARN cut in two
        // reads as two): one too long scrolls inside its own box, a named region whose edge is
        // shaded (e2e/code-wrap.e2e.test.ts), never past the panel's edge; other code never scrolls.
        const scrolling = await page
          .locator('aside.ref-panel pre')
          .evaluateAll(
            (pres) => pres.filter((p) => p.scrollWidth > p.clientWidth + 1 && !(p.closest('.code-scrolls') && p.getAttribute('role') === 'region')).length,
          );
        assert.equal(scrolling, 0, `${url}: a code line scrolls sideways in the panel, outside a named region`);
        // "On this page" in view at every desk width (issue 34, round 4): beside both where it fits
        // (1760 px), else a bar of the sections across the top of the column, never folded away.
        if ((await page.locator('nav.toc').count()) > 0) {
          assert.ok(await page.locator('nav.toc').isVisible(), `${url}: "On this page" shown at ${width} px`);
          assert.equal(await page.locator('details.toc-top').isVisible(), false, `${url}: not folded at the top`);
          const rail = await box(page, 'nav.toc');
          if (width >= 1760) assert.ok(rail.x >= panel.x + panel.width, `${url}: the rail right of the panel`);
          else {
            assert.ok(rail.y + rail.height <= schema.y && rail.width >= schema.width, `${url}: a bar across the column, above the fields`);
            // A row of sections, and one of the sub-headings of the section read when the page has any.
            assert.ok(rail.height <= 80, `${url}: the bar is at most two lines (${rail.height} px)`);
          }
        }
        await page.context().close();
      }
    });

  for (const javaScriptEnabled of [true, false])
    it(`1280 and 1440 px${javaScriptEnabled ? '' : ', without JavaScript'}: the sections stay in view as a bar on a long page, the one read marked, the panel below it`, async () => {
      for (const width of [1280, 1440]) {
        const page = await open(RECEIVE, width, { javaScriptEnabled });
        const links = await page.locator('nav.toc > ul > li > a').count();
        assert.ok(links >= 3, `the bar lists the page's sections (${links})`);
        if (!javaScriptEnabled) {
          // Without script the bar wraps rather than hide a section, and scrolls away with the page (round 8).
          const cut = await page.evaluate(() => {
            const list = document.querySelector('nav.toc > ul')!.getBoundingClientRect();
            return [...document.querySelectorAll('nav.toc > ul > li > a')].filter((a) => {
              const r = a.getBoundingClientRect();
              return r.width === 0 || r.left < list.left - 1 || r.right > list.right + 1;
            }).length;
          });
          assert.equal(cut, 0, `${width} px: every section shown whole`);
        }
        for (const y of [1500, 3000]) {
          await page.evaluate((to) => window.scrollTo(0, to), y);
          await page.waitForTimeout(100);
          if (!javaScriptEnabled) continue;
          const bar = await box(page, 'nav.toc');
          const header = await box(page, 'header.site');
          assert.ok(Math.abs(bar.y - (header.y + header.height)) <= 2, `${width} px, scrolled to ${y}: the bar under the header (${bar.y})`);
          assert.ok(bar.height <= 48, `${width} px: one row (${bar.height})`);
          // The panel in view beside the fields: whole below the bar, or (taller than the window) by
          // its foot; past the fields it leaves with them (its bottom at the end of its grid).
          const panel = await box(page, 'aside.ref-panel');
          const grid = await box(page, '.ref-grid');
          const height = page.viewportSize()!.height;
          const leaving = Math.abs(panel.y + panel.height - (grid.y + grid.height)) <= 2;
          assert.ok(
            leaving || panel.y >= bar.y + bar.height || Math.abs(panel.y + panel.height - (height - 16)) <= 2,
            `${width} px: the panel (${panel.y}, ${panel.height} px) below the bar (${bar.y + bar.height}) or its foot in view`,
          );
          const current = page.locator('nav.toc a[aria-current="true"]');
          assert.equal(await current.count(), 1, `${width} px, scrolled to ${y}: one section marked`);
          const shown = (await current.isVisible()) || /toc-has-current/.test((await page.locator('details.toc-menu').getAttribute('class')) ?? '');
          assert.ok(shown, 'the marked section is one the bar shows, or the menu that holds it says so');
        }
        // A link of the bar leads to its section, below the bar (not hidden under it).
        const last = page.locator('nav.toc > ul > li:not(.toc-folded) > a').last();
        const target = decodeURIComponent((await last.getAttribute('href')) ?? '').slice(1);
        await last.click();
        await page.waitForTimeout(200);
        const heading = await page.locator(`[id="${target}"]`).boundingBox();
        const bar = await box(page, 'nav.toc');
        assert.ok(heading && heading.y >= bar.y + bar.height - 1, `${width} px: the section's heading (${heading?.y}) below the bar (${bar.y + bar.height})`);
        await page.context().close();
      }
    });

  it('1280 px: the sub-headings ("Try the filters", "Retries") are in the bar\'s menu; reading one marks its section, the bar one row', async () => {
    const page = await open(RECEIVE, 1280);
    const barHeight = async (): Promise<number> => (await box(page, 'nav.toc')).height;
    const atTop = await barHeight();
    assert.ok(atTop <= 48, `one row (${atTop})`);
    const menu = await page.locator('details.toc-menu a').allTextContents();
    for (const name of ['Order placed', 'Order cancelled', 'Try the filters', 'Retries'])
      assert.ok(menu.includes(name), `the menu lists "${name}" (${menu.join(', ')})`);
    // (Not "Retries": near the foot of the page, where the last section shown is the one marked.)
    // The tester is folded under the subscriptions: opened, as the menu's link to it opens it.
    await page.locator('details.tester-fold > summary').click();
    for (const heading of ['Try the filters']) {
      await page
        .locator('main h3', { hasText: heading })
        .first()
        .evaluate((h) => h.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(150);
      const current = page.locator('nav.toc a[aria-current="true"]');
      assert.ok(await current.isVisible(), `scrolled to "${heading}": its section is marked in the bar`);
      const section = await page
        .locator('main h3', { hasText: heading })
        .first()
        .evaluate((h) => document.querySelector(`nav.toc > ul > li:has(a[href="#${h.id}"]) > a`)?.getAttribute('href'));
      assert.equal(await current.getAttribute('href'), section, `"${heading}": its section marked`);
      const bar = await box(page, 'nav.toc');
      const under = await page.locator('main h3', { hasText: heading }).first().boundingBox();
      assert.ok(under && under.y >= bar.y + bar.height - 1, `"${heading}" below the bar, not under it`);
      assert.equal(await barHeight(), atTop, 'the bar keeps its height as the reader scrolls');
    }
    await page.context().close();
  });

  it("1280 px: on a message's page and a sending operation's, the examples stay in view halfway down the fields; on a phone they follow them", async () => {
    for (const url of [MESSAGE, PUBLISH, 'operations/requeststockcheck/']) {
      const page = await open(url, 1280);
      const fields = await box(page, '.ref-grid > .ref-main');
      assert.ok(fields.height > 1200, `${url}: fields longer than one and a half windows (${fields.height} px)`);
      await page.evaluate((to) => window.scrollTo(0, to), fields.y + fields.height / 2 - 400);
      await page.waitForTimeout(100);
      const panel = await box(page, 'aside.ref-panel');
      const grid = await box(page, '.ref-grid');
      const height = page.viewportSize()!.height;
      const shown = Math.min(panel.y + panel.height, height) - Math.max(panel.y, 0);
      assert.ok(shown > 400, `${url}: ${Math.round(shown)} px of the panel in view (its top at ${panel.y}, ${panel.height} px tall)`);
      assert.ok(panel.y + panel.height <= grid.y + grid.height + 1, `${url}: the panel within its column, never over what follows`);
      await page.context().close();
      const phone = await open(url, 390);
      const position = await phone.locator('aside.ref-panel').evaluate((aside) => getComputedStyle(aside).position);
      assert.equal(position, 'static', `${url}: on a phone the examples scroll with the fields they follow`);
      await phone.context().close();
    }
  });

  it('1280 px: the panel stays in view while the reader scrolls the fields, and leaves the subscriptions the whole width', async () => {
    const page = await open(RECEIVE, 1280);
    // The first message's fields open beside the panel (the page of a receiving sns operation folds the others).
    assert.ok(
      await page
        .locator('details.message-card')
        .first()
        .evaluate((card) => card.hasAttribute('open')),
    );
    const messages = await box(page, 'section[aria-labelledby="h-messages"]');
    for (const y of [800, messages.y + messages.height - 900]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await page.waitForTimeout(100);
      const panel = await box(page, 'aside.ref-panel');
      // Right under the bar of sections when it fits the window; taller, its foot at the window's (round 8: no fold of its own).
      const bar = await box(page, 'nav.toc');
      const height = page.viewportSize()!.height;
      assert.ok(
        (panel.y >= bar.y + bar.height && panel.y < bar.y + bar.height + 24) || Math.abs(panel.y + panel.height - (height - 16)) <= 2,
        `scrolled to ${y}: the panel's top at ${panel.y}, its foot at ${panel.y + panel.height}, the bar's bottom at ${bar.y + bar.height}`,
      );
    }
    // In the subscriptions, the tester and the retries, the panel is gone: nothing there illustrates them.
    await page.locator('#h-sns').evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(100);
    const panel = await box(page, 'aside.ref-panel');
    const sns = await box(page, '#h-sns');
    assert.ok(
      panel.y + panel.height <= sns.y,
      `the panel scrolled away with the fields (its bottom at ${panel.y + panel.height}, the subscriptions' heading at ${sns.y})`,
    );
    await page.context().close();
  });

  it('1280 px: the sections after the fields (sns subscriptions, tester, retries, security) take the whole column, as Stripe keeps two columns only beside code', async () => {
    for (const url of [RECEIVE, PUBLISH]) {
      const page = await open(url, 1280);
      const messages = await box(page, 'section[aria-labelledby="h-messages"]');
      const panel = await box(page, 'aside.ref-panel');
      const column = panel.x + panel.width - messages.x;
      for (const selector of ['section[aria-labelledby="h-sns"]', 'section[aria-labelledby="h-security"]']) {
        const section = await box(page, selector);
        assert.ok(section.width >= column - 2, `${url}: ${selector} is ${section.width} px wide, the column ${column} px`);
        assert.ok(section.width >= 900, `${url}: ${selector} keeps ${section.width} px at 1280 px`);
      }
      if (url === RECEIVE) {
        const tester = await box(page, 'section[aria-labelledby="h-sns"] textarea');
        assert.ok(tester.width >= 400, `the tester's boxes keep ${tester.width} px`);
      }
      await page.context().close();
    }
  });

  it("1280 px: a request and its reply, the reply's examples right after the request's, each at its full height, before the publish commands", async () => {
    // A window of 900 px, as the screenshots take: the generated request's long header values scroll in their box in the panel.
    const page = await open('operations/requeststockcheck/', 1280, { height: 900 });
    await page.evaluate(() => window.scrollTo(0, 600));
    const view = await page.evaluate(() => {
      const top = (el: Element | null | undefined) => el?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY;
      const reply = document.getElementById('h-reply-examples');
      return {
        request: top(document.getElementById('h-examples')),
        reply: top(reply),
        replyCode: top(reply?.parentElement?.querySelector('.code pre')),
        publish: top(document.querySelector('aside.ref-panel .snippet, aside.ref-panel .code-samples')),
        height: innerHeight,
        // The request's part is followed by the reply's, nothing between them.
        next: document.getElementById('h-examples')?.closest('.panel-part')?.nextElementSibling?.getAttribute('aria-labelledby'),
        // Boxes inside the panel that scroll up and down: an example is read whole, the panel alone scrolls.
        innerScrollers: [...document.querySelectorAll('aside.ref-panel *')].filter(
          (e) => e.scrollHeight > e.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY),
        ).length,
      };
    });
    // The page scrolls, not the panel: the reply's example is in view, whole, by the page's scroll (round 8).
    assert.ok(view.reply >= 0 && view.replyCode < view.height, `the reply's example in view: ${JSON.stringify(view)}`);
    assert.equal(view.next, 'h-reply-examples');
    assert.equal(view.innerScrollers, 0, `no example scrolls inside the panel: ${JSON.stringify(view)}`);
    assert.ok(view.reply < view.publish, `the examples before the commands: ${JSON.stringify(view)}`);
    await page.context().close();
  });

  it("1280 px: a message's examples end within its fields' height beside them, or come under the fields when much taller", async () => {
    const measure = (page: Page) =>
      page.evaluate(() => {
        const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
        return { fields: box('.ref-main'), panel: box('.ref-panel') };
      });
    for (const [url, base] of [
      [MESSAGE, content.base],
      [COUNTED, fleet.base],
    ] as const) {
      const page = await open(url, 1280, { base });
      const { fields, panel } = await measure(page);
      assert.ok(panel.left >= fields.right, `${url}: beside`);
      // Beside the fields, no longer than they are by more than a third of a window: no tall blank column under the fields.
      assert.ok(panel.height - fields.height <= 320, `${url}: panel ${panel.height} px, fields ${fields.height} px`);
      await page.context().close();
    }
    // Two fields and a twenty-depot example: the example under the fields, at the column's width.
    const page = await open(ROSTER, 1280, { base: fleet.base });
    const { fields, panel } = await measure(page);
    assert.ok(panel.top >= fields.bottom, `under the fields: panel at ${panel.top}, fields end at ${fields.bottom}`);
    assert.ok(Math.abs(panel.width - fields.width) < 2, `the column's width: ${panel.width} and ${fields.width}`);
    await page.context().close();
  });

  it('390 px: the examples follow the messages, and come before the sns subscriptions', async () => {
    for (const url of [RECEIVE, PUBLISH]) {
      const page = await open(url, 390);
      const messages = await box(page, 'section[aria-labelledby="h-messages"]');
      const panel = await box(page, 'aside.ref-panel');
      const sns = await box(page, 'section[aria-labelledby="h-sns"]');
      assert.ok(panel.y >= messages.y + messages.height && panel.y + panel.height <= sns.y, `${url}: ${messages.y + messages.height} ≤ ${panel.y} < ${sns.y}`);
      assert.ok(Math.abs(panel.width - messages.width) < 2, `${url}: the panel takes the column's width`);
      assert.equal(await sideways(page), 0, `${url}: no sideways scroll`);
      await page.context().close();
    }
  });

  it("several messages are tabs: the keyboard and, without JavaScript, a click choose the message's example", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await open(PUBLISH, 1280, { javaScriptEnabled });
      const shown = (): Promise<string[]> =>
        page
          .locator('aside.ref-panel .panel-part .panel-tab')
          .evaluateAll((tabs) => tabs.filter((t) => (t as HTMLElement).offsetParent !== null).map((t) => t.getAttribute('aria-label') ?? ''));
      assert.deepEqual(await shown(), ['Order placed']);
      const group = page.getByRole('complementary', { name: 'Examples of Publish order events' }).getByRole('group', { name: 'Message', exact: true });
      assert.equal(await group.getByRole('radio').count(), 2);
      if (javaScriptEnabled) {
        await group.getByRole('radio', { name: 'Order placed' }).focus();
        await page.keyboard.press('ArrowRight');
      } else await page.locator('aside.ref-panel .panel-part .panel-tab-list label', { hasText: 'Order cancelled' }).click();
      assert.deepEqual(await shown(), ['Order cancelled']);
      await page.context().close();
    }
  });

  // Of the pages read here, the default content's pages are checked with axe once, in e2e/site.e2e.test.ts (the same shared site).
  it('has no accessibility finding in either theme, on a schema of several shapes', async () => {
    assert.deepEqual(await accessibilityFindings(browser, fleet.base, [SHAPES]), []);
  });
});
