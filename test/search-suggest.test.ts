/**
 * "Did you mean …" (public/search-suggest.js) over the site's own names (src/pipeline/search-names.ts):
 * a typo of a name is offered that name; a query that is a name, or that the index finds well, is
 * offered nothing; the list of names is bounded, the pages' names before their fields'.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import leven from 'leven';
import { wordsApart } from '../public/search-query.js';
import { marksQuery, pageHoldsQuery, rankedSearch } from '../public/search-rank.js';
import { foundWell, nearNames } from '../public/search-suggest.js';
import { MOST_NAMES, type SearchRecord, searchNames } from '../src/pipeline/search-names.ts';

const names = ['Order', 'OrderPlaced', 'Order placed', 'publishOrderEvents', 'unitPrice', 'last4', 'orderId', 'region', 'sku'];

describe('"Did you mean" names', () => {
  it('offers the name a typo was meant for, by edit distance, in its own case', () => {
    assert.deepEqual(nearNames('unitPrcie', names, leven), ['unitPrice']);
    assert.deepEqual(nearNames('ordr', names, leven), ['Order']);
    assert.deepEqual(nearNames('publishOrderEvent', names, leven), ['publishOrderEvents']);
    assert.equal(nearNames('ordr placed', names, leven)[0], 'Order placed', 'the nearest first');
  });

  it('offers a long name whose beginning the query is a typo of, when no whole name is near', () => {
    const more = [...names, 'receiveOrderEventsInWarehouse', 'Stock check requested', 'requestStockCheck'];
    assert.deepEqual(nearNames('recieveOrder', more, leven), ['receiveOrderEventsInWarehouse']);
    assert.deepEqual(nearNames('stok check', more, leven), ['Stock check requested']);
    // A whole name within reach, and the longer ones that begin like the query are not offered.
    assert.deepEqual(nearNames('ordr', [...more, 'Ordering'], leven), ['Order']);
    // A name that begins with the query as typed is no typo: Pagefind finds it by itself.
    assert.deepEqual(nearNames('publishOrder', more, leven), []);
  });

  it('offers nothing for a name as it is (in any case), a query too short to tell, or nothing near', () => {
    assert.deepEqual(nearNames('unitprice', names, leven), []);
    assert.deepEqual(nearNames('sk', names, leven), []);
    assert.deepEqual(nearNames('warehouse', names, leven), []);
  });

  it('offers nothing for a name written otherwise: stock-check, stock_check and stock check for stockCheck', () => {
    for (const query of ['stock-check', 'stock_check', 'Stock check', 'STOCK-CHECK'])
      assert.deepEqual(nearNames(query, ['stockCheck', 'stockCheckReply'], leven), [], query);
    assert.deepEqual(nearNames('stok-check', ['stockCheck'], leven), ['stockCheck'], 'a typo of it is offered the name');
  });

  it('asks the index for joined words apart, and keeps an address whole', () => {
    for (const query of ['stock-check', 'stockCheck', 'stock_check', 'stock check', 'stock  check'])
      assert.equal(wordsApart(query).toLowerCase(), 'stock check', query);
    assert.equal(wordsApart('requestStockCheck order'), 'request Stock Check order');
    for (const address of ['inventory.stock-check', 'orders-{region}.fifo', 'user/signedup', 'arn:aws:sns:eu-west-1:1:orders'])
      assert.equal(wordsApart(address), address);
    assert.equal(wordsApart('last4'), 'last4');
  });

  it('holds a joined name where marks spell it whole, not where its words stand apart', () => {
    const page = (excerpt: string) => ({ excerpt, sub_results: [] });
    assert.equal(pageHoldsQuery(page('<mark>Stock</mark> <mark>check</mark> requested.'), 'stock-check'), true);
    assert.equal(pageHoldsQuery(page('the <mark>StockCheckRequested</mark> message'), 'stock_check'), true);
    assert.equal(pageHoldsQuery(page('<mark>requestId</mark> of the <mark>stock</mark> to <mark>check</mark>'), 'requestStockCheck'), false);
    assert.equal(pageHoldsQuery(page('<mark>stock</mark> and <mark>check</mark>'), 'stockCheck'), false);
    // Not a joined name: any marked word of the query, as before.
    assert.equal(pageHoldsQuery(page('<mark>stock</mark> and <mark>check</mark>'), 'stock check'), true);
  });

  it("tells a query found from one Pagefind answered with shorter words (it falls back to 'or' for 'ordr')", () => {
    const page = (excerpt: string) => ({ excerpt, sub_results: [] });
    const fallback = [page('lights on <mark>or</mark> off'), page('added <mark>or</mark> changed'), page('public <mark>or</mark> private')];
    assert.equal(marksQuery('lights on <mark>or</mark> off', 'ordr'), false);
    assert.equal(foundWell(fallback, 'ordr'), false);
    const found = [page('the <mark>order</mark> service'), page('an <mark>order,</mark> strictly'), page('x')];
    assert.equal(foundWell(found, 'order'), true);
    // Too few pages: names are looked at even when they hold it.
    assert.equal(foundWell(found.slice(0, 1), 'order'), false);
  });

  it('ranks the pages that hold the query before those Pagefind found by a part of it ("placed" of placedAt)', async () => {
    const pages = [
      { url: '/channels/orderevents/', excerpt: 'Messages. Order <mark>placed</mark> OrderPlaced' },
      { url: '/components/messages/orderplaced/', excerpt: 'Order <mark>placed.</mark> A customer completed checkout.' },
      { url: '/components/schemas/order/', excerpt: 'Own fields. <mark>placedAt</mark> string required.' },
    ];
    const answer = await rankedSearch(
      {
        search: async () => ({
          results: pages.map((page) => ({
            id: page.url,
            data: async () => ({ url: page.url, meta: { title: page.url }, excerpt: page.excerpt, filters: { kind: ['X'] } }),
          })),
          unfilteredResultCount: pages.length,
          filters: {},
        }),
      },
      'placedAt',
      {},
    );
    assert.deepEqual(
      answer.results.map((r: { id: string }) => r.id),
      ['/components/schemas/order/', '/channels/orderevents/', '/components/messages/orderplaced/'],
    );
    assert.equal(marksQuery('Address <mark>orders-{region}.fifo</mark>', '{region}'), true);
  });

  it("lists each page's id and title, then its field records' names, each once, bounded", () => {
    const records: SearchRecord[] = [
      { meta: { id: 'OrderPlaced', title: 'Order placed' }, anchors: [{ title: 'Order › lines › unitPrice' }, { title: undefined }] },
      { meta: { id: 'Order', title: 'Order' }, anchors: [{ title: 'Order › lines › unitPrice' }, { title: 'Order › id' }, { title: 'Order › currency' }] },
      { meta: { id: 'CardPayment', title: 'CardPayment' }, anchors: [{ title: 'CardPayment › last4' }] },
    ];
    assert.deepEqual(searchNames(records), ['CardPayment', 'Order', 'Order placed', 'OrderPlaced', 'unitPrice', 'currency', 'last4']);
    assert.deepEqual(searchNames(records, 3), ['CardPayment', 'Order', 'Order placed']);
    const many = Array.from({ length: MOST_NAMES + 10 }, (_, i) => ({ meta: { id: `name${i}` } }));
    assert.equal(searchNames(many).length, MOST_NAMES);
  });
});
