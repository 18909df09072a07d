/**
 * Search in a portal whose APIs have operations of one name on one address (the corpus's social
 * media APIs: `receiveCommentLiked` in three of them, none with a summary or description), in
 * Chromium: each hit says its API and has a line of its own, its channel's, so that the hits read
 * apart; a hit found by its address says so by the address, not by the code samples that quote it.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';
import { tempDir } from '../test/helpers.ts';
import { openSearchPage } from './search-support.ts';
import { buildSite, closeAll, serveAndBrowse } from './support.ts';

const folder = join(CORPUS, 'multi-file', 'spec-social-media');

if (HAS_CORPUS)
  describe('search in a portal: operations of one name in several APIs', () => {
    let server: Server;
    let browser: Browser;
    let base = '';
    before(async () => {
      const site = join(tempDir('apidesc-search-operation-lines-'), 'site');
      await buildSite([folder, '--root', folder, '--allow-invalid'], folder, { work: join(site, '..'), out: site });
      ({
        site: { server, base },
        browser,
      } = await serveAndBrowse(site));
    });
    after(() => closeAll(browser, server));

    it('gives each operation hit its API and a line of its own, and no "› Code samples" where its address matched', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await openSearchPage(page, base, 'comment/liked');
      const hits = await page.locator('.pagefind-ui__result').evaluateAll((els) =>
        els.map((el) => ({
          title: el.querySelector('.pagefind-ui__result-link')?.textContent?.trim() ?? '',
          crumb: el.querySelector('.search-crumb')?.textContent?.trim() ?? '',
          line: el.querySelector('.search-hit-line')?.textContent?.trim() ?? '',
        })),
      );
      const operations = hits.filter((h) => h.crumb.startsWith('Operation'));
      const receivers = operations.filter((h) => h.title === 'Receive comment liked');
      assert.ok(receivers.length >= 2, JSON.stringify(hits));
      for (const hit of operations) {
        assert.match(hit.crumb, /^Operation API (sends|receives) · [A-Z][\w ]+ › comment\/liked$/, JSON.stringify(hit));
        assert.notEqual(hit.line, '', `${hit.title} (${hit.crumb}) has a line`);
      }
      // One name, several APIs: each hit reads apart from the others by its API and its line.
      assert.equal(new Set(receivers.map((h) => h.crumb)).size, receivers.length, JSON.stringify(receivers));
      assert.equal(new Set(receivers.map((h) => h.line)).size, receivers.length, JSON.stringify(receivers));
      await page.close();
    });
  });
