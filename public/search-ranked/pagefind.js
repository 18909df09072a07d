// Pagefind's search library as the search page's interface (Pagefind UI) uses it, its search
// through rankedSearch (../search-query.js): a query with a word no page holds finds nothing, and
// the object the query names exactly comes first. Pagefind UI imports `<bundlePath>pagefind.js`;
// the search page gives it this folder, and everything else is Pagefind's own (its index is read
// from ../pagefind/, where pagefind.js lies).
import * as pagefind from '../pagefind/pagefind.js';
import { rankedSearch } from '../search-query.js';

/**
 * The answers already given, by query and filters: the interface asks again for the same query
 * (when its filters are counted, say), and an answer given twice is the same one, at once, so that
 * the results it shows are not drawn again under a reader's focus.
 */
const answers = new Map();
const ANSWERS_KEPT = 20;
const forget = (result) => {
  answers.clear();
  return result;
};

export const options = (settings) => pagefind.options(settings).then(forget);
export const createInstance = (...args) => pagefind.createInstance(...args);
export const init = (...args) => pagefind.init(...args);
export const mergeIndex = (...args) => pagefind.mergeIndex(...args).then(forget);
export const filters = (...args) => pagefind.filters(...args);
export const preload = (...args) => pagefind.preload(...args);
export const destroy = (...args) => pagefind.destroy(...args);

export function search(term, settings) {
  const key = JSON.stringify([term, settings ?? null]);
  let answer = answers.get(key);
  if (!answer) {
    answer = rankedSearch(pagefind, term, settings);
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
