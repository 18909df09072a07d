/**
 * Operation pages at the widths readers use: at a desk (1280, 1440, 1920 px) every code sample is
 * read whole, its lines never cut by the code box's edge nor scrolled sideways (the panel gives
 * the samples' 44 columns, and wider samples follow the fields and the panel: sample-width.ts); on a phone
 * (390 px) an operation's first example is shown without a tap (review 15), its reply's examples
 * folded, and no operation page is taller than a bound. Over every operation page of the repository's content and of a portal of
 * the corpus's valid documents.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';
import { tempDir } from '../test/helpers.ts';
import { closeAll, launchChromium, runCli, serveSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');

/**
 * The tallest operation page of the content at 390 px, its folds closed. Measured: 4215 to 5647 px
 * with the examples folded (the tallest, notifycustomersofscans, has five subscriptions: queues, a
 * Lambda function and a webhook with its retry schedule); 4612 to 5714 px before the examples
 * were folded, on the content of that time. The fold itself is checked below; 6000 leaves room
 * for a line or two of content and fails when a page grows by a section.
 */
const PHONE_HEIGHT_BOUND = 6000;

/** The built site's operation pages, as URLs relative to its root. */
const operationPages = (root: string): string[] =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => /(^|\/)operations\/[^/]+\/index\.html$/.test(f))
    .map((f) => f.replace(/index\.html$/, ''))
    .sort();

/**
 * The samples' code boxes whose code runs past their edge, in every language and server tab's panel; a box is excused only where a line is wider than the column itself at its whole width (an
 * address of 130 columns with no place to cut), and then the samples must follow the fields at the column's whole width.
 */
function cutSamples(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut = new Set<string>();
    const pres = [...document.querySelectorAll<HTMLElement>('.code-samples pre')];
    if (pres.length === 0) return [];
    const grid = document.querySelector<HTMLElement>('.ref-grid');
    const main = document.querySelector('.ref-main')!.getBoundingClientRect();
    const after = document.querySelector('.samples-after')?.getBoundingClientRect();
    const measure = (): void => {
      for (const pre of pres) {
        if (pre.clientWidth === 0 || pre.scrollWidth <= pre.clientWidth) continue;
        const style = getComputedStyle(pre);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const column = context.measureText('x'.repeat(100)).width / 100;
        const holds = (pre.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)) / column;
        const widest = Math.max(...pre.textContent!.split('\n').map((l) => [...l.replaceAll('\t', '    ')].length));
        const underFields = after !== undefined && after.top >= main.bottom - 1 && after.width >= main.width - 1;
        if (widest > holds && grid?.dataset.samplesWidth === 'widest' && underFields) continue;
        cut.add(
          `${pre.getAttribute('aria-label')}: ${pre.scrollWidth - pre.clientWidth} px past the edge (${widest} columns, the box holds ${Math.floor(holds)})`,
        );
      }
    };
    // Every tab's panel shown at once, each at the width it has when its tab is picked (a panel
    // takes its box's whole width, whichever is shown): one layout of the page, where picking each
    // server and language tab in turn cost a layout of the whole page per tab.
    const all = document.createElement('style');
    all.textContent = '.code-samples .code-tab-panel { display: block !important; }';
    document.head.append(all);
    measure();
    all.remove();
    return [...cut];
  });
}

describe('operation pages at desk and phone widths', () => {
  const work = tempDir('apidesc-operation-fit-e2e-');
  let content: { server: Server; base: string };
  let portal: { server: Server; base: string } | undefined;
  let contentPages: string[] = [];
  let portalPages: string[] = [];
  let browser: Browser;
  before(async () => {
    const contentSite = await sharedSite(['content'], repo);
    contentPages = operationPages(contentSite);
    content = await serveSite(contentSite);
    if (HAS_CORPUS) {
      mkdirSync(join(work, 'apis'));
      cpSync(join(CORPUS, 'valid'), join(work, 'apis'), { recursive: true });
      assert.equal(await runCli(['build', 'apis', '--out', 'portal', '--cache', 'cache', '--allow-invalid'], work), 0);
      portalPages = operationPages(join(work, 'portal'));
      portal = await serveSite(join(work, 'portal'));
    }
    browser = await launchChromium();
  });
  after(async () => {
    await closeAll(browser, content, portal);
    rmSync(work, { recursive: true, force: true });
  });

  const DESK_WIDTHS = [1280, 1440, 1920];
  it(`${DESK_WIDTHS.join(', ')} px: every code sample of every operation page read whole, nothing cut or scrolled sideways`, async () => {
    assert.ok(HAS_CORPUS, `the corpus is not at ${CORPUS}: set APIDESC_CORPUS`);
    const context = await browser.newContext({ viewport: { width: DESK_WIDTHS[0]!, height: 900 } });
    const page = await context.newPage();
    const cut: string[] = [];
    let withSamples = 0;
    try {
      for (const [base, urls] of [
        [content.base, contentPages],
        [portal!.base, portalPages],
      ] as const)
        for (const url of urls) {
          // Loaded once, read at each width as a window widened is (a load per width loaded every page three times).
          await page.setViewportSize({ width: DESK_WIDTHS[0]!, height: 900 });
          await page.goto(base + url);
          if ((await page.locator('.code-samples pre').count()) > 0) withSamples++;
          for (const width of DESK_WIDTHS) {
            await page.setViewportSize({ width, height: 900 });
            cut.push(...(await cutSamples(page)).map((c) => `${width} px /${url} ${c}`));
            // The examples beside the fields shown, not left in their phone fold.
            const folded = await page
              .locator('aside.ref-panel details.fold-narrow')
              .evaluateAll((folds) => folds.filter((f) => f.querySelector('figure.example')?.checkVisibility() !== true).length);
            assert.equal(folded, 0, `/${url}: the panel's examples are shown at ${width} px`);
          }
        }
    } finally {
      await context.close();
    }
    assert.ok(withSamples >= 40, `the pages hold code samples (${withSamples})`);
    assert.deepEqual(cut, []);
  });

  it(`390 px: the first example shown without a tap, a reply's examples folded under their heading, no operation page of the content over ${PHONE_HEIGHT_BOUND} px`, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const heights: string[] = [];
    let replies = 0;
    try {
      assert.ok(contentPages.length >= 5, `the content's operation pages (${contentPages.length})`);
      for (const url of contentPages) {
        await page.goto(content.base + url);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        if (height > PHONE_HEIGHT_BOUND) heights.push(`/${url}: ${height} px`);
        const first = page.locator('aside.ref-panel figure.example').first();
        if ((await first.count()) === 0) continue;
        assert.equal(await first.isVisible(), true, `/${url}: the first example shown without a tap`);
        const fold = page.locator('aside.ref-panel details.fold-narrow').first();
        if ((await fold.count()) === 0) continue;
        replies++;
        assert.equal(await fold.locator('figure.example').first().isVisible(), false, `/${url}: the reply's examples folded`);
        await fold.locator('summary').click();
        assert.equal(await fold.locator('figure.example').first().isVisible(), true, `/${url}: a tap opens them`);
        assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)) <= 0, `/${url}: nothing sideways once open`);
      }
    } finally {
      await context.close();
    }
    assert.ok(replies >= 1, `a reply's examples read (${replies})`);
    assert.deepEqual(heights, [], 'operation pages taller than the bound on a phone');
  });
});
