// What a search is run for, from what a reader typed (the header box and the search page): a
// parameter as written in an address, `{streetlightId}`, stands for its name, and an id pasted
// with its quotes or backticks for the id. Addresses and ids with braces inside them
// (`orders-{region}.fifo`) are searched as typed: the index holds them whole.
export function normaliseQuery(query) {
  return query
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[`'"]+|[`'"]+$/g, '').replace(/^\{([^{}]+)\}$/, '$1'))
    .filter((word) => word !== '')
    .join(' ');
}

/**
 * Pagefind's ranking, less in favour of short pages than by default (0.75): a trait or a binding
 * holds a word in a few lines and would outrank the operation and the overview it was asked for.
 */
export const RANKING = { pageLength: 0.2 };

/**
 * Pagefind's excerpt without the page's id and title it starts with ("publishOrderEvents Publish
 * order events. send sns. The order …" → "send sns. The order …"), its matches unmarked; nothing
 * when it does not start so. Shared by the header box and the search page (here, so that the search page loads no more than it needs).
 */
export function withoutTitle(excerpt, title) {
  if (typeof title !== 'string' || title === '') return undefined;
  const plain = String(excerpt ?? '').replace(/<\/?mark>/g, '');
  const lead = new RegExp(`^(?:\\S+\\s+)?${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s.·]*`);
  return lead.test(plain) ? plain.replace(lead, '') : undefined;
}

/** How many of the best results are looked at for an exact name (their titles are loaded). */
export const EXACT_LOOKAHEAD = 20;

/** A name as compared for an exact match: lower case, without spaces, dashes, dots and underscores. */
const nameKey = (text) =>
  String(text ?? '')
    .toLowerCase()
    .replace(/[\s\-_.]+/g, '');

/** The slug of a result: its address's last segment (its id in lower case: `publishorderevents`). */
const slugOf = (data) =>
  String(data?.url ?? '')
    .replace(/\/(index\.html)?$/, '')
    .split('/')
    .pop();

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
 * A name's words, where a reader sees one begin: at spaces, dashes, dots, underscores and slashes,
 * and where camelCase turns upper (`example-topic_receive_receiveExamplePayload` → example, topic,
 * receive, receive, Example, Payload).
 */
const nameWords = (text) =>
  String(text ?? '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s\-_./:{}]+/)
    .filter((word) => word !== '');

/** Whether `name` holds the whole query, starting where one of its words starts. */
function holdsQuery(name, key) {
  const words = nameWords(name).map((word) => word.toLowerCase());
  return words.some((_, i) => words.slice(i).join('').startsWith(key));
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
 * Where the result's name holds the whole query, starting where one of its words starts
 * ("receiveExamplePayload" in `example-topic_receive_receiveExamplePayload`, "order" in "Publish
 * order events"; not "id" in "paid"), however either is cased or joined (camelCase, snake_case,
 * kebab-case, spaces): 'title', else 'id' (its `id` meta, else its address's last segment), else
 * undefined.
 */
export function nameHolding(data, query) {
  const key = nameKey(query);
  if (key === '') return undefined;
  if (holdsQuery(data?.meta?.title, key)) return 'title';
  if (holdsQuery(data?.meta?.id, key) || holdsQuery(slugOf(data), key)) return 'id';
  return undefined;
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
  const search = await pagefind.search(term, options);
  if (!search || !Array.isArray(search.results) || search.results.length === 0) return search;
  const words = String(term ?? '')
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
  const marked = datas.map((data) => pageMarksQuery(data, term));
  const someHold = marked.some(Boolean);
  const rank = await Promise.all(
    head.map(async (_, at) => {
      const data = datas[at];
      const readerKind = Array.isArray(data?.filters?.kind) && data.filters.kind.length > 0;
      // A title, then an id, that holds the query comes before pages that only share some of its
      // words (`*_receive` operations before the one whose id is `…_receiveExamplePayload`).
      const holding = nameHolding(data, term);
      const group = namesExactlyAsTyped(data, term) ? 0 : namesExactly(data, term) ? 1 : holding === 'title' ? 2 : holding === 'id' ? 3 : 4;
      return (someHold && !marked[at] ? 100 : 0) + group * 2 + (readerKind ? 0 : 1);
    }),
  );
  const ordered = head.map((result, i) => ({ result, rank: rank[i], i })).sort((a, b) => a.rank - b.rank || a.i - b.i);
  return { ...search, results: [...ordered.map((entry) => entry.result), ...search.results.slice(EXACT_LOOKAHEAD)] };
}

/**
 * Whether an excerpt marks a word that holds one of the query's words (Pagefind marks the words it
 * matched: `orders-{region}.fifo` for "region", but "or" for `ordr`, "placed" for `placedAt`).
 */
export function marksQuery(excerpt, query) {
  const core = (word) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  const words = String(query ?? '')
    .split(/\s+/)
    .map(core)
    .filter((word) => word !== '');
  const marked = [...String(excerpt ?? '').matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => m[1].toLowerCase());
  return marked.some((mark) => words.some((word) => mark.includes(word)));
}

/** Whether a result (Pagefind's data) marks the query in its excerpt or in one of its sections'. */
export function pageMarksQuery(data, query) {
  const excerpts = [data?.excerpt, ...(Array.isArray(data?.sub_results) ? data.sub_results : []).map((sub) => sub?.excerpt)];
  return excerpts.some((excerpt) => marksQuery(excerpt, query));
}

/** A search's answer with no result, its filters' counts 0 (the search page then lists none). */
function nothingFound(search) {
  const zero = (values) => Object.fromEntries(Object.keys(values ?? {}).map((value) => [value, 0]));
  const filters = Object.fromEntries(Object.entries(search.filters ?? {}).map(([name, values]) => [name, zero(values)]));
  return { ...search, results: [], unfilteredResultCount: 0, filters };
}

/** An excerpt's words, each with whether Pagefind marked it as a match ("<mark>order,</mark>"). */
function excerptWords(excerpt) {
  const words = [];
  let open = false;
  for (const token of String(excerpt ?? '').split(/\s+/)) {
    if (token === '') continue;
    const starts = token.includes('<mark>');
    const ends = token.includes('</mark>');
    const text = token.replace(/<\/?mark>/g, '');
    if (text !== '') words.push({ text, marked: starts || open });
    if (starts && !ends) open = true;
    if (ends) open = false;
  }
  return words;
}

/** Words the snippet keeps at most: about two lines. */
const SNIPPET_WORDS = 24;

/**
 * The sentence around the match in Pagefind's excerpt (matches in <mark>): without the heading it
 * starts with, the first sentence with a match (and the next when it is a few words), about two
 * lines, "…" where cut. `content`, the page's text, tells its end from the excerpt's.
 */
export function sentenceAround(excerpt, heading, content) {
  let words = excerptWords(excerpt);
  const lead = excerptWords(heading);
  // The heading, or an id and the heading (a page's excerpt starts "publishOrderEvents Publish order events.").
  const plain = (word) => word.text.replace(/[.:]$/, '').toLowerCase();
  for (const skip of [1, 0]) {
    if (lead.length > 0 && lead.length + skip <= words.length && lead.every((word, i) => plain(word) === plain(words[i + skip]))) {
      words = words.slice(lead.length + skip);
      break;
    }
  }
  if (words.length === 0) return '';
  // Sentences: a word that ends with ".", "!" or "?" ends one.
  const sentences = [];
  let current = [];
  for (const word of words) {
    current.push(word);
    if (/[.!?]$/.test(word.text)) {
      sentences.push(current);
      current = [];
    }
  }
  if (current.length > 0) sentences.push(current);
  let at = sentences.findIndex((sentence) => sentence.some((word) => word.marked));
  if (at < 0) at = 0;
  let chosen = sentences[at];
  if (chosen.length < 6 && sentences[at + 1]) chosen = [...chosen, ...sentences[at + 1]];
  let start = 0;
  let end = chosen.length;
  if (chosen.length > SNIPPET_WORDS) {
    const first = Math.max(
      0,
      chosen.findIndex((word) => word.marked),
    );
    start = Math.max(0, Math.min(first - 6, chosen.length - SNIPPET_WORDS));
    end = start + SNIPPET_WORDS;
  }
  const shown = chosen.slice(start, end).map((word) => (word.marked ? `<mark>${word.text}</mark>` : word.text));
  // Cut here, or where Pagefind's excerpt ends in the middle of a sentence (not where the page's
  // text ends, `content`): said with "…".
  const last = chosen[end - 1].text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const textEnds = typeof content === 'string' && content.trimEnd().endsWith(last);
  const cut = end < chosen.length || (!/[.!?)]$/.test(last) && !textEnds);
  return `${start > 0 ? '… ' : ''}${shown.join(' ')}${cut ? ' …' : ''}`;
}

/**
 * Whether the summary a result would show says what the query matched: else (an address, a
 * field's description matched) the reader is shown the sentence around the match instead, so that
 * they can tell why the page was found.
 */
export function summaryShowsMatch(summary, query) {
  const text = nameKey(summary);
  const words = String(query ?? '')
    .split(/\s+/)
    .map(nameKey)
    .filter((word) => word !== '');
  return words.length > 0 && words.every((word) => text.includes(word));
}
