/**
 * What a built site weighs: routes, bytes on disk, page sizes, and the JavaScript a page loads
 * before search is used (its `<script src>` files and inline scripts; Pagefind's own script is
 * fetched by search.js only when the reader starts to search, which the browser tests check).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { median } from './measure.ts';

export interface SiteStats {
  routes: number;
  pages: number;
  totalBytes: number;
  medianPage: number;
  largestPage: number;
  largestPageUrl: string;
  /** Median size of the channel pages (`channels/<slug>/`), the page kind that grows with nothing. */
  medianChannelPage: number;
  /** Most JavaScript any page loads before search is used. */
  maxScriptBytes: number;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

export function siteStats(site: string, base = '/'): SiteStats {
  const files = walk(site);
  const sizes = new Map(files.map((f) => [f, statSync(f).size]));
  const pages = files.filter((f) => f.endsWith('.html'));
  const pageSizes = pages.map((f) => sizes.get(f)!);
  let largest = pages[0] ?? '';
  for (const f of pages) if (sizes.get(f)! > sizes.get(largest)!) largest = f;
  const channelPages = pages.filter((f) => /^channels\/[^/]+\/index\.html$/.test(relative(site, f)) && !relative(site, f).startsWith('channels/page/'));
  const scriptBytes = new Map<string, number>();
  let maxScriptBytes = 0;
  for (const page of pages) {
    const html = readFileSync(page, 'utf8');
    let bytes = 0;
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      const src = /\bsrc="([^"]+)"/.exec(match[1]!)?.[1];
      if (!src) {
        bytes += Buffer.byteLength(match[2]!);
        continue;
      }
      if (!scriptBytes.has(src)) {
        const path = src.startsWith(base) ? resolve(site, src.slice(base.length)) : undefined;
        scriptBytes.set(src, path ? (sizes.get(path) ?? 0) : 0);
      }
      bytes += scriptBytes.get(src)!;
    }
    maxScriptBytes = Math.max(maxScriptBytes, bytes);
  }
  const routes = (JSON.parse(readFileSync(join(site, 'apidesc-routes.json'), 'utf8')) as { routes: unknown[] }).routes;
  return {
    routes: routes.length,
    pages: pages.length,
    totalBytes: [...sizes.values()].reduce((a, b) => a + b, 0),
    medianPage: median(pageSizes),
    largestPage: sizes.get(largest) ?? 0,
    largestPageUrl: relative(site, largest).replace(/index\.html$/, ''),
    medianChannelPage: median(channelPages.map((f) => sizes.get(f)!)),
    maxScriptBytes,
  };
}

/** The same figures for the official html-template's output (a folder with index.html and assets). */
export function folderStats(folder: string): { files: number; totalBytes: number; largestPage: number } {
  const files = walk(folder);
  const sizes = files.map((f) => statSync(f).size);
  const pages = files.filter((f) => f.endsWith('.html')).map((f) => statSync(f).size);
  return { files: files.length, totalBytes: sizes.reduce((a, b) => a + b, 0), largestPage: Math.max(0, ...pages) };
}
