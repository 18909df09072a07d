// The header's search box as a combobox (WAI-ARIA 1.2): results in a list under the box that
// ArrowDown and ArrowUp move through, Enter opens, Escape closes; each result leads with the
// object's name, its kind a quiet label beside it (and its API, in a portal), and a schema
// field's hit a result of its own that names the field's data path and opens its row. Loaded by
// search.js on first use, with Pagefind's search library (not its UI). Enter with no result
// chosen submits the form: the search page, with filters.
import {
  glanceOf,
  idShown,
  kindLabel,
  markedPieces,
  nameHolding,
  normaliseQuery,
  pageLine,
  placeAnswers,
  placeOf,
  RANKING,
  sentenceAround,
} from './search-query.js';
import { pageHoldsQuery, rankedSearch } from './search-rank.js';
import { showSuggestions, suggestionsFor } from './search-suggest.js';

const PAGES_SHOWN = 6;
const FIELDS_PER_PAGE = 2;

/**
 * Pagefind's excerpt as nodes: its text with "<" and ">" as entities but "&" as it is, and the
 * matches in <mark>. Built as text nodes and <mark> elements, never parsed as HTML, so that a
 * document's words stay words. A page whose text holds no "<" or ">" has none of Pagefind's
 * entities: an "&lt;" in its excerpt was written so, and stays as written.
 */
function excerptNodes(excerpt, content) {
  const decode = typeof content !== 'string' || /[<>]/.test(content);
  const nodes = [];
  let marked = false;
  for (const piece of String(excerpt ?? '').split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece !== '') {
      const text = document.createTextNode(decode ? piece.replace(/&lt;/g, '<').replace(/&gt;/g, '>') : piece);
      if (marked) {
        const mark = document.createElement('mark');
        mark.append(text);
        nodes.push(mark);
      } else nodes.push(text);
    }
  }
  return nodes;
}

function span(className, content) {
  const el = document.createElement('span');
  el.className = className;
  if (typeof content === 'string') el.textContent = content;
  else el.append(...content);
  return el;
}

/**
 * A name as nodes, the query's words marked where they are words of the name (search-query.js
 * markedPieces): the reader sees why the hit's name matched. Text nodes and <mark> elements only.
 */
function markedName(text, query) {
  return markedPieces(text, query).map(({ text: piece, marked }) => {
    const node = document.createTextNode(piece);
    if (!marked) return node;
    const mark = document.createElement('mark');
    mark.append(node);
    return mark;
  });
}

/** Whether nodes show a match (a <mark> among them). */
const showsMatch = (nodes) => nodes.some((node) => node.nodeName === 'MARK' || node.querySelector?.('mark'));

/**
 * What a page's result says under its name: its summary (the page's own sentence), else the
 * sentence of its text around the match, without the title it would repeat (a page's text starts
 * with its title).
 */
function lineOf(page, query) {
  const summary = typeof page.meta?.summary === 'string' ? page.meta.summary.trim() : '';
  const around = sentenceAround(page.excerpt, page.meta?.title, page.content);
  // A summary that does not say what matched (an address, a description) gives way to the match, when that reads as a sentence.
  const line = pageLine(summary, around, nameHolding(page, query) !== undefined, query);
  // The summary with the query's words marked where it holds them, as the name is.
  if (line.summary !== undefined) return markedName(line.summary, query);
  return line.around ? excerptNodes(line.around, page.content) : [];
}

/**
 * Pagefind, ready to search: its library, its options, every part of the index merged, and its
 * worker, wasm and index metadata loaded (`init`), which its first search would otherwise wait
 * for after the reader's first key.
 */
async function loadPagefind(bundle) {
  const pagefind = await import(`${bundle}pagefind.js`);
  await pagefind.options({ bundlePath: bundle, excerptLength: 14, ranking: RANKING });
  // A large site's index comes in parts (src/pipeline/search-stage.ts): searched as one.
  try {
    const response = await fetch(`${bundle}parts.json`);
    const parts = response.ok ? await response.json() : [];
    for (const part of Array.isArray(parts) ? parts : []) await pagefind.mergeIndex(bundle + part);
  } catch {
    // One part only.
  }
  await pagefind.init();
  return pagefind;
}

/**
 * Makes the box the search. Its list and its "Searching…" are there at once, while Pagefind loads
 * (search.js calls this when the reader shows they mean to search, before the first key); rejects,
 * leaving the box a plain form again, where Pagefind cannot be had (the dev server builds no index).
 */
export async function attach(form, input) {
  const base = form.getAttribute('data-base') || '/';
  const bundle = `${base}pagefind/`;
  const loading = loadPagefind(bundle);
  // Every listener of the box, removed together where Pagefind cannot be had.
  const listening = new AbortController();
  const signal = listening.signal;

  const panel = document.createElement('div');
  panel.className = 'search-panel';
  panel.hidden = true;
  // Said to assistive technology as each search ends: how many results, or none (shown then).
  const status = document.createElement('p');
  status.className = 'search-status';
  status.setAttribute('role', 'status');
  // "Did you mean …": links that search for a name of the site near what was typed.
  const suggest = document.createElement('p');
  suggest.className = 'search-suggest';
  suggest.hidden = true;
  const list = document.createElement('ul');
  list.id = 'search-results';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Search results');
  const all = document.createElement('p');
  all.className = 'search-all';
  const allLink = document.createElement('a');
  all.append(allLink);
  panel.append(status, suggest, list, all);
  form.append(panel);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('aria-expanded', 'false');

  let options = [];
  let active = -1;
  // The option the first ArrowDown selects: the first, or the first page's field the query names
  // exactly (`unitPrice`): the reader typed a field's name, and Enter then lands on its row.
  let firstChoice = 0;
  let shownFor = null;

  const open = (shown) => {
    panel.hidden = !shown;
    input.setAttribute('aria-expanded', shown && options.length > 0 ? 'true' : 'false');
    form.classList.toggle('searching', shown);
  };
  const choose = (index) => {
    if (active >= 0) options[active].setAttribute('aria-selected', 'false');
    active = index;
    if (active >= 0) {
      const option = options[active];
      option.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const go = (option, newTab) => {
    const url = option.getAttribute('data-url');
    if (newTab) window.open(url, '_blank', 'noopener');
    else location.href = url;
  };

  // `corrected`: the name near the query whose pages are shown, where none holds the query itself.
  const render = (query, pages, near = [], corrected = undefined) => {
    const asked = corrected ?? query;
    list.replaceChildren();
    options = [];
    active = -1;
    firstChoice = 0;
    input.removeAttribute('aria-activedescendant');
    const add = (url, children, className) => {
      const option = document.createElement('li');
      option.id = `search-option-${options.length}`;
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', 'false');
      option.setAttribute('data-url', url);
      if (className) option.className = className;
      option.append(...children);
      list.append(option);
      options.push(option);
    };
    for (const page of pages) {
      const title = page.meta?.title ?? page.url;
      // The query's words marked in the name (and in the id or address shown for it): why the hit matched.
      const head = [span('search-hit-title', markedName(title, asked))];
      const kind = kindLabel(page.meta?.kind);
      if (kind) head.push(span('search-hit-kind', kind));
      // What its page's top says at a glance: the direction badge ("API sends"), the address (an
      // operation's channel's, a channel's, a server's URL, the query marked in it), a message's operation.
      const glance = glanceOf(page.meta, kind);
      for (const badge of glance.badges) head.push(span(`badge ${badge.action} search-hit-badge`, badge.words));
      // Marked where it holds the query: Pagefind finds an API's pages by its name too ("kafka" in "Streetlights Kafka API").
      if (page.meta?.API) head.push(span('search-hit-api', markedName(page.meta.API, asked)));
      // The id the query names (`publishOrderEvents`; `…_receiveExamplePayload`, titled
      // "xml-topic_receive"): on its own line under the title, as code, so the reader sees why it matched.
      const id = idShown(page, asked);
      if (id) {
        const code = document.createElement('code');
        code.className = 'search-hit-id';
        code.append(...markedName(id, asked));
        head.push(code);
      }
      if (glance.address) {
        const address = span(
          `search-hit-path search-hit-address${nameHolding(page, asked) === 'address' ? ' search-hit-matched' : ''}`,
          markedName(glance.address, asked),
        );
        address.title = glance.address;
        head.push(address);
      }
      // Marked where it holds the query: Pagefind finds a page by it too ("Money" for `order`, "in message Order placed").
      if (glance.via) head.push(span('search-hit-path', markedName(glance.via, asked)));
      // The page first, as a heading of its hits; a schema field's hit (its row's data path is its
      // anchor's title) under it, a result of its own that lands on the row: the field's name
      // leads, its data path quietly after, and the sentence around the match.
      // An sns subscription's hit, the same: its card or its fan-out row (search-query.js placeOf).
      const fields = (page.sub_results ?? []).filter((sub) => placeAnswers(sub, asked)).slice(0, FIELDS_PER_PAGE);
      // A page that heads its fields' hits says what it is in its own sentence, when it has one (the fields say what matched).
      const summary = typeof page.meta?.summary === 'string' ? page.meta.summary.trim() : '';
      let line = fields.length > 0 ? (summary !== '' ? [document.createTextNode(summary)] : []) : lineOf(page, asked);
      // A hit whose name and line do not show the match (a summary, where a description's word or
      // an address matched): the words around the match instead, marked, whatever they read like.
      // That sentence is of a place on the page (a subscription's row): the hit lands there, not on the page's top.
      let landing = page.url;
      if (fields.length === 0 && !showsMatch(head) && !showsMatch(line)) {
        const around = sentenceAround(page.excerpt, page.meta?.title, page.content);
        if (around.includes('<mark>')) {
          line = excerptNodes(around, page.content);
          landing = placeHolding(page, around) ?? page.url;
        }
      }
      add(
        landing,
        [span('search-hit-head', head), ...(line.length > 0 ? [span('search-hit-excerpt', line)] : [])],
        fields.length > 0 ? 'search-hit-page' : undefined,
      );
      const named = normaliseQuery(asked).toLowerCase();
      if (page === pages[0]) {
        const at = fields.findIndex((field) => placeOf(field).name.toLowerCase() === named);
        if (at >= 0) firstChoice = options.length + at;
      }
      for (const field of fields) {
        const place = placeOf(field);
        // The field's type and description, after its name (its values are not indexed); a subscription's sentence, after its name.
        const described = sentenceAround(field.excerpt, place.name, page.content);
        add(
          field.url,
          [
            // Its page said to assistive technology too, which reads each option on its own.
            span('search-hit-head', [
              span('search-hit-title', markedName(place.name, asked)),
              ...(place.path ? [span('search-hit-path', place.path)] : []),
              span('visually-hidden', ` in ${title}`),
              // Where it is, as every hit says it: a field or a subscription, of the page's API in a portal.
              span('search-hit-kind', place.kind),
              ...(page.meta?.API ? [span('search-hit-api', page.meta.API)] : []),
            ]),
            ...(described === '' ? [] : [span('search-hit-excerpt', excerptNodes(described, page.content))]),
          ],
          'search-hit-field',
        );
      }
    }
    const count = `${options.length} ${options.length === 1 ? 'result' : 'results'}`;
    status.textContent =
      pages.length === 0
        ? `Nothing found for “${query}”.`
        : corrected
          ? `Nothing found for “${query}”: ${count} for “${corrected}”.`
          : `${count} for “${query}”.`;
    // The count is for assistive technology; the list shows it (under "Did you mean …" for a corrected query).
    status.classList.toggle('visually-hidden', pages.length !== 0);
    const said = showSuggestions(suggest, near, (name) => `${base}search/?q=${encodeURIComponent(name)}`);
    // Said with the count, in the same announcement.
    if (said !== '') status.textContent += ` ${said}`;
    all.hidden = false;
    allLink.href = `${base}search/?q=${encodeURIComponent(asked)}`;
    allLink.textContent = pages.length === 0 ? 'Search with filters' : `All results for “${asked}”, with filters`;
    shownFor = query;
    open(true);
  };

  // Said while the first answer is on its way, where nothing is shown yet: the reader sees the box
  // acted on their key. Results already shown stay until the new ones replace them (no jump).
  const searching = () => {
    if (shownFor !== null) return;
    status.textContent = 'Searching…';
    status.classList.remove('visually-hidden');
    suggest.hidden = true;
    all.hidden = true;
    open(true);
  };

  let latest = 0;
  let pagefind = null;
  const run = async () => {
    const typed = input.value;
    const query = normaliseQuery(typed);
    const ticket = ++latest;
    if (query === '') {
      shownFor = null;
      list.replaceChildren();
      options = [];
      open(false);
      return;
    }
    searching();
    pagefind ??= await loading.catch(() => null);
    if (pagefind === null || ticket !== latest) return;
    // The index's chunks for the words typed load while the typing pauses: the search then reads them.
    pagefind.preload(query).catch(() => {});
    await new Promise((later) => setTimeout(later, 120));
    // A later keystroke has started another search: this one's results are not shown.
    if (ticket !== latest) return;
    const search = await rankedSearch(pagefind, query, {});
    if (ticket !== latest) return;
    const found = await Promise.all(search.results.slice(0, PAGES_SHOWN).map((r) => r.data()));
    if (ticket !== latest) return;
    // Where some pages hold the query itself, those only: not the pages Pagefind found by a part of
    // it ("Order placed" for `placedAt`); the search page lists them all.
    const holding = found.filter((data) => pageHoldsQuery(data, query));
    const pages = holding.length > 0 ? holding : found;
    const near = await suggestionsFor(bundle, query, pages);
    if (ticket !== latest) return;
    if (holding.length === 0 && near.length > 0) {
      // No page holds the query, and a name of the site is near it: the pages Pagefind found by a
      // shorter word ("or" for `ordr`) are no answer; the nearest name's pages are, said so.
      const [corrected] = near;
      const fixed = await rankedSearch(pagefind, corrected, {});
      const fixedFound = await Promise.all(fixed.results.slice(0, PAGES_SHOWN).map((r) => r.data()));
      if (ticket !== latest) return;
      const fixedHolding = fixedFound.filter((data) => pageHoldsQuery(data, corrected));
      render(typed.trim(), fixedHolding.length > 0 ? fixedHolding : fixedFound, near, corrected);
      return;
    }
    render(typed.trim(), pages, near);
  };

  input.addEventListener('input', run, { signal });
  input.addEventListener(
    'focus',
    () => {
      if (shownFor !== null && input.value.trim() !== '') open(true);
    },
    { signal },
  );
  input.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (options.length === 0) return;
        event.preventDefault();
        open(true);
        const next = event.key === 'ArrowDown' ? (active < 0 ? firstChoice : Math.min(active + 1, options.length - 1)) : active - 1;
        choose(next);
      } else if (event.key === 'Enter' && active >= 0 && !panel.hidden) {
        event.preventDefault();
        go(options[active], event.ctrlKey || event.metaKey);
      } else if (event.key === 'Escape') {
        if (!panel.hidden) {
          event.preventDefault();
          choose(-1);
          open(false);
        } else if (input.value !== '') {
          event.preventDefault();
          input.value = '';
          run();
        }
      } else if (event.key === 'Home' || event.key === 'End') {
        choose(-1);
      }
    },
    { signal },
  );
  // Choosing with the pointer keeps the focus in the box (the list closes when it leaves).
  list.addEventListener('mousedown', (event) => event.preventDefault());
  // A suggestion searches for its name here, in the box (its address, the search page, without script or in a new tab).
  suggest.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a.search-suggestion') : null;
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    input.value = link.textContent ?? '';
    input.focus();
    run();
  });
  list.addEventListener('click', (event) => {
    const option = event.target instanceof Element ? event.target.closest('[role="option"]') : null;
    if (option) go(option, event.ctrlKey || event.metaKey);
  });
  form.addEventListener(
    'focusout',
    (event) => {
      if (!form.contains(event.relatedTarget)) {
        choose(-1);
        open(false);
      }
    },
    { signal },
  );
  // What was typed while this loaded: "Searching…" at once, its results when Pagefind is ready.
  if (input.value.trim() !== '') run();
  try {
    await loading;
  } catch (error) {
    listening.abort();
    panel.remove();
    for (const name of ['role', 'aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant']) input.removeAttribute(name);
    form.classList.remove('searching');
    throw error;
  }
}

/**
 * The address of the place on `page` (a heading's section, a subscription's row) whose excerpt
 * holds the marked sentence `around` shown for the page: Pagefind's sub-results, each with its
 * anchor's address. None where the page's own text before its first heading holds it.
 */
function placeHolding(page, around) {
  const marked = [...around.matchAll(/<mark>(.*?)<\/mark>/g)].map((m) => m[1]);
  const text = around
    .replace(/<\/?mark>/g, '')
    .replace(/…/g, '')
    .trim();
  for (const sub of page.sub_results ?? []) {
    if (typeof sub.url !== 'string' || !sub.url.includes('#') || typeof sub.excerpt !== 'string') continue;
    const excerpt = sub.excerpt.replace(/<\/?mark>/g, '');
    if (marked.every((word) => sub.excerpt.includes(`<mark>${word}</mark>`)) && excerpt.includes(text.slice(0, 40))) return sub.url;
  }
  return undefined;
}
