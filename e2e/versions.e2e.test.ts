/**
 * A site of `build --versions` in Chromium (test/versions-fixture.ts): choosing another version
 * in the switcher of an operation's page opens the same operation there (through a rename too);
 * on an operation that version removed, it opens its channel and the page says what is missing;
 * without JavaScript the switcher lists the version and the ones before it, at the same object, and
 * the changelog, which links every version (the later ones come from its script); search is scoped to the
 * version a reader is in, and widened, the newest version's results first; the changelog, a
 * version's page against the newest and the switched pages have no axe finding in either theme.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accessibilityFindings, buildServeAndBrowse, closeAll } from './support.ts';
import { makeVersionsRepository } from '../test/versions-fixture.ts';
import { tempDir } from '../test/helpers.ts';

/** Opens the switcher of the page and follows the link of `version`. */
async function switchTo(page: Page, version: string): Promise<void> {
  await page.locator('.version-switcher > summary').click();
  await Promise.all([page.waitForNavigation(), page.locator('.version-switcher a', { hasText: version }).first().click()]);
}

describe('the versions of a site in Chromium', { timeout: 300_000 }, () => {
  const repo = makeVersionsRepository();
  const site = join(tempDir('apidesc-e2e-versions-'), 'site');
  let server: Server;
  let browser: Browser;
  let base = '';
  before(async () => {
    ({
      site: { server, base },
      browser,
    } = await buildServeAndBrowse(['api', '--versions', 'v*'], repo.dir, { work: dirname(site), out: site }));
  });
  after(async () => {
    await closeAll(browser, server);
    repo.remove();
  });

  it('switches an operation page to another version and lands on the same operation, renamed or not', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}v1.1.0/orders/operations/emitorder/`);
    await switchTo(page, 'v2.0.0');
    assert.equal(new URL(page.url()).pathname, '/v2.0.0/operations/emitorder/');
    assert.equal(await page.locator('h1').textContent(), 'emitOrder');
    assert.equal(await page.locator('.version-switcher').getAttribute('data-version'), 'v2.0.0');
    // Back to v1.0.0, where the operation was still called publishOrder.
    await switchTo(page, 'v1.0.0');
    assert.equal(new URL(page.url()).pathname, '/v1.0.0/orders/operations/publishorder/');
    assert.equal(await page.locator('h1').textContent(), 'publishOrder');
    assert.equal(await page.locator('.version-note').count(), 0, 'no note where the object is there');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('on an operation the other version removed, lands on its channel and says so', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}v1.1.0/orders/operations/archiveorders/`);
    await switchTo(page, 'v2.0.0');
    assert.equal(new URL(page.url()).pathname, '/v2.0.0/channels/audit/');
    assert.equal(await page.locator('h1').textContent(), 'audit');
    assert.equal(await page.locator('main .version-note').textContent(), 'Operation archiveOrders does not exist in v2.0.0; showing its channel.');
    await page.close();
  });

  it('without JavaScript, the switcher lists this version and the ones before it, at the same object, and the changelog for every version', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}v1.1.0/orders/operations/emitorder/`);
    await page.locator('.version-switcher > summary').click();
    const labels = await page.locator('.version-switcher a').evaluateAll((all) => all.map((a) => (a.textContent ?? '').replace(/\s+/g, ' ').trim()));
    assert.deepEqual(labels, ['v1.1.0', 'v1.0.0', 'v1.1.0 compared with the newest', 'Changelog of every version']);
    // The version before, where the operation was still called publishOrder.
    await Promise.all([page.waitForNavigation(), page.locator('.version-switcher a', { hasText: 'v1.0.0' }).click()]);
    assert.equal(new URL(page.url()).pathname, '/v1.0.0/orders/operations/publishorder/');
    // The versions after it: through the changelog, which lists every version.
    await page.locator('.version-switcher > summary').click();
    await Promise.all([page.waitForNavigation(), page.locator('.version-switcher a', { hasText: 'Changelog of every version' }).click()]);
    assert.equal(new URL(page.url()).pathname, '/changelog/');
    assert.equal(await page.locator('main a[href="/v2.0.0/"]').count(), 1, "the changelog links v2.0.0's pages");
    await context.close();
  });

  it('searches the version the reader is in by default, and every version, the newest first, once its filter is cleared', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}v1.1.0/search/?q=emitOrder`);
    const links = page.locator('.pagefind-ui__result-link');
    await links.first().waitFor({ timeout: 20_000 });
    const hrefs = (): Promise<string[]> => links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
    const scoped = await hrefs();
    assert.ok(scoped.includes('/v1.1.0/orders/operations/emitorder/'), scoped.join(' '));
    assert.ok(
      scoped.every((href) => href.startsWith('/v1.1.0/')),
      `scoped to v1.1.0: ${scoped.join(' ')}`,
    );
    const scope = page.locator('input.pagefind-ui__filter-checkbox[name="version"][value="v1.1.0"]');
    assert.equal(await scope.isChecked(), true, 'the filter "version" says the scope');
    await scope.uncheck();
    // Widened: the first result is no longer v1.1.0's, and the results have come as far as v2.0.0's operation.
    const widenedShown = (): boolean => {
      const all = [...document.querySelectorAll('.pagefind-ui__result-link')].map((a) => a.getAttribute('href') ?? '');
      return /^\/(?!v1\.1\.0\/)/.test(all[0] ?? '') && all.includes('/v2.0.0/operations/emitorder/');
    };
    await page.waitForFunction(widenedShown, undefined, {
      timeout: 20_000,
    });
    const widened = await hrefs();
    // The filter lists the versions newest first, as the switcher does (not in the order their indexes were merged, this version's first).
    const order = ['latest', 'v2.0.0', 'v1.1.0', 'v1.0.0'];
    const listed = await page.locator('input.pagefind-ui__filter-checkbox[name="version"]').evaluateAll((all) => all.map((i) => i.getAttribute('value') ?? ''));
    assert.deepEqual(listed, order);
    assert.equal(widened[0], '/operations/emitorder/', `the newest's operation first: ${widened.join(' ')}`);
    assert.ok(widened.includes('/v2.0.0/operations/emitorder/'), widened.join(' '));
    // Newest first: each result's version no newer than the one before it.
    const rank = (href: string): number => Math.max(0, order.indexOf(/^\/(v[\d.]+)\//.exec(href)?.[1] ?? 'latest'));
    const ranks = widened.map(rank);
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => a - b),
      widened.join(' '),
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('has no axe finding on the changelog and a page with its switcher open, in either theme', async () => {
    const findings = await accessibilityFindings(browser, base, [
      'changelog/',
      'v1.0.0/changes-to-latest/',
      'v1.1.0/orders/operations/archiveorders/',
      'v2.0.0/channels/audit/?version-missing-kind=operation&version-missing-id=archiveOrders&version-missing-shown=channel',
    ]);
    assert.deepEqual(findings, []);
  });
});
