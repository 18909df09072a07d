import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replyAddressWords, runtimeExpressionMeaning } from './runtime-expression-words.ts';

describe('a runtime expression in words', () => {
  it('names the header or payload field, unescaping the pointer, of the message it reads', () => {
    assert.equal(runtimeExpressionMeaning('$message.header#/replyTo', 'the request message'), 'the header replyTo of the request message');
    assert.equal(runtimeExpressionMeaning('$message.payload#/order/a~1b', 'the message'), 'the payload field order.a/b of the message');
    assert.equal(runtimeExpressionMeaning('$message.payload', 'the message'), 'the whole payload of the message');
  });

  it('says nothing of what is not a runtime expression', () => {
    assert.equal(runtimeExpressionMeaning('header.id', 'the message'), undefined);
  });

  it('says where a reply goes in a few words for a diagram, and an address that is no expression as written', () => {
    assert.equal(replyAddressWords('$message.header#/replyTo'), 'the address in header replyTo');
    assert.equal(replyAddressWords('$message.payload#/reply/queue'), 'the address in payload field reply.queue');
    assert.equal(replyAddressWords('orders.replies'), 'orders.replies');
  });
});
