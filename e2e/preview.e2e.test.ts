/**
 * `apidesc-docs preview` in Chromium: the site a reader just built, opened as the build's last
 * line says, with search working (it needs the site served over HTTP) and the 404 page for a
 * wrong address.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startPreview } from '../src/cli/preview-server.ts';
import { runIn, tempTree } from '../test/helpers.ts';
import { launchChromium } from './support.ts';
import { readFileSync } from 'node:fs';

const ORDERS = readFileSync(new URL('../content/orders.apidesc.yaml', import.meta.url), 'utf8');

describe('the preview of a built site in Chromium', () => {
  let server: Server;
  let origin = '';
  let browser: Browser;
  let lastLine = '';
  before(async () => {
    const dir = tempTree({ 'orders.yaml': ORDERS });
    const built = await runIn(dir, ['build', 'orders.yaml', '--out', 'site']);
    assert.equal(built.code, 0);
    lastLine = built.err.trim().split('\n').pop() ?? '';
    const started = await startPreview({ outDir: 'site', port: 0, cwd: dir }, { out: () => {}, err: () => {} });
    assert.ok(typeof started !== 'number');
    server = started;
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  it("is what the build's last line says to run", () => {
    assert.equal(lastLine, 'Open it: npx apidesc-docs preview --out site');
  });

  it('finds pages with search', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/search/?q=warehouse`);
    await page.waitForSelector('.pagefind-ui__result-link', { timeout: 15_000 });
    const titles = await page.locator('.pagefind-ui__result-link').allTextContents();
    assert.ok(
      titles.some((t) => /warehouse/i.test(t)),
      titles.join(' | '),
    );
    await page.close();
  });

  it("shows the not-found page, in the site's layout, with a way back", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${origin}/channels/no-such-channel/`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.locator('h1').textContent(), 'Page not found');
    await page.getByRole('link', { name: /Overview of/ }).click();
    await page.waitForURL(`${origin}/`);
    await page.close();
  });
});
