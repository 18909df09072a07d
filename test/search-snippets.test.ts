/**
 * What the search box and the search page show of a hit (public/search-query.js) and how they rank them (public/search-rank.js): the sentence
 * around the match rather than Pagefind's run of a section's words, a query with a word no page
 * holds answered with nothing, and the object a query names exactly first.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parse } from 'yaml';
import {
  idShown,
  markedWord,
  nameHolding,
  nameKey,
  nameWords,
  pageLine,
  placeAnswers,
  placeOf,
  readsAsProse,
  sentenceAround,
  summaryShowsMatch,
  wordsApart,
} from '../public/search-query.js';
import { namesExactly, namesExactlyAsTyped, rankedSearch, resultRank } from '../public/search-rank.js';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';

describe('the sentence around a match', () => {
  it("leaves out the section's heading the excerpt starts with, and keeps the sentence that holds the match", () => {
    const excerpt =
      'Messages. <mark>Order</mark> placed <mark>OrderPlaced</mark> application/json. A customer completed checkout. <mark>Order</mark> cancelled';
    assert.equal(sentenceAround(excerpt, 'Messages'), '<mark>Order</mark> placed <mark>OrderPlaced</mark> application/json. A customer completed checkout.');
  });

  it("leaves out a page's id and title, and skips sentences without the match", () => {
    const excerpt =
      '<mark>Order</mark> <mark>Order.</mark> Schema. <mark>Order</mark> (object) · extends <mark>OrderRef.</mark> From <mark>OrderRef.</mark> orderId string required.';
    assert.equal(sentenceAround(excerpt, 'Order'), '<mark>Order</mark> (object) · extends <mark>OrderRef</mark>.');
    assert.equal(
      sentenceAround('publishOrderEvents Publish order events. The <mark>order</mark> service publishes.', 'Publish order events'),
      'The <mark>order</mark> service publishes.',
    );
  });

  it('cuts a long sentence to about two lines around the match, saying so', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    words[15] = '<mark>amount</mark>';
    const shown = sentenceAround(`${words.join(' ')}.`, undefined);
    assert.match(shown, /^… .*<mark>amount<\/mark>.* …$/);
    assert.ok(shown.split(' ').length <= 26, shown);
  });

  it("says where Pagefind's excerpt ends in the middle of a sentence", () => {
    assert.equal(
      sentenceAround('Channels. <mark>Order</mark> events every state change of an <mark>order,</mark> strictly', 'Channels'),
      '<mark>Order</mark> events every state change of an <mark>order</mark>, strictly …',
    );
  });

  it("adds no … where the page's text ends", () => {
    assert.equal(
      sentenceAround('Used by. <mark>Order</mark> placed. Its own schema', 'Used by', 'Order Schema. Used by. Order placed. Its own schema'),
      '<mark>Order</mark> placed. Its own schema',
    );
  });

  it('is empty when the excerpt is only its heading', () => {
    assert.equal(sentenceAround('<mark>Order</mark> placed.', 'Order placed'), '');
  });
});

/** A stand-in for Pagefind's search library over pages `{ url, title, words }`: a page is found by any word, as Pagefind finds it. */
function library(pages: { url: string; title: string; words: string[]; part?: boolean }[]) {
  return {
    search: async (term: string) => {
      const asked = term.toLowerCase().split(/\s+/);
      const found = pages.filter((page) => asked.some((word) => page.words.some((w) => w.startsWith(word))));
      return {
        results: found.map((page) => ({
          id: page.url,
          data: async () => ({ url: page.url, meta: { title: page.title }, filters: page.part ? {} : { kind: ['Channel'] } }),
        })),
        unfilteredResultCount: found.length,
        filters: { kind: { Schema: found.length } },
      };
    },
  };
}

const pages = [
  { url: '/components/operationtraits/ordersteam/', title: 'ordersTeam', words: ['orders', 'order'], part: true },
  { url: '/channels/orderevents/', title: 'Order events', words: ['order', 'events', 'orders'] },
  { url: '/operations/publishorderevents/', title: 'Publish order events', words: ['publishorderevents', 'order', 'publish'] },
  { url: '/components/schemas/order/', title: 'Order', words: ['order'] },
];

describe('the search a reader expects', () => {
  it('puts the object the query names first: by title, or by id (its address); a trait after the objects a reader filters by', async () => {
    const byTitle = await rankedSearch(library(pages), 'order', {});
    assert.deepEqual(
      byTitle.results.map((r: { id: string }) => r.id),
      ['/components/schemas/order/', '/channels/orderevents/', '/operations/publishorderevents/', '/components/operationtraits/ordersteam/'],
    );
    const byId = await rankedSearch(library(pages), 'publishOrderEvents', {});
    assert.equal(byId.results[0].id, '/operations/publishorderevents/');
    assert.ok(namesExactly({ url: '/channels/orderevents/', meta: { title: 'Order events' } }, 'order-events'));
    assert.ok(!namesExactly({ url: '/channels/orderevents/', meta: { title: 'Order events' } }, 'order'));
  });

  it('puts the exact, case-sensitive id first, before an id that differs from it only in case', async () => {
    // `SendUserSignedUp` sorts first, so it keeps the plain address and `sendUserSignedUp` gets the hashed one.
    const namesakes = [
      { url: '/operations/sendusersignedup/', id: 'SendUserSignedUp', title: 'Publish a sign-up (legacy)' },
      { url: '/operations/sendusersignedup-1a2b3c/', id: 'sendUserSignedUp', title: 'Publish UserSignedUp' },
    ];
    const answer = await rankedSearch(
      {
        search: async () => ({
          results: namesakes.map((page) => ({
            id: page.url,
            data: async () => ({ url: page.url, meta: { title: page.title, id: page.id }, filters: { kind: ['Operation'] } }),
          })),
          unfilteredResultCount: namesakes.length,
          filters: {},
        }),
      },
      'sendUserSignedUp',
      {},
    );
    assert.deepEqual(
      answer.results.map((r: { id: string }) => r.id),
      ['/operations/sendusersignedup-1a2b3c/', '/operations/sendusersignedup/'],
    );
    assert.ok(namesExactlyAsTyped({ meta: { id: 'sendUserSignedUp' } }, 'sendUserSignedUp'));
    assert.ok(!namesExactlyAsTyped({ meta: { id: 'SendUserSignedUp' } }, 'sendUserSignedUp'));
  });

  it('finds nothing for a query with a word no page holds, its filters counting none', async () => {
    const answer = await rankedSearch(library(pages), 'order xqzvw', {});
    assert.equal(answer.results.length, 0);
    assert.deepEqual(answer.filters, { kind: { Schema: 0 } });
    assert.equal((await rankedSearch(library(pages), 'order publish', {})).results.length, 4);
  });
});

/** A Spring Kafka service's document as springwolf generates it (written by hand in that shape: test/fixtures/springwolf). */
const SPRINGWOLF = join(import.meta.dirname, 'fixtures/springwolf/logistics-kafka.json');

describe('a query that a name holds, on a springwolf document', () => {
  // Its operations as pages (the address is the id in lower case, the title the operation's own or
  // its id), each found, as Pagefind finds them, by the words "receive" and "parcel" it shares.
  const document = JSON.parse(readFileSync(SPRINGWOLF, 'utf8')) as { operations: Record<string, { title?: string }> };
  const operations = Object.entries(document.operations).map(([id, operation]) => ({
    url: `/operations/${id.toLowerCase()}/`,
    title: operation.title ?? id,
    words: [id.toLowerCase(), ...id.split(/[_-]/).map((w) => w.toLowerCase()), 'receive', 'parcel', 'payload'],
  }));

  it('puts first the operations whose title or id holds the whole query, across camelCase and snake_case', async () => {
    // Pagefind's own order, as the reader saw it: operations that only share "receive" first.
    const pagefindOrder = [...operations].sort((a, b) => Number(a.url.includes('receiveparcelpayload')) - Number(b.url.includes('receiveparcelpayload')));
    const parts = (term: string) => term.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    const byParts = library(pagefindOrder);
    const answer = await rankedSearch({ search: (term: string) => byParts.search(parts(term)) }, 'receiveParcelPayload', {});
    assert.ok(answer.results.length > 5, 'the other receiving operations are found too');
    const ids = answer.results.map((r: { id: string }) => r.id);
    const holding = operations.filter((o) => o.url.includes('receiveparcelpayload')).map((o) => o.url);
    assert.ok(holding.length >= 2, 'the document has operations whose id holds the query');
    assert.deepEqual(new Set(ids.slice(0, holding.length)), new Set(holding));
    // Its title holds it ("parcel-topic_receive_receiveParcelPayload" has no title): first of them.
    assert.equal(ids[0], '/operations/parcel-topic_receive_receiveparcelpayload/');
    assert.equal(
      nameHolding({ url: '/operations/json-topic_receive_receiveparcelpayload/', meta: { title: 'json-topic_receive' } }, 'receiveParcelPayload'),
      'id',
    );
    assert.equal(nameHolding({ url: '/x/', meta: { title: 'Invoice paid' } }, 'id'), undefined);
    assert.equal(nameHolding({ url: '/x/', meta: { title: 'receive_parcel_payload' } }, 'ReceiveParcel'), 'title');
  });

  it('shows the match, not the summary, when the summary does not say what matched (an address)', () => {
    assert.ok(!summaryShowsMatch('Where the order service publishes.', 'hooks.example'));
    assert.ok(summaryShowsMatch('Posts to https://hooks.example.com/orders.', 'hooks.example'));
  });
});

describe('what a hit reads (issue 34: a breadcrumb and one clean sentence)', () => {
  it('marks the matched word, not the punctuation around it', () => {
    assert.equal(markedWord('OrderRef.'), '<mark>OrderRef</mark>.');
    assert.equal(markedWord('orders.fifo.'), '<mark>orders.fifo</mark>.');
    assert.equal(markedWord('"OrderPlaced",'), '"<mark>OrderPlaced</mark>",');
    assert.equal(markedWord('orders-{region}.fifo'), '<mark>orders-{region}.fifo</mark>');
    assert.equal(markedWord('…'), '<mark>…</mark>');
    assert.equal(
      sentenceAround('Queues. The <mark>warehouse.</mark> picks from <mark>orders.fifo.</mark> every hour of the day.', 'Queues'),
      'The <mark>warehouse</mark>. picks from <mark>orders.fifo</mark>.',
    );
  });

  it('tells prose from labels and names run together', () => {
    for (const runOn of [
      'Content type application/json Name <mark>OrderCancelled</mark> Correlation ID $message.header#/MessageGroupId the …',
      'send sns <mark>requestStockCheck</mark>. Messages.',
      'Order placed <mark>OrderPlaced</mark> application/json. A customer completed checkout.',
      'application/json <mark>OrderCancelled</mark> $message.header#/MessageGroupId the header MessageGroupId of the message.',
      'cancelled <mark>orders</mark>. Order events orders-{region}.fifo region Production topics.',
      'Definition. address description Each request names its own reply queue.',
      'Order events orders-{region}.fifo region Production topics https://docs.example.com/commerce/runbooks/orders Order service <mark>runbook</mark>.',
      'Stock check answered <mark>StockCheckAnswered</mark>. Stock check answered.',
    ])
      assert.equal(readsAsProse(runOn), false, runOn);
    for (const prose of [
      'The <mark>order</mark> service publishes every order state change.',
      '3 subscriptions to the topic <mark>orders.fifo</mark>.',
      'Receives only messages where eventType is "<mark>OrderPlaced</mark>" (filter on the message attributes)',
    ])
      assert.equal(readsAsProse(prose), true, prose);
  });

  it("reads the page's summary rather than a run of labels, the match when it is a sentence, else nothing", () => {
    const runOn = 'Content type application/json Name <mark>OrderCancelled</mark> Correlation ID $message.header#/MessageGroupId the …';
    assert.deepEqual(pageLine('A customer cancelled the order.', runOn, false, 'OrderCancelled'), { summary: 'A customer cancelled the order.' });
    assert.deepEqual(pageLine('', runOn, false, 'OrderCancelled'), {});
    const prose = 'Delivered to the <mark>warehouse</mark> queue within a second.';
    assert.deepEqual(pageLine('Orders as they change.', prose, false, 'warehouse'), { around: prose });
    assert.deepEqual(
      pageLine('Orders as they change.', prose, true, 'warehouse'),
      { summary: 'Orders as they change.' },
      'named for the query: its own sentence',
    );
  });
});

describe('names before body mentions (issue 34)', () => {
  /** A search over results given as Pagefind's data, in Pagefind's own order. */
  const fixed = (datas: object[]) => ({
    search: async () => ({
      results: datas.map((data, i) => ({ id: String(i), data: async () => data })),
      unfilteredResultCount: datas.length,
      filters: {},
    }),
  });
  const hit = (url: string, title: string, kind: string, excerpt: string, sub_results: object[] = []) => ({
    url,
    excerpt,
    meta: { title, kind },
    filters: { kind: [kind] },
    sub_results,
  });
  type Hit = ReturnType<typeof hit>;
  /** The results of a search over `datas` for `query`, as ranked: each one's data, in order. */
  const rankedDatas = async (datas: Hit[], query: string): Promise<Hit[]> => {
    const answer = await rankedSearch(fixed(datas), query, {});
    return Promise.all(answer.results.map((result: { data: () => Promise<Hit> }) => result.data()));
  };

  it('puts the operation named for the query before the messages, the overview and the pages that only mention it', async () => {
    const datas = [
      hit('/components/schemas/order/', 'Order', 'Schema', '<mark>Order</mark>'),
      hit('/channels/orderevents/', 'Order events', 'Channel', 'every <mark>order</mark>'),
      hit('/operations/receiveordereventsinwarehouse/', 'Warehouse picks orders', 'Operation', 'placed <mark>orders</mark>'),
      hit('/', 'Order Fulfilment Events', 'API overview', 'an <mark>order</mark> from checkout'),
      hit('/components/messages/orderplaced/', 'Order placed', 'Message', '<mark>Order</mark> placed'),
      hit('/operations/publishorderevents/', 'Publish order events', 'Operation', 'every <mark>order</mark>'),
      hit('/guides/getting-started/', 'Getting started', 'Guide', 'an <mark>order</mark>'),
    ];
    const titles = (await rankedDatas(datas, 'order')).map((data) => data.meta.title);
    assert.deepEqual(titles, [
      'Order',
      'Publish order events',
      'Order events',
      'Order placed',
      'Order Fulfilment Events',
      'Warehouse picks orders',
      'Getting started',
    ]);
  });

  it("puts the schemas with a field named for the query before the overview that mentions it (springwolf's someEnum)", async () => {
    const field = (schema: string) => ({
      url: `/components/schemas/${schema.toLowerCase()}/#payload.someEnum`,
      excerpt: 'Some enum field.',
      anchor: { title: `${schema} › someEnum` },
    });
    const datas = [
      hit('/', 'Springwolf example project - Kafka', 'API overview', 'examplePayloadAvroDto, <mark>someEnum</mark> string.'),
      hit('/components/schemas/anotherpayloadavrodto/', 'AnotherPayloadAvroDto', 'Schema', '<mark>someEnum</mark>', [field('AnotherPayloadAvroDto')]),
      hit('/components/schemas/yamlpayloaddto/', 'YamlPayloadDto', 'Schema', '<mark>someEnum</mark>', [field('YamlPayloadDto')]),
      hit('/components/schemas/examplepayloaddto/', 'ExamplePayloadDto', 'Schema', '<mark>someEnum</mark>', [field('ExamplePayloadDto')]),
    ];
    const urls = (await rankedDatas(datas, 'someEnum')).map((data) => data.url);
    assert.equal(urls[urls.length - 1], '/', `the overview after the schemas: ${urls.join(', ')}`);
    assert.ok(resultRank(datas[1], 'someEnum') < resultRank(datas[0], 'someEnum'));
  });

  it("puts a channel's bindings, a trait and a correlation ID whose names hold the query after every reader's object, unless the query names them exactly", async () => {
    // The sample's answer to "order" (content/orders.apidesc.yaml), its parts last however their names hold the word.
    const datas = [
      hit('/components/channelbindings/ordertopic/', 'orderTopic', 'Channel binding', '<mark>orderTopic</mark>'),
      hit('/components/correlationids/orderid/', 'orderId', 'Correlation ID', '<mark>orderId</mark> of the message.'),
      hit('/operations/notifycustomers/', 'Notify customers', 'Operation', 'when an <mark>order</mark> ships'),
      hit('/components/operationtraits/ordersteam/', 'ordersTeam', 'Operation trait', '<mark>orders</mark> team'),
      hit('/', 'Order Fulfilment Events', 'API overview', 'every <mark>order</mark>'),
      hit('/messages/parcelscanned/', 'Parcel scanned', 'Message', 'of an <mark>order</mark>'),
    ];
    const urls = (await rankedDatas(datas, 'order')).map((data) => data.url);
    assert.deepEqual(
      urls.slice(-3).sort(),
      ['/components/channelbindings/ordertopic/', '/components/correlationids/orderid/', '/components/operationtraits/ordersteam/'],
      urls.join(', '),
    );
    assert.equal((await rankedDatas(datas, 'orderId'))[0]?.url, '/components/correlationids/orderid/');
  });

  it("puts the parts past the best results after the readers' objects there too, within the reader's own filters (a trait that mentions `kafka`)", async () => {
    // Pagefind's order: 20 operations, then the trait that mentions the word, then a message that does.
    const datas = [
      ...Array.from({ length: 20 }, (_, i) => hit(`/operations/op${i}/`, `op${i}`, 'Operation', 'a <mark>kafka</mark> binding')),
      hit('/components/messagetraits/commonheaders/', 'commonHeaders', 'Message trait', 'a <mark>kafka</mark> header'),
      hit('/components/messages/dimlight/', 'Dim light', 'Message', 'sent over <mark>kafka</mark>'),
    ];
    const asked: object[] = [];
    const library = {
      search: async (_term: string, options?: { filters?: { all?: { kind?: { any?: string[] } }[] } }) => {
        asked.push(options ?? {});
        const kinds = options?.filters?.all?.flatMap((filter) => filter.kind?.any ?? []);
        const found = datas
          .map((data, i) => ({ id: String(i), data: async () => data }))
          .filter((_, i) => !kinds || kinds.includes(datas[i]!.filters.kind[0]!));
        return { results: found, unfilteredResultCount: found.length, filters: {} };
      },
    };
    const answer = await rankedSearch(library, 'kafka', { filters: { API: ['Lights'] } });
    const urls = await Promise.all(answer.results.map(async (result: { data: () => Promise<Hit> }) => (await result.data()).url));
    assert.deepEqual(urls.slice(-2), ['/components/messages/dimlight/', '/components/messagetraits/commonheaders/']);
    assert.ok(
      asked.some((options) => JSON.stringify(options).includes('"API":["Lights"]') && JSON.stringify(options).includes('Message trait')),
      `the parts asked within the reader's filters: ${JSON.stringify(asked)}`,
    );
  });

  it('finds nothing where Pagefind fell back to shorter words that no page holds the query by ("or" for `ordr`)', async () => {
    const datas = [
      hit('/operations/notify/', 'Notify customers', 'Operation', 'an e-mail <mark>or</mark> SMS'),
      hit('/guides/auth/', 'Authentication', 'Guide', 'a token <mark>or</mark> a key'),
    ];
    assert.equal((await rankedSearch(fixed(datas), 'ordr', {})).results.length, 0);
    // A word Pagefind found by its stem is no fallback: "orders" for `ordering`.
    const stems = [hit('/channels/orderevents/', 'Order events', 'Channel', 'strictly <mark>ordered</mark> per order')];
    assert.equal((await rankedSearch(fixed(stems), 'ordering', {})).results.length, 1);
  });
});

describe('a snippet starts at a word of body text', () => {
  it("leaves out the end of a subscription's name the excerpt starts inside, and a dash left by a name not indexed", () => {
    assert.equal(
      sentenceAround('queue <mark>warehouse-picking.fifo</mark> only messages where total.amount is a number &gt; 0.', 'SQS queue warehouse-picking.fifo'),
      'only messages where total.amount is a number &gt; 0.',
    );
    assert.equal(
      sentenceAround('Examples. — An <mark>order</mark> of two items paid by card.', 'Examples'),
      'An <mark>order</mark> of two items paid by card.',
    );
  });
});

describe('the id a hit shows, and the subscriptions that are hits of their own', () => {
  const operation = { url: '/operations/publishorderevents/', meta: { id: 'publishOrderEvents', title: 'Publish order events' } };
  it('shows the id the query names, as typed or begun as an id is written; not for a plain word', () => {
    assert.equal(idShown(operation, 'publishOrderEvents'), 'publishOrderEvents');
    assert.equal(idShown(operation, 'publishorderevents'), 'publishOrderEvents');
    assert.equal(idShown(operation, 'publishOrd'), 'publishOrderEvents');
    assert.equal(idShown(operation, 'publish'), undefined);
    assert.equal(idShown(operation, 'Publish order events'), undefined);
    assert.equal(idShown({ meta: { id: 'Order', title: 'Order' } }, 'Order'), undefined, 'an id its title spells');
  });

  it("names a subscription's card and fan-out row a subscription, a field's row a field, and shows a subscription only where its name is asked", () => {
    const card = { anchor: { id: 'sns-consumer-1-title', title: 'SQS queue warehouse-picking.fifo' }, excerpt: '' };
    const row = {
      anchor: { id: 'fan-out-subscription-3', title: 'SQS queue billing-orders.fifo' },
      excerpt: '<mark>arn:aws:sqs:eu-west-1:1:billing-orders.fifo</mark>',
    };
    const field = { anchor: { id: 'schema.lines[].unitPrice', title: 'Order › lines › unitPrice' }, excerpt: '' };
    assert.deepEqual(placeOf(card), { kind: 'Subscription', name: 'SQS queue warehouse-picking.fifo', path: '' });
    assert.deepEqual(placeOf(field), { kind: 'Field', name: 'unitPrice', path: 'Order › lines › unitPrice' });
    assert.equal(placeOf({ anchor: { id: 'h-messages' } }), undefined, "a heading's hit is no place of its own");
    assert.equal(placeAnswers(card, 'warehouse-picking'), true);
    assert.equal(placeAnswers(card, 'picking'), true);
    // "orders" only begins as "order" does: the page's own hit says why it was found.
    assert.equal(placeAnswers(row, 'order'), false);
    assert.equal(placeAnswers(row, 'publishOrderEvents'), false);
    assert.equal(placeAnswers(field, 'price'), true, "a field's hit, its name or its description matched");
  });
});

describe("a field's hit lists only fields that hold the query (springwolf's `someEnum` listed `someLong`)", () => {
  /** Each object's property names with their descriptions, siblings together, from every schema of a document. */
  function fieldGroups(node: unknown, groups: { name: string; description: string }[][] = []): { name: string; description: string }[][] {
    if (Array.isArray(node)) for (const item of node) fieldGroups(item, groups);
    else if (node !== null && typeof node === 'object') {
      const properties = (node as { properties?: unknown }).properties;
      if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) {
        const group = Object.entries(properties).map(([name, field]) => ({
          name,
          description: String((field as { description?: unknown })?.description ?? ''),
        }));
        if (group.length > 1) groups.push(group);
      }
      for (const value of Object.values(node)) fieldGroups(value, groups);
    }
    return groups;
  }
  const documents = [
    SPRINGWOLF,
    ...(HAS_CORPUS
      ? readdirSync(join(CORPUS, 'valid'))
          .filter((name) => /\.(ya?ml|json)$/.test(name))
          .map((name) => join(CORPUS, 'valid', name))
      : []),
  ];
  const groups = documents.flatMap((file) => fieldGroups(parse(readFileSync(file, 'utf8'))));

  /** A row's text as Pagefind's excerpt marks it for `asked`: a token whose word, or a part of it, begins as an asked word does. */
  const marked = (text: string, asked: string) => {
    const words = asked.toLowerCase().split(/\s+/);
    return text
      .split(/\s+/)
      .map((token) => {
        const parts = [token, ...nameWords(token)].map((part) => part.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''));
        return parts.some((part) => words.some((word) => part.startsWith(word))) ? `<mark>${token}</mark>` : token;
      })
      .join(' ');
  };

  it('keeps, for every field name of real documents, only the rows whose name or text holds it, however written, and always the named row', () => {
    const names = [...new Set(groups.flatMap((group) => group.map((field) => field.name)))].filter((name) => nameWords(name).length > 1);
    assert.ok(names.length > 20, `${names.length} joined field names`);
    let listedOthers = 0;
    fc.assert(
      fc.property(fc.constantFrom(...names.sort()), fc.constantFrom('as typed', 'kebab', 'snake', 'spaced'), (name, form) => {
        const words = nameWords(name);
        const query = form === 'as typed' ? name : words.join(form === 'kebab' ? '-' : form === 'snake' ? '_' : ' ');
        const key = nameKey(query);
        // Every schema the name is a field of, its rows as Pagefind's sub-results for the words asked.
        for (const group of groups.filter((g) => g.some((field) => field.name === name))) {
          const subs = group.map((field) => ({
            url: `/components/schemas/x/#schema.${field.name}`,
            anchor: { id: `schema.${field.name}`, title: `X › ${field.name}` },
            excerpt: marked(`${field.name} string. ${field.description}`, wordsApart(query)),
          }));
          const shown = subs.filter((sub) => placeAnswers(sub, query));
          assert.ok(
            shown.some((sub) => sub.anchor.title.endsWith(` › ${name}`)),
            `${query}: the row of ${name} is listed`,
          );
          // Joined, the name itself; typed apart, its words ("event id": a row named `team_id` about an event holds them).
          const held = form === 'spaced' ? words.map(nameKey) : [key];
          for (const sub of shown) {
            const text = nameKey(`${sub.anchor.title} ${sub.excerpt.replace(/<\/?mark>/g, '')}`);
            assert.ok(
              held.every((word) => text.includes(word)),
              `${query}: ${sub.anchor.title} holds it`,
            );
          }
          listedOthers += subs.length - shown.length;
        }
      }),
      { numRuns: 200, seed: 18 },
    );
    assert.ok(listedOthers > 0, 'the documents have rows that share a word with another field only');
  });
});
