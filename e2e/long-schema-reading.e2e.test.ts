/**
 * Reading a springwolf document's schemas (test/fixtures/springwolf) in Chromium: the sidebar's
 * labels stay in view while its list scrolls, without script; the schemas of a simple value
 * (`java.lang.Integer`, `java.lang.String`) come after the classes, under "Simple types", in the
 * sidebar and on the list; a family's members read as such (a lead before each name), and its
 * stuck labels cover nothing while the list scrolls; a field's description is set smaller and quieter than its name (a
 * Markdown heading in it no larger), its colour still reading at WCAG AA in both themes.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { accessibilityFindings, closeAll, serveAndBrowse, type ServedSite, sharedSite } from './support.ts';

const FIXTURE = resolve(import.meta.dirname, '../test/fixtures/springwolf');
const SCHEMA = 'components/schemas/org.example.logistics.kafka.dtos.discriminator.shipmentbase/';
/** A schema whose fields are described ("Tracking code printed on the label"). */
const PAYLOAD = 'components/schemas/org.example.logistics.kafka.dtos.parcelpayloaddto/';

describe('reading the schemas of a springwolf document', () => {
  let browser: Browser;
  let site: ServedSite;
  before(async () => {
    ({ site, browser } = await serveAndBrowse(await sharedSite(['logistics-kafka.json', '--allow-invalid'], FIXTURE)));
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

  for (const width of [1280, 390])
    it(`${width} px: a family's member reads as one (its head's lead before its name), never as a name listed alone; no two entries read alike`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 700 } });
      await page.goto(`${site.base}${SCHEMA}`);
      if (width < 800) await page.click('label.nav-button');
      const entries = await page.locator('nav.sidebar details.section[open] a').evaluateAll((links) => {
        // The text of a lead's ::before ("…" attr(data-lead) / ""), its alternative text aside.
        const drawn = (a: Element): string => {
          const lead = a.querySelector('.nav-lead');
          if (!lead) return '';
          const content = getComputedStyle(lead, '::before').content.split(' / ')[0]!;
          return [...content.matchAll(/"([^"]*)"|attr\(data-lead\)/g)]
            .map((m) => m[1] ?? lead.getAttribute('data-lead') ?? '')
            .join('')
            .replace(/\u2060/g, '');
        };
        return links.map((a) => ({
          // What a reader sees: the lead the page draws ("…Headers-"), then the link's text.
          shown: `${drawn(a)}${(a as HTMLElement).innerText}`.replace(/\s+/g, ' ').trim(),
          name: a.getAttribute('aria-label') ?? a.textContent ?? '',
          member: !!a.closest('.nav-family'),
          lead: drawn(a),
          text: (a as HTMLElement).innerText.trim(),
        }));
      });
      const said = JSON.stringify(entries.map((e) => e.shown));
      // springwolf's headers of ShipmentBase and the class ShipmentBase, both in the list.
      const shipments = entries.filter((e) => e.name.endsWith('ShipmentBase'));
      assert.equal(shipments.length, 2, said);
      const seen = new Set<string>();
      for (const e of entries) {
        assert.ok(!seen.has(e.shown), `"${e.shown}" twice: ${said}`);
        seen.add(e.shown);
        if (!e.member) continue;
        // "…Headers-": a short end of the head, drawn; the link's text the rest of the name, a part of its name (label in name).
        assert.match(e.lead, /^\u2026\S{2,12}[-.]$/, `a short lead ending at its head's separator: ${JSON.stringify(e)}`);
        assert.ok(e.name.endsWith(`${e.lead.slice(1)}${e.text}`), JSON.stringify(e));
      }
      const leadAlone = await page.locator('nav.sidebar .nav-family a').evaluateAll((links) =>
        links
          .filter((a) => {
            // The lead drawn, on one line ("…" never alone on a line above "Headers-").
            const lead = a.querySelector('.nav-lead')!;
            return lead.getBoundingClientRect().width === 0 || lead.getClientRects().length > 1;
          })
          .map((a) => a.getAttribute('aria-label')),
      );
      assert.deepEqual(leadAlone, [], 'a lead undrawn or broken across lines');
      await page.close();
    });

  for (const width of [1280, 390])
    it(`${width} px: while the list scrolls, each stuck label keeps to one line and covers neither another label nor an entry below the labels`, async () => {
      // Short, as a laptop with its browser's bars: the sidebar scrolls past the family's head.
      const page = await browser.newPage({ viewport: { width, height: 320 } });
      await page.goto(`${site.base}${SCHEMA}`);
      if (width < 800) await page.click('label.nav-button');
      const problems = await page.evaluate(async (wide) => {
        const nav = document.querySelector('nav.sidebar')!;
        const found: string[] = [];
        // How often the family's head was stuck: the scroll went past it.
        let headStuck = 0;
        const labels = [...nav.querySelectorAll<HTMLElement>('details.section[open] > summary, .group, .nav-head')];
        const links = [...nav.querySelectorAll<HTMLElement>('details.section[open] .nav-group a')];
        const end = wide ? nav.scrollHeight : document.documentElement.scrollHeight;
        for (let at = 0; at < end; at += 23) {
          if (wide) nav.scrollTop = at;
          else window.scrollTo(0, at);
          await new Promise(requestAnimationFrame);
          const top = wide ? nav.getBoundingClientRect().top : 0;
          // Offsets count from the scrolling box's content edge (inside the sidebar's padding on wide screens).
          const edge = top + (wide ? parseFloat(getComputedStyle(nav).paddingTop) : 0);
          // A label is stuck where it sits at its sticky offset.
          const stuck = labels.filter(
            (l) => Math.abs(l.getBoundingClientRect().top - (edge + parseFloat(getComputedStyle(l).top))) < 1 && l.getBoundingClientRect().height > 0,
          );
          if (stuck.some((l) => l.matches('.nav-head'))) headStuck++;
          let bottom = top;
          for (const l of stuck) {
            const r = l.getBoundingClientRect();
            const line = parseFloat(getComputedStyle(l).lineHeight) || parseFloat(getComputedStyle(l).fontSize) * 1.4;
            if (r.height > line * 1.6 + 10) found.push(`${l.textContent} two lines (${r.height} px) at ${at}`);
            const hit = document.elementFromPoint(r.left + 8, r.top + r.height / 2);
            if (hit && !l.contains(hit)) found.push(`${l.textContent} covered by ${hit.textContent} at ${at}`);
            bottom = Math.max(bottom, r.bottom);
          }
          for (const a of links) {
            const r = a.getBoundingClientRect();
            if (r.top < bottom - 0.5 || r.bottom > innerHeight) continue;
            const hit = document.elementFromPoint(r.left + 12, r.top + Math.min(r.height / 2, 10));
            if (!hit || !a.contains(hit)) found.push(`${a.getAttribute('aria-label') ?? a.textContent} covered by ${hit?.textContent} at ${at}`);
          }
        }
        return { found: [...new Set(found)], headStuck };
      }, width >= 800);
      assert.ok(problems.headStuck >= 5, `the family's head stuck while its list scrolled: ${problems.headStuck} times`);
      assert.deepEqual(problems.found, []);
      await page.close();
    });

  it("1280 px: a family's head and a group's label read whole in the sidebar, none cut with a '…' (review 15: 'SpringKafkaDefaultHead…')", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.base}${SCHEMA}`);
    const labels = await page
      .locator('nav.sidebar details.section[open] :is(.group, .nav-head)')
      .evaluateAll((ls) => ls.filter((l) => l.getClientRects().length > 0).map((l) => ({ text: l.textContent, cut: l.scrollWidth > l.clientWidth })));
    assert.ok(
      labels.some((l) => l.text === 'SpringKafkaDefaultHeaders-'),
      JSON.stringify(labels),
    );
    assert.deepEqual(
      labels.filter((l) => l.cut),
      [],
    );
    await page.close();
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
