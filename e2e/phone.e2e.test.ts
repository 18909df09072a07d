/**
 * Phones: no page scrolls sideways. The default site and two corpus documents (an sns FIFO topic
 * with its access policy, subscriptions and retry schedules; the Kafka streetlights example with
 * long addresses and bindings) are built, and every page of each (every route, the overview,
 * section lists, guides, search and the 404 page) is opened and read at 390, 375 and 360 px: the
 * document must be no wider than the window. A failure lists each offending page with the
 * element that sticks out furthest, so that it says what to fix.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { buildSite, closeAll, launchChromium, serveAndBrowse, serveSite, sharedSite } from './support.ts';
import type { RouteEntry } from '../src/lib/model/types.ts';
import { tempTree } from '../test/helpers.ts';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';

const repo = resolve(import.meta.dirname, '..');
const WIDTHS = [360, 375, 390];

// The corpus documents only when the corpus is there (test/corpus.test.ts fails loudly when it is not).
const SITES: { name: string; args: string[]; cwd: string }[] = [
  { name: 'default content', args: ['content'], cwd: repo },
  ...(HAS_CORPUS
    ? [
        { name: 'sns FIFO orders', args: ['bindings-sns-fifo-orders.yaml'], cwd: join(CORPUS, 'valid') },
        { name: 'streetlights (Kafka)', args: ['spec-streetlights-kafka.yaml'], cwd: join(CORPUS, 'valid') },
      ]
    : []),
];

/** Every page a reader can reach: the routes, the root, the lists, search, guides and the 404 page. */
function pagesOf(site: string): string[] {
  const routes = (JSON.parse(readFileSync(join(site, 'apidesc-routes.json'), 'utf8')) as { routes: RouteEntry[] }).routes;
  const extra = ['', 'search/', '404.html', ...(existsSync(join(site, 'guides/index.html')) ? ['guides/'] : [])];
  const lists = ['servers/', 'channels/', 'operations/', 'messages/', 'components/schemas/', 'components/'].filter((l) =>
    existsSync(join(site, l, 'index.html')),
  );
  return [...new Set([...extra, ...lists, ...routes.map((r) => r.url)])];
}

describe('pages on a phone (360–390 px) do not scroll sideways', () => {
  let browser: Browser;
  const built: { name: string; dir: string; server: Server; base: string }[] = [];
  before(async () => {
    for (const s of SITES) {
      const dir = await sharedSite(s.args, s.cwd);
      const { server, base } = await serveSite(dir);
      built.push({ name: s.name, dir, server, base });
    }
    browser = await launchChromium();
  });
  after(() => closeAll(browser, ...built));

  for (const [index, s] of SITES.entries()) {
    it(`every page of ${s.name} fits the width of the window`, async () => {
      const { dir, base } = built[index]!;
      const offending: string[] = [];
      // Each page loaded once and read at each width, the window narrowed as a turned phone or a
      // dragged window narrows it: a load per width loaded every page three times for the same reading.
      const context = await browser.newContext({ viewport: { width: WIDTHS.at(-1)!, height: 800 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      for (const url of pagesOf(dir)) {
        await page.setViewportSize({ width: WIDTHS.at(-1)!, height: 800 });
        await page.goto(base + url, { waitUntil: 'load' });
        for (const width of [...WIDTHS].reverse()) {
          await page.setViewportSize({ width, height: 800 });
          const result = await page.evaluate(() => {
            const inner = window.innerWidth;
            const scroll = document.documentElement.scrollWidth;
            if (scroll <= inner) return undefined;
            // The deepest element that reaches furthest right, outside anything that scrolls itself.
            let worst: { right: number; what: string } | undefined;
            for (const el of document.body.querySelectorAll('*')) {
              let clipped = false;
              for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
                const o = getComputedStyle(p).overflowX;
                if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') clipped = true;
              }
              if (clipped) continue;
              const right = el.getBoundingClientRect().right;
              if (right > inner + 0.5 && (!worst || right >= worst.right)) {
                const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
                worst = { right, what: `${el.tagName.toLowerCase()}${cls} "${(el.textContent ?? '').trim().slice(0, 60)}"` };
              }
            }
            if (worst) return { scroll, inner, worst: `${worst.what} reaches ${Math.round(worst.right)}px` };
            // Else text sticks out of its element (a word too long for the line): the deepest element that overflows.
            let deepest = '';
            for (const el of document.body.querySelectorAll('*')) {
              if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible' && el.clientWidth > 0) {
                const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
                deepest = `${el.tagName.toLowerCase()}${cls} "${(el.textContent ?? '').trim().slice(0, 60)}" overflows by ${el.scrollWidth - el.clientWidth}px`;
              }
            }
            return { scroll, inner, worst: deepest };
          });
          if (result) offending.push(`${width}px /${url}: ${result.scroll}px wide > ${result.inner}px; ${result.worst}`);
        }
      }
      await context.close();
      assert.deepEqual(offending, [], `pages that scroll sideways:\n${offending.join('\n')}`);
    });
  }
});

// Ids without titles, too long for a sidebar line: a separated one and a camelCase one.
const LONG_IDS = `apidesc: 3.0.0
info: { title: Long ids, version: 1.0.0 }
channels:
  smartylighting.streetlights.1.0.event.lighting.measured:
    address: smartylighting/streetlights/1/0/event/lighting/measured
operations:
  receiveSmartylightingStreetlightLightingMeasuredEvents:
    action: receive
    channel: { $ref: '#/channels/smartylighting.streetlights.1.0.event.lighting.measured' }
`;

describe('long ids in the sidebar and in page titles (wrapped between words)', () => {
  let browser: Browser;
  let server: Server;
  let base = '';
  let routes: RouteEntry[] = [];
  before(async () => {
    const dir = tempTree({ 'long.yaml': LONG_IDS });
    const site = await buildSite(['long.yaml'], dir, { work: dir });
    routes = (JSON.parse(readFileSync(join(site, 'apidesc-routes.json'), 'utf8')) as { routes: RouteEntry[] }).routes;
    ({
      site: { server, base },
      browser,
    } = await serveAndBrowse(site));
  });
  after(() => closeAll(browser, server));

  it('wrap after a separator or between camelCase words, never inside a word', async () => {
    const camel = 'receiveSmartylightingStreetlightLightingMeasuredEvents';
    const dotted = 'smartylighting.streetlights.1.0.event.lighting.measured';
    for (const [width, id] of [
      [390, camel],
      [390, dotted],
      [1280, camel],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(base + routes.find((r) => r.id === id)!.url);
      if (width < 800) await page.locator('label[for="nav-open"]').click();
      const link = page.locator('nav.sidebar a[aria-current="page"]');
      assert.equal(await link.textContent(), id);
      // The sidebar shows a name whole (its whole name in its tooltip too), wrapped as the title is.
      assert.equal(await link.getAttribute('title'), id);
      // The page's title wraps (a phone is where it must), and the sidebar's entry, after a separator or between camelCase words.
      const wrapping = [...(width < 800 ? [['title', page.locator('article h1')] as const] : []), ['sidebar', link] as const];
      for (const [where, element] of wrapping) {
        assert.equal(await element.textContent(), id, where);
        // The text, line by line as the browser laid it out (each character's top).
        const lines = await element.evaluate((a) => {
          const out: string[] = [];
          let top = Number.NaN;
          const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (let i = 0; i < text.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const y = Math.round(range.getBoundingClientRect().top);
              if (y !== top) out.push('');
              top = y;
              out[out.length - 1] = out.at(-1) + text.charAt(i);
            }
          }
          return out;
        });
        assert.ok(lines.length > 1, `${width}px ${where}: ${id} wraps (${lines.join(' | ')})`);
        for (const [i, line] of lines.slice(0, -1).entries())
          assert.match(
            `${line.slice(-1)}${lines[i + 1]![0]}`,
            /^([/._:-].|[a-z0-9][A-Z])$/,
            `${width}px ${where}: a line ends at a boundary: ${lines.join(' | ')}`,
          );
      }
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width, `${width}px: no sideways scrolling`);
      await page.close();
    }
  });
});

describe('prose on a phone', () => {
  let browser: Browser;
  let server: Server;
  let base = '';
  before(async () => {
    ({
      site: { server, base },
      browser,
    } = await serveAndBrowse(await sharedSite(['content'], repo)));
  });
  after(() => closeAll(browser, server));

  it('breaks no word of the overview\'s notes across lines (a link\'s note beside it: "Runbooks", never "Runboo ks")', async () => {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(base);
      const split = await page.locator('dl.info-meta .info-note').evaluateAll((notes) =>
        notes.flatMap((note) => {
          const words: string[] = [];
          const walker = document.createTreeWalker(note, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode())
            for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              if (new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1) words.push(match[0]);
            }
          return words;
        }),
      );
      assert.ok((await page.locator('dl.info-meta .info-note').count()) > 0, 'the overview has a note');
      assert.deepEqual(split, [], `${width}px: words broken across lines`);
      await page.close();
    }
  });
});
