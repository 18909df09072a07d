/**
 * Code samples in Chromium (issue 40): the language tabs of an operation's samples switch
 * without JavaScript and from the keyboard, the reply's samples show under their heading, the
 * copy button copies the chosen sample's code, the reader's language is remembered from page to
 * page, the panel holds no box that scrolls up and down inside it nor is one, "On this page" marks "Code samples" once followed, and axe-core finds nothing in
 * either theme.
 */
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';
import { tempDir } from '../test/helpers.ts';
import { accessibilityFindings, buildServeAndBrowse, buildSite, closeAll, type ServedSite, serveSite } from './support.ts';

const FIXTURES = resolve(import.meta.dirname, '../test/fixtures/code-samples');
const TURN_ON = 'operations/turnon/';

describe('code samples, read', () => {
  let site: ServedSite;
  let browser: Browser;
  before(async () => {
    ({ site, browser } = await buildServeAndBrowse(['lights.yaml'], FIXTURES, { work: tempDir('apidesc-code-samples-e2e-') }));
  });
  after(() => closeAll(browser, site));

  it('switches language without JavaScript, by click and by arrow key', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.base + TURN_ON);
    const panel = (n: number) => page.locator(`#samples-1-${n}-panel`);
    assert.equal(await panel(1).isVisible(), true);
    assert.equal(await panel(2).isVisible(), false);
    // The library named in the panel, over the code.
    assert.equal(await panel(1).locator('.code-caption').innerText(), 'mqtt');
    assert.match((await panel(1).locator('pre').innerText()).trim(), /^import mqtt from 'mqtt';/);
    await page.locator('label[for="samples-1-2"]').click();
    assert.equal(await panel(2).isVisible(), true);
    assert.match(await panel(2).innerText(), /publish\.single\(/);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await panel(1).isVisible(), true, 'the arrow key goes back to JavaScript');
    // The reply's samples show at once under their heading: no fold to open.
    assert.equal(await page.locator('.sample-title', { hasText: 'Receive the reply on lights/7/state' }).isVisible(), true);
    assert.equal(await page.locator('#samples-2-1-panel').isVisible(), true);
    await context.close();
  });

  it('remembers the language the reader picks on every page: stored only on a pick, the tab chosen as the page is read', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The checked language tabs when the document is parsed (DOMContentLoaded): the remembered tab is chosen by then, before the page is drawn whole.
    await context.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const checked = [...document.querySelectorAll<HTMLInputElement>('input[data-remember]:checked')].map((i) => i.id);
        document.documentElement.dataset.checkedAtLoad = checked.join(' ');
      }),
    );
    const page = await context.newPage();
    const checkedAtLoad = () => page.evaluate(() => document.documentElement.dataset.checkedAtLoad);
    const stored = () => page.evaluate(() => ({ language: localStorage.getItem('apidesc-sample-language'), keys: localStorage.length }));
    try {
      await page.goto(site.base + TURN_ON);
      assert.equal(await checkedAtLoad(), 'samples-1-1 samples-2-1', 'JavaScript first when nothing was picked');
      assert.deepEqual(await stored(), { language: null, keys: 0 }, 'nothing stored before the reader picks');
      await page.locator('label[for="samples-1-2"]').click();
      assert.deepEqual(await stored(), { language: 'python', keys: 1 });
      assert.equal(await page.locator('#samples-2-2-panel').isVisible(), true, "the reply's samples follow the pick");
      // Another page: Python is its third tab (after the document's own websocat sample), chosen as the page is read.
      await page.goto(`${site.base}operations/watchlights/`);
      assert.equal(await checkedAtLoad(), 'samples-1-3');
      assert.equal(await page.locator('#samples-1-3-panel').isVisible(), true);
      assert.equal(await page.locator('#samples-1-2-panel').isVisible(), false);
      // From the keyboard: the tabs are radio buttons, the arrow keys pick, and the pick is remembered.
      await page.locator('#samples-1-3').focus();
      await page.keyboard.press('ArrowLeft');
      assert.equal(await page.locator('#samples-1-2-panel').isVisible(), true);
      assert.deepEqual(await stored(), { language: 'javascript', keys: 1 });
      await page.goto(site.base + TURN_ON);
      assert.equal(await checkedAtLoad(), 'samples-1-1 samples-2-1');
    } finally {
      await context.close();
    }
  });

  it('copies the chosen sample with the copy button', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto(site.base + TURN_ON);
    await page.locator('label[for="samples-1-2"]').click();
    await page.locator('#samples-1-2-panel button').first().click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /^import json\nimport os\nimport paho\.mqtt\.client as mqtt\nimport paho\.mqtt\.publish as publish\n/);
    await context.close();
  });

  it('at 1280 and 390 px keeps panel code in its box: long lines never wrap, samples wider than the panel read whole under the fields at 1280 px, the box scrolls sideways at 390 px (the page never), tabs stay a bar, the title breaks only between words', async () => {
    assert.ok(HAS_CORPUS, `the corpus is not at ${CORPUS}: set APIDESC_CORPUS`);
    const out = await buildSite([join(CORPUS, 'valid', 'spec-streetlights-kafka.yaml')], FIXTURES, { work: tempDir('apidesc-code-samples-e2e-') });
    const lights = await serveSite(out);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${lights.base}operations/turnon/`);
    // The same reading at each width the page is drawn at.
    const readPanel = () =>
      page.evaluate(() => {
        const lineBoxes = (node: Node): number => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        };
        // Whether a word of the element's text (a piece of an address: up to a dot or a slash) sits on more than one line.
        const splitsAWord = (element: Element, word = /\S+/g): boolean => {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode())
            for (const found of node.textContent!.matchAll(word)) {
              const range = document.createRange();
              range.setStart(node, found.index);
              range.setEnd(node, found.index + found[0].length);
              if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) return true;
            }
          return false;
        };
        const samples = document.querySelector('.code-samples')!;
        const pre = [...samples.querySelectorAll<HTMLElement>('pre')].find((p) => p.getClientRects().length > 0)!;
        const style = getComputedStyle(pre);
        const textHeight = pre.scrollHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
        const summary = samples.querySelector('.sample-title')!;
        const main = document.querySelector('.ref-main')!.getBoundingClientRect();
        const panel = document.querySelector('.ref-panel')!.getBoundingClientRect();
        const after = document.querySelector('.samples-after')?.getBoundingClientRect();
        return {
          // Where the samples go (sample-width.ts): after the fields and the panel at the column's whole width, the panel (the examples) beside the fields.
          samplesWidth: document.querySelector<HTMLElement>('.ref-grid')!.dataset.samplesWidth,
          samplesInPanel: document.querySelector('.ref-panel .code-samples') !== null,
          samplesUnderBoth: after !== undefined && after.top >= Math.max(main.bottom, panel.bottom) - 1 && after.width >= main.width + panel.width - 1,
          panelBesideFields: panel.left >= main.right - 1 && panel.top < main.bottom,
          codeLines: pre.textContent!.split('\n').length,
          shownLines: Math.round(textHeight / Number.parseFloat(style.lineHeight)),
          // Each line of code in one line box: nothing re-wrapped inside an identifier or across Python's indentation.
          wrappedLines: [...pre.querySelectorAll('.line')].filter((l) => lineBoxes(l) > 1).map((l) => l.textContent),
          scrollsSideways: pre.scrollWidth > pre.clientWidth,
          scroller: { tabIndex: pre.tabIndex, role: pre.getAttribute('role'), label: pre.getAttribute('aria-label') },
          insidePanel: pre.getBoundingClientRect().right <= samples.getBoundingClientRect().right + 1,
          // The shown server's language tabs (the document's channel is on two servers: a server picker above).
          labels: [...samples.querySelectorAll('.sample-group .code-tab-list > label')]
            .filter((l) => l.getClientRects().length > 0)
            .map((l) => ({
              top: Math.round(l.getBoundingClientRect().top),
              splitInsideWord: splitsAWord(l),
            })),
          // Each piece between the title's break points (a dot, a slash, a space) on one line.
          titleSplitInsideWord: splitsAWord(summary, /[^\s./]+[./]?/g),
          titleLines: lineBoxes(summary),
          titleCut: summary.scrollWidth > summary.clientWidth,
          title: Math.round(samples.querySelector('h2')!.getBoundingClientRect().bottom),
          groupTitle: Math.round(summary.getBoundingClientRect().top),
          serverTabs: [...samples.querySelectorAll('.server-tabs > .code-tab-list > label')].map((l) => [
            l.textContent,
            Math.round(l.getBoundingClientRect().top),
            Math.round(l.getBoundingClientRect().height),
          ]),
        };
      });
    const facts = await readPanel();
    // Where lines run past the edge, the edge says so without script (a shade under the code, the text fading out there),
    // and the fade moves to the other edge once the box is scrolled to its end; each row of tabs says what it picks.
    // At 1280 px the samples are read whole (e2e/operation-fit.e2e.test.ts): the edges are read on a phone, where they scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await readPanel();
    const edges = await page.evaluate(async () => {
      const pre = [...document.querySelectorAll<HTMLElement>('.code-samples pre')].find((p) => p.getClientRects().length > 0)!;
      const fade = () => ({
        start: getComputedStyle(pre).getPropertyValue('--code-fade-start'),
        end: getComputedStyle(pre).getPropertyValue('--code-fade-end'),
      });
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      // Read once the fade has followed the new width (a scroll-driven animation, frames later on a busy machine).
      for (let frames = 0; frames < 120 && fade().end !== '48px'; frames++) await frame();
      const atStart = fade();
      pre.scrollLeft = pre.scrollWidth;
      // The fade follows the scroll (a scroll-driven animation), a frame or more later on a busy machine.
      for (let frames = 0; frames < 120 && fade().end !== '0px'; frames++) await frame();
      const atEnd = fade();
      pre.scrollLeft = 0;
      const legends = [...document.querySelectorAll<HTMLElement>('.code-samples legend')]
        .filter((l) => l.getClientRects().length > 0 && getComputedStyle(l).clipPath === 'none')
        .map((l) => l.innerText.trim());
      return { atStart, atEnd, attachment: getComputedStyle(pre).backgroundAttachment, legends };
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    // The shades stay at the box's edges (scroll); the covers scroll with the code (local), hiding a shade where the code ends.
    assert.equal(edges.attachment, 'local, local, scroll, scroll, scroll');
    assert.deepEqual(edges.atStart, { start: '0px', end: '48px' }, 'the text fades out at the right edge before scrolling');
    assert.deepEqual(edges.atEnd, { start: '48px', end: '0px' }, 'scrolled to the end, the text fades at the left edge only');
    // One labelled choice shown: the server's; the language tabs are a row named for screen readers only.
    assert.deepEqual(edges.legends, ['Server']);
    // The server picker switches as the language tabs do, by the stylesheet alone.
    let serverPanels: [boolean, boolean, string];
    let phone: { wrappedLines: number; lines: number; boxScrolls: boolean; pageWidth: number; viewport: number; scrolledByKey: number };
    try {
      // On a phone the same: the code box scrolls, the page never does; the arrow key scrolls the focused box.
      const small = await browser.newPage({ viewport: { width: 390, height: 844 } });
      try {
        await small.goto(`${lights.base}operations/turnon/`);
        const pre = small.locator('.code-samples pre').first();
        await pre.focus();
        await small.keyboard.press('ArrowRight');
        await small.keyboard.press('ArrowRight');
        // The key scrolls smoothly: the box is read once it has moved (or after the bound, unmoved, and the test says so).
        await pre.evaluate(
          (box) =>
            box.scrollLeft > 0 ||
            new Promise((moved) => {
              const bound = setTimeout(moved, 3_000);
              box.addEventListener(
                'scroll',
                () => {
                  clearTimeout(bound);
                  moved(undefined);
                },
                { once: true },
              );
            }),
        );
        phone = await pre.evaluate((box) => {
          const lines = [...box.querySelectorAll('.line')];
          const lineBoxes = (node: Node): number => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          };
          return {
            wrappedLines: lines.filter((l) => lineBoxes(l) > 1).length,
            lines: lines.length,
            boxScrolls: box.scrollWidth > box.clientWidth,
            pageWidth: document.documentElement.scrollWidth,
            viewport: window.innerWidth,
            scrolledByKey: box.scrollLeft,
          };
        });
      } finally {
        await small.close();
      }
      await page.locator('label[for="samples-server-2"]').click();
      serverPanels = [
        await page.locator('#samples-server-1-panel').isVisible(),
        await page.locator('#samples-server-2-panel').isVisible(),
        await page.locator('#samples-server-2-panel pre').first().innerText({ timeout: 5_000 }),
      ];
    } finally {
      await context.close();
      await closeAll(lights);
    }
    assert.deepEqual(serverPanels.slice(0, 2), [false, true], "the second server's samples show in place of the first's");
    assert.ok(phone.lines > 5, `${phone.lines} lines read at 390 px`);
    assert.equal(phone.wrappedLines, 0, 'lines of code re-wrapped at 390 px');
    assert.equal(phone.boxScrolls, true, 'the code box scrolls sideways at 390 px');
    assert.ok(phone.pageWidth <= phone.viewport, `the page scrolls sideways at 390 px: ${phone.pageWidth} px wide`);
    assert.ok(phone.scrolledByKey > 0, 'the arrow key scrolls the focused code box');
    assert.match(serverPanels[2], /test\.mykafkacluster\.org:28092/);
    // The broker addresses and topic names of the samples are longer than the panel is wide: they scroll, never wrap.
    assert.deepEqual(facts.wrappedLines, [], 'lines of code re-wrapped in the panel');
    assert.equal(facts.shownLines, facts.codeLines, `${facts.shownLines} lines shown for ${facts.codeLines}`);
    assert.equal(facts.scrollsSideways, false, 'at 1280 px the samples wider than the panel are read whole under the fields, not scrolled');
    // A scroll region a keyboard reaches, named for a screen reader.
    assert.equal(facts.scroller.tabIndex, 0);
    assert.equal(facts.scroller.role, 'region');
    assert.match(facts.scroller.label ?? '', /^Code: .+JavaScript/);
    assert.equal(facts.insidePanel, true);
    assert.equal(facts.labels.length, 3);
    assert.equal(new Set(facts.labels.map((l) => l.top)).size, 1, 'the three language tabs share a row');
    assert.deepEqual(
      facts.serverTabs.map(([name]) => name),
      ['scram-connections', 'mtls-connections'],
    );
    assert.equal(new Set(facts.serverTabs.map(([, top]) => top)).size, 1, 'the two server tabs share a row');
    // The server choice is one compact line between the panel's title and the first group's heading, not a row of tabs.
    for (const [name, top, height] of facts.serverTabs) {
      assert.ok(
        // On the title's line where the samples take the column's width (under the fields at 1280 px), else just under it.
        Number(top) >= facts.title - 40 && Number(top) < facts.groupTitle,
        `server ${name} at ${top}: the title ends at ${facts.title}, the group starts at ${facts.groupTitle}`,
      );
      assert.ok(Number(height) <= 28, `server ${name}: ${height} px high, a tab rather than a compact choice`);
    }
    assert.equal(
      facts.labels.some((l) => l.splitInsideWord),
      false,
      'a tab label breaks inside a word',
    );
    // The topic is wider than the panel beside the fields: at 1280 px the samples (as wide) go under the fields, where the
    // title reads on one line, whole; at 390 px it takes more than a line, broken only between the pieces of the topic.
    assert.equal(facts.samplesWidth, 'widest');
    assert.equal(facts.samplesInPanel, false, 'samples wider than the panel are not in it');
    assert.equal(facts.samplesUnderBoth, true, "at 1280 px the samples wider than the panel follow the fields and the panel, at the column's width");
    assert.equal(facts.panelBesideFields, true, 'at 1280 px the panel keeps the example beside the fields');
    assert.equal(facts.titleLines, 1, 'under the fields at 1280 px the long topic reads on one line');
    assert.equal(facts.titleCut, false, "the title is cut at its box's edge");
    assert.equal(facts.titleSplitInsideWord, false, 'the title breaks inside a word at 1280 px');
    assert.ok(narrow.titleLines > 1, `the long topic takes ${narrow.titleLines} line at 390 px`);
    assert.equal(narrow.titleCut, false, "the title is cut at its box's edge at 390 px");
    assert.equal(narrow.titleSplitInsideWord, false, 'the title breaks inside a word at 390 px');
    assert.deepEqual(narrow.wrappedLines, [], 'lines of code re-wrapped in the panel at 390 px');
    assert.equal(narrow.insidePanel, true, 'the code box runs past the panel at 390 px');
  });

  it('1280 px, a request and its reply over WebSocket: the code at its full height, the payload a line per field, and "Code samples" marked once followed', async () => {
    assert.ok(HAS_CORPUS, `the corpus is not at ${CORPUS}: set APIDESC_CORPUS`);
    const out = await buildSite([join(CORPUS, 'valid', 'spec-kraken-websocket-request-reply-multiple-channels.yaml')], FIXTURES, {
      work: tempDir('apidesc-code-samples-e2e-'),
    });
    const kraken = await serveSite(out);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${kraken.base}operations/subscribe/`);
      // The bar's own link (the section may be in the row, or only in its "more" menu: then the menu is opened first).
      const inRow = page.locator('nav[data-toc] > ul > li > a[href="#h-samples"]');
      if (!(await inRow.isVisible())) await page.locator('nav[data-toc] details.toc-menu > summary').click();
      await page.locator('nav[data-toc] a[href="#h-samples"]').filter({ visible: true }).first().click();
      await page.waitForFunction(() => document.querySelector('nav[data-toc] a[aria-current="true"]')?.getAttribute('href') === '#h-samples', undefined, {
        timeout: 5_000,
      });
      const facts = await page.evaluate(() => {
        const panel = document.querySelector('aside.ref-panel')!;
        const shown = (e: Element) => e.getClientRects().length > 0;
        const pre = [...panel.querySelectorAll('.code-samples pre')].find(shown)!;
        return {
          // Boxes inside the panel that scroll up and down.
          innerScrollers: [...panel.querySelectorAll('*')]
            .filter((e) => e.scrollHeight > e.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY))
            .map((e) => e.className || e.tagName),
          choicesBeforeCode: panel.querySelectorAll('.code-samples details, .code-samples summary').length,
          // The payload is an object literal: a key (bare, as JavaScript writes it) a line.
          payloadLines: pre.textContent!.split('\n').filter((l) => /^\s*(event|reqid|subscription|depth|name): /.test(l)),
          panelScrolls: panel.scrollHeight > panel.clientHeight + 1 || getComputedStyle(panel).overflowY !== 'visible',
          // The sample's last line is reached by scrolling the page.
          codeBottom: pre.getBoundingClientRect().bottom + window.scrollY,
          pageHeight: document.documentElement.scrollHeight,
          samplesTop: document.getElementById('h-samples')!.getBoundingClientRect().top,
        };
      });
      assert.deepEqual(facts.innerScrollers, [], 'no box scrolls up and down inside the panel');
      assert.equal(facts.panelScrolls, false, 'the panel with code samples is no box that scrolls on its own: the page scrolls');
      assert.ok(facts.codeBottom <= facts.pageHeight, 'the whole sample is on the page');
      assert.equal(facts.choicesBeforeCode, 0, 'no fold between the reader and the code');
      assert.ok(facts.payloadLines.length >= 5, `a line per field: ${JSON.stringify(facts.payloadLines)}`);
      for (const line of facts.payloadLines) assert.ok(line.length <= 48, `${line} fits the panel`);
      assert.ok(facts.samplesTop >= 0 && facts.samplesTop < 800, 'the panel shows its code samples');
      // Reading on: scrolling the page back to its first section marks that one (the samples, no longer kept in view, sit beside a later one).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForFunction(() => document.querySelector('nav[data-toc] a[aria-current="true"]')?.getAttribute('href') !== '#h-samples', undefined, {
        timeout: 5_000,
      });
    } finally {
      await context.close();
      await closeAll(kraken);
    }
  });

  it('has no accessibility finding in either theme', async () => {
    assert.deepEqual(await accessibilityFindings(browser, site.base, [TURN_ON, 'operations/watchlights/']), []);
  });
});

describe('code samples of an operation of several messages, read', () => {
  let site: ServedSite;
  let browser: Browser;
  before(async () => {
    ({ site, browser } = await buildServeAndBrowse(['parcels-kafka.yaml'], FIXTURES, { work: tempDir('apidesc-code-samples-messages-e2e-') }));
  });
  after(() => closeAll(browser, site));

  it('switches the message without JavaScript, by click and by arrow key: each tab shows the code that sends its example, in the language picked', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.base}operations/reportparcelevents/`);
    const shownCode = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.code-samples pre')].filter((p) => p.getClientRects().length > 0).map((p) => p.innerText),
      );
    const first = await shownCode();
    assert.equal(first.length, 1, 'one sample shown at a time');
    assert.match(first[0]!, /parcelId: 'P-1001'/);
    await page.locator('label[for="samples-1-message-3"]').click();
    const third = await shownCode();
    assert.equal(third.length, 1);
    assert.match(third[0]!, /lastSeenAt: 'sorting-hall'/);
    await page.keyboard.press('ArrowLeft');
    assert.match((await shownCode())[0]!, /signedBy: 'A\. Reader'/, 'the arrow key goes to the message before');
    await context.close();
  });

  it("at 1280 and 390 px, a message's link to the example its code carries shows that example: the examples' tab of the message picked, opened where folded", async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${site.base}operations/reportparcelevents/`);
      await page.locator('label[for="samples-1-message-2"]').click();
      const link = page.locator('#samples-1-message-2-panel .sample-example a');
      assert.equal(await link.innerText(), 'Example 1');
      assert.equal(await page.locator('#panel-request-2-panel').isVisible(), false, `${width} px: the first message's examples shown before`);
      await link.click();
      assert.equal(await page.locator('#panel-request-2').isChecked(), true, `${width} px: the second message's examples' tab picked`);
      const examples = page.locator('#panel-request-2-panel');
      assert.equal(await examples.isVisible(), true, `${width} px: its examples shown`);
      assert.match(await examples.innerText(), /A\. Reader/);
      assert.equal(await examples.locator('figure.example').first().isVisible(), true);
      await context.close();
    }
  });

  it('keeps the language the reader picks when the message changes', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.base}operations/reportparcelevents/`);
    await page.locator('label[for="samples-1-2"]').click();
    await page.locator('label[for="samples-1-message-2"]').click();
    assert.equal(await page.locator('#samples-1-m2-2-panel').isVisible(), true, "the second message's Python sample");
    assert.match(await page.locator('#samples-1-m2-2-panel pre').innerText(), /'signedBy': 'A\. Reader'/);
    await context.close();
  });

  it('has no accessibility finding in either theme', async () => {
    assert.deepEqual(await accessibilityFindings(browser, site.base, ['operations/reportparcelevents/']), []);
  });
});
