/**
 * Search in Chromium on the default site served from a sub-path, its index split into parts as a
 * large site's is: "/", Ctrl+K and Cmd+K focus the search box (any other field keeps them), and a
 * channel by address, an operation by id, a message by name and a schema by a nested property
 * name are found as typed.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { buildServeAndBrowse, buildSite, closeAll, pageFindings, serveAndBrowse, sharedSite } from './support.ts';
import { boxSearch, openSearchPage } from './search-support.ts';
import { tempDir } from '../test/helpers.ts';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';

const repo = resolve(import.meta.dirname, '..');
const site = join(tempDir('apidesc-search-'), 'site');

describe('search (Pagefind) in Chromium, site under /docs/', () => {
  let server: Server;
  let browser: Browser;
  let base = '';
  before(async () => {
    // The index in parts of 12 pages, as a large site's is (src/pipeline/search-stage.ts): every search
    // below must find its page whichever part holds it.
    process.env.APIDESC_SEARCH_PAGES_PER_INDEX = '12';
    try {
      await buildSite(['content', '--base', '/docs/'], repo, { work: dirname(site), out: site });
    } finally {
      delete process.env.APIDESC_SEARCH_PAGES_PER_INDEX;
    }
    const parts = JSON.parse(readFileSync(join(site, 'pagefind/parts.json'), 'utf8')) as string[];
    assert.ok(parts.length >= 2, `the index is in parts: ${parts.join(', ')}`);
    for (const part of parts) assert.ok(existsSync(join(site, 'pagefind', part, 'pagefind-entry.json')), part);
    ({
      site: { server, base },
      browser,
    } = await serveAndBrowse(site, '/docs/'));
  });
  after(() => closeAll(browser, server));

  it('focuses the search box with "/" and finds objects by address, id, name and nested property, each by its name first', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(base + 'channels/orderevents/');
    await page.waitForLoadState('networkidle');
    // The key that focuses the box is shown beside it where there is a keyboard, and said to assistive technology.
    assert.equal(await page.locator('#search-box').getAttribute('aria-keyshortcuts'), '/ Control+K Meta+K');
    assert.ok(await page.locator('.search-key').isVisible(), 'the "/" hint on a desk');
    const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await phone.goto(base + 'channels/orderevents/');
    assert.equal(await phone.locator('.search-key').isVisible(), false, 'no "/" hint on a phone');
    assert.equal(await phone.locator('#search-box').getAttribute('placeholder'), 'Search');
    await phone.close();
    // Reading a page loads no search script: the search comes with the first use of the box.
    assert.ok(!scripts.some((s) => s.includes('/pagefind/') || s.endsWith('/search-box.js')), `scripts before search: ${scripts.join(', ')}`);
    await page.keyboard.press('/');
    await page.keyboard.type('ord');
    await page.locator('#search-results [role="option"]').first().waitFor({ timeout: 10_000 });
    assert.ok(scripts.some((s) => s.endsWith('/pagefind/pagefind.js')));
    assert.ok(!scripts.some((s) => s.endsWith('/pagefind-ui.js')), "Pagefind's UI is not loaded by the header's box");
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'search-box', 'the focus stays in the box');
    assert.match(await page.inputValue('#search-box'), /^ord/);
    // Escape closes the results, which lie over the page.
    await page.keyboard.press('Escape');
    await page.waitForSelector('.search-panel', { state: 'hidden', timeout: 5000 });
    await page.locator('h1').click();
    const hits = async (q: string) => boxSearch(page, q);
    assert.ok((await hits('orders-{region}.fifo')).includes('Order events'), 'channel by address');
    assert.ok((await hits('{region}')).includes('Order events'), 'channel by a parameter of its address');
    assert.ok((await hits('stock-check')).includes('Stock check requests'), 'channel by a part of its address');
    assert.equal((await hits('receiveOrderEventsInWarehouse'))[0], 'Warehouse picks orders', 'an exact id ranks first, named by its title');
    assert.equal(
      await page.locator('#search-results [role="option"]').first().locator('.search-hit-kind').textContent(),
      'Operation',
      'its kind a label beside the name',
    );
    assert.ok((await hits('StockCheckRequested')).includes('Stock check requested'), 'message by name');
    // A field's hit is a result of its own under its page (as DocSearch puts hits under their page):
    // the page's name first, then the field's name, its data path quietly after.
    const nested = await hits('dueDays');
    assert.equal(nested[1], 'dueDays', `the page, then the field's name: ${nested.join(', ')}`);
    const options = page.locator('#search-results [role="option"]');
    assert.equal(await options.first().getAttribute('class'), 'search-hit-page', 'the page heads its hits');
    assert.ok(!/#/.test((await options.first().getAttribute('data-url')) ?? '#'), 'the page opens the page');
    // Where the schema is used, beside it: a field found on its schema's page says what carries it.
    assert.equal(await options.first().locator('.search-hit-path').textContent(), 'in message Order placed', 'through Payment and Order');
    const field = options.nth(1);
    assert.equal(await field.getAttribute('class'), 'search-hit-field');
    assert.match((await field.locator('.search-hit-path').textContent()) ?? '', /^[\w ›]+ › dueDays$/, 'its path as a reader says it, quietly after');
    assert.match((await field.locator('.search-hit-head').textContent()) ?? '', / in [A-Z][\w ]+$/, 'its page said to a screen reader');
    assert.match((await field.getAttribute('data-url')) ?? '', /#[\w.()[\]]+\.dueDays$/, 'the field lands on the row');
    const heads = await options.evaluateAll((all) => all.map((o) => `${o.className}:${o.querySelector('.search-hit-head > :first-child')?.textContent}`));
    const at = heads.indexOf('search-hit-field:dueDays', heads.indexOf('search-hit-page:InvoicePayment'));
    assert.ok(at > 0 && heads.slice(heads.indexOf('search-hit-page:InvoicePayment') + 1, at).every((h) => h.startsWith('search-hit-field')), heads.join(', '));
    const paths = await page.locator('#search-results .search-hit-field .search-hit-path').allTextContents();
    // One record, on the schema that defines the field: not once more per schema or message that shows it.
    assert.deepEqual(paths, ['InvoicePayment › dueDays'], paths.join(', '));
    // The field's line is the sentence around the match, without the name it would repeat.
    assert.match((await field.locator('.search-hit-excerpt').textContent()) ?? '', /^integer required\./);
    // The object the query names exactly comes first, before pages that mention it more often.
    assert.deepEqual((await hits('order')).slice(0, 1), ['Order']);
    assert.equal(await options.first().locator('.search-hit-kind').textContent(), 'Schema');
    assert.equal(await options.first().locator('.search-hit-path').textContent(), 'in message Order placed', 'the message that carries it');
    // A query with a word no page holds finds nothing, and says so.
    assert.deepEqual(await hits('order xqzvw'), []);
    assert.equal(await page.locator('.search-status').textContent(), 'Nothing found for “order xqzvw”.');
    // The overview and a guide have their kind beside their name, written as every other kind.
    await hits('Fulfilment');
    const overview = page.locator('#search-results [role="option"]', { hasText: 'Order Fulfilment Events' }).first();
    assert.equal(await overview.locator('.search-hit-kind').textContent(), 'API overview');
    assert.match(
      (await overview.locator('.search-hit-excerpt').textContent()) ?? '',
      /^Events that move an order/,
      'the overview reads its description, not its lists',
    );
    await hits('parcel');
    assert.equal(
      await page.locator('#search-results [role="option"]', { hasText: 'Getting started' }).first().locator('.search-hit-kind').textContent(),
      'Guide',
    );
    // A page's line is its summary, not an excerpt that repeats its title.
    await hits('StockCheckRequested');
    // (The message has no summary, and its text there is its facts: no line rather than "Content type application/json Name …".)
    const lines = await page
      .locator('#search-results [role="option"]', { hasText: 'Stock check requested' })
      .first()
      .locator('.search-hit-excerpt')
      .allTextContents();
    for (const line of lines)
      assert.ok(!/^(StockCheckRequested\s+)?Stock check requested|Content type/.test(line), `the line does not repeat the id and title: ${line}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('loads the index when the reader points at the box or focuses it, and says "Searching…" at the first key', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(base + 'channels/orderevents/');
    await page.waitForLoadState('networkidle');
    assert.ok(!requests.some((r) => r.includes('/pagefind/')), `nothing of the index before the reader turns to the box: ${requests.join(', ')}`);
    // The pointer on the box, no click yet: the index's metadata and Pagefind's wasm are on their way.
    const metadata = page.waitForRequest(/\/pagefind\/.*pagefind-entry\.json/, { timeout: 10_000 });
    await page.hover('#search-box');
    await metadata;
    await page.waitForRequest(/\/pagefind\/.*\.pf_meta$/, { timeout: 10_000 });
    await page.close();

    // Focus alone ("/") does the same, and the first key is answered at once with "Searching…",
    // while the index's chunks for the words typed are still on their way (held here, as on a slow line).
    // Held for the whole context: Pagefind fetches its index from a worker.
    const context = await browser.newContext();
    const focused = await context.newPage();
    focused.on('pageerror', (e) => errors.push(e.message));
    let release = (): void => {};
    const held = new Promise<void>((go) => (release = go));
    await context.route(/\.pf_index$/, async (route) => {
      await held;
      await route.continue();
    });
    await focused.goto(base + 'channels/orderevents/');
    await focused.waitForLoadState('networkidle');
    const focusMetadata = focused.waitForRequest(/\/pagefind\/.*\.pf_meta$/, { timeout: 10_000 });
    await focused.keyboard.press('/');
    await focusMetadata;
    await focused.keyboard.type('o');
    // Read in the same turn as the key: no waiting for it.
    const said = await focused.evaluate(() => {
      const status = document.querySelector('.search-status');
      const panel = document.querySelector('.search-panel');
      return { text: status?.textContent, shown: !!panel && !(panel as HTMLElement).hidden && !status?.classList.contains('visually-hidden') };
    });
    assert.deepEqual(said, { text: 'Searching…', shown: true });
    await focused.keyboard.type('rder');
    assert.equal(await focused.locator('.search-status').textContent(), 'Searching…', 'still said while the index is held');
    release();
    await focused.locator('#search-results [role="option"]').first().waitFor({ timeout: 10_000 });
    assert.ok(await focused.locator('.search-status').evaluate((el) => el.classList.contains('visually-hidden')), 'the results replace "Searching…"');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('focuses the search box with Ctrl+K and Cmd+K on a reference page, and leaves the keys to any other field', async () => {
    const page = await browser.newPage();
    await page.goto(base + 'channels/orderevents/');
    await page.waitForLoadState('networkidle');
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
    for (const key of ['Control+K', 'Meta+K']) {
      await page.locator('h1').click();
      assert.notEqual(await focused(), 'search-box');
      await page.keyboard.press(key);
      assert.equal(await focused(), 'search-box', `${key} focuses the header's search box`);
      assert.equal(page.url(), base + 'channels/orderevents/', `${key} leaves the reader on the page`);
    }
    // Pressed again in the box itself, the focus stays there, the words typed selected for a new query.
    await page.keyboard.type('ord');
    await page.keyboard.press('Control+K');
    assert.equal(await focused(), 'search-box');
    assert.deepEqual(
      await page.evaluate(() => [(document.activeElement as HTMLInputElement).selectionStart, (document.activeElement as HTMLInputElement).selectionEnd]),
      [0, 3],
    );
    // In another field (the sns filter tester's message), Ctrl+K is the reader's, not the search's.
    await page.goto(base + 'operations/notifycustomersofscans/#sns-tester-heading');
    await page.waitForLoadState('networkidle');
    await page.locator('#sns-tester-body').focus();
    await page.keyboard.press('Control+K');
    assert.equal(await focused(), 'sns-tester-body', 'the focus stays in the field the reader is in');
    await page.close();
  });

  it('moves through the results with ArrowDown and ArrowUp, opens one with Enter, closes them with Escape, as a combobox and its listbox', async () => {
    const page = await browser.newPage();
    await page.goto(base + 'channels/orderevents/');
    const input = page.locator('#search-box');
    await input.focus();
    await input.fill('dueDays');
    const options = page.locator('#search-results [role="option"]');
    await options.first().waitFor({ timeout: 10_000 });
    // The roles and states a screen reader reads.
    assert.equal(await input.getAttribute('role'), 'combobox');
    assert.equal(await input.getAttribute('aria-expanded'), 'true');
    assert.equal(await input.getAttribute('aria-controls'), 'search-results');
    assert.equal(await page.locator('#search-results').getAttribute('role'), 'listbox');
    assert.equal(await input.getAttribute('aria-activedescendant'), null, 'no result chosen before the arrows');
    // The query names a field: the first ArrowDown chooses the field's row under its page, not the page.
    await page.keyboard.press('ArrowDown');
    const second = options.nth(1);
    assert.equal(await second.getAttribute('class'), 'search-hit-field');
    assert.equal(await input.getAttribute('aria-activedescendant'), await second.getAttribute('id'));
    assert.equal(await second.getAttribute('aria-selected'), 'true');
    assert.equal(await page.locator('#search-results [aria-selected="true"]').count(), 1);
    await page.keyboard.press('ArrowUp');
    const first = options.first();
    assert.equal(await input.getAttribute('aria-activedescendant'), await first.getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    assert.equal(await input.getAttribute('aria-activedescendant'), null, 'ArrowUp from the first result goes back to the box');
    // A word that names no field: the first ArrowDown chooses the first result.
    await input.fill('Order events');
    await page.waitForFunction(() => /Order events/.test(document.querySelector('.search-all a')?.textContent ?? ''), undefined, { timeout: 10_000 });
    await page.keyboard.press('ArrowDown');
    assert.equal(await input.getAttribute('aria-activedescendant'), await first.getAttribute('id'));
    await input.fill('dueDays');
    await page.waitForFunction(() => /dueDays/.test(document.querySelector('.search-all a')?.textContent ?? ''), undefined, { timeout: 10_000 });
    await page.keyboard.press('ArrowDown');
    // The option chosen is the field's, under its page: Enter lands on its row.
    const target = await second.getAttribute('data-url');
    await Promise.all([page.waitForURL((url) => url.pathname + url.hash === target), page.keyboard.press('Enter')]);
    // The field's row is the target: opened and highlighted.
    assert.ok(await page.locator(':target').isVisible());

    await page.goto(base + 'channels/orderevents/');
    await input.focus();
    await input.fill('dueDays');
    await options.first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    assert.equal(await input.getAttribute('aria-expanded'), 'false');
    assert.ok(await page.locator('.search-panel').isHidden());
    // Enter with no result chosen opens the search page for what was typed.
    await Promise.all([page.waitForURL(/\/search\/\?q=dueDays$/), page.keyboard.press('Enter')]);
    await page.close();
  });

  it("has no WCAG 2.1 A/AA violation with the header's results open and one chosen, in both themes", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(base + 'operations/publishorderevents/');
      await page.locator('#search-box').focus();
      await page.locator('#search-box').fill('dueDays');
      await page.locator('#search-results [role="option"]').first().waitFor({ timeout: 10_000 });
      await page.keyboard.press('ArrowDown');
      assert.deepEqual(
        (await pageFindings(page)).map((finding) => `${colorScheme}: ${finding}`),
        [],
      );
      await context.close();
    }
  });

  it('shows on every hit of the header box why it matched: the query marked in its name, its id or address, or its words', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base + 'channels/');
    for (const q of ['fifo', 'order', 'stock-check', 'region', 'warehouse', 'sns', 'unitPrice']) {
      await boxSearch(page, q);
      const hits = await page.locator('#search-results [role="option"]').evaluateAll((options) =>
        options.map((option) => ({
          text: option.textContent ?? '',
          // A page that heads its fields' hits: the fields under it show the match.
          heading: option.classList.contains('search-hit-page'),
          marks: Array.from(option.querySelectorAll('mark'), (m) => m.textContent ?? ''),
        })),
      );
      assert.ok(hits.length > 0, q);
      for (const hit of hits) if (!hit.heading) assert.ok(hit.marks.length > 0, `${q}: no mark in "${hit.text}"`);
    }
    await page.close();
  });

  it('ranks the schema that defines a nested property among the first five for its name', async () => {
    const page = await browser.newPage();
    // A page with the header's search box (the 404 page has only its own, in the page).
    await page.goto(base);
    for (const [field, schema] of [
      ['dueDays', 'InvoicePayment'],
      ['last4', 'CardPayment'],
      ['sku', 'Order'],
      ['unitPrice', 'Order'],
      ['currency', 'Money'],
    ]) {
      await boxSearch(page, field!);
      // The pages' own results, not their fields'.
      const titles = await page.locator('#search-results [role="option"]:not(.search-hit-field) .search-hit-head > :first-child').allTextContents();
      assert.ok(titles.slice(0, 5).includes(schema!), `${field}: ${titles.join(', ')}`);
      // The field is one result: its schema's, not one per schema, message or operation that shows it.
      const fields = await page.locator('#search-results .search-hit-field .search-hit-path').allTextContents();
      const defining = fields.filter((path) => path.startsWith(`${schema} › `) && path.endsWith(` › ${field}`));
      assert.equal(defining.length, 1, `${field}: ${fields.join(', ')}`);
      // Not again inside another schema or message that shows the schema ("Order › payment › CardPayment › last4").
      assert.ok(!fields.some((path) => path.includes(` › ${schema} › `)), `${field}: ${fields.join(', ')}`);
      // A field no other page writes in place (a message's own `items[].sku` is another field): its schema first.
      if (field !== 'sku') assert.equal(titles[0], schema, `${field}: the schema that defines it first: ${titles.join(', ')}`);
    }
    // A schema first for its own name, before the messages and operations that carry it.
    for (const schema of ['CardPayment', 'InvoicePayment', 'Money']) {
      await boxSearch(page, schema);
      const titles = await page.locator('#search-results [role="option"]:not(.search-hit-field) .search-hit-head > :first-child').allTextContents();
      assert.equal(titles[0], schema, titles.join(', '));
    }
    // A channel names its messages' top fields in its list of messages, but is not a hit for them.
    await boxSearch(page, 'placedAt');
    const placedAt = await page.locator('#search-results [role="option"]:not(.search-hit-field) .search-hit-head > :first-child').allTextContents();
    assert.ok(placedAt.includes('Order') && !placedAt.includes('Order events'), placedAt.join(', '));
    await page.close();
  });
  it('offers "Did you mean" for a typo, from the names it fetches only then, as a link that searches for the name', async () => {
    const page = await browser.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(base + 'channels/orderevents/');
    // A query the index finds well: the names are not fetched.
    await boxSearch(page, 'order');
    assert.ok(!fetched.some((path) => /\/pagefind\/(part-\d+\/)?names\.json$|\/leven\.js$/.test(path)), fetched.join(', '));
    assert.ok(await page.locator('.search-suggest').isHidden());
    for (const [typo, meant] of [
      ['unitPrcie', 'unitPrice'],
      ['ordr', 'Order'],
    ]) {
      await boxSearch(page, typo!);
      const suggestion = page.locator('.search-suggest a');
      await suggestion.first().waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('.search-suggest').textContent(), `Did you mean ${meant}?`);
      assert.equal(await suggestion.getAttribute('href'), `/docs/search/?q=${meant}`, 'a link to its search, also without this script');
      // Said with the outcome to assistive technology.
      assert.match((await page.locator('.search-status').textContent()) ?? '', new RegExp(`Did you mean ${meant}\\?$`));
    }
    // Every part's names, one file each (the index is in parts here).
    const parts = JSON.parse(readFileSync(join(site, 'pagefind/parts.json'), 'utf8')) as string[];
    for (const part of ['', ...parts]) assert.ok(fetched.includes(`/docs/pagefind/${part}names.json`), `${part}names.json: ${fetched.join(', ')}`);
    // Followed, it searches for the name in the box.
    await page.locator('.search-suggest a').click();
    await page.waitForFunction(() => /“Order”/.test(document.querySelector('.search-all a')?.textContent ?? ''), undefined, { timeout: 10_000 });
    assert.equal(await page.inputValue('#search-box'), 'Order');
    // (The box listed the pages of "Order" for `ordr` already: its own search of "Order" ends with no suggestion.)
    await page.locator('.search-suggest').waitFor({ state: 'hidden', timeout: 10_000 });
    assert.ok(await page.locator('.search-suggest').isHidden(), 'no suggestion for a name as it is');
    await page.close();
  });
});

describe('the search page with results, for every reader', () => {
  let server: Server;
  let browser: Browser;
  let base = '';
  before(async () => {
    ({
      site: { server, base },
      browser,
    } = await serveAndBrowse(await sharedSite(['content'], repo)));
  });
  after(() => closeAll(browser, server));

  it('has no WCAG 2.1 A/AA violation with results and filters shown, in both themes, and its controls show focus', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(base + 'search/?q=order');
      await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      assert.deepEqual(
        (await pageFindings(page)).map((finding) => `${colorScheme}: ${finding}`),
        [],
      );
      // Every control of the search UI shows where the focus is.
      const input = page.locator('.pagefind-ui__search-input');
      await input.focus();
      assert.notEqual(await input.evaluate((el) => getComputedStyle(el).outlineStyle), 'none', `${colorScheme}: the search box shows focus`);
      // Tab on from the box, as a keyboard reader does, through the filters and the results.
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el?.closest('#search-page')) return undefined;
          const style = getComputedStyle(el);
          return {
            kind: el.className.split(' ').find((c) => c.startsWith('pagefind-ui__')) ?? el.tagName,
            shown: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
          };
        });
        if (!focused) continue;
        seen.add(focused.kind);
        assert.ok(focused.shown, `${colorScheme}: ${focused.kind} shows focus`);
      }
      assert.ok(seen.has('pagefind-ui__filter-checkbox') && seen.has('pagefind-ui__result-link'), [...seen].join(', '));
      await context.close();
    }
  });

  it('lays the filters out beside the results on a desk, and folded above them on a phone', async () => {
    for (const [width, beside] of [
      [1280, true],
      [390, false],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(base + 'search/?q=order');
      await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
      const layout = await page.evaluate(() => {
        const panel = document.querySelector('#search-page .pagefind-ui__filter-panel')!.getBoundingClientRect();
        const results = document.querySelector('#search-page .pagefind-ui__results-area')!.getBoundingClientRect();
        const open = document.querySelectorAll('#search-page details.pagefind-ui__filter-block[open]').length;
        return { panel: panel.width, beside: panel.right <= results.left, open, overflow: document.documentElement.scrollWidth - innerWidth };
      });
      if (beside) {
        assert.ok(layout.panel >= 150, `${width} px: the filter names have room (${layout.panel} px)`);
        assert.ok(layout.beside, `${width} px: the filters sit beside the results`);
        assert.ok(layout.open > 0, `${width} px: the main filters are open`);
      } else {
        assert.equal(layout.open, 0, `${width} px: the filters are folded, so the results show first`);
        // The first result within the first half of the phone's screen.
        const first = await page.locator('.pagefind-ui__result').first().boundingBox();
        assert.ok(first && first.y < 450, `${width} px: the first result starts ${first?.y} px down`);
      }
      assert.ok(layout.overflow <= 0, `${width} px: no sideways scroll`);
      await page.close();
    }
  });

  it("counts each filter's values among the query's results, when the page opens on a query and when a filter is chosen", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The filters' data comes late, as on a slow network: the query's first search (from `?q=`)
    // runs before it, and must still count the query's results, not the whole site's pages.
    await page.route(/\/pagefind\/(.*\/)?filter\//, async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await page.goto(base + 'search/?q=orders-');
    const kindCounts = async () => {
      const labels = await page.locator('details.pagefind-ui__filter-block', { hasText: 'Kind' }).locator('.pagefind-ui__filter-label').allTextContents();
      return labels.map((label) => Number(/\((\d+)\)$/.exec(label)?.[1] ?? Number.NaN));
    };
    const shownTotal = async () => Number(/^(\d+) results? for/.exec((await page.locator('.pagefind-ui__message').textContent()) ?? '')?.[1] ?? Number.NaN);
    await page.waitForFunction(() => /\d+ results? for orders-/.test(document.querySelector('.pagefind-ui__message')?.textContent ?? ''), undefined, {
      timeout: 15_000,
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const total = await shownTotal();
    const counts = await kindCounts();
    // Every result here is a page of one kind (no trait or binding holds "orders-"): the counts add up to the results.
    assert.equal(
      counts.reduce((sum, n) => sum + n, 0),
      total,
      `Kind counts ${counts.join(', ')} for ${total} results`,
    );
    // A filter chosen: the other filters count what is left.
    await page.locator('details.pagefind-ui__filter-block', { hasText: 'Action' }).locator('summary').click();
    await page.locator('.pagefind-ui__filter-label', { hasText: /^API sends \(/ }).click();
    // Until the message counts again, and another number: between the two it may say it is searching.
    await page.waitForFunction(
      (before) => {
        const counted = /^(\d+) results? for/.exec(document.querySelector('.pagefind-ui__message')?.textContent ?? '');
        return counted !== null && Number(counted[1]) !== before;
      },
      total,
      {
        timeout: 10_000,
      },
    );
    const narrowed = await shownTotal();
    assert.ok(narrowed > 0 && narrowed < total, `send narrows the ${total} results: ${narrowed}`);
    assert.equal(
      (await kindCounts()).reduce((sum, n) => sum + n, 0),
      narrowed,
      `Kind counts once "send" is chosen: ${(await kindCounts()).join(', ')}`,
    );
    await page.close();
  });

  it('quotes sentences, not rows of tags: tags stay out of the excerpts, and a page is still found by its tag', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base + 'search/?q=orders-');
    await page.waitForSelector('.pagefind-ui__result-excerpt', { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const excerpts = await page.locator('.pagefind-ui__result-excerpt').allTextContents();
    assert.ok(!excerpts.some((e) => /\bTags\b|domain = orders|data-classification/.test(e)), excerpts.join(' | '));
    // In the built index: the channel's text holds no tag row (its own, or its sns topic's), and its tag
    // is indexed once, in the page's own words before its first section, so that a search for the tag finds it.
    const channel = await page.evaluate(async (bundle) => {
      const pagefind = await import(bundle);
      const found = await pagefind.search('orders');
      const pages: { url: string; content: string }[] = await Promise.all(
        found.results.map((r: { data: () => Promise<{ url: string; content: string }> }) => r.data()),
      );
      return pages.find((p) => p.url.endsWith('/channels/orderevents/'));
    }, `${base}pagefind/pagefind.js`);
    assert.ok(channel, 'the channel tagged "orders" is found for "orders"');
    assert.doesNotMatch(channel.content, /\bTags\b|data-classification/);
    assert.match(channel.content, /^orderEvents Order events\. Amazon SNS\. orders\. /, "its tag, indexed as the page's own words");
    assert.doesNotMatch(channel.content, /\b(Channel|sns) orders$/, "no filter's word at the end, in the last section");
    await page.close();
  });

  it("keeps a description's code and the tool's note on two names out of the index, and the page's own words and names in it", async () => {
    const page = await browser.newPage();
    await page.goto(base + 'search/');
    /** The indexed text of each page `query` finds, by URL, and the excerpts Pagefind gives. */
    const indexed = (query: string) =>
      page.evaluate(
        async ([bundle, q]) => {
          const pagefind = await import(bundle!);
          const found = await pagefind.search(q);
          const pages: { url: string; content: string; excerpt: string }[] = await Promise.all(
            found.results.map((r: { data: () => Promise<{ url: string; content: string; excerpt: string }> }) => r.data()),
          );
          return pages.map(({ url, content, excerpt }) => ({ url, content, excerpt }));
        },
        [`${base}pagefind/pagefind.js`, query] as const,
      );
    const channelOf = async (query: string) => (await indexed(query)).find((p) => p.url.endsWith('/channels/orderevents/'));
    const channel = await channelOf('strictly');
    assert.ok(channel, 'the channel is found by a word of its description');
    // The description's JSON block ({ "MessageGroupId": "ord-1042", … }) and the note on the topic's two names.
    assert.doesNotMatch(channel.content, /\{ "MessageGroupId"|ord-1042-placed/);
    assert.doesNotMatch(channel.content, /The name clients use with AWS/);
    // The sentence before the code, the topic's name, its messages and operations stay searchable.
    assert.match(channel.content, /Publishers set it like this:/);
    assert.ok(await channelOf('orders.fifo'), "found by the topic's name");
    assert.ok(await channelOf('OrderPlaced'), "found by a message's name");
    assert.ok(!(await indexed('Clients publish and subscribe')).some((p) => /Clients publish/.test(p.excerpt)), 'no excerpt quotes the note');
    await page.close();
  });

  it("offers as filters only the readers' kinds that have results, and leads each result with its name and summary", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base + 'search/?q=order');
    await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const kinds = await page.locator('details.pagefind-ui__filter-block', { hasText: 'Kind' }).locator('.pagefind-ui__filter-label').allTextContents();
    assert.ok(kinds.length > 3, kinds.join(', '));
    assert.ok(!kinds.some((k) => /\(0\)/.test(k)), `no kind without results: ${kinds.join(', ')}`);
    assert.ok(
      !kinds.some((k) => /Shared (operation|message) settings|protocol settings|Tracking id/i.test(k)),
      `no kind of the parts an author composes objects of: ${kinds.join(', ')}`,
    );
    const titles = await page.locator('.pagefind-ui__result-title .pagefind-ui__result-link').allTextContents();
    // A field's hit is headed by its path as a reader says it ("Order › orderId"), a page's by its name alone.
    assert.ok(titles.includes('Order events') && !titles.some((t) => / · /.test(t)), titles.join(' | '));
    // The objects named for the word rank above the trait whose id holds it.
    const pages = await page
      .locator('.pagefind-ui__result > .pagefind-ui__result-inner > .pagefind-ui__result-title .pagefind-ui__result-link')
      .allTextContents();
    const firstFive = pages.slice(0, 5);
    assert.ok(firstFive.includes('Publish order events'), `the operation among the first five: ${pages.join(' | ')}`);
    assert.ok(!firstFive.some((t) => /ordersTeam/i.test(t)), `no trait among the first five: ${pages.join(' | ')}`);
    // A result reads the object's summary, not the page's text run together.
    const excerpts = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.pagefind-ui__result'), (r) => ({
        title: r.querySelector('.pagefind-ui__result-title')?.textContent?.trim(),
        excerpt: r.querySelector('.pagefind-ui__result-excerpt')?.textContent?.trim(),
      })),
    );
    assert.deepEqual(
      excerpts.find((r) => r.title === 'Publish order events'),
      { title: 'Publish order events', excerpt: 'Operation API sends › orders-{region}.fifo The order service publishes every order state change.' },
      JSON.stringify(excerpts),
    );
    assert.equal(await page.locator('.pagefind-ui__result-tag', { hasText: /^Summary/ }).count(), 0, 'the summary is not a label too');
    await page.close();
  });

  it("shows an operation's direction badge and channel address, a channel's address and a message's operations on its hit, in the header box and on the search page", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openSearchPage(page, base, 'order');
    const crumbs = await page.evaluate(() =>
      Object.fromEntries(
        Array.from(document.querySelectorAll('.pagefind-ui__result'), (r) => [
          r.querySelector('.pagefind-ui__result-title')?.textContent?.trim() ?? '',
          {
            crumb: r.querySelector('.search-crumb')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
            badge: r.querySelector('.search-crumb .badge.search-hit-badge')?.className ?? '',
          },
        ]),
      ),
    );
    const said = JSON.stringify(crumbs);
    assert.equal(crumbs['Publish order events']?.crumb, 'Operation API sends › orders-{region}.fifo', said);
    assert.match(crumbs['Publish order events']?.badge ?? '', /\bsend\b/, said);
    assert.equal(crumbs['Order events']?.crumb, 'Channel › orders-{region}.fifo', said);
    assert.match(crumbs['Order placed']?.crumb ?? '', /^Message › sent by Publish order events, received by \S/, said);
    // Said in the line, never again as a label of Pagefind's ("Action: send").
    assert.equal(await page.locator('.pagefind-ui__result-tag').count(), 0);
    await page.goto(base + 'channels/');
    await boxSearch(page, 'order');
    const options = await page.locator('#search-results [role="option"] .search-hit-head').allTextContents();
    const publish = options.find((o) => o.startsWith('Publish order events'));
    assert.equal(publish, 'Publish order eventsOperationAPI sendsorders-{region}.fifo', options.join(' | '));
    assert.ok(
      options.some((o) => o.startsWith('Order placedMessagesent by Publish order events')),
      options.join(' | '),
    );
    await page.close();
  });

  it('shows twenty results at once, the parts of objects after the objects, each section hit one quiet line under its page, and excerpts that quote the document, never the tool', async () => {
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(base + 'search/?q=order');
      await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const shown = await page.locator('.pagefind-ui__result').count();
      const found = Number(/(\d+) results?/.exec((await page.locator('.pagefind-ui__message').textContent()) ?? '')?.[1]);
      // Twenty before "Load more": the sample's whole answer to "order" (18) without a click.
      assert.ok(found > 12, `${width} px: ${found} found`);
      assert.equal(shown, Math.min(20, found), `${width} px: ${shown} of ${found} results before "Load more"`);
      assert.equal(await page.locator('.pagefind-ui__button').count(), found > 20 ? 1 : 0, `${width} px: "Load more" only past twenty`);
      // A channel's bindings, the traits and the correlation IDs (parts, whose names hold "order") after every reader's object.
      const crumbs = await page.locator('.pagefind-ui__result > .pagefind-ui__result-inner .search-crumb').allTextContents();
      const part = (crumb: string): boolean => /^(Channel binding|Correlation ID|Operation trait|Message trait)\b/.test(crumb.trim());
      const firstPart = crumbs.findIndex(part);
      assert.ok(firstPart > 0 && crumbs.slice(firstPart).every(part), `${width} px: parts last: ${crumbs.join(' | ')}`);
      const looks = await page.evaluate(() => {
        const px = (el: Element | null) => (el ? Number.parseFloat(getComputedStyle(el).fontSize) : 0);
        const page = document.querySelector('.pagefind-ui__result > .pagefind-ui__result-inner > .pagefind-ui__result-title');
        const subs = Array.from(document.querySelectorAll('.pagefind-ui__result-nested .pagefind-ui__result-title'));
        return {
          page: px(page),
          sub: Math.max(...subs.map(px)),
          // One line each: no heading taller than one and a half of its lines.
          tallest: Math.max(...subs.map((s) => s.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(s).lineHeight || '20'))),
          texts: subs.map((s) => s.textContent ?? ''),
          overflow: document.documentElement.scrollWidth - innerWidth,
        };
      });
      assert.ok(looks.sub > 0 && looks.sub < looks.page * 0.8, `${width} px: sub-hits (${looks.sub} px) quieter than results (${looks.page} px)`);
      assert.ok(looks.tallest < 1.5, `${width} px: each sub-hit heading one line (${looks.tallest} lines)`);
      // (The FIFO topic's subscriptions are SQS queues, whose cards match "order"; the function and the webhook are on the standard topic.)
      assert.ok(!looks.texts.some((t) => /\blambda Lambda\b|\bhttps HTTPS\b|\bsqs SQS\b/i.test(t)), `the chip's word once: ${looks.texts.join(' | ')}`);
      assert.ok(looks.overflow <= 0, `${width} px: no sideways scroll (${looks.overflow} px)`);
      // Compact, as DocSearch lists hits: ten results within 1,100 px on a desk (a phone's section hits take two short lines), each page's text one line under its breadcrumb.
      const compact = await page.evaluate(() => {
        const results = Array.from(document.querySelectorAll('.pagefind-ui__result')).slice(0, 10);
        const lines = results.map((result) => {
          const excerpt = result.querySelector(':scope > .pagefind-ui__result-inner > .pagefind-ui__result-excerpt');
          if (!excerpt) return 0;
          const crumb = excerpt.querySelector('.search-crumb')?.getBoundingClientRect().height ?? 0;
          return (excerpt.getBoundingClientRect().height - crumb) / Number.parseFloat(getComputedStyle(excerpt).lineHeight);
        });
        return { span: results.at(-1)!.getBoundingClientRect().bottom - results[0]!.getBoundingClientRect().top, lines: Math.max(...lines) };
      });
      assert.ok(compact.span <= (width === 1280 ? 1100 : 1400), `${width} px: ten results in ${compact.span} px`);
      assert.ok(compact.lines < 1.5, `${width} px: a result's text in one line (${compact.lines} lines)`);
      const excerpts = await page.locator('.pagefind-ui__result-excerpt').allTextContents();
      assert.ok(!excerpts.some((e) => /You receive these messages|You send these messages|Available on every server/.test(e)), excerpts.join(' | '));
      await page.close();
    }
    // The tool's own sentences are not in the index at all: no indexed page's text holds them.
    const page = await browser.newPage();
    await page.goto(base + 'search/');
    const indexed = await page.evaluate(async (bundle) => {
      const pagefind = await import(bundle);
      const found = await pagefind.search('order');
      return Promise.all(found.results.map(async (r: { data: () => Promise<{ url: string; content: string }> }) => r.data()));
    }, `${base}pagefind/pagefind.js`);
    for (const operation of ['publishorderevents', 'receiveordereventsinwarehouse'])
      assert.ok(
        indexed.some((p) => p.url.includes(`/operations/${operation}/`)),
        indexed.map((p) => p.url).join(', '),
      );
    const boilerplate = indexed.filter((p) => /You receive these messages|You send these messages|Available on every server/.test(p.content));
    assert.deepEqual(
      boilerplate.map((p) => p.url),
      [],
      'no indexed text holds the meaning of the action',
    );
    await page.close();
  });

  it('reads each hit as the sentence around the match, the exact name first, every kind labelled alike, and nothing for a word no page holds', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base + 'search/?q=order');
    await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const results = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.pagefind-ui__result'), (r) => ({
        title: r.querySelector('.pagefind-ui__result-title')?.textContent?.trim(),
        tags: Array.from(r.querySelectorAll('.pagefind-ui__result-tag'), (t) => t.textContent?.trim()),
        crumb: r.querySelector('.search-crumb')?.textContent ?? '',
        excerpt: r.querySelector(':scope > .pagefind-ui__result-inner > .pagefind-ui__result-excerpt')?.textContent?.trim() ?? '',
        subs: Array.from(r.querySelectorAll('.pagefind-ui__result-nested'), (n) => ({
          title: n.querySelector('.pagefind-ui__result-title')?.textContent?.replace(/^\W+/, '').trim() ?? '',
          excerpt: n.querySelector('.pagefind-ui__result-excerpt')?.textContent?.trim() ?? '',
        })),
      })),
    );
    assert.equal(results[0]?.title, 'Order', `the schema named "Order" first: ${results.map((r) => r.title).join(' | ')}`);
    // Each kind a quiet word leading the line ("API overview", "Schema"), written alike; no "Kind: …" tag.
    const overview = results.find((r) => r.title === 'Order Fulfilment Events');
    assert.equal(overview?.crumb, 'API overview', 'the overview has its kind');
    for (const r of results) {
      assert.match(r.crumb, /^[A-Z]/, `${r.title}: ${r.crumb}`);
      assert.deepEqual(r.tags, [], `${r.title}: ${r.tags.join(', ')}`);
    }
    for (const sub of results.flatMap((r) => r.subs)) {
      assert.ok(!sub.excerpt.toLowerCase().startsWith(`${sub.title.toLowerCase()}.`), `a hit does not start with its heading: ${JSON.stringify(sub)}`);
      assert.ok(!/message page:/.test(sub.excerpt), `no link words in a hit: ${JSON.stringify(sub)}`);
    }
    // A section whose hit reads as the page's line is not listed under it again.
    for (const r of results) assert.ok(!r.subs.some((sub) => sub.excerpt !== '' && sub.excerpt === r.excerpt), `${r.title}: ${JSON.stringify(r)}`);
    // A section whose words are a list's names (the channel's messages) is no sentence: not quoted.
    assert.ok(!results.find((r) => r.title === 'Order events')?.subs.some((sub) => /OrderPlaced application\/json/.test(sub.excerpt)), JSON.stringify(results));
    // The Kind filter's name stands clear of its first value.
    const gap = await page.evaluate(() => {
      const block = Array.from(document.querySelectorAll('details.pagefind-ui__filter-block')).find((d) => d.textContent?.includes('Kind'));
      const name = block?.querySelector('.pagefind-ui__filter-name')?.getBoundingClientRect();
      const first = block?.querySelector('.pagefind-ui__filter-value')?.getBoundingClientRect();
      return name && first ? first.top - name.bottom : -1;
    });
    assert.ok(gap >= 8, `the Kind heading stands clear of its first value (${gap} px)`);
    // A word no page holds: no result, honestly, and no filter counting any.
    await page.goto(base + 'search/?q=order%20xqzvw');
    await page.waitForFunction(() => /No results for/.test(document.querySelector('.pagefind-ui__message')?.textContent ?? ''), undefined, { timeout: 15_000 });
    assert.equal(await page.locator('.pagefind-ui__result').count(), 0);
    assert.equal(await page.locator('.pagefind-ui__filter-value').count(), 0);
    await page.close();
  });

  it('has the focus in its box on arrival, and walks the results with ArrowDown, ArrowUp and Enter', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base + 'search/?q=StockCheckRequested');
    await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
    assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('pagefind-ui__search-input')), 'the box has the focus');
    await page.keyboard.press('ArrowDown');
    const links = page.locator('.pagefind-ui__result-link');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), await links.first().textContent());
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.ok(
      await page.evaluate(() => document.activeElement?.classList.contains('pagefind-ui__search-input')),
      'ArrowUp from the first result goes back to the box',
    );
    await page.keyboard.press('ArrowDown');
    const target = new URL((await links.first().getAttribute('href')) ?? '', page.url()).pathname;
    await Promise.all([page.waitForURL((url) => url.pathname === target), page.keyboard.press('Enter')]);
    await page.close();
  });

  it('reads each hit as its kind and one sentence, never labels run together, its marks on the word alone (issue 34)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Definition-list labels, action badges and ids in a row, as Pagefind's excerpt ran them together.
    const runOn = /Content type|Correlation ID|\bName [A-Z]|send sns|receive sns|OrderPlaced application\/json|Stock check answered StockCheckAnswered/;
    for (const q of ['OrderCancelled', 'requestStockCheck', 'order', 'orders.fifo', 'OrderRef', 'warehouse']) {
      await page.goto(`${base}search/?q=${encodeURIComponent(q)}`);
      await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const results = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.pagefind-ui__result'), (r) => ({
          title: r.querySelector('.pagefind-ui__result-title')?.textContent?.trim() ?? '',
          crumb: r.querySelector('.search-crumb')?.textContent ?? '',
          tags: Array.from(r.querySelectorAll('.pagefind-ui__result-tag'), (t) => t.textContent?.trim() ?? ''),
          // Each line without its breadcrumb (the kind, "Correlation ID", is no label run into the text).
          lines: Array.from(r.querySelectorAll('.pagefind-ui__result-excerpt'), (e) =>
            (e.textContent ?? '').replace(e.querySelector('.search-crumb')?.textContent ?? '', '').trim(),
          ),
          marks: Array.from(r.querySelectorAll('mark'), (m) => m.textContent ?? ''),
        })),
      );
      for (const r of results) {
        assert.ok(!r.lines.some((line) => runOn.test(line)), `${q}: ${r.title}: ${r.lines.join(' | ')}`);
        // The kind is the line's quiet breadcrumb ("Message", "Channel › Messages"), not Pagefind's "Kind: Message" tag.
        assert.match(r.crumb, /^[A-Z][\w ]+( · [^›]+)?( › .+)?$/, `${q}: ${r.title}: its kind leads its line`);
        assert.ok(!r.tags.some((t) => /^Kind:/.test(t)), `${q}: ${r.title}: ${r.tags.join(', ')}`);
        assert.ok(!r.marks.some((m) => /[.,;:!?"')\]]$/.test(m)), `${q}: ${r.title}: a mark ends on its word: ${r.marks.join(' | ')}`);
      }
      if (q === 'orders.fifo')
        assert.ok(
          results.some((r) => r.marks.includes('orders.fifo')),
          `${q}: ${JSON.stringify(results)}`,
        );
      if (q === 'OrderCancelled') {
        const message = results.find((r) => r.title === 'Order cancelled');
        // Its kind and who sends and receives it; no section, as its name is what matched.
        assert.equal(message?.crumb, 'Message › sent by Publish order events, received by Warehouse picks orders', JSON.stringify(results));
      }
      if (q === 'order') {
        // The names that hold the query come before the pages that mention it, the operation among the first.
        const titles = results.map((r) => r.title);
        assert.ok(titles.slice(0, 2).includes('Publish order events'), titles.join(' | '));
        assert.ok(titles.indexOf('Order Fulfilment Events') > titles.indexOf('Order placed'), titles.join(' | '));
      }
    }
    // The header box: no run of labels either, and the overview is no hit for an operation's id it lists.
    await page.goto(base + 'channels/orderevents/');
    await page.waitForLoadState('networkidle');
    const options = await boxSearch(page, 'requestStockCheck');
    assert.deepEqual(options, ['Request a stock check'], options.join(' | '));
    const lines = await page.locator('#search-results .search-hit-excerpt').allTextContents();
    assert.ok(!lines.some((line) => runOn.test(line)), lines.join(' | '));
    await boxSearch(page, 'orders.fifo');
    const marks = await page.locator('#search-results mark').allTextContents();
    assert.ok(marks.length > 0 && !marks.some((m) => /[.,;:!?"')\]]$/.test(m)), marks.join(' | '));
    await page.close();
  });

  it('meets a typo alike in the header box and on the search page: the name meant, offered or its pages shown (issue 34)', async () => {
    const typos: [string, RegExp][] = [
      ['recieveOrder', /receiveOrderEventsInWarehouse|Warehouse picks orders/],
      ['reciveOrderEventsInWarehouse', /receiveOrderEventsInWarehouse|Warehouse picks orders/],
      ['stok check', /stock ?check/i],
      ['warehous', /warehouse/i],
      ['ordr', /order/i],
    ];
    const box = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await box.goto(base + 'channels/orderevents/');
    await box.waitForLoadState('networkidle');
    const onPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const [q, meant] of typos) {
      const titles = await boxSearch(box, q);
      const offered = (await box.locator('.search-suggest:not([hidden])').allTextContents()).join(' ');
      const said = (await box.locator('.search-status').textContent()) ?? '';
      assert.ok(meant.test(offered) || meant.test(said) || meant.test(titles[0] ?? ''), `box, ${q}: ${offered} | ${said} | ${titles.join(', ')}`);
      // Not the pages Pagefind found by a shorter word ("or" for `ordr`: "Notify customers", "Authentication").
      if (q === 'ordr') assert.ok(titles.length > 0 && titles.every((t) => meant.test(t)), `box, ${q}: ${titles.join(', ')}`);
      await openSearchPage(onPage, base, q);
      await onPage.waitForLoadState('networkidle');
      const first =
        (await onPage
          .locator('.pagefind-ui__result-title')
          .first()
          .textContent({ timeout: 1000 })
          .catch(() => '')) ?? '';
      const suggestion = onPage.locator('.search-page-suggest:not([hidden])');
      const suggested = (await suggestion.count()) > 0 ? ((await suggestion.textContent()) ?? '') : '';
      assert.ok(meant.test(first) || /^Did you mean /.test(suggested), `page, ${q}: ${first} | ${suggested}`);
      if (suggested !== '') assert.ok(meant.test(suggested), `page, ${q}: ${suggested}`);
    }
    // One letter off a whole id: the box lists the operation it names, said so.
    const corrected = await boxSearch(box, 'reciveOrderEventsInWarehouse');
    assert.deepEqual(corrected, ['Warehouse picks orders']);
    assert.equal(await box.locator('.search-suggest').textContent(), 'Did you mean receiveOrderEventsInWarehouse?');
    assert.match(
      (await box.locator('.search-status').textContent()) ?? '',
      /^Nothing found for “reciveOrderEventsInWarehouse”: 1 result for “receiveOrderEventsInWarehouse”\. Did you mean receiveOrderEventsInWarehouse\?$/,
    );
    await box.close();
    await onPage.close();
  });

  it('gives every result its line, its sections only the words they hold, and "Did you mean" for a typo', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const q of ['orders-', 'sns', 'order']) {
      await page.goto(`${base}search/?q=${encodeURIComponent(q)}`);
      await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const results = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.pagefind-ui__result'), (r) => ({
          title: r.querySelector('.pagefind-ui__result-title')?.textContent?.trim() ?? '',
          excerpt: r.querySelector(':scope > .pagefind-ui__result-inner > .pagefind-ui__result-excerpt')?.textContent?.trim() ?? '',
          subs: Array.from(r.querySelectorAll('.pagefind-ui__result-nested .pagefind-ui__result-excerpt'), (e) => e.textContent?.trim() ?? ''),
        })),
      );
      assert.deepEqual(
        results.filter((r) => r.excerpt === '').map((r) => r.title),
        [],
        `${q}: every result has its line`,
      );
      // The filters' words (kind, protocol, tag) are not the page's last section's text.
      for (const r of results)
        assert.ok(!r.subs.some((sub) => /\b(Channel|Operation|Message|Schema|Server) sns\b/.test(sub)), `${q}: ${r.title}: ${r.subs.join(' | ')}`);
    }
    await page.goto(`${base}search/?q=unitPrcie`);
    const suggestion = page.locator('.search-page-suggest a');
    await suggestion.waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.search-page-suggest').textContent(), 'Did you mean unitPrice?');
    assert.equal(await suggestion.getAttribute('href'), '?q=unitPrice');
    await page.waitForFunction(() => /Did you mean unitPrice\?$/.test(document.querySelector('main [role="status"]')?.textContent ?? ''), undefined, {
      timeout: 15_000,
    });
    await suggestion.click();
    await page.waitForFunction(() => /results? for unitPrice$/.test(document.querySelector('.pagefind-ui__message')?.textContent?.trim() ?? ''), undefined, {
      timeout: 15_000,
    });
    assert.ok(page.url().endsWith('/search/?q=unitPrice'), page.url());
    assert.ok(await page.locator('.search-page-suggest').isHidden());
    await page.close();
  });

  it('lands a nested field on its row: the result names its page, and the field its data path, and opens the row', async () => {
    const page = await browser.newPage();
    await page.goto(base + 'search/');
    await page.locator('#search-page .pagefind-ui__search-input').fill('dueDays');
    // The field's one record is on the schema that defines it.
    const path = 'schema.dueDays';
    const result = page.locator('.pagefind-ui__result', { has: page.locator('.pagefind-ui__result-title', { hasText: /^InvoicePayment$/ }) });
    // Headed by the field's path as a reader says it (DocSearch's "Order › lines › unitPrice"), not the row's
    // anchor id; from under the result's own name, which heads it already ("dueDays" under "InvoicePayment").
    const link = result.locator('.pagefind-ui__result-nested .pagefind-ui__result-link', { hasText: /^dueDays$/ });
    await link.waitFor({ timeout: 15_000 });
    const excerpt = await link.locator('xpath=../following-sibling::p[1]').innerText();
    // The field's type and chips after its name, which the heading says already.
    assert.match(excerpt, /^integer required\. ≥ 0 ≤ 90/, `the excerpt reads as the field: ${excerpt}`);
    await link.click();
    await page.waitForURL((url) => url.pathname.endsWith('/components/schemas/invoicepayment/'));
    assert.equal(decodeURIComponent(new URL(page.url()).hash), `#${path}`);
    const row = page.locator(`[id="${path}"]`);
    await row.waitFor({ state: 'visible' });
    const box = await row.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    assert.ok(box && box.y >= 0 && box.y < height, `the row is in view (y=${box?.y})`);
    const state = await row.evaluate((el) => ({
      target: el.matches(':target'),
      closedAbove: (() => {
        let closed = 0;
        for (let d = el.parentElement?.closest('details'); d; d = d.parentElement?.closest('details')) if (!d.open) closed++;
        return closed;
      })(),
      background: getComputedStyle(el).backgroundColor,
    }));
    assert.equal(state.closedAbove, 0, 'every level above the row is open');
    assert.ok(state.target, 'the row is the target');
    assert.notEqual(state.background, 'rgba(0, 0, 0, 0)', 'the row is highlighted');
    await page.close();
  });
});

// A corpus document (test/corpus.test.ts fails loudly when the corpus is missing): the MQTT
// streetlights, whose addresses hold `{streetlightId}` between slashes.
if (HAS_CORPUS)
  describe('search for an address parameter', () => {
    let server: Server;
    let browser: Browser;
    let base = '';
    before(async () => {
      ({
        site: { server, base },
        browser,
      } = await buildServeAndBrowse(['spec-streetlights-mqtt.yaml'], join(CORPUS, 'valid'), {
        work: tempDir('apidesc-search-mqtt-'),
      }));
    });
    after(() => closeAll(browser, server));

    it('finds it written with its braces as without them, on every page whose address holds it', async () => {
      const page = await browser.newPage();
      const found = async (q: string): Promise<{ count: number; titles: string[] }> => {
        await openSearchPage(page, base, q);
        const count = Number(/(\d+) results? for/.exec((await page.locator('.pagefind-ui__message').textContent()) ?? '')?.[1] ?? 0);
        // Every result shown ("Load more" until there is none).
        for (let more = page.locator('button.pagefind-ui__button'); await more.isVisible(); ) await more.click();
        // The results a click loads come a moment later: wait until every one counted is shown.
        await page.waitForFunction((n) => document.querySelectorAll('.pagefind-ui__result').length >= n, count, { timeout: 15_000 });
        const titles = await page
          .locator('.pagefind-ui__result > .pagefind-ui__result-inner > .pagefind-ui__result-title .pagefind-ui__result-link')
          .allTextContents();
        return { count, titles };
      };
      const braces = await found('{streetlightId}');
      const bare = await found('streetlightId');
      assert.ok(braces.count > 0, 'found with its braces');
      assert.equal(braces.count, bare.count);
      // The operations too, whose address is one word to the index (an untitled one's hit named by its key in words, src/site/search-title.ts).
      for (const t of ['Lighting measured', 'Receive light measurement', 'Turn on', 'streetlightId'])
        assert.ok(braces.titles.includes(t), `${t}: ${braces.titles.join(' | ')}`);
      await page.close();
    });
  });
