/**
 * An sns channel's subscriptions table and a receiving operation's page, read in Chromium
 * (reading review, round 10): a filter policy AWS refuses is a badge in its cell, linked to a
 * callout under the table that says why; a subscription's ARN is its short name with the whole
 * ARN on a line of its own; the receiving operation's page folds the messages' fields and the
 * filter tester (4,404 px at 1280 before, 3,123 after), and a link to a place inside a fold opens it, with or without JavaScript.
 */
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';
import { closeAll, launchChromium, type ServedSite, serveSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');
const RECEIVE = 'operations/receiveordereventsinwarehouse/';

if (HAS_CORPUS)
  describe('sns refusals, endpoints and folds, read', () => {
    let browser: Browser;
    let content: ServedSite;
    let fifo: ServedSite;
    before(async () => {
      content = await serveSite(await sharedSite(['content'], repo));
      fifo = await serveSite(await sharedSite(['bindings-sns-fifo-orders.yaml'], join(CORPUS, 'valid')));
      browser = await launchChromium();
    });
    after(() => closeAll(browser, content, fifo));

    async function open(url: string, width: number, javaScriptEnabled = true): Promise<Page> {
      const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(url);
      return page;
    }

    it('a refused filter policy: a badge in its cell, linked to a callout under the table that says why', async () => {
      for (const width of [1280, 390]) {
        const page = await open(`${fifo.base}channels/orderevents/`, width);
        const badge = page.locator('table.subscription-lines .verdict-badge');
        assert.equal(await badge.count(), 1);
        assert.equal(await badge.getAttribute('aria-label'), null);
        assert.match(await badge.evaluate((a) => a.textContent ?? ''), /^Refused by AWS: why, below the table$/);
        assert.equal(await badge.locator('svg[aria-hidden="true"]').count(), 1, 'an icon, hidden from screen readers');
        const note = (await badge.getAttribute('href'))!;
        const callout = page.locator(`${note}[role="note"]`);
        assert.match(
          await callout.innerText(),
          /^SQS queue shipping-orders\.fifo\n+AWS refuses this filter policy: "eventType" holds "OrderPlaced" outside a list; .*The subscription cannot be created as written, so no message reaches it\.$/s,
        );
        // Below the table, not in it; the cell holds no paragraph of reasons.
        assert.ok(
          await page.evaluate(
            (id) =>
              Boolean(
                document.querySelector('table.subscription-lines')!.compareDocumentPosition(document.querySelector(id)!) & Node.DOCUMENT_POSITION_FOLLOWING,
              ),
            note,
          ),
        );
        assert.equal(await page.locator('table.subscription-lines').getByText('AWS refuses').count(), 0);
        // The badge's label is not said again in the callout: the callout is the one explanation.
        assert.doesNotMatch(await callout.innerText(), /Refused by AWS/);
        // The badge stays on one line, a compact chip.
        const box = (await badge.boundingBox())!;
        assert.ok(box.height < 30, `${width}: badge ${box.height} px tall`);
        await badge.click();
        assert.ok(await callout.evaluate((e) => e.matches(':target')));
        await page.context().close();
      }
    });

    it("the same badge and callout in the subscription's card on its operation's page", async () => {
      const page = await open(`${fifo.base}operations/publishorderevent/`, 1280);
      const card = page.locator('article.card.consumer', { hasText: 'shipping-orders.fifo' });
      const badge = card.locator('.verdict-badge');
      assert.match((await badge.textContent()) ?? '', /^Refused by AWS: why, below$/);
      const callout = card.locator(`${await badge.getAttribute('href')}[role="note"]`);
      assert.match(await callout.innerText(), /^\s*AWS refuses this filter policy: "eventType" holds "OrderPlaced" outside a list/);
      await page.context().close();
    });

    it("an ARN in the table's first column: its short name, the whole ARN on its own line in small code", async () => {
      // The standard topic: its function is named by an ARN (a FIFO topic delivers to SQS queues only).
      const page = await open(`${content.base}channels/shipmenttracking/`, 1280);
      const cell = page.locator('table.subscription-lines td[data-label="Subscription"]', { hasText: 'Lambda function' });
      assert.equal(await cell.locator('.subscription-head code').innerText(), 'parcel-alerts');
      const full = cell.locator('code.endpoint-full');
      assert.equal((await full.textContent())?.trim(), 'arn:aws:lambda:eu-west-1:123456789012:function:parcel-alerts');
      const [headSize, fullSize] = await cell.evaluate((td) =>
        ['.subscription-head', 'code.endpoint-full'].map((s) => Number.parseFloat(getComputedStyle(td.querySelector(s)!).fontSize)),
      );
      assert.ok(fullSize! < headSize!, `${fullSize} < ${headSize}`);
      // The name is not broken inside: one line tall.
      const name = (await cell.locator('.subscription-head code').boundingBox())!;
      assert.ok(name.height < 24, `the name is ${name.height} px tall`);
      await page.context().close();
    });

    it('a receiving operation: its first message open, the others and the tester folded, the page at most 3,800 px at 1280', async () => {
      const page = await open(content.base + RECEIVE, 1280);
      // Before: 4,404 px with the first message's fields and the tester open.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(height <= 3_800, `${height} px`);
      assert.equal(await page.locator('details.message-card').count(), 2);
      assert.equal(await page.locator('details.message-card[open]').count(), 1);
      assert.ok(
        await page
          .locator('details.message-card')
          .first()
          .evaluate((card) => card.hasAttribute('open')),
      );
      assert.equal(await page.locator('details.tester-fold[open]').count(), 0);
      // What arrives, from which topic, with what filter: the subscriptions right after the first message's fields and the examples.
      const subscriptions = await page.locator('section[aria-labelledby="h-sns"]').evaluate((s) => s.getBoundingClientRect().top);
      assert.ok(subscriptions < 2_000, `the subscriptions at ${subscriptions} px`);
      await page.context().close();
    });

    for (const javaScriptEnabled of [true, false])
      it(`a link to a place in a fold opens it (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async () => {
        const page = await open(`${content.base}${RECEIVE}#sns-tester-heading`, 1280, javaScriptEnabled);
        await page.waitForFunction(() => document.querySelector('details.tester-fold')?.hasAttribute('open'), undefined, { timeout: 5_000 });
        assert.ok(await page.locator('#sns-tester-heading').isVisible());
        const field = await page.locator('details.message-card').last().locator('[id^="h-"]').last().getAttribute('id');
        await page.goto(`${content.base}${RECEIVE}#${field}`);
        await page.waitForFunction(() => [...document.querySelectorAll('details.message-card')].at(-1)?.hasAttribute('open'), undefined, { timeout: 5_000 });
        assert.ok(await page.locator(`[id="${field}"]`).isVisible());
        await page.context().close();
      });
  });
