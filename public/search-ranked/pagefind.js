// Pagefind's search library as the search page's interface (Pagefind UI) uses it, its search
// through rankedSearch (../search-rank.js): a query with a word no page holds finds nothing, and
// the object the query names exactly comes first. Pagefind UI imports `<bundlePath>pagefind.js`;
// the search page gives it this folder, and everything else is Pagefind's own (its index is read
// from ../pagefind/, where pagefind.js lies).
import * as pagefind from '../pagefind/pagefind.js';
import { rankedSearch } from '../search-rank.js';

/**
 * The answers already given, by query and filters: the interface asks again for the same query
 * (when its filters are counted, say), and an answer given twice is the same one, at once, so that
 * the results it shows are not drawn again under a reader's focus.
 */
const answers = new Map();
const ANSWERS_KEPT = 20;
const forget = (result) => {
  answers.clear();
  filtersLoaded = null;
  return result;
};

export const options = (settings) => pagefind.options(settings).then(forget);
export const createInstance = (...args) => pagefind.createInstance(...args);
export const init = (...args) => pagefind.init(...args);
export const mergeIndex = (...args) => pagefind.mergeIndex(...args).then(forget);
export const filters = (...args) => pagefind.filters(...args).then(withVersionsInOrder);
export const preload = (...args) => pagefind.preload(...args);
export const destroy = (...args) => pagefind.destroy(...args);

/** The versions of a site of several (build --versions), newest first: set by the search page. */
let versionOrder = [];
export function orderVersions(labels) {
  versionOrder = Array.isArray(labels) ? labels.filter((label) => typeof label === 'string') : [];
  answers.clear();
}

/**
 * The filters' counts with the versions newest first, as the switcher lists them: the interface
 * lists a filter's values in the order of their keys, and the merged indexes give them in the
 * order they were merged (the reader's version first). Values not in the list keep their place after.
 */
function withVersionsInOrder(counts) {
  const version = counts?.version;
  if (!version || typeof version !== 'object' || versionOrder.length === 0) return counts;
  const ordered = {};
  for (const label of versionOrder) if (Object.hasOwn(version, label)) ordered[label] = version[label];
  for (const [label, count] of Object.entries(version)) if (!Object.hasOwn(ordered, label)) ordered[label] = count;
  return { ...counts, version: ordered };
}

/**
 * A search across versions (no version chosen, or several): the results of each version in turn,
 * the newest first, each ranked as rankedSearch ranks them; the counts of the filters those of the
 * whole search. Scoped to one version: rankedSearch alone.
 */
async function searchVersions(term, settings) {
  const chosen = [settings?.filters?.version ?? []].flat();
  if (versionOrder.length < 2 || chosen.length === 1) return rankedSearch(pagefind, term, settings);
  const whole = await rankedSearch(pagefind, term, settings);
  if (!whole || !Array.isArray(whole.results) || whole.results.length === 0) return whole;
  const wanted = chosen.length === 0 ? versionOrder : versionOrder.filter((label) => chosen.includes(label));
  const each = await Promise.all(wanted.map((label) => rankedSearch(pagefind, term, { ...settings, filters: { ...settings?.filters, version: label } })));
  return { ...whole, results: each.flatMap((answer) => answer?.results ?? []) };
}

/**
 * Pagefind counts a search's filters only once their chunks are loaded (filters()): else its
 * answer has no counts, and the interface keeps showing those of the whole site (a query's first
 * search, from `?q=`, runs before the interface has loaded them). Loaded before the first search.
 */
let filtersLoaded = null;
const loadFilters = () => {
  filtersLoaded ??= pagefind.filters().catch(() => {
    filtersLoaded = null;
  });
  return filtersLoaded;
};

/**
 * Who waits for the interface's own search of a term: the search page's "Did you mean" reads the
 * pages it found rather than searching again. The interface runs a term (processTerm) and then
 * searches it at once; a term it never searches (a later one replaced it) is answered null.
 */
const waiting = new Map();
export function answerTo(term) {
  return new Promise((resolve) => waiting.set(term, [...(waiting.get(term) ?? []), resolve]));
}

export function search(term, settings) {
  const answer = searchOnce(term, settings);
  for (const [waited, resolvers] of waiting) for (const resolve of resolvers) resolve(waited === term ? answer : null);
  waiting.clear();
  return answer;
}

function searchOnce(term, settings) {
  const key = JSON.stringify([term, settings ?? null]);
  let answer = answers.get(key);
  if (!answer) {
    answer = loadFilters()
      .then(() => searchVersions(term, settings))
      .then((found) =>
        found && typeof found === 'object'
          ? { ...found, filters: withVersionsInOrder(found.filters), totalFilters: withVersionsInOrder(found.totalFilters) }
          : found,
      );
    answers.set(key, answer);
    // A failed search is asked again next time.
    answer.catch(() => answers.delete(key));
    if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value);
  }
  return answer;
}

let pending = null;
/** Pagefind's debouncedSearch, run through rankedSearch: null when a later call replaced it. */
export function debouncedSearch(term, settings, wait = 300) {
  if (pending) pending.resolve(null);
  clearTimeout(pending?.timer);
  return new Promise((resolve) => {
    pending = { resolve, timer: setTimeout(() => resolve(search(term, settings)), wait) };
  });
}
