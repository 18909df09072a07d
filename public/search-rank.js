// How the header box and the search page rank Pagefind's results, and whether a result holds the
// query: the exact name first, names before body mentions, nothing for a query Pagefind answered
// with shorter words. Apart from search-query.js (what a hit reads), which the search page loads
// at once: this is loaded with the search itself (search-ranked/pagefind.js, the header box).
import { dottedPath, holdsQuery, holdsWholeWords, markedRuns, nameHolding, nameKey, pathEndsWith, slugOf, wordsApart } from './search-query.js';

/** How many of the best results are looked at for an exact name (their titles are loaded). */
export const EXACT_LOOKAHEAD = 20;

/**
 * Whether a result is the object the query names: its title ("Order", "order placed") or its id
 * (its address's last segment, which is its id in lower case: `publishOrderEvents`).
 */
export function namesExactly(data, query) {
  const key = nameKey(query);
  if (key === '') return false;
  return nameKey(data?.meta?.title) === key || nameKey(slugOf(data)) === key;
}

/**
 * Whether a result's id or title is the query exactly, case and all: ids are case sensitive
 * (`sendUserSignedUp` and `SendUserSignedUp` can both exist, their addresses told apart only by a
 * hash), so the one a reader typed comes before its namesakes in another case.
 */
export function namesExactlyAsTyped(data, query) {
  const typed = String(query ?? '').trim();
  if (typed === '') return false;
  return data?.meta?.id === typed || data?.meta?.title === typed;
}

/**
 * Pagefind's search, as a reader expects it of a search box: a query with a word that no page
 * holds finds nothing ("order xqzvw" is not a search for "order"; Pagefind would answer with the
 * pages of the other words), the object the query names exactly (`Order`, `publishOrderEvents`)
 * comes first, before the pages that only mention it more often, and a trait or a binding comes
 * after the objects a reader filters by. Used by the header box and, through
 * search-ranked/pagefind.js, by the search page.
 */
export async function rankedSearch(pagefind, term, options) {
  // A property's dotted path (`lines.sku`): the pages with a field at that path, first.
  const steps = dottedPath(term);
  const atPath = steps ? await pathSearch(pagefind, steps, options) : undefined;
  if (atPath) return atPath;
  // Words joined in any way (`stock-check`, `stockCheck`, `stock_check`) asked apart: every form
  // finds what "stock check" finds (search-query.js wordsApart); as typed only when that finds nothing.
  let asked = wordsApart(term);
  let search = await pagefind.search(asked, options);
  if (asked !== term && (!search || !Array.isArray(search.results) || search.results.length === 0)) {
    asked = term;
    search = await pagefind.search(term, options);
  }
  if (!search || !Array.isArray(search.results) || search.results.length === 0) return search;
  const words = String(asked ?? '')
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length > 1) {
    for (const word of words) {
      const alone = await pagefind.search(word);
      if (alone && Array.isArray(alone.results) && alone.results.length === 0) return nothingFound(search);
    }
  }
  // Among the best results: the exact name first (as typed, then in another case), then the names that hold the query, each group
  // the readers' objects first and the parts an author composes objects of (traits, bindings: no
  // Kind a reader filters by) after them.
  const head = search.results.slice(0, EXACT_LOOKAHEAD);
  const datas = await Promise.all(head.map((result) => result.data()));
  // Pagefind also finds a word's parts (`placedAt`: "placed", in "Order placed") and, for a word no
  // page holds, shorter words ("or" for `ordr`): pages that hold the query itself come first.
  // None of them marks the query, nor a word it is a form of ("orders" for `ordering`): Pagefind
  // fell back to shorter words ("or" for `ordr`), and its pages are no answer ("Did you mean" is).
  const excerpted = datas.filter((data) => typeof data?.excerpt === 'string');
  if (excerpted.length > 0 && !excerpted.some((data) => pageMarksQuery(data, asked, true))) return nothingFound(search);
  // Those that hold the query itself first: a joined name spelled whole (`stockCheck`: "Stock check"), not its words apart.
  const marked = datas.map((data) => pageHoldsQuery(data, term));
  const someHold = marked.some(Boolean);
  const rank = datas.map((data, at) => (someHold && !marked[at] ? 1000 : 0) + resultRank(data, term));
  const ordered = head.map((result, i) => ({ result, rank: rank[i], i })).sort((a, b) => a.rank - b.rank || a.i - b.i);
  // The parts of the best results, but for the one the query names, after every reader's object;
  // past the best results, whose data is not loaded, the parts among them (the index tells them by
  // their Kind) last: a trait that mentions "kafka" is no answer before a message that does.
  const rest = search.results.slice(EXACT_LOOKAHEAD);
  const partIds = rest.length > 0 ? await partsFound(pagefind, asked, options) : new Set();
  const late = new Set(head.filter((_, i) => isPart(datas[i]) && !namesExactly(datas[i], term)).map((result) => result.id));
  return {
    ...search,
    results: [
      ...ordered.map((entry) => entry.result).filter((result) => !late.has(result.id)),
      ...rest.filter((result) => !partIds.has(result.id)),
      ...ordered.map((entry) => entry.result).filter((result) => late.has(result.id)),
      ...rest.filter((result) => partIds.has(result.id)),
    ],
  };
}

/**
 * The search for a property's dotted path (search-query.js dottedPath): its names as words (as
 * typed, else apart: `fromUser`, "from user"), the pages among the best results with a field at
 * that path (a sub-result titled by its data path, "Order › lines › sku") first, in Pagefind's
 * order, then the others. Undefined where no field is at that path: the query is then searched as
 * any other (an address with dots, `inventory.stock-check`, is found as the address it is).
 */
async function pathSearch(pagefind, steps, options) {
  let search = await pagefind.search(steps.join(' '), options);
  const apart = wordsApart(steps.join(' '));
  if (apart !== steps.join(' ') && (!Array.isArray(search?.results) || search.results.length === 0)) search = await pagefind.search(apart, options);
  if (!Array.isArray(search?.results) || search.results.length === 0) return undefined;
  const head = search.results.slice(0, EXACT_LOOKAHEAD);
  const datas = await Promise.all(head.map((result) => result.data()));
  const holds = (data) =>
    (Array.isArray(data?.sub_results) ? data.sub_results : []).some((sub) => typeof sub?.anchor?.title === 'string' && pathEndsWith(sub.anchor.title, steps));
  const holders = head.filter((_, i) => holds(datas[i]));
  if (holders.length === 0) return undefined;
  return { ...search, results: [...holders, ...search.results.filter((result) => !holders.includes(result))] };
}

/** The ids of the results for `asked` that are parts (PART_KINDS), within the reader's own filters. */
async function partsFound(pagefind, asked, options) {
  const own = options?.filters ?? {};
  const parts = await pagefind.search(asked, { ...options, filters: { all: [own, { kind: { any: PART_KINDS } }] } });
  return new Set((Array.isArray(parts?.results) ? parts.results : []).map((result) => result.id));
}

/** Whether a result is a part objects are composed of (a trait, a binding, a correlation ID: a Kind of PART_KINDS). */
const isPart = (data) => Array.isArray(data?.filters?.kind) && data.filters.kind.some((kind) => PART_KINDS.includes(kind));

/**
 * The kinds a reader acts on first, among results whose names hold the query alike ("order":
 * the operation "Publish order events" before the messages and schemas named for orders); the
 * API overview, guides and other kinds after them, as they mention everything.
 */
const KIND_ORDER = ['Operation', 'Channel', 'Message', 'Schema', 'Server'];

/**
 * Where a result ranks among the best ones, lowest first; Pagefind's order among equals. The name
 * before the text: the object the query names exactly (as typed, then in another case); then
 * those whose title or address holds the query as whole words ("Publish order events" for `order`,
 * `…/event/{streetlightId}/lighting/measured` for `lighting`), then as the start of a word
 * ("Warehouse picks orders") or whose id holds it; then pages with a field
 * named for it (`someEnum`'s schemas before the overview that mentions it); then the rest. Among
 * names alike, the kinds of KIND_ORDER in turn; in each group, a trait or a binding (no Kind a
 * reader filters by) after the readers' objects, and after all of them unless the query names it exactly.
 */
/** The Kinds of the parts objects are composed of (src/site/kind-labels.ts PART_KINDS, which a test keeps alike). */
export const PART_KINDS = [
  'Channel binding',
  'Correlation ID',
  'External docs',
  'Message binding',
  'Message trait',
  'Operation binding',
  'Operation trait',
  'Reply address',
  'Server binding',
  'Tag',
];

/** What puts a part after the readers' objects of every tier (tiers count in hundreds, up to 5). */
const PARTS_LAST = 600;

export function resultRank(data, query) {
  const readerKind = Array.isArray(data?.filters?.kind) && data.filters.kind.length > 0 && !data.filters.kind.some((kind) => PART_KINDS.includes(kind));
  const holding = nameHolding(data, query);
  const tier = namesExactlyAsTyped(data, query)
    ? 0
    : namesExactly(data, query)
      ? 1
      : (holding === 'title' && holdsWholeWords(data?.meta?.title, nameKey(query))) ||
          (holding === 'address' && holdsWholeWords(data?.meta?.address, nameKey(query)))
        ? 2
        : holding
          ? 3
          : fieldHolding(data, query)
            ? 4
            : 5;
  const kind = KIND_ORDER.indexOf(String(data?.meta?.kind ?? ''));
  // A part the query does not name exactly comes after every reader's object, whatever its name
  // holds: a channel's bindings, a trait or a correlation ID named "…order…" is no answer to "order".
  const part = readerKind ? 0 : isPart(data) && tier > 1 ? PARTS_LAST : 50;
  return part + tier * 100 + (tier <= 3 ? (kind < 0 ? KIND_ORDER.length : kind) : 0);
}

/** Whether one of a result's fields (a sub-result titled by its data path, "Order › lines › unitPrice") is named for the query. */
function fieldHolding(data, query) {
  const key = nameKey(query);
  if (key === '') return false;
  const subs = Array.isArray(data?.sub_results) ? data.sub_results : [];
  return subs.some((sub) => typeof sub?.anchor?.title === 'string' && holdsQuery(sub.anchor.title.split(' › ').pop(), key));
}

/**
 * Whether an excerpt marks a word that holds one of the query's words (Pagefind marks the words it
 * matched: `orders-{region}.fifo` for "region", but "or" for `ordr`, "placed" for `placedAt`);
 * `nearly`, or a word that shares most of its beginning (a form of it).
 */
export function marksQuery(excerpt, query, nearly = false) {
  const core = (word) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  // The words as the index was asked them (`stock-check`: "stock", "check").
  const words = wordsApart(query)
    .split(/\s+/)
    .map(core)
    .filter((word) => word !== '');
  const marked = [...String(excerpt ?? '').matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => m[1].toLowerCase());
  // Nearly: or a mark that begins as the word does, for four letters and most of the word at least
  // (a form Pagefind found by their stem: "ordered" for `ordering`; not "or" for `ordr`).
  const shared = (a, b) => {
    let n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) n++;
    return n;
  };
  const holds = (mark, word) => mark.includes(word) || (nearly && shared(core(mark), word) >= Math.max(4, word.length * 0.6));
  return marked.some((mark) => words.some((word) => holds(mark, word)));
}

/** Whether a result (Pagefind's data) marks the query in its excerpt or in one of its sections' (`nearly`: as marksQuery). */
export function pageMarksQuery(data, query, nearly = false) {
  const excerpts = [data?.excerpt, ...(Array.isArray(data?.sub_results) ? data.sub_results : []).map((sub) => sub?.excerpt)];
  return excerpts.some((excerpt) => marksQuery(excerpt, query, nearly));
}

/**
 * Whether a result holds the query itself. A name of joined words (`requestStockCheck`,
 * `stock-check`) is held where marks spell it whole, however written ("requestStockCheck",
 * "Stock check", "StockCheckRequested"), not where its words stand apart (the "request" of
 * `requestId`, a "stock" here and a "check" there); any other query as pageMarksQuery says.
 */
export function pageHoldsQuery(data, query) {
  const typed = String(query ?? '').trim();
  if (/\s/.test(typed) || wordsApart(typed) === typed) return pageMarksQuery(data, typed);
  const key = nameKey(typed);
  const excerpts = [data?.excerpt, ...(Array.isArray(data?.sub_results) ? data.sub_results : []).map((sub) => sub?.excerpt)];
  return excerpts.some((excerpt) => markedRuns(excerpt).some((run) => nameKey(run).includes(key)));
}

/** A search's answer with no result, its filters' counts 0 (the search page then lists none). */
function nothingFound(search) {
  const zero = (values) => Object.fromEntries(Object.keys(values ?? {}).map((value) => [value, 0]));
  const filters = Object.fromEntries(Object.entries(search.filters ?? {}).map(([name, values]) => [name, zero(values)]));
  return { ...search, results: [], unfilteredResultCount: 0, filters };
}
