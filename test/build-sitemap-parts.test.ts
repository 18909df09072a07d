/**
 * A portal's sitemap past the URLs one file may hold (src/pipeline/sitemap.ts; the count lowered
 * with `APIDESC_SITEMAP_URLS_PER_FILE`): `sitemap.xml` is an index of parts under the site's
 * origin and base path, every page in one part; built in shards, each shard writes the same parts
 * and `merge` makes the site of the whole, refusing a part that differs between shards.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RouteManifest } from '../src/lib/model/types.ts';
import { FourApiPortal } from './portal-pair.ts';
import { assertSameSite } from './same-site.ts';

const PER_FILE = 20;
const SITE = ['--site', 'https://docs.example.com', '--base', '/portal/'];
const locs = (text: string): string[] => [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const sitemapFiles = (site: string): string[] =>
  readdirSync(site)
    .filter((name) => /^sitemap.*\.xml$/.test(name))
    .sort();

describe("a portal's sitemap in parts", { timeout: 600_000 }, () => {
  let portal: FourApiPortal;
  let dir = '';

  before(async () => {
    portal = new FourApiPortal();
    dir = portal.dir;
    process.env.APIDESC_SITEMAP_URLS_PER_FILE = String(PER_FILE);
    await portal.build([...SITE, '--out', 'whole']);
  });
  after(() => {
    delete process.env.APIDESC_SITEMAP_URLS_PER_FILE;
    portal.remove();
  });

  it('is an index of parts, each of at most the URLs allowed, that list every page once, in order', () => {
    const whole = join(dir, 'whole');
    const index = readFileSync(join(whole, 'sitemap.xml'), 'utf8');
    assert.match(index, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/);
    const parts = locs(index);
    assert.ok(parts.length > 1, index);
    assert.deepEqual(
      parts,
      parts.map((_, i) => `https://docs.example.com/portal/sitemap-${i + 1}.xml`),
    );
    assert.deepEqual(sitemapFiles(whole), ['sitemap.xml', ...parts.map((_, i) => `sitemap-${i + 1}.xml`)].sort());
    const pages = parts.flatMap((_, i) => {
      const part = readFileSync(join(whole, `sitemap-${i + 1}.xml`), 'utf8');
      assert.match(part, /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
      assert.ok(locs(part).length <= PER_FILE, `sitemap-${i + 1}.xml: ${locs(part).length} URLs`);
      return locs(part);
    });
    assert.deepEqual(pages, [...pages].sort());
    assert.equal(new Set(pages).size, pages.length);
    const routes = (JSON.parse(readFileSync(join(whole, 'apidesc-routes.json'), 'utf8')) as RouteManifest).routes;
    for (const route of routes) assert.ok(pages.includes(`https://docs.example.com/portal/${route.url}`), route.url);
    // Every page listed is a page of the site.
    for (const page of pages) assert.ok(existsSync(join(whole, page.slice('https://docs.example.com/portal/'.length), 'index.html')), page);
  });

  it('built in shards, each writes the same parts, and merge makes the site of the whole; a part that differs stops it', async () => {
    const shards = ['two-1', 'two-2'];
    for (const [i, out] of shards.entries()) await portal.build([...SITE, '--shard', `${i + 1}/2`, '--out', out]);
    for (const shard of shards) assert.deepEqual(sitemapFiles(join(dir, shard)), sitemapFiles(join(dir, 'whole')), shard);
    await portal.ok(['merge', ...shards, '--out', 'merged']);
    assertSameSite(join(dir, 'merged'), join(dir, 'whole'));
    const part = join(dir, 'two-2/sitemap-2.xml');
    const text = readFileSync(part, 'utf8');
    writeFileSync(part, text.replace('</urlset>', '  <url><loc>https://docs.example.com/portal/added/</loc></url>\n</urlset>'));
    try {
      const r = await portal.merge([...shards, '--out', 'refused']);
      assert.equal(r.code, 2, r.said);
      assert.match(r.said, /^apidesc-docs: sitemap-2\.xml differs between the shards two-1 and two-2, which every shard makes the same/m);
    } finally {
      writeFileSync(part, text);
    }
  });
});
