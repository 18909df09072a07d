import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runtimeExpressionMeaning } from './runtime-expression-words.ts';

describe('a runtime expression in words', () => {
  it('names the header or payload field, unescaping the pointer, of the message it reads', () => {
    assert.equal(runtimeExpressionMeaning('$message.header#/replyTo', 'the request message'), 'the header replyTo of the request message');
    assert.equal(runtimeExpressionMeaning('$message.payload#/order/a~1b', 'the message'), 'the payload field order.a/b of the message');
    assert.equal(runtimeExpressionMeaning('$message.payload', 'the message'), 'the whole payload of the message');
  });

  it('says nothing of what is not a runtime expression', () => {
    assert.equal(runtimeExpressionMeaning('header.id', 'the message'), undefined);
  });
});
