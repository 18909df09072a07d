/**
 * Search over a portal of real documents, in Chromium: every page counts under one Kind, so that
 * the Kind filter's counts add up to the results; a name's words, however they are joined
 * (`stock-check`, `stockCheck`, `stock_check`, "stock check"), find the same pages, the named
 * page among them; and "Did you mean" stands under the box, only for a query that finds nothing.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';
import { tempDir } from '../test/helpers.ts';
import { openSearchPage } from './search-support.ts';
import { buildSite, closeAll, serveAndBrowse } from './support.ts';

const valid = join(CORPUS, 'valid');
/** Documents with traits, bindings and correlation ids (no Kind a reader filters by), and names of several words. */
const DOCUMENTS = [
  'bindings-sns-fifo-orders.yaml',
  'spec-correlation-id.yaml',
  'spec-streetlights-kafka.yaml',
  'spec-kraken-websocket-request-reply-multiple-channels.yaml',
  'studio-ibmmq.yaml',
];

interface Fragment {
  url: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

/** What the search page's library answers for `term`: each result's address, and the Kind counts. */
async function ask(page: Page, base: string, term: string): Promise<{ urls: string[]; kinds: Record<string, number> }> {
  return page.evaluate(
    async ({ base, term }) => {
      const library = await import(`${base}search-ranked/pagefind.js`);
      const answer = await library.search(term);
      const datas = await Promise.all(answer.results.map((result: { data: () => Promise<{ url: string }> }) => result.data()));
      return { urls: datas.map((data: { url: string }) => data.url), kinds: answer.filters?.kind ?? {} };
    },
    { base, term },
  );
}

if (HAS_CORPUS)
  describe('search over real documents: kinds that add up, words however joined', () => {
    let server: Server;
    let browser: Browser;
    let base = '';
    let fragments: Fragment[] = [];
    before(async () => {
      const site = join(tempDir('apidesc-search-words-'), 'site');
      await buildSite(DOCUMENTS, valid, { work: join(site, '..'), out: site });
      fragments = readdirSync(join(site, 'pagefind/fragment')).map(
        (name) =>
          JSON.parse(
            gunzipSync(readFileSync(join(site, 'pagefind/fragment', name)))
              .toString('utf8')
              .replace(/^pagefind_dcd/, ''),
          ) as Fragment,
      );
      ({
        site: { server, base },
        browser,
      } = await serveAndBrowse(site));
    });
    after(() => closeAll(browser, server));

    it('indexes every page under exactly one Kind, the parts objects are composed of under names a reader knows, never "Other"', () => {
      const kinds = new Map<string, number>();
      for (const fragment of fragments) {
        assert.equal(fragment.filters.kind?.length, 1, `${fragment.url}: Kind ${JSON.stringify(fragment.filters.kind)}`);
        kinds.set(fragment.filters.kind[0]!, (kinds.get(fragment.filters.kind[0]!) ?? 0) + 1);
      }
      // Traits, bindings and correlation ids: counted, under a Kind the filter lists.
      assert.ok((kinds.get('Traits and bindings') ?? 0) > 0, JSON.stringify([...kinds]));
      assert.ok((kinds.get('Correlation ID') ?? 0) > 0, JSON.stringify([...kinds]));
      assert.ok(!kinds.has('Other'), JSON.stringify([...kinds]));
      for (const reader of ['Operation', 'Channel', 'Message', 'Schema', 'API overview']) assert.ok(kinds.has(reader), reader);
    });

    it("adds the Kind filter's counts up to the results, for every word of the documents' titles", async () => {
      const page = await browser.newPage();
      await openSearchPage(page, base, 'order');
      const words = [...new Set(fragments.flatMap((f) => (f.meta.title ?? '').toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 4))].sort();
      assert.ok(words.length > 30, `${words.length} words`);
      const uneven: string[] = [];
      for (const word of words) {
        const { urls, kinds } = await ask(page, base, word);
        const counted = Object.values(kinds).reduce((sum, n) => sum + n, 0);
        if (counted !== urls.length) uneven.push(`${word}: ${urls.length} results, Kind counts ${JSON.stringify(kinds)}`);
      }
      assert.deepEqual(uneven, []);
      await page.close();
    });

    it('finds the same pages for a name written kebab-case, camelCase, snake_case or spaced, the named page among them', async () => {
      const page = await browser.newPage();
      await openSearchPage(page, base, 'order');
      // The documents' names of two words or more (titles spelled apart, ids joined), each a page's.
      const names = new Map<string, string>();
      for (const fragment of fragments)
        for (const name of [fragment.meta.title, fragment.meta.id]) {
          const words = (name ?? '')
            .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
            .split(/[\s\-_]+/)
            .filter((w) => w !== '');
          if (words.length >= 2 && words.length <= 4 && words.every((w) => /^[A-Za-z][a-z]+$/.test(w))) names.set(words.join(' ').toLowerCase(), fragment.url);
        }
      assert.ok(names.size > 15, `${names.size} names`);
      const forms = (words: string[]): string[] => [
        words.join('-'),
        words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join(''),
        words.join('_'),
        words.join(' '),
      ];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...[...names.keys()].sort()), async (name) => {
          const answers = [];
          for (const form of forms(name.split(' '))) answers.push({ form, urls: (await ask(page, base, form)).urls.sort() });
          assert.ok(answers[3]!.urls.includes(names.get(name)!), `"${name}" finds ${names.get(name)}: ${answers[3]!.urls.join(', ')}`);
          for (const answer of answers) assert.deepEqual(answer.urls, answers[3]!.urls, `${answer.form} finds what "${name}" finds`);
        }),
        { numRuns: Math.min(40, names.size), seed: 12 },
      );
      await page.close();
    });

    it('says "Did you mean" under the box, above the results, and not for a name written otherwise', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const suggestion = page.locator('.search-page-suggest');
      await openSearchPage(page, base, 'streetlihgts');
      await suggestion.waitFor({ state: 'visible', timeout: 10_000 });
      const box = await page.locator('.pagefind-ui__search-input').boundingBox();
      const said = await suggestion.boundingBox();
      assert.ok(box && said && said.y >= box.y + box.height, `"Did you mean" at ${said?.y}, the box ends at ${box ? box.y + box.height : '?'}`);
      assert.match((await suggestion.textContent()) ?? '', /^Did you mean /);
      await openSearchPage(page, base, 'light-measured');
      await page.waitForTimeout(1500);
      assert.equal(await suggestion.isVisible(), false, 'nothing offered for a name the search found');
      await page.close();
    });
  });
