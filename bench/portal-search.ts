/**
 * How a portal's search index can be kept when one API changes (not a test):
 * `node bench/portal-search.ts <built portal site> [--queries a,b,c]`.
 *
 * Pagefind cannot update an index in place. For the built site, each layout of the index is
 * written beside the site's own (`pagefind/`, which is set aside and put back), then served and
 * searched in Chromium as the search box does (pagefind.js, mergeIndex of each part):
 *
 * - `one index`: every page in one index (what a build from cached pages would remake each time);
 * - `even parts (today)`: the parts of a large site without the cache (search-stage.ts, indexParts);
 * - `per API`: one index per API, merged in the browser;
 * - `groups of N`: consecutive APIs in indexes of at most N pages (a change remakes one group).
 *
 * Printed for each: the time to write it all, the time to remake what one changed API needs, the
 * bytes the browser downloads for a first query (the index, its parts and the first results'
 * fragments, pagefind.js and its wasm included), how many results each query finds, and how many
 * of the one index's first ten results each layout also lists first ten, query by query.
 */
import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import * as pagefind from 'pagefind';
import { launchChromium, serveSite } from '../e2e/support.ts';
import { indexParts, PAGES_PER_INDEX } from '../src/pipeline/search-stage.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { queries: { type: 'string', default: 'created,orderId,tenantId,cancelled,payment' }, groups: { type: 'string', default: '2500,1000' } },
});
const site = positionals[0];
if (!site) throw new Error('usage: node bench/portal-search.ts <site folder>');
const queries = values.queries.split(',');
const OPTIONS = { includeCharacters: '_-./@:{}$#', forceLanguage: 'en' };

/** The site's indexed pages (data-pagefind-body), by API folder, relative to the site. */
function pagesByApi(): Map<string, string[]> {
  const byApi = new Map<string, string[]>();
  for (const entry of readdirSync(site!, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const path = relative(site!, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (path.startsWith('pagefind') || !readFileSync(join(site!, path), 'utf8').includes('data-pagefind-body')) continue;
    const api = path.split('/')[0]!;
    if (!path.includes('/')) continue;
    byApi.set(api, [...(byApi.get(api) ?? []), path]);
  }
  return new Map([...byApi].sort(([a], [b]) => a.localeCompare(b)));
}

/** Writes one index of `pages` into `out`; returns the seconds it took. */
async function indexOf(pages: string[], out: string): Promise<number> {
  const started = performance.now();
  const { index } = await pagefind.createIndex(OPTIONS);
  if (!index) throw new Error('no index');
  const added = await index.addDirectory({ path: site!, glob: `{${pages.join(',')}}` });
  if (added.errors.length > 0 || added.page_count !== pages.length) throw new Error(`indexed ${added.page_count} of ${pages.length}`);
  await index.writeFiles({ outputPath: out });
  await pagefind.close();
  return (performance.now() - started) / 1000;
}

/** Consecutive APIs in groups of at most `most` pages (an API larger than that alone). */
function groupsOf(byApi: Map<string, string[]>, most: number): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  for (const pages of byApi.values()) {
    if (current.length > 0 && current.length + pages.length > most) {
      groups.push(current);
      current = [];
    }
    current.push(...pages);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** Writes a layout (the first part at `pagefind/`, the others below it); returns the seconds in all and the most one part took. */
async function writeLayout(parts: string[][]): Promise<{ total: number; largest: number; folders: string[] }> {
  let total = 0;
  let largest = 0;
  const folders: string[] = [];
  for (const [i, pages] of parts.entries()) {
    const folder = i === 0 ? '' : `part-${i + 1}/`;
    const seconds = await indexOf(pages, join(site!, 'pagefind', folder));
    total += seconds;
    largest = Math.max(largest, seconds);
    if (i > 0) folders.push(folder);
  }
  return { total, largest, folders };
}

/** What the browser downloads for the first query, and the first ten results' URLs of each query. */
async function firstQuery(folders: string[]): Promise<{ bytes: number; requests: number; top: string[][]; found: number[] }> {
  const { server, base } = await serveSite(site!);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    let bytes = 0;
    let requests = 0;
    page.on('response', async (response) => {
      if (!new URL(response.url()).pathname.startsWith('/pagefind/')) return;
      requests++;
      bytes += (await response.body().catch(() => Buffer.alloc(0))).length;
    });
    await page.goto(`${base}404.html`);
    const top: string[][] = [];
    const found: number[] = [];
    for (const [i, query] of queries.entries()) {
      const { urls, count } = await page.evaluate(
        async ({ query, folders }) => {
          // biome-ignore lint/suspicious/noExplicitAny: Pagefind's module as the browser loads it.
          const w = window as any;
          if (!w.pf) {
            const module = '/pagefind/pagefind.js';
            w.pf = await import(module);
            for (const folder of folders) await w.pf.mergeIndex(`/pagefind/${folder}`);
          }
          const search = await w.pf.search(query);
          const first = await Promise.all(search.results.slice(0, 10).map((r: { data: () => Promise<{ url: string }> }) => r.data()));
          return { urls: first.map((d: { url: string }) => d.url), count: search.results.length as number };
        },
        { query, folders },
      );
      top.push(urls);
      found.push(count);
      if (i === 0) {
        await page.waitForLoadState('networkidle');
        console.log(`  first query "${query}": ${(bytes / 1024).toFixed(0)} KB in ${requests} requests`);
      }
    }
    return { bytes, requests, top, found };
  } finally {
    await browser.close();
    server.close();
  }
}

const byApi = pagesByApi();
const all = [...byApi.values()].flat();
console.log(`${byApi.size} APIs, ${all.length} indexed pages`);
renameSync(join(site, 'pagefind'), join(site, 'pagefind.kept'));
const rows: string[] = [];
let reference: string[][] = [];
try {
  const layouts: [string, string[][]][] = [
    ['one index', [all]],
    [
      'even parts (today)',
      indexParts(all.length, PAGES_PER_INDEX).map((count, i, counts) => {
        const start = counts.slice(0, i).reduce((a, b) => a + b, 0);
        return all.slice(start, start + count);
      }),
    ],
    ['per API', [...byApi.values()]],
    ...values.groups.split(',').map((n): [string, string[][]] => [`groups of ${n} pages`, groupsOf(byApi, Number(n))]),
  ];
  for (const [name, parts] of layouts) {
    rmSync(join(site, 'pagefind'), { recursive: true, force: true });
    console.log(`${name}: ${parts.length} index(es)`);
    const written = await writeLayout(parts);
    const { bytes, top, found } = await firstQuery(written.folders);
    if (name === 'one index') reference = top;
    const same = top.map((urls, i) => urls.filter((u) => reference[i]!.includes(u)).length);
    rows.push(
      `| ${name} | ${parts.length} | ${written.total.toFixed(1)} | ${written.largest.toFixed(1)} | ${(bytes / 1024).toFixed(0)} | ${found.join(' ')} | ${same.join(' ')} |`,
    );
  }
} finally {
  rmSync(join(site, 'pagefind'), { recursive: true, force: true });
  renameSync(join(site, 'pagefind.kept'), join(site, 'pagefind'));
}
console.log(
  "\n| layout | indexes | write all, s | remake for one changed API (largest index), s | first query, KB | results, per query | of the one index's first 10, per query |",
);
console.log('|---|---:|---:|---:|---:|---|---|');
for (const row of rows) console.log(row);
