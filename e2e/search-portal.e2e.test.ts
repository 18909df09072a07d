/**
 * Search in a portal of the corpus's streetlights and sns APIs, in Chromium: a channel whose
 * address holds the query's word comes first (the address is the channel's name where it lives,
 * weighed as its id and title are), and every hit, a field's too, says where it is: its kind and
 * its API, in the header's box and on the search page.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';
import { tempDir } from '../test/helpers.ts';
import { boxSearch, openSearchPage } from './search-support.ts';
import { buildSite, closeAll, serveAndBrowse } from './support.ts';

const valid = join(CORPUS, 'valid');

if (HAS_CORPUS)
  describe('search in a portal: address words, and where each hit is', () => {
    let server: Server;
    let browser: Browser;
    let base = '';
    before(async () => {
      const documents = [...readdirSync(valid).filter((f) => f.startsWith('bindings-sns-')), 'spec-streetlights-kafka.yaml', 'spec-streetlights-mqtt.yaml'];
      const site = join(tempDir('apidesc-search-portal-'), 'site');
      await buildSite(documents, valid, { work: join(site, '..'), out: site });
      ({
        site: { server, base },
        browser,
      } = await serveAndBrowse(site));
    });
    after(() => closeAll(browser, server));

    // Words of a channel's address only: no channel's id or title holds them, the operations' code samples and the overview do.
    for (const word of ['action', 'smartylighting'])
      it(`ranks the channels whose address holds "${word}" first, in the box and on the search page`, async () => {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        await page.goto(base);
        await boxSearch(page, word);
        const first = page.locator('#search-results [role="option"]').first();
        assert.equal(await first.locator('.search-hit-kind').textContent(), 'Channel');
        // The address that holds it is shown beside the channel's name: the reader sees why it came first.
        assert.match(
          (await first.locator('.search-hit-path').textContent()) ?? '',
          new RegExp(`smartylighting[./]streetlights.*${word === 'action' ? 'action' : ''}`),
        );
        await openSearchPage(page, base, word);
        assert.match(
          (await page.locator('.pagefind-ui__result .search-crumb').first().textContent()) ?? '',
          /^Channel · Streetlights (MQTT|Kafka) API › smartylighting[./]streetlights/,
        );
        await page.close();
      });

    it('says on every hit where it is: its kind and its API, a field as a field of its page', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(base);
      for (const q of ['measured', 'lumens', 'order', 'signedup']) {
        await boxSearch(page, q);
        const hits = await page.locator('#search-results [role="option"]').evaluateAll((els) =>
          els.map((el) => ({
            name: el.querySelector('.search-hit-title')?.textContent ?? '',
            kind: el.querySelector('.search-hit-kind')?.textContent ?? '',
            api: el.querySelector('.search-hit-api')?.textContent ?? '',
            field: el.classList.contains('search-hit-field'),
          })),
        );
        assert.ok(hits.length > 0, q);
        for (const hit of hits) {
          // An API's overview is the API itself: its kind says so, its title names it.
          assert.ok(hit.kind !== '', `${q}: ${hit.name} says its kind`);
          if (hit.kind !== 'API overview') assert.ok(hit.api !== '', `${q}: ${hit.name} says its API`);
          // A place on its page: a field's row, or an sns subscription's card or fan-out row (named for the query: "Firehose stream order-analytics").
          if (hit.field) assert.match(hit.kind, /^(Field|Subscription)$/, `${q}: ${hit.name}`);
        }
        await page.keyboard.press('Escape');
        await openSearchPage(page, base, q);
        const crumbs = await page.locator('.pagefind-ui__result').evaluateAll((els) => els.map((el) => el.querySelector('.search-crumb')?.textContent ?? ''));
        assert.ok(crumbs.length > 0, q);
        for (const crumb of crumbs) assert.match(crumb, /^(API overview|Guide|[A-Z][\w ]+ · .+)$/, `${q}: ${crumb}`);
        await page.goto(base);
      }
      await page.close();
    });
  });
