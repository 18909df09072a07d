/**
 * Search of a portal whose document holds markup in every value that reaches the search index:
 * tags, the API's title, message names and titles, a schema property name, a description (and in
 * a server's protocol and a binding key, which are no protocol names and reach no filter). Pagefind's UI writes filter values (and excerpts) as HTML; the
 * search page and the header's search box must show each value as the text it is and create no
 * element of it. The browser context bypasses the pages' Content-Security-Policy, so markup that
 * the policy would stop from running is caught all the same. Needs Debian's chromium.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildServeAndBrowse, closeAll, recordScriptCalls } from './support.ts';
import { tempTree } from '../test/helpers.ts';

const TAG = '<img src=x onerror=alert("tag")>';
const OPERATION_TAG = '<img src=x onerror=alert("optag")>';
const API_TITLE = 'Quokka <img src=x onerror=alert("api")>';
const PROTOCOL = '<img src=x onerror=alert("protocol")>';
const BINDING = '<svg onload=alert("binding")>';
const CHANNEL_TITLE = 'Quokka orders <img src=x onerror=alert("channel")>';
const MESSAGE_TITLE = 'Quokka placed <img src=x onerror=alert("message")>';
const PROPERTY = '<img src=x onerror=alert("property")>';

const yaml = (s: string): string => JSON.stringify(s);

const EVIL = `apidesc: 3.0.0
info:
  title: ${yaml(API_TITLE)}
  version: 1.0.0
servers:
  broker:
    host: broker.example.test
    protocol: ${yaml(PROTOCOL)}
channels:
  orders:
    address: orders
    title: ${yaml(CHANNEL_TITLE)}
    description: ${yaml('quokka channel <img src=x onerror=alert("desc")>')}
    servers: [{$ref: '#/servers/broker'}]
    tags: [{name: ${yaml(TAG)}}, {name: Orders & payments}, {name: 'a &lt; b'}]
    bindings:
      ${yaml(BINDING)}: {}
      ${yaml('x-<img src=x onerror=alert("xbinding")>')}: {}
    messages:
      placed:
        name: ${yaml('<img src=x onerror=alert("name")>')}
        title: ${yaml(MESSAGE_TITLE)}
        payload:
          type: object
          description: quokka payload
          properties:
            ${yaml(PROPERTY)}: {type: string, description: quokka property}
operations:
  sendOrder:
    action: send
    title: Quokka send
    channel: {$ref: '#/channels/orders'}
    tags: [{name: ${yaml(OPERATION_TAG)}}]
`;
// A second API: a portal, so that the API filter is shown. Its channel's text holds entities as
// text (the Markdown escapes them) and no "<" or ">": its excerpt reads exactly as written.
const PLAIN = `apidesc: 3.0.0
info:
  title: Plain API
  version: 1.0.0
channels:
  plain:
    address: plain
    title: Plain channel
    description: ${yaml('a literal &amp;lt;b&amp;gt; and &amp;amp; beside quokka')}
`;

/** The filter values of the payloads, each as it must read (before its count). */
const FILTER_VALUES = [TAG, OPERATION_TAG, 'Orders & payments', 'a &lt; b', API_TITLE, 'Plain API'];
/** Markup is no protocol's name, nor a key of the format's bindings: no filter offers it (issue 33). */
const NOT_PROTOCOLS = [PROTOCOL, BINDING];

describe('search of a hostile document in Chromium (Content-Security-Policy bypassed)', () => {
  const dir = tempTree({ 'api/evil.yaml': EVIL, 'api/plain.yaml': PLAIN });
  let server: Server;
  let base = '';
  let browser: Browser;
  let context: BrowserContext;
  before(async () => {
    // The bindings are invalid (unknown protocols): a preview build.
    ({
      site: { server, base },
      browser,
    } = await buildServeAndBrowse(['api', '--allow-invalid'], dir, { work: dir }));
    context = await browser.newContext({ bypassCSP: true });
    await recordScriptCalls(context);
  });
  after(async () => {
    await context?.close();
    await closeAll(browser, server);
  });

  async function open(url: string): Promise<{ page: Page; problems: string[] }> {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('dialog', (d) => {
      problems.push(`dialog ${d.message()}`);
      void d.dismiss();
    });
    page.on('pageerror', (e) => problems.push(`page error ${e.message}`));
    await page.goto(base + url);
    return { page, problems };
  }

  /** Waits until the results of `query` are shown on the search page, each with its title, and the list stays the same. */
  async function results(page: Page, scope: string, query: string): Promise<string[]> {
    await page.waitForFunction(
      ([s, q]) => {
        const message = document.querySelector(`${s} .pagefind-ui__message`)?.textContent ?? '';
        return /\d+ results? for/.test(message) && message.includes(q!);
      },
      [scope, query],
      { timeout: 15_000 },
    );
    // Every result shown (five are, at first).
    const more = page.locator(`${scope} button.pagefind-ui__button`);
    for (let clicks = 0; clicks < 10 && (await more.count()) > 0; clicks++) await more.first().click();
    let shown: string[] = [];
    for (let stable = 0, tries = 0; stable < 2 && tries < 40; tries++) {
      await page.waitForFunction(
        (s) => {
          const links = Array.from(document.querySelectorAll(`${s} .pagefind-ui__result-link`));
          return links.length > 0 && links.every((l) => (l.textContent ?? '').trim() !== '');
        },
        scope,
        { timeout: 15_000 },
      );
      const now = await page.locator(`${scope} .pagefind-ui__result-link`).allTextContents();
      stable = now.join('\n') === shown.join('\n') ? stable + 1 : 0;
      shown = now;
      await page.waitForTimeout(150);
    }
    // Every filter group open, so that its values are shown.
    await page.evaluate((s) => {
      for (const details of Array.from(document.querySelectorAll<HTMLDetailsElement>(`${s} details.pagefind-ui__filter-block`))) details.open = true;
    }, scope);
    // Give event handlers (onerror, onload) their chance to fire.
    await page.waitForTimeout(200);
    return shown;
  }

  /** Elements the payloads would have made, handlers on any element, and payloads that ran. */
  function injected(page: Page, scope: string): Promise<string[]> {
    return page.evaluate((s) => {
      const found: string[] = [...(window as unknown as { __ran: string[] }).__ran];
      for (const el of Array.from(document.querySelectorAll(`${s} img, ${s} svg, ${s} b, ${s} script, ${s} iframe`)))
        found.push(`<${el.tagName.toLowerCase()}> in the search`);
      for (const el of Array.from(document.querySelectorAll('*'))) {
        for (const attr of Array.from(el.attributes)) if (/^on/i.test(attr.name)) found.push(`${attr.name} on <${el.tagName.toLowerCase()}>`);
      }
      return found;
    }, scope);
  }

  /** No payload ran or became an element; titles, filter values and excerpts read as written. */
  async function check(page: Page, scope: string, titles: string[]): Promise<void> {
    assert.deepEqual(await injected(page, scope), []);
    // Each title is the object's name, as text; in a portal its API is a label, as text too.
    assert.ok(titles.includes(CHANNEL_TITLE), `result titles: ${titles.join(' | ')}`);
    assert.ok(titles.includes(MESSAGE_TITLE), `result titles: ${titles.join(' | ')}`);
    // (The kind and API lead each result's line, its breadcrumb: "Channel · <API>".)
    const crumbs = (await page.locator(`${scope} .search-crumb`).allTextContents()).map((t) => t.trim());
    assert.ok(
      crumbs.some((crumb) => crumb.split(' · ').slice(1).join(' · ').split(' › ')[0] === API_TITLE),
      `result labels: ${crumbs.join(' | ')}`,
    );
    const labels = await page.locator(`${scope} .pagefind-ui__filter-label`).allTextContents();
    for (const value of FILTER_VALUES)
      assert.ok(
        labels.some((l) => l.startsWith(`${value} (`)),
        `filter value ${value} shown as text, in: ${labels.join(' | ')}`,
      );
    for (const value of FILTER_VALUES) await page.locator(`${scope} .pagefind-ui__filter-label`, { hasText: value }).first().waitFor({ state: 'visible' });
    for (const value of NOT_PROTOCOLS) assert.ok(!labels.some((l) => l.includes(value)), `${value} is no protocol, in: ${labels.join(' | ')}`);
    // Excerpts: the page's text as written, markup and literal entities included.
    const excerpts = (await page.locator(`${scope} .pagefind-ui__result-excerpt`).allTextContents()).join('\n');
    // (The overview's lists are no longer indexed, so no excerpt quotes the channel's title: the API's is quoted, in the breadcrumbs and the overview's line.)
    assert.ok(excerpts.includes(API_TITLE), excerpts);
    assert.ok(excerpts.includes('a literal &lt;b&gt; and &amp; beside quokka'), excerpts);
  }

  it('search page: filter values, titles and excerpts read as written; nothing of them runs or becomes an element', async () => {
    const { page, problems } = await open('search/?q=quokka');
    const titles = await results(page, '#search-page', 'quokka');
    await check(page, '#search-page', titles);
    // The property's own hit: its row's excerpt names it, as text.
    await page.goto(`${base}search/?q=${encodeURIComponent('quokka property')}`);
    await results(page, '#search-page', 'quokka property');
    const nested = (await page.locator('#search-page .pagefind-ui__result-nested').allInnerTexts()).join('\n');
    assert.ok(nested.includes(PROPERTY), `the property's name, as text: ${nested}`);
    assert.deepEqual(await injected(page, '#search-page'), []);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('header search box: names, labels and excerpts read as written; nothing of them runs or becomes an element', async () => {
    const { page, problems } = await open('');
    await page.locator('#search input').click();
    await page.locator('#search input').pressSequentially('quokka');
    await page.waitForFunction(() => (document.querySelector('#search .search-all a')?.textContent ?? '').includes('“quokka”'), undefined, {
      timeout: 15_000,
    });
    // Give event handlers (onerror, onload) their chance to fire.
    await page.waitForTimeout(200);
    assert.deepEqual(await injected(page, '#search'), []);
    const titles = await page.locator('#search .search-hit-title').allTextContents();
    assert.ok(titles.includes(CHANNEL_TITLE) && titles.includes(MESSAGE_TITLE), `result titles: ${titles.join(' | ')}`);
    assert.ok((await page.locator('#search .search-hit-api').allTextContents()).includes(API_TITLE), 'the API, as text');
    const excerpts = (await page.locator('#search .search-hit-excerpt').allTextContents()).join('\n');
    // Which sentence of a page the box shows follows its wording; that hostile names read as written in one is the point.
    assert.ok(excerpts.includes(API_TITLE), excerpts);
    assert.ok(excerpts.includes('a literal &lt;b&gt; and &amp; beside quokka'), excerpts);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
