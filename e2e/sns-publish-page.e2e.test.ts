/**
 * An sns publishing operation's page in Chromium (review 9, "Operation send", 7.5): the panel
 * beside the fields holds their examples only, so it is never much taller than the fields and
 * leaves no blank half-column under them; the publish commands follow at the column's whole
 * width, with or without JavaScript, at 1280 and 390 px. The payload is written once: the
 * commands read the example's payload from a file the page offers (a download that holds the
 * payload the Examples show), so the commands still run as copied. On a request with a reply, the
 * command sends the header value the example above it shows. Endpoints in the list of what a
 * command reaches wrap at their separators, never inside a word.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, serveSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');
const PUBLISH = 'operations/publishorderevents/';
const RECEIVE = 'operations/receiveordereventsinwarehouse/';
const REPLY = 'operations/requeststockcheck/';
/** The standard topic's publisher: its commands reach a webhook and a Lambda function, the longest endpoints (the FIFO topic's reach SQS queues only). */
const PUBLISH_STANDARD = 'operations/publishparcelscans/';

type Box = { x: number; y: number; width: number; height: number };

describe('an sns publishing operation, read', () => {
  let site: { server: Server; base: string };
  let browser: Browser;
  before(async () => {
    site = await serveSite(await sharedSite(['content'], repo));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    site?.server.close();
  });

  async function open(url: string, width: number, javaScriptEnabled = true): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(site.base + url);
    return page;
  }
  const box = async (page: Page, selector: string): Promise<Box> => {
    const found = await page.locator(selector).first().boundingBox();
    assert.ok(found, `${selector} is shown`);
    return found;
  };

  for (const javaScriptEnabled of [true, false])
    it(`1280 px${javaScriptEnabled ? '' : ', without JavaScript'}: the panel is about as tall as the fields, no blank half-column; the commands follow at the whole width`, async () => {
      for (const url of [PUBLISH, RECEIVE, REPLY]) {
        const page = await open(url, 1280, javaScriptEnabled);
        const fields = await box(page, '.ref-main');
        const panel = await box(page, 'aside.ref-panel');
        // The fields' own height, from the top of the column to the foot of its last section (the column itself stretches to the grid's row).
        const fieldsHeight = await page
          .locator('.ref-main')
          .evaluate((main) => (main.lastElementChild?.getBoundingClientRect().bottom ?? 0) - main.getBoundingClientRect().top);
        // Before: the publish page's panel ran 2,000+ px beside 1,100 px of fields.
        assert.ok(panel.height <= fieldsHeight + 40, `${url}: the panel ${panel.height} px beside ${fieldsHeight} px of fields`);
        assert.equal(await page.locator('aside.ref-panel #sns-publish').count(), 0, `${url}: no publish commands in the panel`);
        if (url !== RECEIVE) {
          const send = await box(page, 'section.sns-send');
          const grid = await box(page, '.ref-grid');
          assert.ok(send.y >= grid.y + grid.height - 1, `${url}: the commands under the fields and the panel`);
          assert.ok(send.width >= panel.x + panel.width - fields.x - 2, `${url}: the commands take the column's whole width (${send.width} px)`);
          // The command whole at its width: its longest line (the topic's ARN) unwrapped.
          const cli = page.locator('section.sns-send .code-tab-panel pre').first();
          assert.ok(await cli.isVisible(), `${url}: the AWS CLI tab shown`);
          const arnLines = await cli.evaluate((pre) => {
            const line = [...pre.querySelectorAll('.line')].find((l) => l.textContent?.includes('--topic-arn'));
            return line ? Math.round(line.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(line).lineHeight)) : 0;
          });
          assert.equal(arnLines, 1, `${url}: the topic ARN on one line`);
          // After the topic's section, as a receiving operation has its commands in its subscriptions' section.
          const sns = await box(page, '#h-sns');
          assert.ok(send.y >= sns.y + sns.height, `${url}: after the topic's section`);
        }
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, `${url}: no sideways scroll`);
        await page.context().close();
      }
    });

  it('390 px: the fields, their examples, then the topic, then the commands; nothing sideways', async () => {
    for (const url of [PUBLISH, REPLY]) {
      const page = await open(url, 390);
      const panel = await box(page, 'aside.ref-panel');
      const send = await box(page, 'section.sns-send');
      const sns = await box(page, '#h-sns');
      assert.ok(
        panel.y + panel.height <= sns.y && sns.y + sns.height <= send.y,
        `${url}: ${panel.y + panel.height} ≤ ${sns.y}, ${sns.y + sns.height} ≤ ${send.y}`,
      );
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, `${url}: no sideways scroll`);
      await page.context().close();
    }
  });

  it("writes the payload once: the command reads the example's payload from the file the page offers, which holds what the Examples show", async () => {
    const page = await open(PUBLISH, 1280);
    // A value only the payload holds, in what the reader sees (hidden tabs aside).
    const shown = await page.locator('main').innerText();
    const times = shown.split('"placedAt": "2026-05-04T10:15:00Z"').length - 1;
    assert.equal(times, 1, `the payload is shown ${times} times`);
    const cli = await page.locator('section.sns-send .code-tab-panel pre').first().innerText();
    assert.match(cli, /--message file:\/\/order-placed\.json \\/);
    const link = page.getByRole('link', { name: 'Download order-placed.json' });
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), 'order-placed.json');
    const saved = await download.path();
    const example = await page.locator('aside.ref-panel .panel-tab').first().locator('pre').last().innerText();
    assert.deepEqual(JSON.parse(readFileSync(saved, 'utf8')), JSON.parse(example), "the file is the example's payload");
    await page.context().close();
  });

  it('a request with a reply: the command sends the header value the example shows (a queue URL), not a placeholder', async () => {
    const page = await open(REPLY, 1280);
    const headers = JSON.parse(await page.locator('aside.ref-panel .panel-part').first().locator('pre').first().innerText()) as { replyTo: string };
    assert.match(headers.replyTo, /^https:\/\/sqs\./);
    const cli = await page.locator('section.sns-send .code-tab-panel pre').first().innerText();
    const attributes = /--message-attributes '([\s\S]*?)'/.exec(cli);
    assert.ok(attributes, cli);
    const sent = JSON.parse(attributes[1]!.replace(/\n\s*/g, '')) as { replyTo: { StringValue: string } };
    assert.equal(sent.replyTo.StringValue, headers.replyTo);
    assert.doesNotMatch(cli, /<replyTo>/);
    assert.match(await page.locator('section.sns-send').innerText(), /The value of replyTo is made up, as in the generated example: send your own\./);
    await page.context().close();
  });

  for (const width of [1280, 390])
    it(`${width} px: the endpoints a command reaches wrap at a separator (/ : . - _), never inside a word (at 1280 px, not at all)`, async () => {
      const page = await open(PUBLISH_STANDARD, width);
      const breaks = await page.locator('section.sns-send .snippet-reaches code:not([data-filter-scope])').evaluateAll((codes) =>
        codes.flatMap((code) => {
          // Every character's line, by its box: where the line changes, the characters either side.
          const text = code.textContent ?? '';
          const found: string[] = [];
          let previousTop: number | undefined;
          let offset = 0;
          const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < (node.textContent ?? '').length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const top = range.getClientRects()[0]?.top;
              if (top !== undefined && previousTop !== undefined && top > previousTop + 2) found.push(`${text.slice(0, offset + i)}|${text.slice(offset + i)}`);
              if (top !== undefined) previousTop = top;
            }
            offset += (node.textContent ?? '').length;
          }
          return found;
        }),
      );
      // At a desk's width the notes are under the command at the column's width (review 13), where every endpoint fits whole.
      if (width === 1280) assert.deepEqual(breaks, [], 'every endpoint on one line at the column’s width');
      // On a phone an endpoint (named by its queue's name since the whole ARNs went to the cards) wraps only where it must, at a separator.
      else assert.ok((await page.locator('section.sns-send .snippet-reaches code:not([data-filter-scope])').count()) > 0, 'endpoints to read');
      for (const at of breaks) assert.match(at, /([/:._\s-]|[a-z0-9](?=\|[A-Z]))\|/, `a break inside a word: ${at}`);
      await page.context().close();
    });
});
