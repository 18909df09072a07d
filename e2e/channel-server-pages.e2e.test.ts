/**
 * Channel and server pages read in Chromium (issue 34, review 9): a tag among an object's facts
 * reads as a label, not as a pill that looks pressable and leads nowhere; an sns channel shows
 * its fan-out on the first screens and its long access policy folded, opened by its heading;
 * the server's Connect block is copyable text.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, serveSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');

describe('channel and server pages of the default content, in Chromium', () => {
  let browser: Browser;
  let site: { server: Server; base: string };
  before(async () => {
    site = await serveSite(await sharedSite(['content'], repo));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    site?.server.close();
  });

  for (const width of [1280, 390])
    it(`${width} px: a fact's tag is a plain label (no border, no background), the policy folded under its heading, the fan-out above the topic's settings`, async () => {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
        await page.goto(`${site.base}servers/production/`);
        const tag = page.locator('dl.facts .badge.tag').first();
        assert.equal(await tag.textContent(), 'env:production');
        const look = await tag.evaluate((el) => {
          const s = getComputedStyle(el);
          return { border: s.borderTopColor, background: s.backgroundColor, cursor: s.cursor };
        });
        assert.deepEqual(look, { border: 'rgba(0, 0, 0, 0)', background: 'rgba(0, 0, 0, 0)', cursor: 'auto' }, `${scheme}: ${JSON.stringify(look)}`);
        assert.match((await page.locator('#h-connect ~ .code').first().textContent()) ?? '', /host\s+sns\.eu-west-1\.amazonaws\.com/);
        await page.goto(`${site.base}channels/orderevents/`);
        const fanOut = await page.locator('#sns-fan-out').boundingBox();
        const settings = await page.locator('#sns-topic-settings').boundingBox();
        assert.ok(fanOut && settings && fanOut.y < settings.y, 'the fan-out first');
        const policy = page.locator('details.policy-fold');
        assert.equal(await policy.evaluate((d) => (d as HTMLDetailsElement).open), false, 'a policy of three statements is folded');
        assert.equal(await page.locator('table.policy').isVisible(), false);
        await page.locator('#sns-access-policy').click();
        assert.ok(await page.locator('table.policy').isVisible(), 'its heading opens it');
        await page.close();
      }
    });
});
