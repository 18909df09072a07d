// The search page: Pagefind's interface and filters, running its `?q=` (the header form's target
// without script); each result leads with the object's name, its kind and API quiet under it.
import {
  glanceOf,
  idShown,
  kindLabel,
  markedHtml,
  markedPieces,
  nameHolding,
  normaliseQuery,
  pageLine,
  placeAnswers,
  placeOf,
  RANKING,
  readsAsProse,
  sentenceAround,
  subHoldsQuery,
} from './search-query.js';

const page = document.getElementById('search-page');
const bundle = `${page?.getAttribute('data-base') || '/'}pagefind/`;
// Pagefind's library as the interface uses it, its search ranked as a reader expects (search-ranked/pagefind.js).
const ranked = `${page?.getAttribute('data-base') || '/'}search-ranked/`;

// Pagefind's UI writes excerpts as HTML, "<" and ">" as entities but "&" as it is: each other "&"
// is escaped (all of them when the page holds no "<" or ">"), so that a written "&lt;" reads so.
function excerptAsWritten(excerpt, content) {
  if (typeof excerpt !== 'string') return excerpt;
  const pagefindEntities = typeof content !== 'string' || /[<>]/.test(content);
  return excerpt.replace(pagefindEntities ? /&(?!lt;|gt;)/g : /&/g, '&amp;');
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// A result reads its page's summary, not Pagefind's run-on excerpt; a section's hit the sentence
// around the match. The last query (processTerm): a summary without the match gives way to it.
let lastTerm = '';
// Each term run is also checked for "Did you mean …" (offerNames, once the interface is up).
let onTerm = () => {};
const remembered = (term) => {
  lastTerm = normaliseQuery(term);
  onTerm(lastTerm);
  return lastTerm;
};

function asRead(result) {
  const summary = typeof result.meta?.summary === 'string' ? result.meta.summary.trim() : '';
  const around = sentenceAround(result.excerpt, result.meta?.title, result.content);
  const line = pageLine(summary, around, nameHolding(result, lastTerm) !== undefined, lastTerm);
  const summaryFits = line.summary !== undefined;
  // The summary with the query's words marked where it holds them (search-query.js markedHtml): the hit shows why it matched.
  result.excerpt = summaryFits ? markedHtml(line.summary, lastTerm) : line.around ? excerptAsWritten(line.around, result.content) : '';
  // The id, where the query names it (search-query.js idShown): shown, so the reader sees why it matched; in the line, not as a tag.
  const id = idShown(result, lastTerm);
  if (result.meta) {
    delete result.meta.id;
    delete result.meta.titledbyid;
  }
  // The address (a channel's, a server's URL) that holds the query is said in the breadcrumb, not as a tag of Pagefind's.
  const kind = kindLabel(result.meta?.kind);
  // What its page's top says at a glance (search-query.js glanceOf): the direction badge, the address, a message's operation.
  const glance = glanceOf(result.meta, kind);
  if (result.meta) for (const key of ['address', 'action', 'channel', 'via']) delete result.meta[key];
  // Shown as the excerpt: not again as a "Summary:" label among the meta Pagefind's UI lists.
  if (result.meta) delete result.meta.summary;
  // A heading that starts with its chip's word ("lambda Lambda function"): the word once.
  for (const sub of result.sub_results ?? []) if (typeof sub.title === 'string') sub.title = sub.title.replace(/^(\S+)\s+(?=\1\b)/i, '');
  // A field's hit headed by its data path from the result's own name, which heads it already
  // ("lines › unitPrice" under "Order"): the field's name leads sooner, and shows whole (it wraps).
  for (const sub of result.sub_results ?? []) if (placeOf(sub)?.kind === 'Field') sub.title = pathUnder(sub.anchor.title, result.meta?.title);
  // A field's row, only where its name or its text holds the query, and a subscription's card or
  // fan-out row, only where its name is what was asked (search-query.js placeAnswers): judged by
  // Pagefind's excerpt, before it is cut to its sentence.
  result.sub_results = (result.sub_results ?? []).filter((sub) => !sub.anchor?.title || placeAnswers(sub, lastTerm));
  // A section's hit: the sentence around the match when it reads as prose; a field's, its type and
  // description after its name (its values are not indexed: src/site/schema-tree-html.ts).
  for (const sub of result.sub_results ?? []) {
    const sentence = sentenceAround(sub.excerpt, sub.anchor?.title ? fieldName(sub.anchor.title) : sub.title, result.content);
    sub.excerpt = sub.anchor?.title || readsAsProse(sentence) ? excerptAsWritten(sentence, result.content) : '';
  }
  // Left out: a section whose hit repeats the page's line, or is its heading alone. Found by its
  // fields only: the page's own sentence, or none (not the fields' names in a row).
  const fields = result.sub_results.filter((sub) => sub.anchor?.title);
  if (!summaryFits && fields.length > 0) result.excerpt = summary === '' ? '' : markedHtml(summary, lastTerm);
  const others = (Array.isArray(result.sub_results) ? result.sub_results : []).filter((sub) => sub.url !== pageUrl(result));
  // A heading's section, only where its heading or its sentence holds the query itself (not a part
  // of a joined name Pagefind found it by: "some" of `someEnum`); a field's, placeAnswers said.
  const sections = others.filter(
    (sub) => sub.anchor?.title || (sub.excerpt !== '' && sub.excerpt !== result.excerpt && subHoldsQuery(sub.title, sub.excerpt, lastTerm)),
  );
  // The breadcrumb: kind, direction badge, the API in a portal, the address (or a message's
  // operation), and the section it was found in when no hit below says it.
  // Not where the address shown holds the query: that says why it matched (not "› Code samples", which quotes it).
  const addressHolds = typeof glance.address === 'string' && lastTerm !== '' && glance.address.toLowerCase().includes(lastTerm.toLowerCase());
  const where =
    sections.length === 0 && nameHolding(result, lastTerm) === undefined && !addressHolds
      ? others.find((sub) => typeof sub.title === 'string' && sub.title !== '')?.title
      : undefined;
  // Nothing of the hit shows why it matched (a summary without the word, found by its contact's
  // name, say): the words around the match instead, marked, as the header box does.
  const shows = (html) => typeof html === 'string' && html.includes('<mark>');
  const named = nameHolding(result, lastTerm) !== undefined || addressHolds || (id !== undefined && shows(markedHtml(id, lastTerm)));
  const viaShows = [glance.via, result.meta?.API].some((text) => typeof text === 'string' && text !== '' && shows(markedHtml(text, lastTerm)));
  // A sentence, never a row of labels or tags (readsAsProse).
  if (!named && !viaShows && !shows(result.excerpt) && !sections.some((sub) => shows(sub.excerpt)) && shows(around) && readsAsProse(around)) {
    result.excerpt = excerptAsWritten(around, result.content);
  }
  const badges = glance.badges.map((badge) => ` <span class="badge ${badge.action} search-hit-badge">${badge.words}</span>`).join('');
  const place = glance.address
    ? ` › <code class="search-hit-address">${markedHtml(glance.address, lastTerm)}</code>`
    : glance.via
      ? // A message's operations, a schema's messages: Pagefind finds a page by them too ("Money" for `order`, "in message Order placed"), marked so.
        ` › ${markedHtml(glance.via, lastTerm)}`
      : '';
  // The API, in a portal: Pagefind finds its pages by its name too ("kafka" in "Streetlights Kafka API"), marked so.
  const api = typeof result.meta?.API === 'string' && result.meta.API !== '' ? ` · ${markedHtml(result.meta.API, lastTerm)}` : '';
  const crumb = escapeHtml(kind ?? '') + badges + api + place + (where ? ` › ${escapeHtml(where)}` : '');
  // The id the query names, as code on a line of its own under the title (not a tag of Pagefind's).
  const idLine = id ? `<code class="search-hit-id">${markedHtml(id, lastTerm)}</code> ` : '';
  if (result.meta) {
    delete result.meta.kind;
    delete result.meta.API;
  }
  const lead = idLine + (crumb === '' ? '' : `<span class="search-crumb">${crumb}</span> `);
  // The page always leads with its line (Pagefind's UI shows it only for a hit before its first heading).
  // The line alone is cut to one line (src/styles/site.css): the id and the breadcrumb above it show whole.
  result.excerpt = lead + (result.excerpt === '' ? '' : `<span class="search-hit-line">${result.excerpt}</span>`);
  // Two sections' hits at most, as DocSearch lists them: the list stays compact (the page holds the rest).
  result.sub_results = [
    { title: result.meta?.title ?? '', url: pageUrl(result), excerpt: result.excerpt, locations: [] },
    ...sections.slice(0, SECTIONS_SHOWN),
  ];
  return result;
}

/** Sections' hits shown under a result at most. */
const SECTIONS_SHOWN = 2;
/** Results listed before "Load more" (the page stays compact: two lines a result, sections cut to SECTIONS_SHOWN). */
const RESULTS_SHOWN = 20;

/** A field's data path without its first step where that is the result's own name ("Order › lines" under "Order": "lines"). */
function pathUnder(path, title) {
  const steps = String(path).split(' › ');
  return steps.length > 1 && steps[0] === title ? steps.slice(1).join(' › ') : String(path);
}

/** A field's name, the last step of its data path: "last4" of "payload.payment(card).last4". */
const fieldName = (path) => String(path).split(' › ').pop();

/** A result's own address, as Pagefind's UI compares its sections' with it. */
const pageUrl = (result) => result.meta?.url || result.url;

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
async function parts(from = bundle) {
  try {
    const response = await fetch(`${from}parts.json`);
    const list = response.ok ? await response.json() : [];
    return (Array.isArray(list) ? list : []).map((part) => ({ bundlePath: from + part }));
  } catch {
    return [];
  }
}

// A site of several versions (versions.json, newest first): each version's index merged with the
// filter "version"; the search starts scoped to this one, widened by clearing the filter.
async function versions() {
  const current = document.querySelector('.version-switcher')?.getAttribute('data-version');
  const script = document.querySelector('script[src$="/versions.js"]');
  if (!current || !script) return undefined;
  try {
    const response = await fetch(new URL('versions.json', script.src));
    const list = response.ok ? await response.json() : [];
    const known = (Array.isArray(list) ? list : []).filter((v) => typeof v?.label === 'string' && typeof v?.root === 'string');
    return known.some((v) => v.label === current) ? { current, list: known } : undefined;
  } catch {
    return undefined;
  }
}

/** The indexes to merge: this version's parts, then every other version's index and parts, each with its version as a filter. */
async function mergedIndexes(versioned) {
  if (!versioned) return parts();
  const merged = (await parts()).map((part) => ({ ...part, mergeFilter: { version: versioned.current } }));
  for (const other of versioned.list) {
    if (other.label === versioned.current) continue;
    const otherBundle = `${other.root}pagefind/`;
    for (const part of [{ bundlePath: otherBundle }, ...(await parts(otherBundle))]) merged.push({ ...part, mergeFilter: { version: other.label } });
  }
  return merged;
}

if (page) {
  Promise.all([loadUi(), versions(), import(`${ranked}pagefind.js`)])
    .then(async ([, versioned, library]) => {
      const mergeIndex = await mergedIndexes(versioned);
      if (versioned) library.orderVersions(versioned.list.map((v) => v.label));
      /* global PagefindUI */
      const ui = new PagefindUI({
        element: '#search-page',
        bundlePath: ranked,
        mergeIndex,
        showSubResults: true,
        // Twenty before "Load more": Pagefind's first five rarely hold a common word's schemas, and a
        // small API's whole answer (18 for "order" in the sample) fits without a click.
        pageSize: RESULTS_SHOWN,
        showImages: false,
        showEmptyFilters: false,
        resetStyles: false,
        processResult: asRead,
        processTerm: remembered,
        ranking: RANKING,
        // The reader came to search: the box has the focus.
        autofocus: true,
        // Folded above the results on a phone; only Kind opens by itself (others may be empty).
        // In a site of several versions, Version opens too: the reader sees the search's scope, and widens it there.
        openFilters: matchMedia('(min-width: 48rem)').matches ? ['kind', ...(versioned ? ['version'] : [])] : [],
        translations: { placeholder: 'Search the API' },
        ...(versioned ? { mergeFilter: { version: versioned.current } } : {}),
      });
      if (versioned) ui.triggerFilters({ version: [versioned.current] });
      onTerm = offerNames(page, library, ui);
      markNames(page);
      const query = new URLSearchParams(location.search).get('q');
      if (query) ui.triggerSearch(query);
      walkWithArrows(page);
    })
    .catch(() => {
      page.textContent = 'Search works in built sites: this one has no search index.';
    });
}

/**
 * Under the box, above the results: "Did you mean …" when a term finds too little (search-suggest.js), each name a
 * link to its own search (the page's `?q=`), which a click runs here; and a live region that says
 * each search's outcome to assistive technology (Pagefind's interface shows it, silently), with the
 * names offered. Returns what to do with each term the interface runs.
 */
function offerNames(root, library, ui) {
  const suggest = document.createElement('p');
  suggest.className = 'search-suggest search-page-suggest';
  suggest.hidden = true;
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  root.before(status, suggest);
  let near = [];
  // Under the box, right above the results it speaks of (Pagefind's interface makes their area anew at times).
  const place = () => {
    const area = root.querySelector('.pagefind-ui__results-area');
    if (area && suggest.parentElement !== area) area.prepend(suggest);
  };
  const announce = () => {
    place();
    const message = root.querySelector('.pagefind-ui__message')?.textContent?.trim() ?? '';
    if (message === '' || /^Searching/i.test(message)) return;
    const said = near.length > 0 ? `${message} Did you mean ${near.join(' or ')}?` : message;
    if (status.textContent !== said) status.textContent = said;
  };
  new MutationObserver(announce).observe(root, { subtree: true, childList: true, characterData: true });
  suggest.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a.search-suggestion') : null;
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    history.replaceState(null, '', link.href);
    ui.triggerSearch(link.textContent ?? '');
    root.querySelector('.pagefind-ui__search-input')?.focus();
  });
  let asked = 0;
  return async (term) => {
    const ticket = ++asked;
    // The interface's own search of the term, which it starts right after this (no second search here).
    const answered = term === '' ? Promise.resolve(null) : library.answerTo(term);
    let names = [];
    // Loaded once a search is made, not with the page: most searches never need it.
    let suggestions;
    try {
      suggestions = await import('./search-suggest.js');
      const answer = await answered;
      if (answer && ticket === asked) {
        const pages = await Promise.all((answer.results ?? []).slice(0, 6).map((result) => result.data()));
        names = await suggestions.suggestionsFor(bundle, term, pages);
      }
    } catch {
      names = [];
    }
    if (ticket !== asked) return;
    near = names;
    if (suggestions) suggestions.showSuggestions(suggest, names, (name) => `?q=${encodeURIComponent(name)}`);
    else suggest.hidden = true;
    announce();
  };
}

/**
 * The query's words marked in each result's name and its fields' names (search-query.js
 * markedPieces), as the header box marks them: a hit found by its name (a schema without a
 * description) shows why. Pagefind's interface writes names as text and redraws them itself, so
 * the marks are a highlight of ranges of that text (CSS Custom Highlight API, `::highlight` in
 * site.css), never elements put into its nodes; where a browser has none, names read unmarked.
 */
function markNames(root) {
  if (typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight !== 'function') return;
  const draw = () => {
    const ranges = [];
    for (const link of root.querySelectorAll('.pagefind-ui__result-link')) {
      const text = link.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      let at = 0;
      for (const piece of markedPieces(text.data, lastTerm, true)) {
        if (piece.marked) {
          const range = new Range();
          range.setStart(text, at);
          range.setEnd(text, at + piece.text.length);
          ranges.push(range);
        }
        at += piece.text.length;
      }
    }
    CSS.highlights.set('search-name', new Highlight(...ranges));
  };
  new MutationObserver(draw).observe(root, { subtree: true, childList: true, characterData: true });
}

// ArrowDown and ArrowUp walk from the box through the results' links (a page's, then its
// fields'), as in the header's box; Enter opens the one in focus (a link's own behaviour); ArrowUp
// from the first goes back to the box.
function walkWithArrows(root) {
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const input = root.querySelector('.pagefind-ui__search-input');
    const links = Array.from(root.querySelectorAll('.pagefind-ui__result-link'));
    const at = event.target === input ? -1 : links.indexOf(event.target);
    if (links.length === 0 || (at < 0 && event.target !== input)) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1;
    (next < 0 ? input : links[next])?.focus();
  });
}
