/**
 * A schema page of a springwolf document (test/fixtures/springwolf): Java class names wrap only
 * between their words (after a dot, between camelCase words), never inside one; the document's
 * own example, which its schema rejects, wraps its long strings (a `__TypeId__` header's class
 * name) the same way and copies as written; the panel opens on the example its message's page shows,
 * made from the schema, and the document's example of springwolf's placeholders (`0` where the
 * minimum is 1) follows, what is wrong said quietly and folded under it.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { accessibilityFindings, closeAll, serveAndBrowse, type ServedSite, sharedSite } from './support.ts';

const FIXTURE = resolve(import.meta.dirname, '../test/fixtures/springwolf');
const PAGE = 'components/schemas/org.example.logistics.kafka.dtos.discriminator.shipmentbase/';
/** Pages whose text names Java classes: the schema, a message with a rejected example, an operation, a list. */
const PAGES = [
  PAGE,
  'components/messages/org.example.logistics.kafka.dtos.customs.customsdeclarationdto/',
  'operations/multi-payload-topic_receive_receivecustomsdeclaration/',
  'components/schemas/',
];

describe('a springwolf schema page', () => {
  let browser: Browser;
  let site: ServedSite;
  before(async () => {
    ({ site, browser } = await serveAndBrowse(await sharedSite(['logistics-kafka.json', '--allow-invalid'], FIXTURE)));
  });
  after(() => closeAll(browser, site));

  for (const width of [1280, 390]) {
    it(`${width} px: no line ends inside a word of the pages' text, nor of their example blocks`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const broken: string[] = [];
      for (const url of PAGES) {
        await page.goto(`${site.base}${url}`);
        await page.evaluate(() => {
          for (const d of document.querySelectorAll('main details')) (d as HTMLDetailsElement).open = true;
        });
        const found = await page.evaluate(() => {
          const found: string[] = [];
          const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            // A code block scrolled past its edge (a long word with no place to wrap) is not a wrap.
            const text = node.textContent ?? '';
            let lastTop: number | undefined;
            for (let i = 0; i < text.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              if (!rect || rect.width === 0) continue;
              const top = Math.round(rect.top);
              // A new line between two letters of one word, not at a camelCase boundary.
              if (
                lastTop !== undefined &&
                top > lastTop + 2 &&
                /[\p{L}\p{N}]/u.test(text[i - 1]!) &&
                /[\p{L}\p{N}]/u.test(text[i]!) &&
                !(/[a-z0-9]/.test(text[i - 1]!) && /[A-Z]/.test(text[i]!))
              )
                found.push(`${text.slice(Math.max(0, i - 12), i)}|${text.slice(i, i + 12)}`);
              lastTop = top;
            }
          }
          return found;
        });
        broken.push(...found.map((f) => `${url}: ${f}`));
      }
      assert.deepEqual(broken, []);
      await page.close();
    });
  }

  for (const width of [1280, 390])
    it(`${width} px: the sidebar's long class names (SpringKafkaDefaultHeaders-…) show whole, each line ending between their words`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${site.base}components/schemas/springkafkadefaultheaders-shippinglabeldto-1309245871/`);
      // On a phone the sidebar is the menu's drawer.
      if (width < 800) await page.locator('label.nav-button').click();
      const { clipped, broken, names } = await page.evaluate(() => {
        const clipped: string[] = [];
        const broken: string[] = [];
        const parts = [...document.querySelectorAll('nav.sidebar details.section[open] :is(a, .nav-head)')];
        for (const part of parts) {
          // A name is never cut at the edge (a family's stuck label keeps to one line, its whole text its tooltip: site.css).
          if (part.tagName === 'A' && part.scrollWidth > part.clientWidth + 1) clipped.push(part.textContent ?? '');
          const text = [...part.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE);
          const chars: { c: string; top: number }[] = [];
          for (const node of text as Text[])
            for (let i = 0; i < node.data.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              if (rect && rect.width > 0) chars.push({ c: node.data[i]!, top: Math.round(rect.top) });
            }
          for (let i = 1; i < chars.length; i++) {
            const [a, b] = [chars[i - 1]!.c, chars[i]!.c];
            // A new line between two letters of one word, not where a camelCase word starts.
            if (chars[i]!.top > chars[i - 1]!.top + 2 && /[\p{L}\p{N}]/u.test(a) && /[\p{L}\p{N}]/u.test(b) && !(/[a-z0-9]/.test(a) && /[A-Z]/.test(b)))
              broken.push(`${part.textContent}: ${a}|${b}`);
          }
        }
        return { clipped, broken, names: parts.length };
      });
      assert.ok(names > 10, `the schemas' names listed (${names})`);
      assert.deepEqual(clipped, [], 'names cut at the edge');
      assert.deepEqual(broken, [], 'names broken inside a word');
      await page.close();
    });

  /** The sidebar's entries that a stuck label (the section's name, a group's label, a family's head) covers in part: "name: px covered". */
  const halfCovered = (): string[] => {
    const labels = [...document.querySelectorAll('nav.sidebar details.section[open] :is(summary, .group, .nav-head)')].map((l) => l.getBoundingClientRect());
    // Only what the sidebar's own box shows of an entry counts.
    const view = document.querySelector('nav.sidebar')!.getBoundingClientRect();
    const out: string[] = [];
    for (const a of document.querySelectorAll('nav.sidebar details.section[open] li > a')) {
      const box = a.getBoundingClientRect();
      const r = { top: Math.max(box.top, view.top), bottom: Math.min(box.bottom, view.bottom), left: box.left, right: box.right };
      if (r.bottom - r.top < 2) continue;
      for (const l of labels) {
        const covered = Math.min(r.bottom, l.bottom) - Math.max(r.top, l.top);
        if (covered > 1 && covered < r.bottom - r.top - 1 && l.right > r.left && l.left < r.right)
          out.push(`${a.textContent}: ${Math.round(covered)} of ${Math.round(box.height)} px`);
      }
    }
    return out;
  };

  for (const width of [1280, 390]) {
    it(`${width} px: an entry brought into view lands under the sidebar's stuck labels, never half behind them`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 700 } });
      await page.goto(`${site.base}components/schemas/java.lang.integer/`);
      if (width < 800) await page.locator('label.nav-button').click();
      const entries = await page.locator('nav.sidebar details.section[open] li > a').evaluateAll((all) => all.map((a) => a.getAttribute('href')));
      assert.ok(entries.length > 10, `the schemas listed (${entries.length})`);
      const hidden: string[] = [];
      for (const href of entries) {
        const link = page.locator(`nav.sidebar details.section[open] li > a[href="${href}"]`);
        // As a link to it, or a script that shows the current entry, brings it to the top.
        await link.evaluate((a) => a.scrollIntoView({ block: 'start' }));
        const { top, below } = await link.evaluate((a) => {
          const top = a.getBoundingClientRect().top;
          const labels = [...document.querySelectorAll('nav.sidebar details.section[open] :is(summary, .group, .nav-head)')];
          // The labels stuck above it: those drawn over its place.
          const over = labels.map((l) => l.getBoundingClientRect()).filter((l) => l.top <= top + 1 && l.bottom > top + 1);
          return { top, below: Math.max(top, ...over.map((l) => l.bottom)) };
        });
        if (top < below - 1) hidden.push(`${href}: ${Math.round(below - top)} px behind a label`);
      }
      assert.deepEqual(hidden, []);
      if (width >= 800) {
        // Scrolled by hand, the list comes to rest with no entry half under a label (short of its
        // end, where the scroll stops where the list does).
        // A short window: the list scrolls well before its end.
        await page.setViewportSize({ width, height: 480 });
        const box = await page.locator('nav.sidebar').boundingBox();
        await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
        await page.locator('nav.sidebar').evaluate((nav) => nav.scrollTo(0, 0));
        const seen: string[] = [];
        for (const delta of [45, 60, 30, 50]) {
          await page.mouse.wheel(0, delta);
          // Resting: the scroll position no longer moves.
          await page.waitForFunction(
            () =>
              new Promise((done) => {
                const nav = document.querySelector('nav.sidebar')!;
                const at = nav.scrollTop;
                setTimeout(() => done(nav.scrollTop === at), 250);
              }),
            undefined,
            { timeout: 5000 },
          );
          const at = await page.locator('nav.sidebar').evaluate((nav) => `at ${Math.round(nav.scrollTop)} of ${nav.scrollHeight - nav.clientHeight}`);
          seen.push(...(await page.evaluate(halfCovered)).map((entry) => `${entry}, ${at}`));
        }
        assert.deepEqual(seen, []);
      }
      await page.close();
    });
  }

  it('keeps a family name\'s lead ("…Headers-") on a line with the name\'s first word as the sidebar narrows, the rest wrapping between words', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.base}components/schemas/java.lang.integer/`);
    // The sidebar (16.5rem) narrower step by step, so that the names meet the line's end at other
    // places in them; down to where a lead and a first word of these names still fit on one line.
    const style = await page.addStyleTag({ content: '/* the sidebar width */' });
    const found: string[] = [];
    for (const rem of [16.5, 15.5, 15, 14.5, 14]) {
      await style.evaluate((tag, w) => void (tag.textContent = `:root { --sidebar-w: ${w}rem !important; }`), rem);
      const seen = await page.evaluate(() => {
        const out: string[] = [];
        for (const lead of document.querySelectorAll('nav.sidebar .nav-lead')) {
          const link = lead.parentElement!;
          const chars: { c: string; top: number }[] = [];
          for (const node of [...link.childNodes].filter((n): n is Text => n.nodeType === Node.TEXT_NODE))
            for (let i = 0; i < node.data.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              if (rect && rect.width > 0) chars.push({ c: node.data[i]!, top: Math.round(rect.top) });
            }
          const name = link.getAttribute('aria-label');
          if (chars[0]!.top > Math.round(lead.getBoundingClientRect().top) + 2) out.push(`${name}: the lead alone at a line's end`);
          if (link.scrollWidth > link.clientWidth + 1) out.push(`${name}: wider than the sidebar`);
          for (let i = 1; i < chars.length; i++) {
            const [a, b] = [chars[i - 1]!.c, chars[i]!.c];
            if (chars[i]!.top > chars[i - 1]!.top + 2 && /[\p{L}\p{N}]/u.test(a) && /[\p{L}\p{N}]/u.test(b) && !(/[a-z0-9]/.test(a) && /[A-Z]/.test(b)))
              out.push(`${name}: broken at ${a}|${b}`);
          }
        }
        return out;
      });
      found.push(...seen.map((line) => `${rem}rem: ${line}`));
    }
    assert.deepEqual(found, []);
    await page.close();
  });

  it("says the class name once, its package quieter, and opens the example panel on an example the schema accepts, the document's wrong one after it with its mismatch said in a line under it", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.base}${PAGE}`);
    assert.equal(await page.locator('.page-kind code').textContent(), 'org.example.logistics.kafka.dtos.discriminator.ShipmentBase');
    assert.equal(await page.locator('.page-kind .id-package').textContent(), 'org.example.logistics.kafka.dtos.discriminator.');
    // First, open, one made from the schema and accepted by it: the example a reader copies.
    const figure = page.locator('figure.example');
    assert.match((await figure.locator('figcaption').textContent()) ?? '', /^Generated example/);
    assert.equal(await figure.locator('.example-warning').count(), 0, 'the open example satisfies its schema');
    // Then the document's own (springwolf's placeholders), folded: the example first, the note after it, visible once opened and said without "Warning".
    const own = page.locator('details.example-more', { has: page.locator('summary', { hasText: "The document's example" }) });
    assert.equal(await own.count(), 1);
    await own.locator('summary').first().click();
    const order = await own.evaluate((f) => [...f.children].map((c) => c.className || c.tagName.toLowerCase()));
    const note = order.indexOf('example-warning');
    assert.ok(note > 0, `a note under the example: ${order.join(', ')}`);
    assert.ok(
      order.slice(0, note).some((c) => /example-blocks|example-block|code/.test(c)),
      order.join(', '),
    );
    assert.equal(order.at(-1), 'example-warning', `the note closes the example: ${order.join(', ')}`);
    const line = own.locator('.example-warning > p');
    assert.ok(await line.isVisible(), 'the reason is seen without opening anything more');
    assert.match((await line.textContent()) ?? '', /^This example does not satisfy its schema: \S/);
    assert.doesNotMatch((await own.textContent()) ?? '', /Warning/);
    // A message named by its class: the name over the title, not again as a fact.
    await page.goto(`${site.base}components/messages/org.example.logistics.kafka.dtos.customs.customsdeclarationdto/`);
    assert.equal(await page.locator('.page-kind code').textContent(), 'org.example.logistics.kafka.dtos.customs.CustomsDeclarationDto');
    assert.deepEqual(await page.locator('main dl.facts dt').allTextContents(), ['Content type']);
    await page.close();
  });

  it('has no accessibility finding in either theme (the quiet note included)', async () => {
    assert.deepEqual(await accessibilityFindings(browser, site.base, [PAGE]), []);
  });
});
