/**
 * An API's first pass in the build cache (issue 37): what loading, validating and modelling its
 * documents gave (the findings as `validate` reports them, the API's and its pages' summaries,
 * routes and flow endpoints: ModelledApi), so that a rebuild of a portal neither loads nor models
 * an API whose files did not change. The portal's cross-API facts (flows, "Received by", the
 * switcher, the catalog, the system map, the titles' qualifiers) are then made from every API's
 * summary as before, and an API whose pages must be made after all (its page entry missed) is
 * loaded and modelled then (prepare-stage.ts).
 *
 * Keyed by the root document's bytes, its path, the API's folder (slug), the working folder,
 * the loading options and the shared key part (the tool, the configuration, the base path and
 * site URL, preview or not: api-cache-key.ts); the entry lists every other file the API read with
 * its size and SHA-256, and each is read and checked again before the entry is used. The entry's
 * data carries its own SHA-256: a damaged or foreign entry is a miss, and the API is loaded.
 */
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../../lib/diagnostics/diagnostic.ts';
import { isRemote } from '../../lib/resolve/ref-target.ts';
import type { ResolvedDoc } from '../../lib/resolve/resolved-doc.ts';
import type { ModelledApi } from '../../site/site-model.ts';
import { type KeyFile, keyFiles, sha256Of } from './api-cache-key.ts';
import type { BuildCache, CacheMiss } from './build-cache.ts';

/** What the cache keeps of an API's first pass. */
export interface ApiSummary {
  modelled: ModelledApi;
  /** Every file the API read, the root document first. */
  files: KeyFile[];
  /** Its documents' findings, as validation made them. */
  diagnostics: Diagnostic[];
}

/** An API's summary found good, with its files' texts (for the findings' code frames). */
export interface SummaryHit {
  summary: ApiSummary;
  texts: Map<string, string>;
}

/** Where an API's summary is kept, and what else than its files its key reads. */
export interface SummaryPlace {
  /** The root document (absolute path). */
  file: string;
  slug: string;
  /** sharedKeyPart's, and what loading and validating depend on (limits, --root, strict, the working folder). */
  shared: string;
  load: string;
}

/** What an entry's data holds: the summary as JSON and that JSON's SHA-256. */
interface StoredSummary {
  sha256: string;
  json: string;
}

function summaryKey(place: SummaryPlace, rootBytes: Buffer): string {
  return sha256Of(JSON.stringify([place.shared, place.load, place.file, place.slug, sha256Of(rootBytes)]));
}

function readBytes(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The API's summary when the cache holds one for its files as they are now; otherwise why not.
 * `found` sees the summary's JSON when it is good (a shard puts it aside: shards/summary-spill.ts).
 */
export function readSummary(cache: BuildCache, place: SummaryPlace, found?: (json: string) => void): SummaryHit | CacheMiss {
  const root = readBytes(place.file);
  if (!root) return 'new';
  const hit = cache.read('summaries', place.slug, summaryKey(place, root));
  if (typeof hit === 'string') return hit;
  const stored = storedSummary(hit.data);
  if (!stored || stored.summary.files[0]?.path !== place.file) return 'damaged';
  const { summary } = stored;
  const texts = new Map<string, string>();
  for (const file of summary.files) {
    const bytes = file.path === place.file ? root : readBytes(file.path);
    if (!bytes || bytes.length !== file.size || sha256Of(bytes) !== file.sha256) return 'changed';
    texts.set(file.path, bytes.toString('utf8'));
  }
  found?.(stored.json);
  return { summary, texts };
}

/** The summary in an entry's data, with its JSON, when the data is whole and of this layout. */
function storedSummary(data: unknown): { summary: ApiSummary; json: string } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { sha256, json } = data as Partial<StoredSummary>;
  if (typeof json !== 'string' || typeof sha256 !== 'string' || sha256Of(json) !== sha256) return undefined;
  let summary: unknown;
  try {
    summary = JSON.parse(json);
  } catch {
    return undefined;
  }
  return isApiSummary(summary) ? { summary, json } : undefined;
}

function isApiSummary(value: unknown): value is ApiSummary {
  if (typeof value !== 'object' || value === null) return false;
  const { modelled, files, diagnostics } = value as Partial<ApiSummary>;
  return (
    Array.isArray(files) &&
    files.length > 0 &&
    files.every((f) => typeof f === 'object' && f !== null && typeof f.path === 'string' && typeof f.sha256 === 'string' && typeof f.size === 'number') &&
    Array.isArray(diagnostics) &&
    typeof modelled === 'object' &&
    modelled !== null &&
    typeof modelled.api === 'object' &&
    modelled.api !== null &&
    Array.isArray(modelled.api.pages) &&
    Array.isArray(modelled.routes) &&
    Array.isArray(modelled.endpoints) &&
    typeof modelled.rootFile === 'string'
  );
}

/**
 * The summary of an API just modelled, as JSON (taken at once: the build changes the objects
 * later), or undefined when it cannot be kept: a document that reads remote files or left
 * files unparsed is loaded every time.
 */
export function summaryToKeep(doc: ResolvedDoc, diagnostics: Diagnostic[], modelled: ModelledApi, cwd: string): { json: string; files: KeyFile[] } | undefined {
  if (doc.unparsed.length > 0 || doc.files.some((f) => isRemote(f.path))) return undefined;
  const files = keyFiles(doc, cwd);
  const summary: ApiSummary = { modelled, files, diagnostics };
  return { json: JSON.stringify(summary), files };
}

/**
 * Keeps a summary (summaryToKeep's) under the key of the root document's bytes as they are now,
 * when every file still holds the text the summary was made from (not edited meanwhile, no byte
 * order mark or other encoding the loader turned into other text); otherwise keeps nothing. The
 * cache only saves time: returns why an entry could not be written, or undefined.
 */
export function keepSummary(cache: BuildCache, place: SummaryPlace, kept: { json: string; files: KeyFile[] }): string | undefined {
  const root = readBytes(place.file);
  if (!root) return undefined;
  for (const file of kept.files) {
    const bytes = file.path === place.file ? root : readBytes(file.path);
    if (!bytes || bytes.length !== file.size || sha256Of(bytes) !== file.sha256) return undefined;
  }
  const data: StoredSummary = { sha256: sha256Of(kept.json), json: kept.json };
  return cache.tryWrite('summaries', place.slug, summaryKey(place, root), undefined, data);
}
