/**
 * An sns channel's fan-out, read in Chromium at 1280 and 390 px (issue 34, round 6): its text is
 * at least 13 px as shown (a drawing wider than its column was shrunk to about 10 px), nothing is
 * cut with "…" (captions and ARNs wrap instead), and each box's <title> names it whole. A topic
 * of three subscriptions is drawn spread out at 1280 px; one of seven, too wide for the column,
 * shows its outline first and the spread drawing under "Full size", scrolling in its box.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';
import { closeAll, launchChromium, serveSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');
const FIGURE = 'figure:has(#dg-fan-out-title)';

/** The fan-out's visible text as shown: each line's words and its size in CSS pixels on the page. */
function shownText(page: Page): Promise<{ text: string; px: number }[]> {
  return page.locator(FIGURE).evaluate((figure) =>
    [...figure.querySelectorAll('svg.diagram')]
      .filter((svg) => svg.getBoundingClientRect().width > 0)
      .flatMap((svg) => {
        const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
        return [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent ?? '', px: parseFloat(getComputedStyle(t).fontSize) * scale }));
      }),
  );
}

if (HAS_CORPUS)
  describe('the sns fan-out drawing, read at 1280 and 390 px', () => {
    let browser: Browser;
    const sites: { server: Server; base: string }[] = [];
    before(async () => {
      const content = await sharedSite(['content'], repo);
      // A topic with seven subscriptions (SQS, HTTPS, e-mail, SMS, Lambda…), listed by its publishing operation.
      const producer = await sharedSite(['bindings-sns-sqs-pubsub-producer.yaml'], join(CORPUS, 'valid'));
      sites.push(await serveSite(content), await serveSite(producer));
      browser = await launchChromium();
    });
    after(() => closeAll(browser, ...sites));

    const open = async (base: string, url: string, width: number): Promise<Page> => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(base + url);
      return page;
    };

    for (const [name, site, url] of [
      ['three subscriptions (default content, a FIFO topic)', 0, 'channels/orderevents/'],
      ['five subscriptions (default content, a standard topic)', 0, 'channels/shipmenttracking/'],
      ['seven subscriptions (corpus producer)', 1, 'channels/usersignedup/'],
    ] as const)
      it(`${name}: text of 13 px or more as shown, nothing cut, every box named whole in its title`, async () => {
        for (const width of [1280, 390]) {
          const page = await open(sites[site]!.base, url, width);
          // A phone folds the narrower drawing under the table: opened, as a reader does, to read it.
          await page.locator(`${FIGURE} details.dg-narrow-fold`).evaluateAll((folds) => {
            for (const d of folds) (d as HTMLDetailsElement).open = true;
          });
          const texts = await shownText(page);
          assert.ok(texts.length > 10, `${width}: ${JSON.stringify(texts)}`);
          const small = texts.filter((t) => t.px < 13 - 0.01);
          assert.deepEqual(small, [], `${width}: text under 13 px`);
          const cut = texts.filter((t) => t.text.endsWith('…'));
          assert.deepEqual(cut, [], `${width}: text cut`);
          // The box's <title> (its tooltip and its link's name) holds each line the box shows, whole.
          const boxes = await page
            .locator(FIGURE)
            .locator('svg.diagram:visible a.dg-node')
            .evaluateAll((links) =>
              links.map((a) => ({
                title: a.querySelector('title')?.textContent ?? '',
                lines: [...a.querySelectorAll('text')].map((t) => t.textContent ?? ''),
              })),
            );
          const bare = (text: string) => text.replace(/\s/g, '');
          for (const box of boxes) for (const line of box.lines) assert.ok(bare(box.title).includes(bare(line)), JSON.stringify(box));
          // Nothing of the page scrolls sideways.
          assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${width}: the page scrolls sideways`);
          await page.close();
        }
      });

    it('spreads three subscriptions out at 1280 px; seven, where the column is too narrow for them, show their outline first and the spread drawing under "Full size", and spread out where it has room', async () => {
      const three = await open(sites[0]!.base, 'channels/orderevents/', 1280);
      assert.ok(await three.locator(`${FIGURE} .dg-wide svg`).isVisible(), 'the spread drawing');
      assert.equal(await three.locator(`${FIGURE} .dg-narrow svg`).isVisible(), false, 'not the outline');
      await three.close();
      // At 1280 px the column has room for the seven spread out (about 860 px): shown whole, no outline, no "Full size".
      const roomy = await open(sites[1]!.base, 'channels/usersignedup/', 1280);
      const whole = roomy.locator(FIGURE);
      const fits = await whole.evaluate((f) => f.getBoundingClientRect().width >= (f.querySelector('.dg-wide svg')?.getBoundingClientRect().width ?? Infinity));
      assert.ok(fits, 'the column is as wide as the drawing');
      assert.ok(await whole.locator('.dg-wide svg').isVisible(), 'the spread drawing where it fits');
      assert.equal(await whole.locator('.dg-narrow svg').isVisible(), false);
      assert.equal(await whole.getByLabel('Full size').isVisible(), false);
      await roomy.close();
      const seven = await open(sites[1]!.base, 'channels/usersignedup/', 1024);
      const figure = seven.locator(FIGURE);
      assert.ok(await figure.locator('.dg-narrow svg').isVisible(), 'the outline first');
      assert.equal(await figure.locator('.dg-wide svg').isVisible(), false);
      await figure.getByLabel('Full size').check();
      assert.ok(await figure.locator('.dg-wide svg').isVisible(), 'the spread drawing under "Full size"');
      const texts = await shownText(seven);
      assert.deepEqual(
        texts.filter((t) => t.px < 12 - 0.01),
        [],
        'at its own size, scrolling in its box',
      );
      await seven.close();
    });

    it('on a phone, the table comes first and the drawing is folded under it; on a desk the drawing leads, open (review 13)', async () => {
      for (const width of [390, 1280]) {
        const page = await open(sites[0]!.base, 'channels/orderevents/', width);
        const figureTop = await page.locator(FIGURE).evaluate((e) => e.getBoundingClientRect().top);
        const tableTop = await page.locator('table.subscription-lines').evaluate((e) => e.getBoundingClientRect().top);
        const fold = page.locator(`${FIGURE} details.dg-narrow-fold`);
        if (width === 390) {
          assert.ok(tableTop < figureTop, 'the table before the drawing');
          assert.ok(await fold.isVisible());
          assert.equal(await fold.evaluate((d) => (d as HTMLDetailsElement).open), false, 'folded');
          assert.ok(
            !(await page.locator(`${FIGURE} svg.diagram`).first().isVisible()) && !(await fold.locator('svg.diagram').isVisible()),
            'no drawing shown until opened',
          );
          // No script: the summary opens it, the outline's boxes at their size.
          await fold.locator('summary').click();
          assert.ok(await fold.locator('svg.diagram').isVisible());
        } else {
          assert.ok(figureTop < tableTop, 'the drawing before the table');
          assert.equal(await fold.isVisible(), false);
          assert.ok(await page.locator(`${FIGURE} .dg-wide svg.diagram`).isVisible());
        }
        await page.close();
      }
    });
  });
