/**
 * Code samples in Chromium (issue 40): the language tabs of an operation's samples switch
 * without JavaScript and from the keyboard, the reply's samples unfold, the copy button copies
 * the chosen sample's code, and axe-core finds nothing in either theme.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { tempDir } from '../test/helpers.ts';
import { accessibilityFindings, launchChromium, runCli, serveSite } from './support.ts';

const FIXTURES = resolve(import.meta.dirname, '../test/fixtures/code-samples');
const TURN_ON = 'operations/turnon/';

describe('code samples, read', () => {
  let site: { server: Server; base: string };
  let browser: Browser;
  before(async () => {
    const work = tempDir('apidesc-code-samples-e2e-');
    assert.equal(await runCli(['build', 'lights.yaml', '--out', join(work, 'site'), '--cache', join(work, 'cache')], FIXTURES), 0);
    site = await serveSite(join(work, 'site'));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    site?.server.close();
  });

  it('switches language without JavaScript, by click and by arrow key', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.base + TURN_ON);
    const panel = (n: number) => page.locator(`#samples-1-${n}-panel`);
    assert.equal(await panel(1).isVisible(), true);
    assert.equal(await panel(2).isVisible(), false);
    assert.match((await panel(1).innerText()).trim(), /^import mqtt from 'mqtt';/);
    await page.locator('label[for="samples-1-2"]').click();
    assert.equal(await panel(2).isVisible(), true);
    assert.match(await panel(2).innerText(), /publish\.single\(/);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await panel(1).isVisible(), true, 'the arrow key goes back to JavaScript');
    // The reply's samples are folded; opening them shows its tabs.
    assert.equal(await page.locator('#samples-2-1-panel').isVisible(), false);
    await page.locator('summary', { hasText: 'Receive the reply on lights/7/state' }).click();
    assert.equal(await page.locator('#samples-2-1-panel').isVisible(), true);
    await context.close();
  });

  it('copies the chosen sample with the copy button', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto(site.base + TURN_ON);
    await page.locator('label[for="samples-1-2"]').click();
    await page.locator('#samples-1-2-panel button').first().click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /^import os\nimport paho\.mqtt\.client as mqtt\nimport paho\.mqtt\.publish as publish\n/);
    await context.close();
  });

  it('has no accessibility finding in either theme', async () => {
    assert.deepEqual(await accessibilityFindings(browser, site.base, [TURN_ON, 'operations/watchlights/']), []);
  });
});
