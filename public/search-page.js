// The search page: Pagefind's interface with its filters (kind, API, action, protocol, tag),
// loaded at once, running the query of its `?q=` parameter (the header form's target without
// script). Each result leads with the object's name; its kind and API are the quiet labels under
// it; a schema field's sub-result names the field's data path, not the page's title again.
// Filters show only the values that have results.
import { normaliseQuery } from './search-query.js';

const page = document.getElementById('search-page');
const bundle = `${page?.getAttribute('data-base') || '/'}pagefind/`;

// Pagefind's UI writes excerpts as HTML, from the page's text with "<" and ">" as entities but
// "&" as it is: "&amp;" or "&lt;" written on a page would read "&" and "<". Each "&" that does not
// start one of Pagefind's own "&lt;" and "&gt;" is escaped (all of them when the page holds no
// "<" or ">", so that a written "&lt;" reads as written too). Titles and meta are shown as text.
function excerptAsWritten(excerpt, content) {
  if (typeof excerpt !== 'string') return excerpt;
  const pagefindEntities = typeof content !== 'string' || /[<>]/.test(content);
  return excerpt.replace(pagefindEntities ? /&(?!lt;|gt;)/g : /&/g, '&amp;');
}

function asRead(result) {
  result.excerpt = excerptAsWritten(result.excerpt, result.content);
  for (const sub of result.sub_results ?? []) sub.excerpt = excerptAsWritten(sub.excerpt, result.content);
  return result;
}

function loadUi() {
  return new Promise((resolve, reject) => {
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = `${bundle}pagefind-ui.css`;
    document.head.appendChild(css);
    const tag = document.createElement('script');
    tag.src = `${bundle}pagefind-ui.js`;
    tag.onload = resolve;
    tag.onerror = reject;
    document.head.appendChild(tag);
  });
}

// A large site's index comes in parts (src/pipeline/search-stage.ts): Pagefind searches them as one.
async function parts() {
  try {
    const response = await fetch(`${bundle}parts.json`);
    const list = response.ok ? await response.json() : [];
    return (Array.isArray(list) ? list : []).map((part) => ({ bundlePath: bundle + part }));
  } catch {
    return [];
  }
}

if (page) {
  Promise.all([loadUi(), parts()])
    .then(([, mergeIndex]) => {
      /* global PagefindUI */
      const ui = new PagefindUI({
        element: '#search-page',
        bundlePath: bundle,
        mergeIndex,
        showSubResults: true,
        showImages: false,
        showEmptyFilters: false,
        resetStyles: false,
        processResult: asRead,
        processTerm: normaliseQuery,
        // On a phone the filters come above the results: folded there, so the results show first.
        openFilters: matchMedia('(min-width: 48rem)').matches ? ['kind', 'protocol'] : [],
        translations: { placeholder: 'Search the API' },
      });
      const query = new URLSearchParams(location.search).get('q');
      if (query) ui.triggerSearch(query);
    })
    .catch(() => {
      page.textContent = 'Search works in built sites: this one has no search index.';
    });
}
