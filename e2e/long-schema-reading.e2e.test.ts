/**
 * Reading a springwolf document's schemas (test/fixtures/springwolf) in Chromium: the sidebar's
 * labels stay in view while its list scrolls, without script; the schemas of a simple value
 * (`java.lang.Integer`, `java.lang.String`) come after the classes, under "Simple types", in the
 * sidebar and on the list; a field's description is set smaller and quieter than its name (a
 * Markdown heading in it no larger), its colour still reading at WCAG AA in both themes.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { accessibilityFindings, buildServeAndBrowse, closeAll, type ServedSite } from './support.ts';

const FIXTURE = resolve(import.meta.dirname, '../test/fixtures/springwolf');
const SCHEMA = 'components/schemas/org.example.logistics.kafka.dtos.discriminator.shipmentbase/';
/** A schema whose fields are described ("Tracking code printed on the label"). */
const PAYLOAD = 'components/schemas/org.example.logistics.kafka.dtos.parcelpayloaddto/';

describe('reading the schemas of a springwolf document', () => {
  let browser: Browser;
  let site: ServedSite;
  before(async () => {
    ({ site, browser } = await buildServeAndBrowse(['logistics-kafka.json', '--allow-invalid'], FIXTURE));
  });
  after(() => closeAll(browser, site));

  for (const width of [1280, 390])
    it(`${width} px, without script: the open section's name and a family's head stay at the top of the sidebar while their list scrolls under them`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 420 }, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${site.base}${SCHEMA}`);
      // On a phone the sidebar is the menu's drawer, in the page: the page scrolls it.
      if (width < 800) await page.click('label.nav-button');
      const head = page.locator('nav.sidebar .nav-head').first();
      assert.match((await head.textContent()) ?? '', /SpringKafkaDefault/);
      // Scroll until the family's third name is at the top: its first two have gone under the labels.
      await page.evaluate((wide) => {
        const nav = document.querySelector('nav.sidebar')!;
        const third = document.querySelectorAll('nav.sidebar .nav-family li')[2]!;
        const by = third.getBoundingClientRect().top - (wide ? nav.getBoundingClientRect().top : 0);
        if (wide) nav.scrollTop += by;
        else window.scrollBy(0, by);
      }, width >= 800);
      const shown = await page.evaluate(() => {
        const nav = document.querySelector('nav.sidebar')!;
        const summary = nav.querySelector('details.section[open] > summary')!;
        const head = nav.querySelector('.nav-head')!;
        const top = Math.max(0, nav.getBoundingClientRect().top);
        const s = summary.getBoundingClientRect();
        const h = head.getBoundingClientRect();
        // What a reader sees at the head's middle: the head itself, painted over the names under it.
        const hit = document.elementFromPoint(h.left + 10, h.top + h.height / 2);
        return {
          summaryAt: s.top - top,
          headBelowSummary: h.top - s.bottom,
          headOnTop: !!hit && head.contains(hit),
          summaryBg: getComputedStyle(summary).backgroundColor,
          headBg: getComputedStyle(head).backgroundColor,
        };
      });
      assert.ok(Math.abs(shown.summaryAt) <= 1, `the section's name at the top: ${JSON.stringify(shown)}`);
      assert.ok(shown.headBelowSummary >= -1 && shown.headBelowSummary <= 4, `the family's head under it: ${JSON.stringify(shown)}`);
      assert.ok(shown.headOnTop, `the family's head over the names: ${JSON.stringify(shown)}`);
      for (const bg of [shown.summaryBg, shown.headBg]) assert.doesNotMatch(bg, /rgba\(0, 0, 0, 0\)|transparent/, 'opaque');
      await context.close();
    });

  it('lists the schemas of a simple value after the classes, under "Simple types", in the sidebar and on the list', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.base}${SCHEMA}`);
    const groups = await page
      .locator('nav.sidebar details.section[open] .nav-group')
      .evaluateAll((groups) =>
        groups.map((g) => ({ label: g.querySelector('.group')?.textContent ?? '', names: [...g.querySelectorAll('a')].map((a) => a.textContent ?? '') })),
      );
    const last = groups[groups.length - 1]!;
    assert.equal(last.label, 'Simple types');
    assert.deepEqual(last.names, ['Integer', 'String']);
    assert.ok(groups.length >= 2 && !groups.slice(0, -1).some((g) => g.names.includes('Integer') || g.names.includes('String')), JSON.stringify(groups));
    await page.goto(`${site.base}components/schemas/`);
    const list = await page
      .locator('main')
      .evaluate((main) =>
        [...main.querySelectorAll('h2, ul.cards > li > a:first-child')].map((e) => (e.tagName === 'H2' ? `## ${e.textContent}` : (e.textContent ?? ''))),
      );
    const heading = list.indexOf('## Simple types');
    assert.ok(heading > 0, list.join(' | '));
    assert.deepEqual(list.slice(heading + 1), ['Integer', 'String'], list.join(' | '));
    assert.ok(list.slice(0, heading).includes('ParcelPayloadDto'), list.join(' | '));
    await page.close();
  });

  it("sets a field's description smaller and quieter than its name, a heading in it no larger than the name", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.base}${PAYLOAD}`);
    const sizes = await page.evaluate(() => {
      const description = document.querySelector('.schema-tree .prop .prop-description')!;
      const name = description.closest('.prop')!.querySelector('.prop-name code')!;
      // A Markdown heading as descriptions hold them (demote-headings.ts), set by the page's stylesheet.
      const heading = document.createElement('p');
      heading.className = 'md-heading';
      heading.textContent = 'Heading';
      description.prepend(heading);
      const muted = getComputedStyle(document.querySelector('.kind')!).color;
      const px = (e: Element) => parseFloat(getComputedStyle(e).fontSize);
      return {
        name: px(name),
        description: px(description),
        heading: px(heading),
        colour: getComputedStyle(description).color,
        muted,
        text: getComputedStyle(document.body).color,
      };
    });
    assert.ok(sizes.description <= sizes.name && sizes.description < 16, JSON.stringify(sizes));
    assert.ok(sizes.heading <= sizes.name, JSON.stringify(sizes));
    assert.equal(sizes.colour, sizes.muted, JSON.stringify(sizes));
    assert.notEqual(sizes.colour, sizes.text);
    await page.close();
  });

  it('reads at WCAG AA in both themes (axe)', async () => {
    assert.deepEqual(await accessibilityFindings(browser, site.base, [PAYLOAD, 'components/schemas/']), []);
  });
});
