/**
 * Code that runs past its box on a phone says so in words (review 18, defect 5): the commands
 * (`aws sns subscribe`, `aws sns publish`, which never wrap: code-wrap.e2e.test.ts) and a filter
 * policy written on one line scroll sideways in their box, and at 390 px a line under each box
 * whose code runs on tells the reader to swipe it, where the shaded edge alone read as code cut
 * off. A box whose code fits has no such line, and at 1280 px the layout is as it was: no line
 * under any box. Read on the default content's sns pages, with and without script.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { closeAll, serveAndBrowse, type ServedSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');
/** The receiving operation (its subscription's command, the publish commands in its panel) and the publishing one (its filters on one line). */
const PAGES = ['operations/receiveordereventsinwarehouse/', 'operations/publishorderevents/'];

interface Box {
  kind: 'command' | 'filter';
  /** The start of its code, to name it in a failure. */
  code: string;
  runsOn: boolean;
  /** The words under it, as generated content ('' when none is drawn). */
  cue: string;
  /** How tall the line under it is drawn, in px. */
  cueHeight: number;
}

/** Each command box and one-line filter shown on the page, folds opened: whether its code runs past its box, and the line under it. */
async function boxes(page: Page): Promise<Box[]> {
  await page.evaluate(() => {
    for (const details of document.querySelectorAll('main details')) (details as HTMLDetailsElement).open = true;
  });
  // The boxes' scroll timelines take the opened folds' layout at the next frames (with or without script).
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const shown = (e: Element): boolean => e.getClientRects().length > 0;
    const cueOf = (holder: Element): string => {
      const style = getComputedStyle(holder, '::after');
      return style.content === 'none' || style.content === 'normal' || style.maxHeight === '0px' ? '' : style.content;
    };
    const commands = [...document.querySelectorAll('main .code-scrolls')].filter(shown).map((wrapper) => {
      const pre = wrapper.querySelector('pre')!;
      return {
        kind: 'command' as const,
        code: pre.textContent!.slice(0, 40),
        runsOn: pre.scrollWidth > pre.clientWidth + 1,
        cue: cueOf(wrapper),
        // The wrapper holds the box and the line under it, nothing else.
        cueHeight: wrapper.getBoundingClientRect().height - pre.getBoundingClientRect().height,
      };
    });
    const filters = [...document.querySelectorAll('main .snippet-reaches code[data-filter-scope]')].filter(shown).map((code) => {
      const item = code.closest('li')!;
      const before = item.getBoundingClientRect().height;
      // The line's height: the item's, less the item's without it.
      const style = document.createElement('style');
      style.textContent = '.snippet-reaches li::after { content: none !important; }';
      document.head.append(style);
      const without = item.getBoundingClientRect().height;
      style.remove();
      return {
        kind: 'filter' as const,
        code: code.textContent!.slice(0, 40),
        runsOn: code.scrollWidth > code.clientWidth + 1,
        cue: cueOf(item),
        cueHeight: before - without,
      };
    });
    return [...commands, ...filters];
  });
}

describe('code that runs past its box on a phone', () => {
  let site: ServedSite;
  let browser: Browser;
  before(async () => {
    ({ site, browser } = await serveAndBrowse(await sharedSite(['content'], repo)));
  });
  after(() => closeAll(browser, site));

  for (const javaScriptEnabled of [false, true])
    it(`390 px${javaScriptEnabled ? '' : ', without script'}: a line under each box whose code runs on says to swipe it; none under a box that fits`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
      try {
        const seen = { command: 0, filter: 0, fits: 0 };
        for (const url of PAGES) {
          const page = await context.newPage();
          await page.goto(site.base + url);
          for (const box of await boxes(page)) {
            if (box.runsOn) {
              seen[box.kind] += 1;
              assert.match(box.cue, /^"Swipe sideways for the rest of the (lines|filter) →" \/ ""$/, `${url}: ${box.kind} ${box.code}: the line under it`);
              assert.ok(box.cueHeight >= 12, `${url}: ${box.kind} ${box.code}: the line under it is drawn (${box.cueHeight} px)`);
            } else {
              seen.fits += 1;
              assert.equal(box.cue, '', `${url}: ${box.kind} ${box.code} fits: no line under it`);
              assert.ok(box.cueHeight < 1, `${url}: ${box.kind} ${box.code} fits: nothing drawn under it (${box.cueHeight} px)`);
            }
          }
          await page.close();
        }
        // Real boxes of each kind run on at this width (ARNs, a nested filter), and some fit.
        assert.ok(seen.command >= 2 && seen.filter >= 1 && seen.fits >= 1, JSON.stringify(seen));
      } finally {
        await context.close();
      }
    });

  it('1280 px: no line under any box, the layout as it was', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      let count = 0;
      for (const url of PAGES) {
        const page = await context.newPage();
        await page.goto(site.base + url);
        for (const box of await boxes(page)) {
          count += 1;
          assert.equal(box.cue, '', `${url}: ${box.kind} ${box.code}`);
          assert.ok(Math.abs(box.cueHeight) < 1, `${url}: ${box.kind} ${box.code}: nothing under it (${box.cueHeight} px)`);
        }
        await page.close();
      }
      assert.ok(count >= 3, `${count} boxes`);
    } finally {
      await context.close();
    }
  });
});
