/**
 * Search filter values (tags, API titles, protocols) as Pagefind needs them to show as the text
 * they are.
 *
 * Pagefind's UI (pagefind-ui.js, 1.6.0) writes the name and the values of each filter as HTML
 * (`innerHTML`): a tag `<img src=x onerror=…>` would become an element of the search page. Its
 * indexer decodes a filter value's entities twice: once reading the HTML, once more when it
 * stores the value (`&amp;lt;` in the page is stored as `<`). A value is therefore given as the
 * attribute `data-pagefind-filter="name:value"`, escaped for HTML twice here (and once more by
 * Astro, as every attribute): Pagefind stores it escaped once, and its UI shows it as written.
 * The filter's element keeps its text, which Pagefind indexes as the page's content as before.
 *
 * Everything else Pagefind shows of a page is text (titles, sub-result titles, meta) or HTML it
 * escapes itself (excerpts: `<` and `>`, and public/search.js the `&`).
 */
import { escapeText } from '../lib/html-text.ts';

/** The `data-pagefind-filter` attribute of a filter `name` (one of ours: kind, API, action, protocol, tag) with `value`. */
export function pagefindFilter(name: string, value: string): string {
  return `${name}:${escapeText(escapeText(value))}`;
}
