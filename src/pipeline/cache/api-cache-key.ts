/**
 * The key of an API's entry in the build cache (build-cache.ts): a hash of everything its pages,
 * twins and llms files are made from, taken after the cheap first pass of a build (the documents
 * loaded and validated, every API's page summaries modelled or read from the cache: api-summary.ts,
 * the flows between them matched) and
 * before any page of it is completed:
 *
 * - the tool: its version and the sources and packages its pages are rendered with (the renderer
 *   bundle's key, src/perf/renderer-bundle.ts), with the base path and site URL;
 * - the site's settings (title, logo, sidebar, accent, footer, edit link, the guides' list), and
 *   whether the build is a preview (findings shown on the pages);
 * - the API's files, byte for byte (the SHA-256 of each), as the pages name them;
 * - the API as the model summarised it (title, qualifier, version, counts, catalog entry, findings)
 *   and each page's summary;
 * - what the other APIs put on its pages: the API switcher of every page's header, and each
 *   page's "Sent by" / "Received by" lists (src/lib/portal/peer-index.ts).
 *
 * A change of anything else (another API's description, the portal's root) leaves it unchanged.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '../../lib/model/page-types.ts';
import { publishedPath } from '../../lib/diagnostics/to-diagnostic.ts';
import type { PeerIndex } from '../../lib/portal/peer-index.ts';
import type { ResolvedDoc } from '../../lib/resolve/resolved-doc.ts';
import { rendererKey } from '../../perf/renderer-bundle.ts';
import { switcherFacts } from '../../site/api-switcher.ts';
import type { SiteApi, SiteSettings } from '../../site/site-data-types.ts';

/** What every API's key shares: the tool and the build's options. */
export interface CacheContext {
  settings: SiteSettings;
  base?: string;
  siteUrl?: string;
  /** Findings shown on the pages (--allow-invalid). */
  preview: boolean;
}

/** The package folder (astro.config.mjs, src/, public/, package.json). */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The tool as its pages depend on it: the package's version, and the renderer bundle's key (sources, packages, base path, site URL). */
export function toolFingerprint(base: string | undefined, siteUrl: string | undefined): string {
  // Read once per process: it hashes every source file, and the summaries, the pages and a shard's plan each ask.
  const known = fingerprints.get(`${base ?? ''}\0${siteUrl ?? ''}`);
  if (known) return known;
  const made = makeToolFingerprint(base, siteUrl);
  fingerprints.set(`${base ?? ''}\0${siteUrl ?? ''}`, made);
  return made;
}

const fingerprints = new Map<string, string>();

function makeToolFingerprint(base: string | undefined, siteUrl: string | undefined): string {
  const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  const renderer = rendererKey({ root: PACKAGE_ROOT, ...(base ? { base } : {}), ...(siteUrl ? { site: siteUrl } : {}) }, { anyFolder: true });
  return `${version} ${renderer}`;
}

/** Hashes labelled parts, each with its length, so that no two different lists of parts meet. */
class KeyHash {
  readonly #hash = createHash('sha256');

  add(label: string, data: string): void {
    this.#hash.update(`${label}\0${Buffer.byteLength(data)}\0`);
    this.#hash.update(data);
  }

  digest(): string {
    return this.#hash.digest('hex');
  }
}

/** A local file of an API: where it is, the path its pages show, its size and the SHA-256 of its text (UTF-8); the key reads the last two. */
export interface KeyFile {
  path: string;
  published: string;
  size: number;
  sha256: string;
}

/** The SHA-256 (hex) of text as UTF-8, or of bytes. */
export const sha256Of = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The files of a loaded document as its key reads them (a summary read from the cache has them already: api-summary.ts). */
export function keyFiles(doc: ResolvedDoc, cwd: string): KeyFile[] {
  return doc.files.map((file) => ({
    path: file.path,
    published: publishedPath(file.path, cwd, doc.policy.root),
    size: Buffer.byteLength(file.text),
    sha256: sha256Of(file.text),
  }));
}

/** What one API's key is made of besides the shared parts. */
export interface ApiKeyInput {
  api: SiteApi;
  /** Its files as the pages name them, each with the SHA-256 of its text (keyFiles). */
  files: readonly KeyFile[];
  /** The site's APIs (the switcher). */
  apis: readonly SiteApi[];
  peers?: PeerIndex;
}

/**
 * The key of `api`: to be taken before its pages are completed or its description highlighted
 * (both change the objects it reads). `shared` is sharedKeyPart's result, made once per build.
 */
export function apiCacheKey(shared: string, { api, files, apis, peers }: ApiKeyInput): string {
  const hash = new KeyHash();
  hash.add('shared', shared);
  const { pages, ...summary } = api;
  hash.add('api', JSON.stringify(summary));
  for (const file of files) hash.add(`file ${file.published}`, file.sha256);
  for (const page of pages) {
    hash.add('page', pageSummaryDigest(page));
    hash.add('peers', JSON.stringify(peers?.peersOf(api.prefix + page.url) ?? null));
  }
  hash.add('switcher', JSON.stringify(switcherFacts(apis)));
  return hash.digest();
}

/**
 * The part of every key the whole build shares: the tool (`tool`: toolFingerprint's, unless a
 * test names another), the settings, the base path and site URL, preview or not.
 */
export function sharedKeyPart(context: CacheContext, tool = toolFingerprint(context.base, context.siteUrl)): string {
  const hash = new KeyHash();
  hash.add('tool', tool);
  hash.add('options', JSON.stringify({ settings: context.settings, base: context.base ?? null, site: context.siteUrl ?? null, preview: context.preview }));
  return hash.digest();
}

/**
 * The SHA-256 of a page's summary as the key reads it, taken once per page: a shard thins the
 * summaries of the APIs other shards make (shards/thin-summary.ts) after taking theirs, so that
 * every shard's fingerprint of the inputs reads the whole summaries.
 */
export function pageSummaryDigest(page: Page): string {
  const known = summaryDigests.get(page);
  if (known) return known;
  const made = sha256Of(JSON.stringify(pageSummary(page)));
  summaryDigests.set(page, made);
  return made;
}

const summaryDigests = new WeakMap<Page, string>();

/** A page as the model summarised it, before its content is completed (that content is made from the files and peers, both in the key). */
function pageSummary(page: Page): Omit<Page, 'sections' | 'facts' | 'descriptionHtml'> {
  const { sections: _sections, facts: _facts, descriptionHtml: _description, ...summary } = page;
  return summary;
}
