/**
 * The reference inside a Starlight site, in a browser (test/fixtures/starlight-site, built as
 * test/starlight-host.test.ts builds it): a page of the reference found through Starlight's own
 * search, its colours following Starlight's theme switch (not only the system's), and no axe-core
 * finding in either theme that the host's own pages do not have.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { astroBuild, type HostSite, hostSite, REPO } from '../test/host-site.ts';
import { accessibilityFindings, closeAll, serveAndBrowse } from './support.ts';

describe('a Starlight site with the reference, in a browser', { timeout: 600_000 }, () => {
  let site: HostSite;
  let server: Server;
  let base: string;
  let browser: Browser;
  before(async () => {
    site = hostSite('starlight-site', { 'api/orders.apidesc.yaml': readFileSync(join(REPO, 'content', 'orders.apidesc.yaml'), 'utf8') });
    const build = await astroBuild(site.dir);
    assert.equal(build.code, 0, build.output);
    ({
      site: { server, base },
      browser,
    } = await serveAndBrowse(join(site.dir, 'dist')));
  });
  after(async () => {
    await closeAll(browser, server);
    site?.remove();
  });

  it("finds an operation through Starlight's search and opens its page", async () => {
    const page = await browser.newPage();
    await page.goto(`${base}guides/start/`);
    await page.click('button[data-open-modal]');
    await page.fill('#starlight__search input', 'Publish order events');
    const hit = page.locator('.pagefind-ui__result-link', { hasText: 'Publish order events' }).first();
    await hit.waitFor({ timeout: 20_000 });
    await hit.click();
    await page.waitForURL(/\/reference\/operations\/publishorderevents\/$/);
    assert.equal(await page.locator('h1').textContent(), 'Publish order events');
    await page.close();
  });

  it("follows Starlight's theme switch", async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${base}reference/channels/orderevents/`);
    const codeBackground = () =>
      page
        .locator('.apidesc-ref .facts code')
        .first()
        .evaluate((e) => getComputedStyle(e).backgroundColor);
    const light = await codeBackground();
    await page.locator('starlight-theme-select select').first().selectOption('dark');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    const dark = await codeBackground();
    assert.notEqual(dark, light, 'the reference turns dark with the page, although the system is light');
    await context.close();
  });

  it('adds no accessibility finding to the host, in either theme', async () => {
    // Starlight's own parts have findings of their own (its search button's label): the host's own
    // page has them as well. The reference's pages may have those and no other.
    const ofHost = new Set((await accessibilityFindings(browser, base, ['guides/start/'])).map((f) => f.replace(/ \/\S+: /, ' ')));
    const ofReference = await accessibilityFindings(browser, base, ['reference/channels/orderevents/', 'reference/components/schemas/order/', 'reference/']);
    assert.deepEqual(
      ofReference.filter((f) => !ofHost.has(f.replace(/ \/\S+: /, ' '))),
      [],
    );
  });
});
