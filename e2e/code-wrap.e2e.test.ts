/**
 * Long lines in code boxes (issue 34, round 6): an ARN, a broker's address or a long JSON string
 * wraps inside its box, in the reference panel and on the page, instead of scrolling sideways out
 * of sight; the continuation hangs to the right of where its line's text starts, so that it reads
 * as the rest of that line; what a reader copies (a selection, or the Copy button) is the code as
 * written. Shell commands (the sns operations' `aws sns publish` and `aws sns subscribe`, and
 * their SDK forms, on the operations' pages and in the guides) never wrap (review 13: a quoted ARN
 * cut by a wrap reads as two tokens): a line too long for its box scrolls inside it, a focusable
 * region whose edge is shaded. An example's lines wrap (review 15: a box that scrolled hid the end
 * of the request's `replyTo` URL behind its fade), but only where a piece of a word ends (a
 * `<wbr>`, a space), never mid-word, so that the whole value reads in the box. Read on the default
 * content's sns operations, whose subscribe and publish commands carry topic, queue and function
 * ARNs, the request whose example carries a reply URL, and the guide that runs them, at a phone's
 * and a desk's width, with and without script.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { closeAll, serveAndBrowse, type ServedSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');
/**
 * Receiving operations whose subscription cards fold `aws sns subscribe` commands with ARNs (the
 * standard topic's with a Lambda function's and a webhook's, the longest); publishing ones whose
 * panel has `aws sns publish` (the stock check's with its request's `replyTo` URL in the example
 * beside it); the guide whose cards run the commands and show an example.
 */
const PAGES = [
  'operations/receiveordereventsinwarehouse/',
  'operations/notifycustomersofscans/',
  'operations/publishorderevents/',
  'operations/requeststockcheck/',
  'guides/getting-started/',
];

/** What the page's code boxes do with their lines, measured in the page. */
interface CodeFacts {
  boxes: number;
  /** Code boxes (or their code) wider inside than their box, but the commands': a line scrolls out of sight. */
  scrolling: string[];
  /** Boxes of commands in view, whose lines never wrap. */
  commands: number;
  /** Examples' boxes in view, whose lines wrap only between the pieces of a word. */
  examples: number;
  /** Lines of a command that wrap: a token cut in two. */
  commandWraps: string[];
  /** Boxes of commands whose lines run past their edge: each must be a focusable, named region. */
  commandScrolls: { region: boolean; shaded: boolean }[];
  /** Lines of an example that wrap. */
  exampleWraps: number;
  /** Places an example's line wraps inside a piece of a word (no `<wbr>` nor space there): the two characters either side. */
  midWordWraps: string[];
  wrappedLines: number;
  /** Wrapped lines whose continuation starts at or left of where the line's text starts. */
  notHung: string[];
}

function codeFacts(page: Page): Promise<CodeFacts> {
  return page.evaluate(() => {
    // Folded parts (a subscription's command, Source) opened, as a reader who reads them all.
    for (const details of document.querySelectorAll('main details')) (details as HTMLDetailsElement).open = true;
    const shown = (e: Element): boolean => e.getClientRects().length > 0;
    const boxes = [...document.querySelectorAll('main pre')].filter(shown);
    // A command: a code sample's tab (a guide's card runs the operation's) or a box that scrolls.
    const isCommand = (pre: Element): boolean => pre.closest('.code-scrolls, .code-tab-panel') !== null;
    // An example's box, on a page, in its panel or in a guide's card.
    const isExample = (pre: Element): boolean => !isCommand(pre) && pre.closest('figure.example, details.example-more, figure.guide-card') !== null;
    const commands = boxes.filter(isCommand);
    const examples = boxes.filter(isExample);
    // Where an example's line moves down a row: a `<wbr>` or a space must stand just before.
    let exampleWraps = 0;
    const midWordWraps: string[] = [];
    for (const line of examples.flatMap((pre) => [...pre.querySelectorAll('.line')])) {
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      let lastTop: number | undefined;
      let lastChar = '';
      let wbr = false;
      let wraps = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.ELEMENT_NODE) {
          if ((node as Element).tagName === 'WBR') wbr = true;
          continue;
        }
        const text = node.textContent!;
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = [...range.getClientRects()].find((r) => r.width > 0);
          if (!rect) continue;
          const top = Math.round(rect.top);
          if (lastTop !== undefined && top > lastTop + 2) {
            wraps += 1;
            if (!wbr && !/\s/.test(lastChar) && !/\s/.test(text[i]!)) midWordWraps.push(`${lastChar}|${text[i]} in ${line.textContent!.slice(0, 60)}`);
          }
          lastTop = top;
          lastChar = text[i]!;
          wbr = false;
        }
      }
      if (wraps > 0) exampleWraps += 1;
    }
    const lineTops = (line: Element): number => {
      const range = document.createRange();
      range.selectNodeContents(line);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    };
    const commandWraps = commands.flatMap((pre) => [...pre.querySelectorAll('.line')].filter((l) => lineTops(l) > 1).map((l) => l.textContent!.slice(0, 60)));
    const commandScrolls = commands
      .filter((pre) => pre.scrollWidth > pre.clientWidth + 1)
      .map((pre) => ({
        region: pre.getAttribute('tabindex') === '0' && pre.getAttribute('role') === 'region' && (pre.getAttribute('aria-label') ?? '') !== '',
        shaded: getComputedStyle(pre).backgroundImage.includes('linear-gradient'),
      }));
    // An example's box scrolls only for a word with no place to wrap, which these pages' examples do not have.
    const scrolling = boxes
      .filter((pre) => !isCommand(pre))
      .flatMap((pre) => [pre, ...pre.querySelectorAll('code')])
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.tagName} ${e.textContent!.slice(0, 60)}`);
    const notHung: string[] = [];
    let wrappedLines = 0;
    for (const line of document.querySelectorAll('main pre .line')) {
      if (!shown(line) || isCommand(line)) continue;
      const range = document.createRange();
      range.selectNodeContents(line);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const tops = [...new Set(rects.map((r) => Math.round(r.top)))].sort((a, b) => a - b);
      if (tops.length < 2) continue;
      wrappedLines += 1;
      // Where the line's text starts: its first character that is not a space.
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      let start: number | undefined;
      for (let node = walker.nextNode(); node && start === undefined; node = walker.nextNode()) {
        const at = node.textContent!.search(/\S/);
        if (at < 0) continue;
        const first = document.createRange();
        first.setStart(node, at);
        first.setEnd(node, at + 1);
        start = first.getBoundingClientRect().left;
      }
      const continuation = Math.min(...rects.filter((r) => Math.round(r.top) === tops[1]).map((r) => r.left));
      if (start === undefined || continuation <= start)
        notHung.push(`${line.textContent!.slice(0, 60)}: text from ${start}, continuation from ${continuation}`);
    }
    return {
      boxes: boxes.length,
      scrolling,
      commands: commands.length,
      examples: examples.length,
      commandWraps,
      commandScrolls,
      exampleWraps,
      midWordWraps,
      wrappedLines,
      notHung,
    };
  });
}

describe('long lines in code boxes', () => {
  let site: ServedSite;
  let browser: Browser;
  before(async () => {
    ({ site, browser } = await serveAndBrowse(await sharedSite(['content'], repo)));
  });
  after(() => closeAll(browser, site));

  for (const [width, javaScriptEnabled] of [
    [390, false],
    [1280, true],
  ] as const)
    it(`${width} px${javaScriptEnabled ? '' : ', without script'}: no command wraps (one that is too long scrolls in its shaded box); an example wraps only between a word's pieces; no other code box scrolls sideways, a wrapped line's continuation hangs right of its text's start`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
      try {
        let wrapped = 0;
        let scrolled = 0;
        let exampleWraps = 0;
        for (const url of PAGES) {
          const page = await context.newPage();
          await page.goto(site.base + url);
          const facts = await codeFacts(page);
          assert.ok(facts.boxes >= 3, `${url}: ${facts.boxes} code boxes`);
          assert.ok(facts.commands >= 1, `${url}: ${facts.commands} commands`);
          assert.ok(facts.examples >= 1, `${url}: ${facts.examples} examples`);
          assert.deepEqual(facts.commandWraps, [], `${url}: lines of a command cut by a wrap`);
          for (const box of facts.commandScrolls) assert.deepEqual(box, { region: true, shaded: true }, `${url}: a command that scrolls`);
          assert.deepEqual(facts.scrolling, [], `${url}: code that scrolls sideways`);
          assert.deepEqual(facts.notHung, [], `${url}: continuations not hung under their line`);
          assert.deepEqual(facts.midWordWraps, [], `${url}: an example's line wrapped inside a piece of a word`);
          exampleWraps += facts.exampleWraps;
          wrapped += facts.wrappedLines;
          scrolled += facts.commandScrolls.length;
          await page.close();
        }
        // Some ARNs do not fit on one line at a phone's width: the test reads real commands that scroll there.
        if (width === 390) assert.ok(scrolled >= 1, `${scrolled} commands that scroll`);
        assert.ok(wrapped + scrolled >= 1, `${wrapped} wrapped lines, ${scrolled} commands that scroll`);
        // The stock check's `replyTo` URL is longer than the panel at both widths: it wraps, whole in view.
        assert.ok(exampleWraps >= 1, `${exampleWraps} example lines wrap`);
      } finally {
        await context.close();
      }
    });

  it('copies the code as written, from a selection and from the Copy button (over a command that scrolls), however its lines are laid out', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    try {
      const page = await context.newPage();
      await page.goto(site.base + PAGES[0]);
      const box = page.locator('main .code', { hasText: 'aws sns subscribe' }).first();
      await box.evaluate((e) => (e.closest('details')!.open = true));
      const written = await box.locator('pre').evaluate((pre) => pre.textContent!);
      assert.match(written, /^aws sns subscribe \\\n {2}--region eu-west-1 \\\n/);
      assert.match(written, / arn:aws:sns:eu-west-1:123456789012:orders\.fifo \\\n/);
      const lines = await box.locator('pre .line').evaluateAll((ls) =>
        ls.map((l) => {
          const range = document.createRange();
          range.selectNodeContents(l);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }),
      );
      assert.ok(
        lines.every((n) => n === 1),
        'no line of the command wraps at this width',
      );
      assert.ok(await box.locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth), 'the command runs past its box, which scrolls');
      await box.locator('pre').evaluate((pre) => {
        const range = document.createRange();
        range.selectNodeContents(pre);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      });
      await page.keyboard.press('Control+C');
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), written, 'a selection copies the code as written');
      await box.locator('button.copy').click();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), written, 'the Copy button copies the code as written');
    } finally {
      await context.close();
    }
  });
});
