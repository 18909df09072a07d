/**
 * What search reads of a page is the API's words, never the page's controls: a snippet that read
 * "Show examples twoItems…" or "not satisfy its schema (1 problem)" quoted buttons, folds, tab
 * labels and notes about an example. Read here from Pagefind's own records of each page (its
 * fragments: gzip, then the page's JSON), for the default content and a springwolf document
 * (generated and invalid examples, several of them to a schema).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { sharedSite } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');
const SPRINGWOLF = resolve(repo, 'test/fixtures/springwolf');

/** The words of a page's controls (fold summaries, buttons, example tabs, notes about an example), none of them the API's. */
const CONTROL_WORDS: readonly RegExp[] = [
  /\bExpand all\b/,
  /\bCollapse all\b/,
  /\bCopy\b/,
  /\bShow (examples|all|fewer)\b/,
  /\bLoad more\b/,
  /\bGenerated example\b/,
  /\bCarries the example\b/,
  /\bThe document's example\b/,
  /\bExample \d+\b/,
  // The labels of an example's blocks, which are no part of the index either.
  /\bHeaders\. Payload\b|\bPayload · (YAML|XML|text)\b/,
  // "Examples · not satisfy its schema (1 problem)": a note about an example, cut.
  /not satisfy its schema/,
  /\(\d+ problems?\)/,
  /\bTry the filters\b/,
  /\bFull size\b/,
  /\bOn this page\b/,
  /\bNotes? for authors\b/,
  // A preview's findings: its fold's words.
  /\bThe document check found\b/,
  /\bShown in this preview only\b/,
  /\bSkip to content\b/,
  /\bSearch page\b/,
  // An sns subscription's card and its operation's code samples: fold labels, the pill that marks
  // this API's queue, the headings and lists of the publish commands ("To reach sqs a. sqs a filter
  // on …"), and a delivery policy's numbers (a retry schedule's rows: "15. backoff. 20. 47.2.").
  /\bFilter policy\b/,
  /\bDelivery policy\b/,
  /\bretry schedule\b/,
  /\bThis API's queue\b/,
  /\bTo reach\b/,
  /\bpost-backoff\b/,
];

/** A place on a page Pagefind records: an element with an id, titled where it is a result of its own (data-pagefind-title). */
interface Anchor {
  element: string;
  id: string;
  title?: string;
}

/** Each indexed page's address, text and places, as Pagefind's fragments hold them (a fragment is gzip: "pagefind_dcd" then the page's JSON). */
function indexedPages(site: string): { url: string; content: string; anchors: Anchor[] }[] {
  const folder = join(site, 'pagefind', 'fragment');
  return readdirSync(folder).map((file) => {
    const text = gunzipSync(readFileSync(join(folder, file))).toString('utf8');
    const page = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string; anchors?: Anchor[] };
    return { url: page.url, content: page.content, anchors: page.anchors ?? [] };
  });
}

/** The indexed page at `url`. */
function pageAt(pages: { url: string; content: string; anchors: Anchor[] }[], url: string) {
  const found = pages.find((p) => p.url === url);
  assert.ok(found, `${url} is indexed: ${pages.map((p) => p.url).join(', ')}`);
  return found;
}

/** How many times `text` holds `word`. */
const timesIn = (text: string, word: string): number => text.split(word).length - 1;

/** Every control word found in the indexed pages, with the page and the words around it. */
function controlWordsIn(pages: { url: string; content: string }[]): string[] {
  const found: string[] = [];
  for (const { url, content } of pages)
    for (const word of CONTROL_WORDS) {
      const at = content.search(word);
      if (at >= 0) found.push(`${url}: …${content.slice(Math.max(0, at - 40), at + 60)}…`);
    }
  return found;
}

describe("search's record of a page holds none of its controls' words", () => {
  let content: { url: string; content: string; anchors: Anchor[] }[] = [];
  let springwolf: { url: string; content: string; anchors: Anchor[] }[] = [];
  before(async () => {
    content = indexedPages(await sharedSite(['content', '--allow-invalid'], repo));
    springwolf = indexedPages(await sharedSite(['logistics-kafka.json', '--allow-invalid'], SPRINGWOLF));
  });

  it("the default content: its sns pages (the tester's fold), its examples and their names", () => {
    assert.ok(content.length > 20, `pages indexed: ${content.length}`);
    // The pages hold what was left out around it: an example's own summary, a fold's content.
    assert.ok(content.some((p) => /Order placed/.test(p.content)));
    assert.deepEqual(controlWordsIn(content), []);
  });

  it("a springwolf document: generated examples, the document's examples and the notes on those that do not satisfy their schema", () => {
    assert.ok(springwolf.length > 10, `pages indexed: ${springwolf.length}`);
    assert.deepEqual(controlWordsIn(springwolf), []);
  });

  it("an sns subscription's card is indexed as its sentence, once: its name, what it receives, how it is delivered", () => {
    const operation = pageAt(content, '/operations/receiveordereventsinwarehouse/');
    // The card's sentence, up to the fold of its queues' settings (indexed as the binding's values, as before they moved into the card).
    const start = operation.content.indexOf('SQS queue warehouse-picking.fifo');
    const card = operation.content.slice(start, operation.content.indexOf('Settings of its', start));
    assert.match(
      card,
      /^SQS queue warehouse-picking\.fifo Receives only messages where total\.amount is a number > 0 \(filter on the message body\) (?:Never receives Order cancelled: [\s\S]*?\. )?Delivered raw/,
    );
    assert.equal(timesIn(card, 'warehouse-picking.fifo'), 1, card);
    // The publishing operation's commands repeat every subscription's name and filter: not indexed, the cards and the fan-out say them.
    const publish = pageAt(content, '/operations/publishorderevents/');
    assert.equal(timesIn(publish.content, 'warehouse-picking'), 0, publish.content);
    assert.match(publish.content, /Publishes to the topic orders\.fifo\./);
  });

  it("an sns subscription is a place a search lands on, as a field's row is: its card on the operation's page, its row in the channel's fan-out", () => {
    const titled = (url: string) =>
      pageAt(content, url)
        .anchors.filter((a) => a.title !== undefined)
        .map((a) => `${a.id}: ${a.title}`);
    assert.deepEqual(titled('/operations/receiveordereventsinwarehouse/'), [
      'sns-consumer-1-title: SQS queue warehouse-picking.fifo',
      'sns-consumer-2-title: SQS queue fraud-screening.fifo',
      'sns-consumer-3-title: SQS queue billing-orders.fifo',
    ]);
    assert.deepEqual(titled('/channels/orderevents/'), [
      'fan-out-subscription-1: SQS queue billing-orders.fifo',
      'fan-out-subscription-2: SQS queue fraud-screening.fifo',
      'fan-out-subscription-3: SQS queue warehouse-picking.fifo',
    ]);
  });
});
