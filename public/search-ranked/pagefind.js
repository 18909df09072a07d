// Pagefind's search library as the search page's interface (Pagefind UI) uses it, its search
// through rankedSearch (../search-query.js): a query with a word no page holds finds nothing, and
// the object the query names exactly comes first. Pagefind UI imports `<bundlePath>pagefind.js`;
// the search page gives it this folder, and everything else is Pagefind's own (its index is read
// from ../pagefind/, where pagefind.js lies).
import * as pagefind from '../pagefind/pagefind.js';
import { rankedSearch } from '../search-query.js';

export const options = (settings) => pagefind.options(settings);
export const createInstance = (...args) => pagefind.createInstance(...args);
export const init = (...args) => pagefind.init(...args);
export const mergeIndex = (...args) => pagefind.mergeIndex(...args);
export const filters = (...args) => pagefind.filters(...args);
export const preload = (...args) => pagefind.preload(...args);
export const destroy = (...args) => pagefind.destroy(...args);
export const search = (term, settings) => rankedSearch(pagefind, term, settings);

let pending = null;
/** Pagefind's debouncedSearch, run through rankedSearch: null when a later call replaced it. */
export function debouncedSearch(term, settings, wait = 300) {
  if (pending) pending.resolve(null);
  clearTimeout(pending?.timer);
  return new Promise((resolve) => {
    pending = { resolve, timer: setTimeout(() => resolve(rankedSearch(pagefind, term, settings)), wait) };
  });
}
