/**
 * The query's words marked in what a hit shows (public/search-query.js markedPieces, markedHtml):
 * a summary, an id, an address, a name, so that every hit on the search page shows why it matched,
 * as the header box does. Whole words only (the last, being typed, as a word's start); the text
 * escaped, a document's words never markup.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { markedHtml, markedPieces } from '../public/search-query.js';

describe("the query's words marked in a hit's text", () => {
  it('marks whole words, joined or spaced, and the word being typed as a start', () => {
    assert.equal(markedHtml('Publish order events for every order.', 'order'), 'Publish <mark>order</mark> events for every <mark>order</mark>.');
    assert.equal(markedHtml('Stock check requests', 'stock-check'), '<mark>Stock</mark> <mark>check</mark> requests');
    assert.equal(markedHtml('receiveLightMeasurement', 'receiveLight'), '<mark>receiveLight</mark>Measurement');
    // A submitted query's last word marks the word it begins whole, as Pagefind marks what it found; the header box, while typing, the part typed.
    assert.equal(markedHtml('Orders placed, strictly ordered', 'order'), '<mark>Orders</mark> placed, strictly <mark>ordered</mark>');
    assert.equal(markedHtml('orders-{region}.fifo', 'order'), '<mark>orders</mark>-{region}.fifo');
    assert.equal(markedHtml('OrdersTeam', 'order'), '<mark>Orders</mark>Team');
    assert.deepEqual(markedPieces('Orders placed', 'ord'), [
      { text: 'Ord', marked: true },
      { text: 'ers placed', marked: false },
    ]);
  });

  it('marks no piece inside a word, nor a word that only begins as a query word does', () => {
    assert.equal(markedHtml('The amount paid', 'id'), 'The amount paid');
    assert.equal(markedHtml('Publish orders', 'order events'), 'Publish orders');
  });

  it("escapes the text: a document's words stay words", () => {
    assert.equal(markedHtml('<b>order</b> & more', 'order'), '&lt;b&gt;<mark>order</mark>&lt;/b&gt; &amp; more');
  });

  it('keeps every character of the text, in order, whatever the query', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, query) => {
        assert.equal(
          markedPieces(text, query)
            .map((p: { text: string }) => p.text)
            .join(''),
          text,
        );
      }),
    );
  });
});
