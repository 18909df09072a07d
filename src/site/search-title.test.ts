import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchTitle } from './search-title.ts';

describe('a search hit’s title for a page without one of its own', () => {
  it('reads an operation’s, a channel’s, a message’s and a server’s key as words', () => {
    assert.equal(searchTitle({ kind: 'operation', id: 'receiveCommentLiked', title: 'receiveCommentLiked' }), 'Receive comment liked');
    assert.equal(searchTitle({ kind: 'server', id: 'scram-connections', title: 'scram-connections' }), 'Scram connections');
    assert.equal(searchTitle({ kind: 'component:messages', id: 'lightMeasured', title: 'lightMeasured' }), 'Light measured');
    assert.equal(searchTitle({ kind: 'channel', id: 'orders', title: 'orders' }), 'Orders');
  });

  it('keeps a title the document gives, and the names a reader types as code', () => {
    assert.equal(searchTitle({ kind: 'operation', id: 'publishOrder', title: 'Publish order events' }), undefined);
    assert.equal(searchTitle({ kind: 'component:schemas', id: 'OrderRef', title: 'OrderRef' }), undefined);
    assert.equal(searchTitle({ kind: 'component:parameters', id: 'streetlightId', title: 'streetlightId' }), undefined);
    // A key that is already words: nothing to change.
    assert.equal(searchTitle({ kind: 'channel', id: 'Orders', title: 'Orders' }), undefined);
  });
});
