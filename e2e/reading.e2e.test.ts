/**
 * Reading in Chromium at a desk (1280 px) and on a phone (390 px): a message's example beside its
 * payload on a desk and right after it on a phone; diagrams that fit their column, their labels
 * legible, the full drawing on demand.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, runCli, serveSite } from './support.ts';
import { tempDir } from '../test/helpers.ts';

const repo = resolve(import.meta.dirname, '..');

describe('reading at 1280 and 390 px', () => {
  let browser: Browser;
  let server: Server;
  let base = '';
  before(async () => {
    const site = join(tempDir('apidesc-reading-e2e-'), 'site');
    assert.equal(await runCli(['build', 'content', '--out', site], repo), 0);
    ({ server, base } = await serveSite(site));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  it("shows a message's example beside its payload on a desk, and right after it on a phone", async () => {
    for (const [width, beside] of [
      [1280, true],
      [390, false],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${base}components/messages/orderplaced/`);
      const payload = await page.locator('#h-payload').boundingBox();
      const examples = await page.locator('#h-examples').boundingBox();
      assert.ok(payload && examples);
      if (beside) {
        assert.ok(examples.x > payload.x + payload.width - 1, `${width} px: the examples beside the payload`);
        assert.ok(examples.y < payload.y, `${width} px: the examples start at the top of the schemas, beside the headers`);
      } else {
        assert.ok(examples.y > payload.y, `${width} px: the examples after the payload`);
        const traits = await page.locator('#h-traits').boundingBox();
        assert.ok(traits && examples.y < traits.y, `${width} px: right after it, before the other sections`);
      }
      assert.deepEqual(await page.locator('.message-example .example-part').allTextContents(), ['Headers', 'Payload']);
      await page.close();
    }
  });
});
