// "Did you mean …" for the header box and the search page. Pagefind has no typo tolerance: for
// `unitPrcie` it finds nothing, and for `ordr` it falls back to shorter words ("or") and lists
// pages that do not hold the query. When a query finds fewer than FEW pages, or none that holds a
// word it starts, the site's own names (ids, titles, field names: src/pipeline/search-names.ts,
// one file per index part) are fetched, once, and the nearest by edit distance (leven, copied
// beside the index) are offered.
import { nameKey } from './search-query.js';
import { pageMarksQuery } from './search-rank.js';

/** Fewer pages than this, and the names nearest the query are looked for. */
export const FEW = 3;

/** Names offered at most. */
const OFFERED = 3;

/** How far a name may be from the query to be a typo of it: one edit up to 5 characters, two up to 9, three beyond. */
export function allowedDistance(length) {
  return length <= 3 ? 0 : length <= 5 ? 1 : length <= 9 ? 2 : 3;
}

/**
 * The names nearest `query` (compared in lower case): those the whole query is a typo of, or, when
 * there are none, those whose beginning it is a typo of (`recieveOrder` for
 * `receiveOrderEventsInWarehouse`: a reader types the start of a long id); nearest first, then the
 * shortest, then as sorted; none when the query is a name already, or too short to tell a typo.
 */
export function nearNames(query, names, distance, most = OFFERED) {
  const typed = String(query ?? '')
    .trim()
    .toLowerCase();
  const allowed = allowedDistance(typed.length);
  if (allowed === 0) return [];
  // The query is a name written otherwise (`stock-check` for `stockCheck`): it finds that name's pages, no name is offered.
  const key = nameKey(typed);
  const seen = new Map();
  for (const name of Array.isArray(names) ? names : []) {
    if (typeof name !== 'string') continue;
    const lower = name.toLowerCase();
    if (lower === typed || nameKey(lower) === key) return [];
    if (seen.has(lower)) continue;
    const near = nearness(typed, lower, allowed, distance);
    if (near) seen.set(lower, { name, ...near });
  }
  // Beginnings only when no whole name is near: for `ordr`, Order, not also orderId and OrderPlaced.
  const whole = [...seen.values()].filter((near) => near.start === 0);
  return (whole.length > 0 ? whole : [...seen.values()])
    .sort((a, b) => a.d - b.d || a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, most)
    .map((near) => near.name);
}

/**
 * How near `typed` is to `name`: as a whole (start 0), or as a typo of its beginning (start 1; the
 * beginning as long as the query, a letter more or less); none when neither is within `allowed`,
 * or when the name simply begins with the query (Pagefind finds those by itself).
 */
function nearness(typed, name, allowed, distance) {
  if (Math.abs(name.length - typed.length) <= allowed) {
    const d = distance(typed, name, { maxDistance: allowed + 1 });
    if (d <= allowed) return { start: 0, d };
  }
  if (name.length <= typed.length || name.startsWith(typed)) return undefined;
  let best = allowed + 1;
  for (const length of [typed.length - 1, typed.length, typed.length + 1]) {
    if (length < 1 || length >= name.length) continue;
    best = Math.min(best, distance(typed, name.slice(0, length), { maxDistance: allowed + 1 }));
  }
  return best <= allowed ? { start: 1, d: best } : undefined;
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

/**
 * Shows "Did you mean a, b or c?" in `element` (hidden when there are none), each name a link
 * whose address `hrefOf` gives (the search page's `?q=`, there without script or in a new tab);
 * the header box and the search page alike. Returns the sentence for assistive technology ('' for none).
 */
export function showSuggestions(element, names, hrefOf) {
  element.replaceChildren();
  element.hidden = names.length === 0;
  if (names.length === 0) return '';
  element.append('Did you mean ');
  names.forEach((name, i) => {
    if (i > 0) element.append(i === names.length - 1 ? ' or ' : ', ');
    const link = document.createElement('a');
    link.href = hrefOf(name);
    link.className = 'search-suggestion';
    link.textContent = name;
    element.append(link);
  });
  element.append('?');
  return `Did you mean ${names.join(' or ')}?`;
}
