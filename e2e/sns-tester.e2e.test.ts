/**
 * The sns filter tester in Chromium: the results of the pre-filled example are in the page as
 * built, with or without JavaScript; on load the page runs only the tester's small loader (at
 * most 20 KB of script in all before search), and the tester's module is fetched on first use;
 * typed messages give "matches" or "does not match" with the reason per key in each
 * subscription's role="status" element (attributes and body scopes, String.Array, cidr, keys
 * named like Object's properties), in the very markup the build wrote; malformed input gives a
 * readable error, never an exception (JSON that does not parse says where, once, under its box:
 * an input error, no subscription tested with it, not even one without a filter);
 * a line above the results says what they are of (the pre-filled example, an example chosen,
 * the reader's message and how many subscriptions receive it, or, once edited, still the message
 * before, "Start from" then reading "Your message"), and after Test it takes the focus, in view
 * (at once under prefers-reduced-motion); an attribute value outside its header's enum is said not to pass the message
 * schema; the "Start from" list swaps the example; it works from the
 * keyboard with a visible focus; without JavaScript the form is read-only, a note says that
 * testing another message needs JavaScript, and the snippets remain; the IP library is fetched
 * only when a page whose filters use cidr tests a message; axe-core finds nothing in either
 * theme.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { tempTree } from '../test/helpers.ts';
import { buildSite, closeAll, launchChromium, serveSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');
// Folded on the page under the subscriptions: the link to its heading opens it.
const WAREHOUSE = 'operations/receiveordereventsinwarehouse/#sns-tester-heading';

/** A document of our own: a cidr filter, a String.Array filter and a key named __proto__. */
const FIXTURE = `apidesc: 3.0.0
info: {title: Edge filters, version: 1.0.0}
channels:
  events:
    address: events
    messages:
      event:
        headers: {type: object, properties: {ip: {type: string}, tags: {type: array, items: {type: string}}, __proto__: {type: string}}}
        payload: {type: object}
        examples: [{headers: {ip: 10.0.0.7, tags: [chess]}, payload: {}}]
    bindings:
      sns: {name: events}
operations:
  sendEvents:
    action: send
    channel: {$ref: '#/channels/events'}
    bindings:
      sns:
        consumers:
          - {protocol: sqs, endpoint: {name: internal}, rawMessageDelivery: true, filterPolicy: {ip: [{cidr: 10.0.0.0/24}]}}
          - {protocol: sqs, endpoint: {name: sports}, rawMessageDelivery: true, filterPolicy: {tags: [rugby, polo]}}
          - {protocol: sqs, endpoint: {name: odd}, rawMessageDelivery: true, filterPolicy: {"__proto__": [x]}}
`;

describe('the sns filter tester in Chromium', () => {
  const fixture = tempTree({ 'edge.yaml': FIXTURE });
  let content: { server: Server; base: string };
  let edge: { server: Server; base: string };
  let browser: Browser;
  before(async () => {
    content = await serveSite(await sharedSite(['content'], repo));
    edge = await serveSite(await buildSite(['edge.yaml'], fixture, { work: fixture, out: join(fixture, 'edge-site') }));
    browser = await launchChromium();
  });
  after(() => closeAll(browser, content, edge));

  /** The status element of the subscription whose name contains `name`. */
  const status = (page: Page, name: string) => page.locator('.tester-results > li', { hasText: name }).getByRole('status');

  /** The tester's module, fetched on first use (the loader, SnsTester.astro_…js, is not it). */
  const TESTER_CHUNK = /\/_astro\/sns-tester\.[\w-]+\.js$/;

  async function open(url: string): Promise<{ page: Page; errors: string[]; requests: string[]; scriptBytes: () => Promise<number> }> {
    const page = await browser.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    const scripts: Promise<number>[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('request', (r) => requests.push(r.url()));
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        scripts.push(
          r.body().then(
            (b) => b.length,
            () => 0,
          ),
        );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const scriptBytes = async (): Promise<number> => (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    return { page, errors, requests, scriptBytes };
  }

  it("shows the results of the pre-filled example on load, loading only the tester's loader; the tester comes on first use", async (t) => {
    const { page, errors, requests, scriptBytes } = await open(content.base + WAREHOUSE);
    // As built: what the results are of, then the body filter and the attributes filter, each with its reason.
    assert.equal(
      await page.locator('.tester-for').innerText(),
      'Results for the pre-filled example, “Order placed: An order of two items paid by card”, before you edit it:',
    );
    // The call to use it leads the form (review 9: the pre-filled results read as a figure, not a tool).
    assert.match(await page.locator('.tester-lead').innerText(), /^Edit the message and press Test to see which subscriptions receive it/);
    assert.match(await status(page, 'warehouse-picking').innerText(), /✓ matches\s+total\.amount 44\.3 is > 0/);
    assert.match(await status(page, 'fraud-screening').innerText(), /✓ matches\s+eventType is "OrderPlaced"/);
    const bytes = await scriptBytes();
    assert.ok(bytes <= 20_000, `${bytes} bytes of script on load`);
    t.diagnostic(`${bytes} bytes of script on load`);
    assert.ok(!requests.some((u) => TESTER_CHUNK.test(u)), 'the tester is not loaded before it is used');
    const attributes = page.getByRole('textbox', { name: 'Message attributes' });
    assert.equal(await attributes.isEditable(), true, 'the loader made the form usable');
    const built = await page.locator('.tester-result').evaluateAll((all) => all.map((e) => e.outerHTML));
    // First use: the focus fetches the tester.
    const fetched = page.waitForRequest(TESTER_CHUNK);
    await attributes.focus();
    await fetched;
    // Tested again as it is, the pre-filled example reads exactly as the build wrote it (one wording, one markup).
    await page.locator('.tester-result').evaluateAll((all) => {
      for (const e of all) {
        e.textContent = '';
        e.removeAttribute('data-result');
      }
    });
    await page.getByRole('button', { name: 'Test' }).click();
    await page.waitForFunction(() => [...document.querySelectorAll('.tester-result')].every((e) => e.hasAttribute('data-result')));
    assert.deepEqual(await page.locator('.tester-result').evaluateAll((all) => all.map((e) => e.outerHTML)), built);
    // The line above the results says what they are of: the example, still.
    const resultsFor = page.locator('.tester-for');
    assert.equal(await resultsFor.innerText(), 'Results for the example “Order placed: An order of two items paid by card” (3 of 3 subscriptions receive it):');
    // Edited, the results are said to be those of the message before; tested, those of the reader's message.
    const outside = page.locator('[data-tester-outside]');
    assert.equal(await outside.innerText(), '', 'the example holds values the headers allow');
    await attributes.fill('{"eventType": "OrderShipped"}');
    assert.match(await resultsFor.innerText(), /^You changed the message: the results below are still those of the one before\./);
    // "Start from" no longer names the example the form held.
    const startFrom = page.getByRole('combobox', { name: 'Start from' });
    assert.equal(await startFrom.evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent), 'Your message');
    await page.getByRole('button', { name: 'Test' }).click();
    await assert.doesNotReject(status(page, 'fraud-screening').getByText('eventType "OrderShipped" is not "OrderPlaced"').waitFor());
    assert.match(await status(page, 'fraud-screening').innerText(), /✗ does not match/);
    assert.equal(await resultsFor.innerText(), 'Results for your message (2 of 3 subscriptions receive it):');
    // A value the eventType header does not allow: said beside the results, which still say what AWS would do.
    assert.match(
      await outside.innerText(),
      /eventType "OrderShipped": not a value the message's eventType header allows \(OrderPlaced, OrderCancelled\), so a message with it would not pass the message schema\./,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('tests at once when Test is pressed before the tester has loaded', async () => {
    const { page, errors, requests } = await open(content.base + WAREHOUSE);
    // No focus first: the click itself (a submit) loads the tester and then tests.
    await page.getByRole('textbox', { name: 'Message attributes' }).evaluate((box) => {
      (box as HTMLTextAreaElement).value = '{"eventType": "Refund"}';
    });
    assert.ok(!requests.some((u) => TESTER_CHUNK.test(u)));
    await page.locator('form[data-sns-tester-form]').evaluate((form) => (form as HTMLFormElement).requestSubmit());
    await assert.doesNotReject(status(page, 'fraud-screening').getByText('eventType "Refund" is not "OrderPlaced"').waitFor());
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('tests typed attributes and bodies against each subscription, with the reason per key', async () => {
    const { page, errors } = await open(content.base + WAREHOUSE);
    const attributes = page.getByRole('textbox', { name: 'Message attributes' });
    const body = page.getByRole('textbox', { name: 'Message body' });
    const test = page.getByRole('button', { name: 'Test' });
    await attributes.fill('{"eventType": "OrderCancelled"}');
    await test.click();
    await assert.doesNotReject(status(page, 'fraud-screening').getByText('does not match').waitFor());
    assert.match(await status(page, 'fraud-screening').innerText(), /eventType "OrderCancelled" is not "OrderPlaced"/);
    await attributes.fill('{"eventType": "OrderPlaced"}');
    await test.click();
    assert.match(await status(page, 'fraud-screening').innerText(), /✓ matches\s+eventType is "OrderPlaced"/);
    // The body scope, with a nested key: the order's total amount read from the body.
    await body.fill('{"total": {"amount": 12.5, "currency": "EUR"}}');
    await test.click();
    assert.match(await status(page, 'warehouse-picking').innerText(), /✓ matches/);
    await body.fill('{"total": {"amount": 0, "currency": "EUR"}}');
    await test.click();
    assert.match(await status(page, 'warehouse-picking').innerText(), /does not match[\s\S]*total\.amount 0 is not > 0/);
    await body.fill('{"total": {"amount": "12.5"}}');
    await test.click();
    assert.match(await status(page, 'warehouse-picking').innerText(), /total\.amount is the string "12\.5", not a number/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('says what is wrong with input that does not parse once, under its box, and tests no subscription with it, without an exception', async () => {
    const { page, errors } = await open(content.base + WAREHOUSE);
    const attributes = page.getByRole('textbox', { name: 'Message attributes' });
    const body = page.getByRole('textbox', { name: 'Message body' });
    const test = page.getByRole('button', { name: 'Test' });
    /** The input errors shown, as [box, text]. */
    const shownErrors = (): Promise<string[][]> =>
      page.locator('[data-tester-error]:not([hidden])').evaluateAll((all) => all.map((e) => [e.getAttribute('data-tester-error') ?? '', e.textContent ?? '']));
    for (const [typed, expected] of [
      ['{"eventType":', /^Not JSON: line 1, column 14: /],
      ['["OrderPlaced"]', /^Expected a JSON object/],
      ['{"eventType": {"nested": true}}', /^"eventType" must be a string, a number or a list of strings/],
    ] as const) {
      await attributes.fill(typed);
      await test.click();
      await page.waitForFunction(() => document.querySelector('[data-tester-error="attributes"]')?.hasAttribute('hidden') === false);
      const shown = await shownErrors();
      assert.equal(shown.length, 1, `${typed}: one error, under its box: ${JSON.stringify(shown)}`);
      assert.equal(shown[0]![0], 'attributes');
      assert.match(shown[0]![1]!, expected, typed);
      assert.equal(await attributes.getAttribute('aria-invalid'), 'true');
      // Said to assistive technology with the box: its description starts with the error.
      assert.match(await attributes.evaluate((box) => box.getAttribute('aria-describedby') ?? ''), /-attributes-error /);
      // Said once: no result per subscription (none said to receive the message, none saying "Not tested" again).
      assert.equal(await page.locator('.tester-results').isVisible(), false, typed);
      assert.equal(await page.locator('.tester-for').innerText(), 'Not tested: the message attributes are not valid (see under its box).');
      assert.equal((await page.locator('[data-sns-tester]').innerText()).match(/Not tested/g)?.length, 1, typed);
      // The focus on the box to fix, as a form that does not validate puts it.
      await page.waitForFunction(() => document.activeElement?.matches('textarea[data-tester-attributes]') === true);
    }
    await attributes.fill('{"eventType": "OrderPlaced"}');
    await test.click();
    await assert.doesNotReject(status(page, 'fraud-screening').getByText('matches').waitFor());
    assert.deepEqual(await shownErrors(), [], 'the error goes once the input parses');
    assert.equal(await page.locator('.tester-results').isVisible(), true, 'the results come back once the input parses');
    assert.equal(await attributes.getAttribute('aria-invalid'), null);
    // A body that does not parse: said once, under the body's box, where it is wrong; no subscription tested, the one without a filter included.
    await body.fill('{\n  "total": {"amount": 12.5,}\n}');
    await test.click();
    await page.waitForFunction(() => document.querySelector('[data-tester-error="body"]')?.hasAttribute('hidden') === false);
    assert.deepEqual(await shownErrors(), [['body', 'Not JSON: line 2, column 28: a } right after a comma: JSON allows no comma after the last property.']]);
    await page.waitForFunction(() => document.activeElement?.matches('textarea[data-tester-body]') === true);
    assert.equal(await page.locator('.tester-for').innerText(), 'Not tested: the message body is not valid (see under its box).');
    assert.equal(await page.locator('.tester-results').isVisible(), false, 'no result per subscription');
    const tester = await page.locator('[data-sns-tester]').innerText();
    assert.equal(tester.match(/Not tested/g)?.length, 1, tester);
    assert.ok(!/receives: no filter/.test(tester), 'no "✓ receives: no filter" for a message that does not parse');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('after Test, the line above the results takes the focus and is in view (a message that does not parse: its box); instantly when the reader prefers reduced motion', async () => {
    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion });
      const page = await context.newPage();
      await page.goto(content.base + WAREHOUSE, { waitUntil: 'networkidle' });
      const body = page.getByRole('textbox', { name: 'Message body' });
      await body.fill('{"total": {"amount": 0}}');
      // The results below the fold: the Test button at the top of the window.
      await page.getByRole('button', { name: 'Test' }).evaluate((b) => b.scrollIntoView({ block: 'start' }));
      const lineTop = async (): Promise<number> => page.locator('.tester-for').evaluate((l) => l.getBoundingClientRect().top);
      await page.getByRole('button', { name: 'Test' }).press('Enter');
      await page.waitForFunction(() => document.activeElement?.matches('[data-tester-for]') === true);
      assert.match(await page.locator('.tester-for').innerText(), /^Results for your message \(\d of \d subscriptions receive it\):$/);
      if (reducedMotion === 'no-preference') await page.waitForTimeout(800);
      const top = await lineTop();
      const last = await page
        .locator('.tester-results > li')
        .last()
        .evaluate((l) => l.getBoundingClientRect().top);
      assert.ok(top >= 0 && top < 300, `${reducedMotion}: the results' line near the top of the window (${top})`);
      assert.ok(last < 800, `${reducedMotion}: the last result starts in the window (${last})`);
      await context.close();
    }
  });

  it('starts from another example when chosen', async () => {
    const { page } = await open(content.base + WAREHOUSE);
    const select = page.getByRole('combobox', { name: 'Start from' });
    const options = await select.locator('option').allInnerTexts();
    assert.ok(options.length > 1, 'several examples');
    await select.selectOption({ index: options.length - 1 });
    const attributes = await page.getByRole('textbox', { name: 'Message attributes' }).inputValue();
    const expected = await select.locator('option').last().getAttribute('data-attributes');
    assert.equal(attributes, expected);
    await assert.doesNotReject(page.locator('.tester-for', { hasText: `Results for the example “${options.at(-1)}” (` }).waitFor());
    await page.close();
  });

  it('works from the keyboard, with a visible focus', async () => {
    const { page } = await open(content.base + WAREHOUSE);
    const attributes = page.getByRole('textbox', { name: 'Message attributes' });
    await attributes.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{"eventType": "Refund"}');
    // Tab to the body, then to the button; Enter runs the test.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { text: el.textContent, outline: getComputedStyle(el).outlineStyle };
    });
    assert.deepEqual(focused, { text: 'Test', outline: 'solid' });
    await page.keyboard.press('Enter');
    await assert.doesNotReject(status(page, 'fraud-screening').getByText('eventType "Refund" is not "OrderPlaced"').waitFor());
    await page.close();
  });

  it('without JavaScript: the results of the pre-filled example, the form read-only, a note that testing another message needs JavaScript; snippets and policies remain', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(content.base + WAREHOUSE);
    assert.match(await status(page, 'warehouse-picking').innerText(), /✓ matches\s+total\.amount 44\.3 is > 0/);
    assert.match(await status(page, 'fraud-screening').innerText(), /✓ matches\s+eventType is "OrderPlaced"/);
    const attributes = page.getByRole('textbox', { name: 'Message attributes' });
    assert.ok(await attributes.isVisible());
    assert.equal(await attributes.isEditable(), false);
    assert.match(await attributes.inputValue(), /"eventType": "OrderPlaced"/);
    // No Test button (it could only reload the page): hidden by the scripting media feature, and disabled.
    const button = page.locator('.sns-tester button[type="submit"]');
    assert.equal(await button.isVisible(), false);
    assert.ok(await button.isDisabled());
    // A <noscript> note (Playwright's text selectors skip <noscript>, so it is found by its class).
    const note = page.locator('.sns-tester .tester-nojs');
    assert.ok(await note.isVisible());
    assert.match(await note.innerText(), /^Testing another message needs JavaScript\./);
    // The commands and the filter policies, folded: they open without script.
    const fold = page.locator('.card.consumer details.subscribe-snippet').first();
    await fold.locator('summary').click();
    assert.ok(await fold.getByText('aws sns subscribe').isVisible());
    assert.ok(await page.locator('.card.consumer details summary', { hasText: 'Filter policy' }).first().isVisible());
    await context.close();
  });

  it('is offered by a link at the top of the subscriptions: it opens the fold with JavaScript, and reaches its summary without (review 13)', async () => {
    const url = content.base + WAREHOUSE.replace(/#.*$/, '');
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(url);
      const fold = page.locator('#sns-tester-fold');
      assert.equal(await fold.evaluate((d) => (d as HTMLDetailsElement).open), false, 'folded on load');
      const link = page.getByRole('link', { name: 'Try the filters with a message of your own' });
      // Near the section's heading: above the first subscription's card.
      const [linkTop, cardTop] = await Promise.all([
        link.evaluate((e) => e.getBoundingClientRect().top),
        page
          .locator('.card.consumer')
          .first()
          .evaluate((e) => e.getBoundingClientRect().top),
      ]);
      assert.ok(linkTop < cardTop, 'the link comes before the cards');
      await link.click();
      await page.waitForFunction(() => location.hash === '#sns-tester-fold');
      const summary = fold.locator('summary');
      assert.ok(
        await summary.evaluate((e) => {
          const r = e.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight;
        }),
        'the fold is in view',
      );
      if (javaScriptEnabled) assert.ok(await page.getByRole('textbox', { name: 'Message attributes' }).isVisible(), 'the tester is open');
      else {
        await summary.click();
        assert.ok(await page.getByRole('textbox', { name: 'Message attributes' }).isVisible(), 'one click on the summary opens it');
      }
      await context.close();
    }
  });

  it('cidr, String.Array and a key named __proto__; the IP library is fetched only where a filter uses cidr', async () => {
    const { page, errors, requests } = await open(`${edge.base}operations/sendevents/#sns-tester-heading`);
    // The pre-filled example's result, matched with the IP library at build time: none is fetched on load.
    assert.match(await status(page, 'internal').innerText(), /✓ matches\s+ip "10.0.0.7" is in 10.0.0.0\/24/);
    assert.ok(!requests.some((u) => /filter-cidr|sns-tester\./.test(u)), 'nothing more on load');
    const attributes = page.getByRole('textbox', { name: 'Message attributes' });
    await attributes.fill('{"ip": "10.0.1.7", "tags": ["chess", "polo"], "__proto__": "x"}');
    await page.getByRole('button', { name: 'Test' }).click();
    await assert.doesNotReject(status(page, 'internal').getByText('is not in').waitFor());
    assert.ok(
      requests.some((u) => /filter-cidr/.test(u)),
      'the cidr chunk is loaded here, once a message is tested',
    );
    assert.match(await status(page, 'internal').innerText(), /does not match\s+ip "10.0.1.7" is not in 10.0.0.0\/24/);
    assert.match(await status(page, 'sports').innerText(), /✓ matches\s+tags is "polo"/);
    assert.match(await status(page, 'odd').innerText(), /✓ matches\s+__proto__ is "x"/);
    assert.deepEqual(errors, []);
    await page.close();
    const other = await open(content.base + WAREHOUSE);
    await other.page.getByRole('textbox', { name: 'Message attributes' }).fill('{"eventType": "Refund"}');
    await other.page.getByRole('button', { name: 'Test' }).click();
    await status(other.page, 'fraud-screening').getByText('"Refund"').waitFor();
    assert.ok(other.requests.some((u) => TESTER_CHUNK.test(u)));
    assert.ok(!other.requests.some((u) => /filter-cidr/.test(u)), 'no cidr chunk without a cidr filter');
    await other.page.close();
  });

  it("is one link away from a guide's SnsTopic component, on the page of the operation that holds the subscriptions", async () => {
    const { page, errors } = await open(`${content.base}guides/getting-started/`);
    assert.equal(await page.locator('[data-sns-tester]').count(), 0, 'the guide quotes the topic, without the tester');
    await page.locator('.guide-card', { hasText: 'SNS topic' }).getByRole('link', { name: 'Warehouse picks orders' }).click();
    // The tester is folded under its heading on the operation's page: the reader opens it.
    await page.locator('details.tester-fold > summary').click();
    await page.getByRole('textbox', { name: 'Message attributes' }).fill('{"eventType": "OrderPlaced"}');
    await page.getByRole('button', { name: 'Test' }).click();
    assert.match(await status(page, 'fraud-screening').innerText(), /✓ matches/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  // Accessibility of the page with the tester and of the guide: the default content's pages are checked with axe once, in e2e/site.e2e.test.ts (the same shared site).
});
