/**
 * An sns operation's page as a reader meets it, in Chromium: the subscriptions, the retries and
 * the commands take a fraction of the height they took (each SQS or Lambda subscription repeated
 * AWS's fixed policy with a retry bar, each topic-policy value said where it came from, and
 * identical publish commands were shown one after the other); AWS's fixed policy is said once
 * per kind of protocol; a message that reaches several subscriptions is published by one command;
 * the languages of a command are tabs of one panel, which work from the keyboard and without
 * JavaScript and are announced as a group of choices; axe-core finds nothing in either theme.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { closeAll, serveAndBrowse, type ServedSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');
const RECEIVE = 'operations/receiveordereventsinwarehouse/';
const PUBLISH = 'operations/publishorderevents/';
const PROTOCOLS = 'operations/notifycustomersofscans/';
const CHANNEL = 'channels/orderevents/';

describe('sns operation pages, read', () => {
  let site: ServedSite;
  let browser: Browser;
  before(async () => {
    ({ site, browser } = await serveAndBrowse(await sharedSite(['content'], repo)));
  });
  after(() => closeAll(browser, site));

  async function open(url: string, width: number, javaScriptEnabled = true): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(site.base + url);
    return page;
  }

  /** Height of the page's sns section, in CSS pixels. */
  const snsHeight = (page: Page): Promise<number> =>
    page.locator('section[aria-labelledby="h-sns"]').evaluate((e) => Math.round(e.getBoundingClientRect().height));

  // Before: 5,718 and 8,017 px for the receiving operation, 4,634 and 6,505 for the one with five protocols.
  // At 1280 px the sns part now shares the width with the examples' panel beside it (a column of about 530 px).
  for (const [url, desktop, phone] of [
    [RECEIVE, 3_300, 4_000],
    [PROTOCOLS, 2_700, 3_400],
  ] as const)
    it(`${url}: the sns part is a fraction of its former height at 1280 and 390 px`, async (t) => {
      for (const [width, most] of [
        [1280, desktop],
        [390, phone],
      ] as const) {
        const page = await open(url, width);
        const height = await snsHeight(page);
        t.diagnostic(`${width} px: ${height} px`);
        assert.ok(height <= most, `${width} px: ${height} px, at most ${most}`);
        await page.context().close();
      }
    });

  it("says AWS's fixed policy once per kind of protocol, and each value's origin only where origins are mixed", async () => {
    const page = await open(PROTOCOLS, 1280);
    // The subscriptions, then Retries, a section of its own.
    const text = (await page.locator('section[aria-labelledby="h-sns"], section[aria-labelledby="sns-retries"]').allInnerTexts()).join('\n');
    // Five subscriptions: Firehose and Lambda share one policy, e-mail and SMS another; the webhook has its own.
    assert.equal(text.match(/[Ff]ixed by AWS/g)?.length, 2);
    assert.equal(await page.locator('#sns-retries-aws-managed').count(), 1);
    assert.equal(await page.locator('#sns-retries-customer-managed').count(), 1);
    assert.equal(await page.locator('.card.consumer a[href="#sns-retries-aws-managed"]').count(), 2);
    assert.equal(await page.locator('.card.consumer a[href="#sns-retries-customer-managed"]').count(), 2);
    // No retry bar for a fixed policy: its phases would not show at that scale (the webhook's own schedule is drawn).
    assert.equal(await page.locator('.card.consumer:not([data-protocol="https"]) svg.timeline').count(), 0);
    assert.ok((await page.locator('.card.consumer[data-protocol="https"] svg.timeline').count()) > 0, "the webhook's own schedule is drawn");
    assert.doesNotMatch(text, /set by AWS|from the topic's policy/);
    const fifo = await open(RECEIVE, 1280);
    const fifoText = await fifo.locator('section[aria-labelledby="h-sns"]').innerText();
    assert.doesNotMatch(fifoText, /from the topic's policy|SPEC/);
    // The FIFO topic's queues follow AWS's fixed policy: no retry bar either.
    assert.equal(await fifo.locator('.card.consumer svg.timeline').count(), 0);
    await fifo.context().close();
    const receive = await open(PROTOCOLS, 1280);
    const received = await receive.locator('section[aria-labelledby="h-sns"]').innerText();
    assert.doesNotMatch(received, /from the topic's policy|SPEC/);
    // The HTTPS subscription's own policy, with one value from the topic's: drawn, and that one value marked.
    // One drawing at each width: the wide one at 1280, the narrow one (at its own size, nothing cut off) on a phone.
    // Folded in its card (the card's row says the retries in words): drawn once opened.
    const schedule = (on: typeof receive) => on.locator('.card.consumer details.fold > summary', { hasText: 'retry schedule' });
    assert.equal(await receive.locator('.card.consumer svg.timeline:visible').count(), 0, 'folded');
    await schedule(receive).click();
    assert.equal(await receive.locator('.card.consumer svg.timeline:visible').count(), 1);
    assert.equal(await receive.locator('.card.consumer .dg-wide svg.timeline:visible').count(), 1);
    const phone = await open(PROTOCOLS, 390);
    await schedule(phone).click();
    const narrow = phone.locator('.card.consumer .dg-narrow svg.timeline');
    assert.ok(await narrow.isVisible());
    const [svgBox, frameBox] = [await narrow.boundingBox(), await phone.locator('.card.consumer .timeline-box').boundingBox()];
    assert.ok(svgBox && frameBox && svgBox.x + svgBox.width <= frameBox.x + frameBox.width, `${JSON.stringify(svgBox)} within ${JSON.stringify(frameBox)}`);
    await phone.context().close();
    const marked = await receive.locator('.card.consumer dl.policy-values > div:has(.kind)').evaluateAll((rows) => rows.map((r) => r.textContent));
    assert.deepEqual(marked, ['maxReceivesPerSecond 50 (topic)']);
    await page.context().close();
    await receive.context().close();
  });

  it('publishes a message that reaches several subscriptions once, its languages as tabs of one panel', async () => {
    const page = await open(PUBLISH, 1280);
    // The first message's commands (its tab is checked): the other message's are under its own tab.
    const first = page.locator('#sns-publish-message-1-panel');
    const snippets = first.locator('.snippet');
    assert.equal(await snippets.count(), 1, 'the three byte-identical commands are one');
    assert.match(await snippets.locator('h3').innerText(), /^To reach every subscription$/);
    assert.equal(await snippets.locator('.snippet-reaches > li').count(), 3);
    assert.equal(await first.locator('.code-tab-list').count(), 1);
    assert.deepEqual(await first.locator('.code-tab-list label').allInnerTexts(), ['AWS CLI', 'JavaScript', 'Python']);
    const visible = async (): Promise<string[]> =>
      page.locator('.code-tab-panel').evaluateAll((panels) => panels.filter((p) => (p as HTMLElement).offsetParent !== null).map((p) => p.textContent ?? ''));
    assert.equal((await visible()).length, 1);
    assert.match((await visible())[0]!, /aws sns publish/);
    // The keyboard: the checked tab takes the focus, the arrow keys choose another; a visible focus.
    await page.getByRole('radio', { name: 'AWS CLI' }).focus();
    const outline = await first.locator('.code-tab-list label[for$="-1"]').evaluate((l) => getComputedStyle(l).outlineStyle);
    assert.equal(outline, 'solid', 'the focused tab shows it');
    await page.keyboard.press('ArrowRight');
    assert.ok(await page.getByRole('radio', { name: 'JavaScript' }).isChecked());
    assert.match((await visible())[0]!, /PublishCommand/);
    await page.keyboard.press('ArrowRight');
    assert.match((await visible())[0]!, /boto3/);
    assert.equal((await visible()).length, 1);
    // Each tab is a radio button of one group, named by its legend.
    assert.equal(await page.getByRole('group', { name: 'Language' }).getByRole('radio').count(), 3);
    await page.context().close();
  });

  it('the tabs work without JavaScript', async () => {
    const page = await open(PUBLISH, 390, false);
    await page.locator('#sns-publish-message-1-panel .code-tab-list label', { hasText: 'Python' }).click();
    const shown = await page
      .locator('.code-tab-panel')
      .evaluateAll((panels) => panels.filter((p) => (p as HTMLElement).offsetParent !== null).map((p) => p.id));
    assert.equal(shown.length, 1);
    assert.match(shown[0]!, /-3-panel$/);
    await page.context().close();
  });

  it("shows a publish command whole, and the other message's commands under its tab, without JavaScript", async () => {
    const page = await open(PUBLISH, 1280, false);
    // Each command's box as tall as the command: the FIFO group id (its last line) in view without an inner scroll.
    const boxes = await page
      .locator('.sns-snippets .code-tab-panel pre')
      .evaluateAll((pres) => pres.filter((p) => (p as HTMLElement).offsetParent !== null).map((p) => [p.scrollHeight, p.clientHeight, p.textContent ?? '']));
    assert.equal(boxes.length, 1);
    const [scrollHeight, clientHeight, command] = boxes[0] as [number, number, string];
    assert.match(command, /--message-group-id/);
    assert.ok(scrollHeight <= clientHeight + 1, `no inner scroll: ${scrollHeight} in ${clientHeight}`);
    assert.deepEqual(await page.getByRole('group', { name: 'Message to publish' }).getByRole('radio').count(), 2);
    await page.locator('.publish-messages > .panel-tab-list label', { hasText: 'Order cancelled' }).click();
    const shown = await page
      .locator('.publish-messages > .panel-tab')
      .evaluateAll((tabs) => tabs.filter((t) => (t as HTMLElement).offsetParent !== null).map((t) => t.id));
    assert.deepEqual(shown, ['sns-publish-message-2-panel']);
    // The cancelled order's own payload: the file of its example, offered under its tab (the payload itself is under Examples, once).
    assert.match(await page.locator('#sns-publish-message-2-panel .code-tab-panel').first().innerText(), /--message file:\/\/order-cancelled\.json/);
    assert.ok(await page.locator('#sns-publish-message-2-panel').getByRole('link', { name: 'Download order-cancelled.json' }).isVisible());
    await page.context().close();
  });

  it('draws the retry timeline at its own size, its text the small size of the page, its labels inside the frame', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
      const page = await context.newPage();
      // The webhook's own retry schedule, on the standard topic.
      await page.goto(site.base + PROTOCOLS);
      // Folded in its card: opened to be drawn.
      await page.locator('.card.consumer details.fold:has(svg.timeline)').evaluate((d) => {
        (d as HTMLDetailsElement).open = true;
      });
      const svg = page.locator('.card.consumer .dg-wide svg.timeline');
      const drawn = await svg.evaluate((s) => {
        const box = s.getBoundingClientRect();
        const frame = s.closest('.timeline-box')!.getBoundingClientRect();
        const texts = [...s.querySelectorAll('text')].map((t) => {
          const r = t.getBoundingClientRect();
          return {
            size: Number.parseFloat(getComputedStyle(t).fontSize) * (box.width / (s as SVGSVGElement).viewBox.baseVal.width),
            right: r.right,
            left: r.left,
          };
        });
        const swatches = [...s.querySelectorAll('rect.tl-swatch')].map((r) => getComputedStyle(r).stroke);
        const background = getComputedStyle(document.body).backgroundColor;
        return { scale: box.width / (s as SVGSVGElement).viewBox.baseVal.width, texts, frame: { left: frame.left, right: frame.right }, swatches, background };
      });
      assert.equal(drawn.scale, 1, `${colorScheme}: drawn at its own size`);
      for (const t of drawn.texts) {
        assert.ok(t.size >= 13, `${colorScheme}: text of ${t.size} px`);
        assert.ok(
          t.left >= drawn.frame.left && t.right <= drawn.frame.right - 4,
          `${colorScheme}: a label inside the frame (${t.left}–${t.right} in ${drawn.frame.left}–${drawn.frame.right})`,
        );
      }
      assert.equal(drawn.swatches.length, 4);
      for (const stroke of drawn.swatches) assert.notEqual(stroke, drawn.background, `${colorScheme}: each swatch edged apart from the page`);
      await context.close();
    }
  });

  it("lists a topic's subscriptions in a table whose words stay whole, ids wrapping at their separators", async () => {
    for (const width of [1280, 1024]) {
      const page = await open(CHANNEL, width);
      const broken = await page.locator('table.subscription-lines').evaluate((table) => {
        const found: string[] = [];
        const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          let top: number | undefined;
          for (let i = 0; i < text.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (!rect) continue;
            // A new line that starts between two letters or digits: a word broken in the middle.
            if (top !== undefined && rect.top > top + 2 && /[\p{L}\p{N}]/u.test(text[i - 1] ?? '') && /[\p{L}\p{N}]/u.test(text[i]!))
              found.push(`${text.slice(Math.max(0, i - 12), i)}|${text.slice(i, i + 12)}`);
            top = rect.top;
          }
        }
        return found;
      });
      assert.deepEqual(broken, [], `${width} px`);
      const fits = await page.locator('.subscriptions-wrap').evaluate((w) => w.scrollWidth <= w.clientWidth);
      assert.ok(fits, `${width} px: the table fits its column`);
      await page.context().close();
    }
  });

  // Accessibility: the default content's pages are checked with axe once, in e2e/site.e2e.test.ts (the same shared site), these four among them.
});
