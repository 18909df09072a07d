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

/** A name as compared for an exact match: lower case, without spaces, dashes, dots and underscores. */
export const nameKey = (text) =>
  String(text ?? '')
    .toLowerCase()
    .replace(/[\s\-_.]+/g, '');

/** The slug of a result: its address's last segment (its id in lower case: `publishorderevents`). */
export const slugOf = (data) =>
  String(data?.url ?? '')
    .replace(/\/(index\.html)?$/, '')
    .split('/')
    .pop();

/**
 * A name's words, where a reader sees one begin: at spaces, dashes, dots, underscores and slashes,
 * and where camelCase turns upper (`example-topic_receive_receiveExamplePayload` → example, topic,
 * receive, receive, Example, Payload).
 */
export const nameWords = (text) =>
  String(text ?? '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s\-_./:{}]+/)
    .filter((word) => word !== '');

/**
 * The query as the index is asked it: each word that joins words (`stock-check`, `stockCheck`,
 * `stock_check`) as those words apart ("stock check"), as the index holds a name's parts, so that
 * every way of writing the words finds the same pages, the names that join them and the titles
 * that spell them apart. A word that is an address or holds one (`inventory.stock-check`,
 * `orders-{region}.fifo`, a path, a URL, an ARN) stays whole: the index holds it as typed.
 */
export const wordsApart = (query) =>
  String(query ?? '')
    .split(/\s+/)
    .filter((word) => word !== '')
    .flatMap((word) => (/[./:{}@$#]/.test(word) ? [word] : nameWords(word)))
    .join(' ');

/**
 * A text in pieces, each of the query's words marked where it is a word of the text ("Stock check
 * requests" for `stock-check`, "FifoAttributes" for `fifo`, "order" in "every order ships"), or
 * begins one for the last word, the one being typed (Pagefind finds it as a prefix: "Order" for
 * `ord`): never a word that only begins as a query's word does ("orders" for `publishOrderEvents`),
 * nor a piece inside a word ("id" in "paid"). The header box marks names so, the search page a
 * hit's line (markedHtml). `whole`: a word the last query word begins is marked to its end
 * ("orders" for `order`, as Pagefind marks the words it found), for a query the reader has
 * submitted rather than one still being typed.
 */
export function markedPieces(text, query, whole = false) {
  const name = String(text ?? '');
  const words = wordsApart(query)
    .toLowerCase()
    .split(' ')
    .filter((word) => word !== '');
  const lower = name.toLowerCase();
  const marked = new Array(name.length).fill(false);
  for (const [n, word] of words.entries()) {
    const typing = n === words.length - 1;
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
      // Where a word of the name starts: its beginning, after a separator, or a camelCase capital.
      const starts = at === 0 || !/[\p{L}\p{N}]/u.test(name[at - 1]) || (/\p{Lu}/u.test(name[at]) && /[\p{Ll}\p{N}]/u.test(name[at - 1]));
      // And where it ends: its end, a separator, or a camelCase capital after it.
      const end = at + word.length;
      const ends = end === name.length || !/[\p{L}\p{N}]/u.test(name[end]) || (/\p{Lu}/u.test(name[end]) && /[\p{Ll}\p{N}]/u.test(name[end - 1]));
      if (!starts || !(ends || typing)) continue;
      let to = end;
      // The rest of the word begun: its letters and digits up to a separator or a camelCase capital.
      while (whole && !ends && to < name.length && /[\p{L}\p{N}]/u.test(name[to]) && !(/\p{Lu}/u.test(name[to]) && /[\p{Ll}\p{N}]/u.test(name[to - 1]))) to++;
      marked.fill(true, at, to);
    }
  }
  const pieces = [];
  let from = 0;
  for (let i = 1; i <= name.length; i++) {
    if (i < name.length && marked[i] === marked[from]) continue;
    pieces.push({ text: name.slice(from, i), marked: marked[from] });
    from = i;
  }
  return pieces;
}

/** A text as HTML, escaped, the query's words in <mark> (markedPieces): a hit's summary on the search page shows why it matched. */
export function markedHtml(text, query) {
  const asText = (piece) => piece.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return markedPieces(text, query, true)
    .map(({ text: piece, marked }) => (marked ? `<mark>${asText(piece)}</mark>` : asText(piece)))
    .join('');
}

/** Whether `name` holds the whole query, starting where one of its words starts. */
export function holdsQuery(name, key) {
  const words = nameWords(name).map((word) => word.toLowerCase());
  return words.some((_, i) => words.slice(i).join('').startsWith(key));
}

/** Whether `name` holds the query as whole words ("order" in "Publish order events", not in "orders"). */
export function holdsWholeWords(name, key) {
  const words = nameWords(name).map((word) => word.toLowerCase());
  for (let i = 0; i < words.length; i++) {
    let joined = '';
    for (let j = i; j < words.length && joined.length < key.length; j++) {
      joined += words[j];
      if (joined === key) return true;
    }
  }
  return false;
}

/**
 * Where the result's name holds the whole query, starting where one of its words starts
 * ("receiveExamplePayload" in `example-topic_receive_receiveExamplePayload`, "order" in "Publish
 * order events"; not "id" in "paid"), however either is cased or joined (camelCase, snake_case,
 * kebab-case, spaces): 'title', else 'id' (its `id` meta, else its address's last segment), else
 * 'address' (its `address` meta: a channel's address, a server's URL), else undefined.
 */
export function nameHolding(data, query) {
  const key = nameKey(query);
  if (key === '') return undefined;
  if (holdsQuery(data?.meta?.title, key)) return 'title';
  if (holdsQuery(data?.meta?.id, key) || holdsQuery(slugOf(data), key)) return 'id';
  // A channel's address, a server's URL: where the object lives is a name of it as much as its id
  // (`lighting` for `smartylighting/streetlights/1/0/event/{streetlightId}/lighting/measured`).
  if (holdsQuery(data?.meta?.address, key)) return 'address';
  return undefined;
}

/**
 * The id a result shows under its title, as code, where the query names it: the id itself, however
 * cased (`publishOrderEvents`, `orderplaced`), or its beginning typed as an id is written, its
 * words joined (`publishOrd`, `order_pl`); or held by the id where the title does not (nameHolding
 * 'id'). Not for a plain word ("order": a word of many titles), nor an id its title spells as written.
 */
export function idShown(data, query) {
  const id = data?.meta?.id;
  if (typeof id !== 'string' || id === '' || id === data?.meta?.title) return undefined;
  // A hit titled by its key in words (src/site/search-title.ts): the id always, the name its page is headed by.
  if (data?.meta?.titledbyid) return id;
  const typed = String(query ?? '').trim();
  if (nameHolding(data, typed) === 'id') return id;
  if (/\s/.test(typed) || typed.length < 3) return undefined;
  if (nameKey(id) === nameKey(typed)) return id;
  const joined = /[a-z0-9][A-Z]|[_-]/.test(typed);
  return joined && id.toLowerCase().startsWith(typed.toLowerCase()) ? id : undefined;
}

/**
 * A place on a page a result lands on, a sub-result Pagefind titles (the element's
 * data-pagefind-title): an sns subscription (its card on an operation's page, its row in a
 * channel's fan-out) or a schema's field (its row, titled by its data path "Order › lines ›
 * unitPrice"). `kind`, as the result says it; `name`, what it leads with; `path`, the field's data
 * path (none for a subscription, whose name is all of its title). Undefined for a heading's hit.
 */
export function placeOf(sub) {
  const title = sub?.anchor?.title;
  if (typeof title !== 'string' || title === '') return undefined;
  if (/^(sns-consumer-\d+-title|fan-out-subscription-\d+)$/.test(String(sub.anchor.id ?? ''))) return { kind: 'Subscription', name: title, path: '' };
  return { kind: 'Field', name: title.split(' › ').pop(), path: title };
}

/**
 * The steps of a property's dotted path as a reader copies it from a document or a payload
 * (`lines.sku`, `payload.fromUser.username`, `lines[].sku`): two names or more, each a property's
 * name, joined by dots; an array's brackets left aside. Undefined for anything else, a word or a
 * name with spaces. An address with dots (`inventory.stock-check`) reads as a path too: it is
 * searched as one only where a field is at that path (search-rank.js rankedSearch).
 */
export function dottedPath(query) {
  const typed = String(query ?? '').trim();
  if (/\s/.test(typed) || !typed.includes('.')) return undefined;
  const steps = typed.split('.').map((step) => step.replace(/(\[\d*\])+$/, ''));
  return steps.length >= 2 && steps.every((step) => /^[A-Za-z_$][\w$-]*$/.test(step)) ? steps : undefined;
}

/**
 * Whether a field's data path ("Order › lines › sku", "payload › payment (card) › last4") ends
 * with the steps of a dotted path (dottedPath), however cased: `lines.sku`, `Order.lines.sku`.
 */
export function pathEndsWith(path, steps) {
  const own = String(path ?? '')
    .split(' › ')
    .map((step) => step.replace(/\s*\(.*\)$/, '').toLowerCase());
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > own.length) return false;
  const tail = own.slice(own.length - steps.length);
  return steps.every((step, i) => step.toLowerCase() === tail[i]);
}

/**
 * Whether a place's hit (placeOf) answers the query: a field's where its name or its text holds
 * the query (subHoldsQuery); a subscription's where its name holds the query as whole words
 * (`warehouse-picking`, `fifo`). Not where Pagefind found a word of the query in its text
 * ("OrderPlaced" in its filter, "orders" in `billing-orders.fifo`, for `order`), nor in the words
 * after the last card, which Pagefind counts as its own up to the next heading: the page's own
 * hit says those.
 */
export function placeAnswers(sub, query) {
  const place = placeOf(sub);
  if (!place) return false;
  // A field's row at the dotted path asked (`lines.sku`: "Order › lines › sku").
  const steps = dottedPath(query);
  if (place.kind === 'Field' && steps) return pathEndsWith(place.path, steps);
  if (place.kind !== 'Subscription') return subHoldsQuery(place.name, sub.excerpt, query);
  const key = nameKey(query);
  return key !== '' && holdsWholeWords(place.name, key);
}

/**
 * Whether a section's hit (a field's row, a heading's section) holds the query itself, so that the
 * reader sees why it is listed: its name holds it from the start of one of its words, or its
 * excerpt marks it, its words together, however written (`someEnum`, `some-enum`, `some_enum`).
 * Not where Pagefind found only a part of a joined name: `someEnum` asks the index for "some" and
 * "enum", and `someLong`'s row marks "some". Words typed apart ("quokka property") are held
 * together or each on its own, as a reader means words.
 */
export function subHoldsQuery(name, excerpt, query) {
  const runs = markedRuns(excerpt).map(nameKey);
  const holds = (key) => key !== '' && (holdsQuery(name, key) || runs.some((run) => run.includes(key)));
  const typed = String(query ?? '').trim();
  return holds(nameKey(typed)) || (/\s/.test(typed) && typed.split(/\s+/).every((word) => holds(nameKey(word))));
}

/** The runs of marked words in an excerpt, marks with nothing but spaces between them read as one ("Stock check" of "<mark>Stock</mark> <mark>check</mark>"). */
export function markedRuns(excerpt) {
  const runs = [];
  let run = null;
  for (const piece of String(excerpt ?? '').split(/(<mark>[^<]*<\/mark>)/)) {
    const marked = /^<mark>([^<]*)<\/mark>$/.exec(piece);
    if (marked) run = (run ?? '') + marked[1];
    else if (run !== null && piece.trim() !== '') {
      runs.push(run);
      run = null;
    }
  }
  if (run !== null) runs.push(run);
  return runs;
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

/**
 * A matched word with its mark around the word alone: Pagefind marks the whole token, its
 * punctuation too ("<mark>OrderRef.</mark>", "<mark>orders.fifo.</mark>"); the punctuation that
 * ends a sentence or a clause, and quotes and brackets around the word, stay outside the mark
 * (`orders.fifo.` → `<mark>orders.fifo</mark>.`, `"OrderPlaced",` → `"<mark>OrderPlaced</mark>",`).
 * Braces are the word's own (`{region}`). A word that is nothing but punctuation stays marked whole.
 */
export function markedWord(text) {
  const [, lead, core, trail] = /^([("'[«“‘]*)(.*?)([.,;:!?)"'\]»”’…]*)$/su.exec(text) ?? [];
  if (!core) return `<mark>${text}</mark>`;
  return `${lead}<mark>${core}</mark>${trail}`;
}

/**
 * Whether a sentence of an excerpt (matches in <mark>) reads as prose, a sentence a reader can
 * take in, rather than a run of names and labels that Pagefind joined from a list, a table or a
 * definition list ("send sns requestStockCheck.", "Content type application/json Name
 * OrderCancelled Correlation ID …"): at least four words, two thirds of them words as prose has
 * them, never three names in a row.
 */
export function readsAsProse(html) {
  if (plainWords(html).length < 4) return false;
  // Each sentence that holds a match (all of them, if none does): "Order placed OrderPlaced
  // application/json." is no prose for the sentence after it, nor "Definition. address description …".
  const sentences = String(html ?? '').split(/(?<=[.!?])\s+/);
  const marked = sentences.filter((sentence) => sentence.includes('<mark>'));
  return (marked.length > 0 ? marked : sentences).every((sentence) => sentenceReads(plainWords(sentence)));
}

/** Whether a sentence's words read as prose (readsAsProse). */
function sentenceReads(words) {
  // Four words at least: "cancelled orders." is a piece of a sentence, "Definition." a heading.
  if (words.length < 4) return false;
  // A word as prose has it (an article, a verb, a capitalised word); not a name, an address, a type, a value.
  const wordish = words.map((word) => /^[("'“‘]?[A-Za-z][a-z'’]*(-[a-z]+)?[,.;:!?)"'”’]*$/.test(word));
  let run = 0;
  for (const is of wordish) {
    run = is ? 0 : run + 1;
    if (run >= 3) return false;
  }
  // Two addresses, paths or links are a row of values, not a sentence ("events orders-{region}.fifo region Production topics https://…").
  if (words.filter((word) => /[/{}]|\w[.:]\w/.test(word)).length >= 2) return false;
  // A name in camelCase weighs twice: a title and its id read as no sentence ("Stock check answered StockCheckAnswered.").
  const weight = words.map((word, i) => (wordish[i] ? 1 : /[a-z][A-Z]/.test(word) ? 2 : 1));
  const total = weight.reduce((sum, w) => sum + w, 0);
  return wordish.filter(Boolean).length * 3 >= total * 2;
}

/** The words of an excerpt's HTML, marks, entities and "…" aside. */
const plainWords = (html) =>
  String(html ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|amp|quot|#39);/g, 'x')
    .split(/\s+/)
    .filter((word) => word !== '' && word !== '…');

/**
 * What a page's result says under its name (the header box and the search page): its summary, the
 * page's own sentence; the sentence around the match instead where the summary does not say what
 * matched (an address, a description's word) and that sentence reads as prose; else the summary
 * all the same, or, with none, that sentence when it is prose. Never a run of labels and names:
 * nothing then (the result's kind and section say where it matched). `named`: the result's title
 * or id holds the query. Returns `{ summary }` (text), `{ around }` (HTML, matches in <mark>) or `{}`.
 */
export function pageLine(summary, around, named, query) {
  const prose = typeof around === 'string' && around !== '' && readsAsProse(around);
  if (summary !== '' && (named || summaryShowsMatch(summary, query) || !prose || !around.includes('<mark>'))) return { summary };
  return prose ? { around } : {};
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
  let skipped = false;
  for (const skip of [1, 0]) {
    if (lead.length > 0 && lead.length + skip <= words.length && lead.every((word, i) => plain(word) === plain(words[i + skip]))) {
      words = words.slice(lead.length + skip);
      skipped = true;
      break;
    }
  }
  // Or the heading's end, two words of it at least, where Pagefind's excerpt starts inside it
  // ("queue warehouse-picking.fifo only messages …" of "SQS queue warehouse-picking.fifo").
  for (let from = 1; !skipped && lead.length - from >= 2; from++) {
    const tail = lead.slice(from);
    if (tail.length <= words.length && tail.every((word, i) => plain(word) === plain(words[i]))) {
      words = words.slice(tail.length);
      skipped = true;
    }
  }
  // A snippet starts at a word: not at the dash or dot that joined a name left out of the index
  // to its text ("— An order of two items", whose example's name is a control's word).
  while (words.length > 0 && /^[—–·•:;,|-]+$/.test(words[0].text)) words = words.slice(1);
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
  // A short sentence with the next, unless that is a heading of a word or two ("Retries.").
  if (chosen.length < 6 && sentences[at + 1]?.length > 2) chosen = [...chosen, ...sentences[at + 1]];
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
  const shown = chosen.slice(start, end).map((word) => (word.marked ? markedWord(word.text) : word.text));
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

/** The kind as a quiet label: "Message", "Schema" (a kind written "component · schema" by its last part). */
export const kindLabel = (kind) =>
  String(kind ?? '')
    .split(' · ')
    .pop();

/**
 * What a result shows of its object at a glance, as its page's top does (src/site/search-glance.ts):
 * an operation's direction badge ("API sends"), the address of an operation's channel, of a
 * channel or of a server, and the operations that send and receive a message. Each as text:
 * the header box makes nodes of them, the search page HTML.
 */
export function glanceOf(meta, kind) {
  const action = meta?.action;
  const badges = action === 'send' || action === 'receive' ? [{ action, words: action === 'send' ? 'API sends' : 'API receives' }] : [];
  // A channel's or a server's own address, an operation's its channel's (a schema's or a message's "address" is none of theirs).
  const address = meta?.channel || (/^(Channel|Server)$/.test(kind) ? meta?.address : '');
  return { badges, address: typeof address === 'string' ? address : '', via: typeof meta?.via === 'string' ? meta.via : '' };
}
