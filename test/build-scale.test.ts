/**
 * Pages do not grow with the document: section lists and "used by" lists are split into pages,
 * the overview shows the first entries of each list, and every page stays far below 300 KB of
 * HTML and 14 KB of script before search is used (as shipped: minified), the pages with an sns filter tester too (their
 * tester's script loads on first use) (issue: performance at scale). Built from
 * test/long-document.ts: 260 channels, one schema used by all 260 messages.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { before, describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { tempTree } from './helpers.ts';
import { longDocument } from './long-document.ts';

const CHANNELS = 260;
let site = '';

function pagesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? pagesUnder(join(dir, e.name)) : e.name === 'index.html' ? [join(dir, e.name)] : [],
  );
}
const html = (url: string): string => readFileSync(join(site, url, 'index.html'), 'utf8');
const links = (page: string, pattern: RegExp): string[] => [...page.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((h) => pattern.test(h));

describe(`a document with ${CHANNELS} channels`, () => {
  before(async () => {
    const dir = tempTree({ 'long.yaml': longDocument(CHANNELS) });
    const quiet = { out: () => {}, err: () => {} };
    assert.equal(await main(['build', join(dir, 'long.yaml'), '--out', join(dir, 'site')], quiet), 0);
    site = join(dir, 'site');
  });

  it('splits the channel list into pages of 200, each channel listed once, with links between the pages', () => {
    const first = html('channels/');
    const second = html('channels/page/2/');
    assert.match(first, /<nav class="pagination" aria-label="Pages of channels">/);
    assert.match(first, /<a href="\/channels\/page\/2\/" rel="next">Next<\/a>/);
    assert.match(second, /<a href="\/channels\/" rel="prev">Previous<\/a>/);
    assert.match(second, /<span aria-current="page">2<\/span>/);
    const listed = [first, second].flatMap((p) => links(p, /^\/channels\/stream\d{4}\/$/));
    assert.equal(listed.length, CHANNELS);
    assert.equal(new Set(listed).size, CHANNELS);
    assert.match(first, /Entries 1–200 of 260\./);
    assert.match(second, /Entries 201–260 of 260\./);
  });

  it('groups the list by protocol across pages: each filter link leads to the page and heading where its group starts', () => {
    for (const url of ['channels/', 'channels/page/2/']) {
      const page = html(url);
      const filters = [...page.matchAll(/<a href="([^"]*)#protocol-(\w+)">\2<\/a> \((\d+)\)/g)];
      assert.deepEqual(
        filters.map((f) => [f[2], Number(f[3])]),
        [
          ['amqp', 87],
          ['kafka', 87],
          ['sns', 86],
        ],
        url,
      );
      for (const [, href, protocol] of filters) {
        // On the page where a group starts the link is a plain anchor; elsewhere it names that page.
        assert.equal(href, url === 'channels/' ? '' : '/channels/');
        assert.match(href === '' ? page : html(href!), new RegExp(`<h2 id="protocol-${protocol}">${protocol}</h2>`), `${protocol} starts on ${href || url}`);
      }
    }
    // The sns group (entries 175–260) runs over the page break.
    assert.match(html('channels/page/2/'), /<h2>sns \(continued\)<\/h2>/);
    assert.doesNotMatch(html('channels/page/2/'), /id="protocol-sns"/);
  });

  it('shows the first 50 channels and operations on the overview, with a link to the whole list', () => {
    const overview = html('');
    assert.equal(links(overview, /^\/channels\/stream\d{4}\/$/).length, 50);
    assert.match(overview, /<a href="\/channels\/">All 260 channels<\/a>/);
    assert.match(overview, /<a href="\/operations\/">All 260 operations<\/a>/);
  });

  it('lists the first 50 users of a shared schema on its page and all of them on its "used by" pages', () => {
    const schema = html('components/schemas/meta/');
    assert.equal(links(schema, /^\/components\/messages\//).length, 50);
    assert.match(schema, /<a href="\/components\/schemas\/meta\/used-by\/">All 260 objects that use it<\/a>/);
    const users = [html('components/schemas/meta/used-by/'), html('components/schemas/meta/used-by/page/2/')].flatMap((p) =>
      links(p, /^\/components\/messages\//),
    );
    assert.equal(new Set(users).size, CHANNELS);
    assert.match(html('components/schemas/meta/used-by/'), /<h1>What uses Meta<span class="page-of"> · page 1 of 2<\/span><\/h1>/);
  });

  it('shows the first 50 channels of a server on its page and all of them on its list page', () => {
    const server = html('servers/kafkaserver/');
    const section = /<section aria-labelledby="h-channels"[^>]*>[\s\S]*?<\/section>/.exec(server)?.[0] ?? '';
    assert.equal(links(section, /^\/channels\/stream\d{4}\/$/).length, 50);
    assert.match(server, /<a href="\/servers\/kafkaserver\/all-channels\/">All 87 channels on this server<\/a>/);
    const all = html('servers/kafkaserver/all-channels/');
    assert.equal(new Set(links(all, /^\/channels\/stream\d{4}\/$/)).size, 87);
    assert.match(all, /<li><a href="\/servers\/kafkaserver\/">kafkaServer<\/a><\/li><li><span aria-current="page">Channels on this server<\/span><\/li>/);
  });

  it('keeps every page under 300 KB and every pagination link pointing at a page that exists', () => {
    for (const file of pagesUnder(site)) {
      assert.ok(statSync(file).size < 300_000, `${relative(site, file)}: ${statSync(file).size} bytes`);
      for (const href of links(readFileSync(file, 'utf8'), /\/page\/\d+\/$/)) assert.ok(statSync(join(site, href, 'index.html')).isFile(), href);
    }
  });

  // The bytes shipped: the site's scripts are minified when the renderer is bundled (src/perf/minify-client.ts).
  it('loads no more than 14 KB of script on any page before search is used, the pages with an sns filter tester too', (t) => {
    const most = { tester: 0, other: 0 };
    let testers = 0;
    for (const file of pagesUnder(site)) {
      const page = readFileSync(file, 'utf8');
      const bytes = scriptBytesOnLoad(page);
      // The search page is where search is used: it loads the query's code at once (its own bound:
      // the page's module and its ranking, search-query.js, beside the navigation every page loads;
      // "Did you mean" is fetched once a search is made).
      const searchPage = relative(site, file).split('\\').join('/') === 'search/index.html';
      assert.ok(bytes <= (searchPage ? 24_000 : 14_000), `${relative(site, file)}: ${bytes} bytes of script`);
      assert.ok(!/pagefind-ui\.js/.test(page), 'Pagefind UI is not loaded by the page itself');
      const tester = page.includes('data-sns-tester');
      if (tester) testers++;
      most[tester ? 'tester' : 'other'] = Math.max(most[tester ? 'tester' : 'other'], bytes);
    }
    assert.equal(testers, 2, 'the pages with a filter tester are among those measured');
    t.diagnostic(`most script before search: ${most.tester} bytes on a page with a filter tester, ${most.other} on the others`);
  });

  it('gives the 404 page lists of every page to suggest from, none of them large, and as little script as any page', (t) => {
    const notFound = readFileSync(join(site, '404.html'), 'utf8');
    assert.ok(scriptBytesOnLoad(notFound) <= 14_000, `404.html: ${scriptBytesOnLoad(notFound)} bytes of script`);
    const lists = readdirSync(join(site, 'routes'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    const listed = new Set<string>();
    let largest = 0;
    for (const entry of lists) {
      const file = join(entry.parentPath, entry.name);
      largest = Math.max(largest, statSync(file).size);
      const { names, kinds } = JSON.parse(readFileSync(file, 'utf8')) as { names: string[]; kinds: string };
      const folder = relative(join(site, 'routes'), entry.parentPath).split('\\').join('/');
      names.forEach((name, i) => {
        if (kinds[i] !== 'f') listed.add(folder === '' ? `${name}/` : `${folder}/${name}/`);
      });
    }
    const pages = pagesUnder(site)
      .map((file) => `${relative(site, dirname(file)).split('\\').join('/')}/`)
      .filter((page) => page !== '/');
    assert.deepEqual([...listed].sort(), pages.sort(), 'every page, and nothing else');
    assert.ok(largest < 16_000, `the largest list is ${largest} bytes`);
    t.diagnostic(`${lists.length} lists of addresses, the largest ${largest} bytes`);
  });
});

/**
 * The bytes of script a page loads before the reader does anything: its `<script src>` files,
 * inline scripts, `<link rel="modulepreload">` files, and every module that a module script
 * imports statically (`import … from "./x.js"`, which the browser fetches before running it);
 * not what a module imports with `import()`, which it loads on demand.
 */
function scriptBytesOnLoad(page: string): number {
  const files = new Set<string>();
  const add = (url: string, module: boolean): void => {
    const path = join(site, url);
    if (files.has(path)) return;
    files.add(path);
    if (!module) return;
    const code = readFileSync(path, 'utf8');
    for (const [, imported] of code.matchAll(/\bimport\s*(?:[\w$*{},\s]+from\s*)?["'`]([^"'`]+)["'`]/g)) add(join(dirname(url), imported!), true);
  };
  let inline = 0;
  for (const [, attributes, code] of page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(attributes!)?.[1];
    if (src) add(src, /\btype="module"/.test(attributes!));
    else inline += Buffer.byteLength(code!);
  }
  for (const [, href] of page.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) add(href!, true);
  return inline + [...files].reduce((sum, file) => sum + statSync(file).size, 0);
}
