/**
 * The site's own names for the search's "Did you mean …" (public/search-suggest.js): Pagefind
 * finds words as typed, and a reader who types `unitPrcie` or `ordr` would otherwise be told
 * nothing, or shown pages that only share the first letters. Each index part gets the names of its
 * records, read back from what Pagefind wrote (its fragments): every page's id and title, and the
 * name of every field that is a search record of its own (src/site/schema-tree-html.ts).
 *
 * Written beside each part's index (`pagefind/names.json`, `pagefind/part-N/names.json`), so that
 * each part's file is made with the part (a shard builds its parts, a portal reuses them) and no
 * page carries any of it: the search fetches the files only when a query finds too little. Each
 * file holds at most MOST_NAMES names, the pages' own before their fields', so that a large site's
 * list stays small. The edit distance is leven's (a dependency already), copied beside the first
 * part's index for the browser (`pagefind/leven.js`).
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const NAMES_FILE = 'names.json';
export const DISTANCE_FILE = 'leven.js';

/** Names a part's file holds at most (about 15 bytes each: some 75 KB, 25 KB compressed, at most). */
export const MOST_NAMES = 5000;

/** Names shorter than this are no typo a distance can tell (`id`, `to`). */
const SHORTEST = 3;
const LONGEST = 80;

/** What the names are read from in one of Pagefind's records (a fragment). */
export interface SearchRecord {
  meta?: { id?: unknown; title?: unknown };
  anchors?: { title?: unknown }[];
}

/**
 * The names of `records`, as the "Did you mean" list holds them: each page's id and title, then
 * the fields' names (the last step of a field record's title, "Order › lines › unitPrice"), the
 * ones most pages hold first; each once, at most `most`.
 */
export function searchNames(records: Iterable<SearchRecord>, most = MOST_NAMES): string[] {
  const pages = new Set<string>();
  const fields = new Map<string, number>();
  const fit = (name: unknown): name is string => typeof name === 'string' && name.trim().length >= SHORTEST && name.length <= LONGEST;
  for (const record of records) {
    for (const name of [record.meta?.id, record.meta?.title]) if (fit(name)) pages.add(name.trim());
    for (const anchor of record.anchors ?? []) {
      if (typeof anchor.title !== 'string') continue;
      const field = anchor.title.split(' › ').pop()?.trim();
      if (fit(field)) fields.set(field, (fields.get(field) ?? 0) + 1);
    }
  }
  const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const pageNames = [...pages].sort(byName);
  const fieldNames = [...fields]
    .filter(([name]) => !pages.has(name))
    .sort((a, b) => b[1] - a[1] || byName(a[0], b[0]))
    .map(([name]) => name);
  return [...pageNames, ...fieldNames].slice(0, most);
}

/** Pagefind's records of an index part's folder: its fragments, gzip'ed JSON after a signature. */
function* partRecords(folder: string): Generator<SearchRecord> {
  const fragments = join(folder, 'fragment');
  if (!existsSync(fragments)) return;
  for (const name of readdirSync(fragments).sort()) {
    const text = gunzipSync(readFileSync(join(fragments, name))).toString('utf8');
    const json = text.slice(text.indexOf('{'));
    try {
      yield JSON.parse(json) as SearchRecord;
    } catch {
      // A record this version of Pagefind writes otherwise: no names from it, the search works as before.
    }
  }
}

/**
 * Writes the names file of every index part this build has in `siteDir/pagefind` (the first, and
 * those `parts.json` lists) that has none yet, and the distance's script beside the first; returns
 * the names written.
 */
export function writeSearchNames(siteDir: string): number {
  const index = join(siteDir, 'pagefind');
  // A shard that built none of the index's parts has no index folder.
  if (!existsSync(index)) return 0;
  let parts: string[] = [];
  try {
    const listed: unknown = JSON.parse(readFileSync(join(index, 'parts.json'), 'utf8'));
    if (Array.isArray(listed)) parts = listed.filter((part): part is string => typeof part === 'string' && /^part-\d+\/$/.test(part));
  } catch {
    // One part only.
  }
  let written = 0;
  for (const part of ['', ...parts]) {
    const folder = join(index, part);
    // A part placed from the build cache holds the names made with it (writePartNames before the
    // part was kept: search-groups.ts), checked with its other files: reading every record of
    // every part again cost a 100-API portal's rebuild seconds for parts nothing changed.
    if (existsSync(join(folder, NAMES_FILE))) continue;
    written += writePartNames(folder);
  }
  copyFileSync(createRequire(import.meta.url).resolve('leven'), join(index, DISTANCE_FILE));
  return written;
}

/** Writes the names file of the index part in `folder` (nothing when it has no records); returns the names written. */
export function writePartNames(folder: string): number {
  if (!existsSync(join(folder, 'fragment'))) return 0;
  const names = searchNames(partRecords(folder));
  writeFileSync(join(folder, NAMES_FILE), `${JSON.stringify(names)}\n`);
  return names.length;
}
