// "Did you mean …" for the header box and the search page. Pagefind has no typo tolerance: for
// `unitPrcie` it finds nothing, and for `ordr` it falls back to shorter words ("or") and lists
// pages that do not hold the query. When a query finds fewer than FEW pages, or none that holds a
// word it starts, the site's own names (ids, titles, field names: src/pipeline/search-names.ts,
// one file per index part) are fetched, once, and the nearest by edit distance (leven, copied
// beside the index) are offered.
import { pageMarksQuery } from './search-query.js';

/** Fewer pages than this, and the names nearest the query are looked for. */
export const FEW = 3;

/** Names offered at most. */
const OFFERED = 3;

/** How far a name may be from the query to be a typo of it: one edit up to 5 characters, two up to 9, three beyond. */
export function allowedDistance(length) {
  return length <= 3 ? 0 : length <= 5 ? 1 : length <= 9 ? 2 : 3;
}

/**
 * The names nearest `query` (compared in lower case), nearest first, then the shortest, then as
 * sorted; none when the query is a name already, or too short to tell a typo.
 */
export function nearNames(query, names, distance, most = OFFERED) {
  const typed = String(query ?? '')
    .trim()
    .toLowerCase();
  const allowed = allowedDistance(typed.length);
  if (allowed === 0) return [];
  const seen = new Map();
  for (const name of Array.isArray(names) ? names : []) {
    if (typeof name !== 'string') continue;
    const lower = name.toLowerCase();
    if (lower === typed) return [];
    if (seen.has(lower) || Math.abs(lower.length - typed.length) > allowed) continue;
    const d = distance(typed, lower, { maxDistance: allowed + 1 });
    if (d <= allowed) seen.set(lower, { name, d });
  }
  return [...seen.values()]
    .sort((a, b) => a.d - b.d || a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, most)
    .map((near) => near.name);
}

/** Whether the pages found (Pagefind's data of the first ones) hold the query, as a reader would call it found. */
export function foundWell(pages, query) {
  return pages.length >= FEW && pages.some((page) => pageMarksQuery(page, query));
}

let loaded = null;

/** The names of every index part and the distance function, fetched once; nothing when they cannot be had. */
function loadNames(bundle) {
  loaded ??= (async () => {
    const [distance, parts] = await Promise.all([
      import(`${bundle}leven.js`).then((m) => m.default),
      fetch(`${bundle}parts.json`)
        .then((r) => (r.ok ? r.json() : []))
        .catch(() => []),
    ]);
    const folders = ['', ...(Array.isArray(parts) ? parts.filter((p) => typeof p === 'string') : [])];
    const lists = await Promise.all(
      folders.map((folder) =>
        fetch(`${bundle}${folder}names.json`)
          .then((r) => (r.ok ? r.json() : []))
          .catch(() => []),
      ),
    );
    return { distance, names: lists.flat() };
  })().catch(() => ({ distance: undefined, names: [] }));
  return loaded;
}

/** The names to offer for `query` whose search found `pages` (Pagefind's data of its first results): none when it found well. */
export async function suggestionsFor(bundle, query, pages) {
  if (foundWell(pages, query)) return [];
  const { distance, names } = await loadNames(bundle);
  return distance ? nearNames(query, names, distance) : [];
}
