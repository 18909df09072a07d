import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nameWords, readableKey } from './name-hints.ts';

test('a key reads as a name: words apart, the first capitalised, words in capitals kept', () => {
  assert.equal(readableKey('commentChanged'), 'Comment changed');
  assert.equal(readableKey('likeComment'), 'Like comment');
  assert.equal(readableKey('order_placed'), 'Order placed');
  assert.equal(readableKey('SQSQueueCreated'), 'SQS queue created');
  assert.equal(readableKey('OrderPlaced'), 'Order placed');
  assert.equal(readableKey('$%'), '$%');
  assert.deepEqual(nameWords('replyTo'), ['reply', 'to']);
});
