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
import { parse } from 'yaml';
import { nameKey } from '../public/search-query.js';
import { PART_KINDS } from '../public/search-rank.js';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';
import { tempDir } from '../test/helpers.ts';
import { boxSearch, openSearchPage } from './search-support.ts';
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

/** The property names of every schema of the documents. */
function fieldNames(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) fieldNames(item, names);
  else if (node !== null && typeof node === 'object') {
    const properties = (node as { properties?: unknown }).properties;
    if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) for (const name of Object.keys(properties)) names.add(name);
    for (const value of Object.values(node)) fieldNames(value, names);
  }
  return names;
}

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
      // Traits, bindings and correlation ids: counted, each under its own name (no group of this tool's, "Traits and bindings").
      assert.ok((kinds.get('Operation trait') ?? 0) + (kinds.get('Channel binding') ?? 0) > 0, JSON.stringify([...kinds]));
      assert.ok(![...kinds.keys()].some((kind) => / and /.test(kind)), JSON.stringify([...kinds]));
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

    it("lists under a result only the fields and sections that hold the query, in the box and on the search page, for the documents' field names", async () => {
      const names = new Set<string>();
      for (const file of DOCUMENTS) fieldNames(parse(readFileSync(join(valid, file), 'utf8')), names);
      const asked = [...names].filter((name) => name.length >= 4).sort();
      assert.ok(asked.length > 30, `${asked.length} field names`);
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(base);
      const strays: string[] = [];
      let fields = 0;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...asked), async (name) => {
          await boxSearch(page, name);
          const shown = await page
            .locator('#search-results .search-hit-field')
            .evaluateAll((options) =>
              options.map(
                (option) => `${option.querySelector('.search-hit-head')?.textContent ?? ''} ${option.querySelector('.search-hit-excerpt')?.textContent ?? ''}`,
              ),
            );
          fields += shown.length;
          for (const text of shown) if (!nameKey(text).includes(nameKey(name))) strays.push(`box, ${name}: ${text}`);
          await page.keyboard.press('Escape');
        }),
        { numRuns: 30, seed: 18 },
      );
      for (const name of asked.filter((_, i) => i % Math.ceil(asked.length / 8) === 0)) {
        await openSearchPage(page, base, name);
        const shown = await page.locator('.pagefind-ui__result-nested').allTextContents();
        fields += shown.length;
        for (const text of shown) if (!nameKey(text).includes(nameKey(name))) strays.push(`search page, ${name}: ${text}`);
      }
      // Each name shown whole, in the box and on the search page, at a desk's width and a phone's: wrapped where long, never cut.
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const long = asked.filter((n) => n.length >= 14).slice(0, 3);
        assert.ok(long.length > 0, 'long field names');
        const cutTitles = () =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll('.pagefind-ui__result-nested .pagefind-ui__result-title, #search-results .search-hit-title'))
              .filter((el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis')
              .map((el) => el.textContent),
          );
        for (const name of long) {
          await openSearchPage(page, base, name);
          for (const title of await cutTitles()) strays.push(`search page, ${width} px, ${name}: cut ${title}`);
          await page.goto(base);
          await boxSearch(page, name);
          for (const title of await cutTitles()) strays.push(`box, ${width} px, ${name}: cut ${title}`);
        }
      }
      assert.ok(fields > 20, `${fields} sub-hits shown`);
      assert.deepEqual(strays, []);
      await page.close();
    });

    it("ranks the traits' and the bindings' pages after the readers' objects, unless named exactly, each labelled as what it is", async () => {
      const page = await browser.newPage();
      await openSearchPage(page, base, 'order');
      const kindOf = new Map(fragments.map((f) => [f.url, f.filters.kind?.[0] ?? '']));
      const labelOf = new Map(fragments.map((f) => [f.url, f.meta.kind ?? '']));
      const parts = fragments.filter((f) => PART_KINDS.includes(f.filters.kind?.[0] ?? ''));
      assert.ok(parts.length > 3, `${parts.length} pages of traits, bindings and correlation ids`);
      // Each labelled as what it is ("Operation trait", "Channel binding"), and filtered by the same word.
      for (const part of parts) assert.equal(part.meta.kind ?? '', part.filters.kind?.[0], part.url);
      const words = [
        ...new Set(
          parts.flatMap((f) =>
            (f.meta.title ?? '')
              .replace(/([a-z])([A-Z])/g, '$1 $2')
              .toLowerCase()
              .split(/[^a-z]+/),
          ),
        ),
      ].filter((w) => w.length >= 4);
      // How strongly a page's name matches the word: 0 its title or id is the word, 1 a word of them begins with it, 2 its text only.
      const byUrl = new Map(fragments.map((f) => [f.url, f]));
      const strength = (url: string, word: string): number => {
        const names = [byUrl.get(url)?.meta.title, byUrl.get(url)?.meta.id].filter((name): name is string => typeof name === 'string');
        if (names.some((name) => nameKey(name) === nameKey(word))) return 0;
        const begins = names.some((name) => name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).some((part) => part.toLowerCase().startsWith(word)));
        return begins ? 1 : 2;
      };
      const misplaced: string[] = [];
      for (const word of words.sort()) {
        const { urls } = await ask(page, base, word);
        const head = urls;
        const isPart = (url: string) => PART_KINDS.includes(kindOf.get(url) ?? '');
        head.forEach((url, at) => {
          if (!isPart(url) || strength(url, word) === 0) return;
          // A reader's object that matches as strongly or more, listed after it.
          const later = head.slice(at + 1).find((other) => !isPart(other) && strength(other, word) <= strength(url, word));
          if (later) misplaced.push(`${word}: ${labelOf.get(url)} ${url} before ${labelOf.get(later)} ${later}`);
        });
      }
      assert.ok(words.length > 5, words.join(', '));
      assert.deepEqual(misplaced, []);
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
