import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WORD_DIFF_CELLS, wordDiff } from './word-diff.ts';

const side = (pieces: ReturnType<typeof wordDiff>, kind: 'old' | 'new') =>
  pieces
    .filter((p) => p.kind === 'same' || p.kind === kind)
    .map((p) => p.text)
    .join('');

test('a reworded sentence keeps its shared words once and marks the removed and added ones', () => {
  const pieces = wordDiff('Publishes each order.', 'Publishes each order once it is placed.');
  assert.deepEqual(pieces, [
    { kind: 'same', text: 'Publishes each ' },
    { kind: 'old', text: 'order.' },
    { kind: 'new', text: 'order once it is placed.' },
  ]);
});

test('the pieces give back the new text exactly, and the old one up to its spaces', () => {
  const before = 'Orders the warehouse  picks,\nin the order they were placed.';
  const after = 'Orders that the warehouse picks, in the order they were paid.';
  const pieces = wordDiff(before, after);
  assert.equal(side(pieces, 'old').replace(/\s+/g, ' '), before.replace(/\s+/g, ' '));
  assert.equal(side(pieces, 'new'), after);
  assert.ok(pieces.some((p) => p.kind === 'same' && p.text.includes('warehouse')));
});

test('a text added where there was none is all new; past the bound the texts are given whole', () => {
  assert.deepEqual(wordDiff('', 'Now described.'), [{ kind: 'new', text: 'Now described.' }]);
  const long = (w: string) => Array.from({ length: Math.ceil(Math.sqrt(WORD_DIFF_CELLS)) + 1 }, () => w).join(' ');
  assert.deepEqual(wordDiff(long('a'), long('b')), [
    { kind: 'old', text: long('a') },
    { kind: 'new', text: long('b') },
  ]);
});
