/**
 * What every search hit says, in Chromium (review 18, defect 6), on the default site and on a
 * portal of corpus documents: what it is in a reader's word (the Kind filter's values are the
 * words above the pages' titles, "Operation trait", never a group of this tool's such as "Traits
 * and bindings"); why it matched, marked (the query's words in its line, its id, its address, or
 * its name); and a readable title where the document gives none (its key in words, "Receive light
 * measurement", with the id under it as code, so the id is still found and seen).
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { COMPONENT_KINDS } from '../src/lib/model/types.ts';
import { kindWord } from '../src/site/kind-labels.ts';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';
import { tempDir } from '../test/helpers.ts';
import { boxSearch, openSearchPage } from './search-support.ts';
import { buildSite, closeAll, serveAndBrowse, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');

/** The words a reader knows a page's kind by: each kind's word, the overview's and a guide's. */
const READER_KINDS = new Set([...COMPONENT_KINDS.map((map) => kindWord(`component:${map}`)), 'API overview', 'Guide']);

/** Each result on the search page: its title, its kind, whether anything of it is marked (a <mark>, or a highlight of its name), its id line. */
async function hits(page: Page) {
  // The highlights are drawn on the interface's redraw: wait until each result's is there.
  await page.waitForTimeout(300);
  return page.locator('.pagefind-ui__result').evaluateAll((results) => {
    const highlighted = (CSS as unknown as { highlights?: Map<string, Set<Range>> }).highlights?.get('search-name');
    return results.map((result) => {
      const namesMarked = [...(highlighted ?? [])].filter((range) => result.contains(range.startContainer) && range.toString() !== '').length;
      return {
        title: result.querySelector('.pagefind-ui__result-title')?.textContent?.trim() ?? '',
        crumb: result.querySelector('.search-crumb')?.textContent?.trim() ?? '',
        id: result.querySelector('.search-hit-id')?.textContent ?? undefined,
        marks: result.querySelectorAll('mark').length,
        namesMarked,
      };
    });
  });
}

/** The Kind filter's values, without their counts. */
async function kindValues(page: Page): Promise<string[]> {
  const labels = await page
    .locator('details.pagefind-ui__filter-block')
    .filter({ has: page.locator('summary', { hasText: /^\s*Kind\s*$/ }) })
    .locator('.pagefind-ui__filter-label')
    .allTextContents();
  assert.ok(labels.length > 0, 'the Kind filter listed');
  return labels.map((label) => label.replace(/\s*\(\d+\)\s*$/, '').trim());
}

async function checkSite(browser: Browser, base: string, queries: readonly string[]): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (const query of queries) {
    await openSearchPage(page, base, query);
    // The filters counted for this query (their folds may be closed).
    await page.waitForSelector('.pagefind-ui__filter-label', { state: 'attached', timeout: 10_000 });
    for (const value of await kindValues(page)) assert.ok(READER_KINDS.has(value), `${query}: the Kind "${value}" is a reader's word`);
    const found = await hits(page);
    assert.ok(found.length > 0, query);
    for (const hit of found) {
      const say = `${query}: ${JSON.stringify(hit)}`;
      // What it is, in the word its page says above its title.
      assert.ok(READER_KINDS.has(hit.crumb.split(/ · | › | API (sends|receives)/)[0]!.trim()), say);
      // Why it matched, shown: a mark in its line, its id or address, or its name highlighted (a
      // reference object's hit; a guide or the overview found by a word outside its sentences may still show its summary alone).
      if (!/^(Guide|API overview)\b/.test(hit.crumb)) assert.ok(hit.marks + hit.namesMarked > 0, `nothing of the hit marked: ${say}`);
    }
  }
  await page.close();
}

describe('every search hit says what it is, why it matched and its name: the default site', () => {
  let server: Server;
  let browser: Browser;
  let base = '';
  before(async () => {
    const site = await sharedSite(['content'], repo);
    ({
      site: { server, base },
      browser,
    } = await serveAndBrowse(site));
  });
  after(() => closeAll(browser, server));

  it('labels each hit and each Kind value by a reader’s word, and marks why each hit matched', async () => {
    // A word of many kinds (traits and bindings among them), a schema's name, a field's, an id.
    await checkSite(browser, base, ['order', 'Money', 'CardPayment', 'sku', 'publishOrderEvents']);
  });
});

if (HAS_CORPUS)
  describe('every search hit says what it is, why it matched and its name: a portal of corpus documents', () => {
    let server: Server;
    let browser: Browser;
    let base = '';
    before(async () => {
      const site = join(tempDir('apidesc-search-hits-portal-'), 'site');
      await buildSite(['spec-streetlights-kafka.yaml', 'spec-streetlights-mqtt.yaml', 'bindings-sns-sqs-consumer.yaml'], join(CORPUS, 'valid'), {
        work: join(site, '..'),
        out: site,
      });
      ({
        site: { server, base },
        browser,
      } = await serveAndBrowse(site));
    });
    after(() => closeAll(browser, server));

    it('labels each hit and each Kind value by a reader’s word, and marks why each hit matched', async () => {
      await checkSite(browser, base, ['light', 'lumens', 'streetlight', 'kafka']);
    });

    it('titles an object the document gives no title by its key in words, the id under it, on the search page and in the header box', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await openSearchPage(page, base, 'receiveLightMeasurement');
      const [first] = await hits(page);
      assert.equal(first?.title, 'Receive light measurement', JSON.stringify(first));
      assert.equal(first?.id, 'receiveLightMeasurement', 'the id under it, as code');
      // No operation, channel, message or server hit titled by a bare id (camelCase, kebab-case or snake_case).
      await openSearchPage(page, base, 'light');
      for (const hit of await hits(page))
        if (/^(Operation|Channel|Message|Server)\b/.test(hit.crumb))
          assert.doesNotMatch(hit.title, /^\S*([a-z][A-Z]|[a-z][-_][a-z])\S*$/, `a title in words: ${JSON.stringify(hit)}`);
      // The header box names it alike.
      await page.goto(base);
      const titles = await boxSearch(page, 'receiveLightMeasurement');
      assert.ok(titles.includes('Receive light measurement'), titles.join(' | '));
      const ids = await page.locator('#search-results .search-hit-id').allTextContents();
      assert.ok(ids.includes('receiveLightMeasurement'), ids.join(' | '));
      await page.close();
    });
  });
