/**
 * The sitemap's files: one `sitemap.xml` up to the protocol's limits (the bytes it always had), an
 * index of parts past either limit, each part within both, the pages in the same order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SITEMAP_LIMITS, type SitemapFile, sitemapFiles } from './sitemap.ts';

const SITE = 'https://api.example.com';
const locs = (text: string): string[] => [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const bytes = (text: string): number => Buffer.byteLength(text);
const names = (files: SitemapFile[]): string[] => files.map((file) => file.name);

/** The pages of a site: `n` of them, named so that their sorted order is not their order here. */
const pages = (n: number, prefix = ''): string[] => Array.from({ length: n }, (_, i) => `${prefix}api-${(n - i) * 7919}/`);

/** Checks an index and its parts: the index lists the parts by absolute URL, and the parts hold the pages of one sitemap, in its order. */
function assertSplit(files: SitemapFile[], single: string, limits: { urls: number; bytes: number }): void {
  const [index, ...parts] = files;
  assert.equal(index!.name, 'sitemap.xml');
  assert.ok(parts.length > 1, `parts: ${parts.length}`);
  assert.match(index!.text, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/);
  assert.match(index!.text, /\n<\/sitemapindex>\n$/);
  assert.equal((index!.text.match(/<sitemap><loc>/g) ?? []).length, parts.length);
  assert.deepEqual(
    names(parts),
    parts.map((_, i) => `sitemap-${i + 1}.xml`),
  );
  for (const part of parts) {
    assert.match(part.text, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/);
    assert.ok(locs(part.text).length <= limits.urls, `${part.name}: ${locs(part.text).length} URLs`);
    assert.ok(bytes(part.text) <= limits.bytes, `${part.name}: ${bytes(part.text)} bytes`);
  }
  assert.deepEqual(
    parts.flatMap((part) => locs(part.text)),
    locs(single),
  );
}

describe('the sitemap', () => {
  it('is one sitemap.xml up to the limits, byte for byte as before', () => {
    const files = sitemapFiles(SITE, '/docs', ['guides/', '', 'components/schemas/order/', 'guides/', 'a&b/']);
    assert.deepEqual(files, [
      {
        name: 'sitemap.xml',
        text:
          '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
          '  <url><loc>https://api.example.com/docs/</loc></url>\n' +
          '  <url><loc>https://api.example.com/docs/a&amp;b/</loc></url>\n' +
          '  <url><loc>https://api.example.com/docs/components/schemas/order/</loc></url>\n' +
          '  <url><loc>https://api.example.com/docs/guides/</loc></url>\n' +
          '</urlset>\n',
      },
    ]);
    assert.equal(
      sitemapFiles(SITE, '/', [])[0]!.text,
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n\n</urlset>\n',
    );
  });

  it('past the count of URLs, is an index of parts under the origin and base path', () => {
    const urls = pages(7);
    const limits = { urls: 3, bytes: SITEMAP_LIMITS.bytes };
    const [single] = sitemapFiles(SITE, '/docs/', urls);
    const files = sitemapFiles(SITE, '/docs/', urls, limits);
    assertSplit(files, single!.text, limits);
    assert.deepEqual(
      files.slice(1).map((part) => locs(part.text).length),
      [3, 3, 1],
    );
    assert.deepEqual(locs(files[0]!.text), [
      'https://api.example.com/docs/sitemap-1.xml',
      'https://api.example.com/docs/sitemap-2.xml',
      'https://api.example.com/docs/sitemap-3.xml',
    ]);
    // The same pages in another order: the same files.
    assert.deepEqual(sitemapFiles(SITE, '/docs/', [...urls].reverse(), limits), files);
  });

  it('at exactly the count of URLs, stays one file', () => {
    assert.deepEqual(names(sitemapFiles(SITE, '/', pages(3), { urls: 3, bytes: SITEMAP_LIMITS.bytes })), ['sitemap.xml']);
  });

  it('past the bytes, before the count (a long base path), is split too, each part within the bytes', () => {
    const base = `/${'long-base-path/'.repeat(20)}`;
    const urls = pages(40);
    const [single] = sitemapFiles(SITE, base, urls);
    const size = bytes(single!.text);
    // Exactly the bytes of the whole: one file; a byte less: parts.
    assert.deepEqual(names(sitemapFiles(SITE, base, urls, { urls: 50, bytes: size })), ['sitemap.xml']);
    const limits = { urls: 50, bytes: size - 1 };
    assertSplit(sitemapFiles(SITE, base, urls, limits), single!.text, limits);
    const quarter = { urls: 50, bytes: Math.ceil(size / 4) };
    const files = sitemapFiles(SITE, base, urls, quarter);
    assertSplit(files, single!.text, quarter);
    // Each part as full as the bytes allow: the next page would not have fit.
    for (const [i, part] of files.slice(1, -1).entries()) {
      const next = locs(files[i + 2]!.text)[0]!;
      assert.ok(bytes(part.text) + bytes(`\n  <url><loc>${next}</loc></url>`) > quarter.bytes, part.name);
    }
    assert.ok(locs(files[0]!.text).every((loc) => loc.startsWith(`https://api.example.com${base}sitemap-`)));
  });

  it("with the protocol's limits: 50,000 URLs in one file, 50,001 in an index of two", () => {
    const most = pages(SITEMAP_LIMITS.urls, 'apis/');
    assert.deepEqual(names(sitemapFiles(SITE, '/', most)), ['sitemap.xml']);
    const urls = [...most, 'zz-one-more/'];
    const [single] = sitemapFiles(SITE, '/', urls, { ...SITEMAP_LIMITS, urls: Number.POSITIVE_INFINITY });
    const files = sitemapFiles(SITE, '/', urls);
    assert.deepEqual(names(files), ['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
    assertSplit(files, single!.text, SITEMAP_LIMITS);
    assert.deepEqual(locs(files[2]!.text), ['https://api.example.com/zz-one-more/']);
  });
});
