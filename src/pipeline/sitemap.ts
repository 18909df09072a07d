/**
 * The sitemap of a site built with --site (sitemaps.org protocol): `sitemap.xml` listing every
 * page, or, past the protocol's limits on one file, `sitemap.xml` as a sitemap index of
 * `sitemap-1.xml`, `sitemap-2.xml`, … each listing a run of the pages.
 */
import { escapeText } from '../lib/html-text.ts';

/** What one sitemap file may hold: URLs, and bytes uncompressed. */
export interface SitemapLimits {
  urls: number;
  bytes: number;
}

/** The protocol's: 50,000 URLs and 50 MB (52,428,800 bytes) a file; search engines drop a larger one. */
export const SITEMAP_LIMITS: SitemapLimits = { urls: 50_000, bytes: 52_428_800 };

/** The name of the sitemap (or of the index, when it is split) at the site's root. */
export const SITEMAP_FILE = 'sitemap.xml';

/** A file to write at the site's root. */
export interface SitemapFile {
  name: string;
  text: string;
}

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n`;
const URLSET_TAIL = '\n</urlset>\n';

/**
 * The sitemap's files for the pages `urls` (relative to the site's root) of the site at `siteUrl`
 * under `base`: one `sitemap.xml` when every page fits `limits`, else an index and its parts.
 */
export function sitemapFiles(siteUrl: string, base: string, urls: readonly string[], limits: SitemapLimits = SITEMAP_LIMITS): SitemapFile[] {
  const root = new URL(base.replace(/\/?$/, '/'), siteUrl);
  const entries = [...new Set(urls)].sort().map((u) => `  <url><loc>${escapeText(new URL(u, root).href)}</loc></url>`);
  const runs = splitEntries(entries, limits);
  if (runs.length === 1) return [{ name: SITEMAP_FILE, text: urlset(runs[0]!) }];
  const parts = runs.map((run, i) => ({ name: `sitemap-${i + 1}.xml`, text: urlset(run) }));
  // The index itself could pass the limits only past 50,000 parts (2.5 billion pages): not checked.
  const index = parts.map(({ name }) => `  <sitemap><loc>${escapeText(new URL(name, root).href)}</loc></sitemap>`);
  return [
    { name: SITEMAP_FILE, text: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n${index.join('\n')}\n</sitemapindex>\n` },
    ...parts,
  ];
}

function urlset(entries: readonly string[]): string {
  return `${URLSET_HEAD}${entries.join('\n')}${URLSET_TAIL}`;
}

/**
 * The sorted entries cut into consecutive runs, each as long as fits both limits (a run holds at
 * least one entry). A plain cut of the sorted list, rather than one by API or by hash: the pages
 * stay in the order one sitemap lists them, the cut is the same for the same pages (so every
 * shard of a build writes the same files, which `merge` requires), and a page added changes only
 * the part it lands in and those after it; crawlers read every part of an index anyway.
 */
function splitEntries(entries: readonly string[], limits: SitemapLimits): string[][] {
  const frame = Buffer.byteLength(URLSET_HEAD) + Buffer.byteLength(URLSET_TAIL);
  const runs: string[][] = [[]];
  let bytes = frame;
  for (const entry of entries) {
    const run = runs.at(-1)!;
    // Each entry after the first is preceded by its line break.
    const size = Buffer.byteLength(entry) + (run.length > 0 ? 1 : 0);
    if (run.length > 0 && (run.length + 1 > limits.urls || bytes + size > limits.bytes)) {
      runs.push([entry]);
      bytes = frame + Buffer.byteLength(entry);
    } else {
      run.push(entry);
      bytes += size;
    }
  }
  return runs;
}
