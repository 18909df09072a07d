import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from '../lib/model/page-types.ts';
import { CARD_MESSAGES_SHOWN, cardActions } from './catalog-actions.ts';

const operation = (id: string, action: string, titles: string[]): Page =>
  ({
    kind: 'operation',
    id,
    title: id,
    url: `operations/${id}/`,
    badges: [action, 'sns'],
    messageLabels: titles.map((title) => ({ title })),
    tags: [],
    protocols: [],
    facts: [],
    sections: [],
  }) as unknown as Page;

describe("a portal card's messages", () => {
  it('names the messages an API sends, then those it receives, each once', () => {
    const pages = [
      operation('publish', 'send', ['OrderPlaced', 'OrderCancelled']),
      operation('again', 'send', ['OrderPlaced']),
      operation('consume', 'receive', ['UserSignedUp']),
    ];
    assert.deepEqual(cardActions(pages), [
      { action: 'send', names: [{ title: 'OrderPlaced' }, { title: 'OrderCancelled' }], more: 0 },
      { action: 'receive', names: [{ title: 'UserSignedUp' }], more: 0 },
    ]);
  });

  it('names a few and counts the rest, so that a card does not grow with the API', () => {
    const names = Array.from({ length: 40 }, (_, i) => `Event${i}`);
    const [sends] = cardActions([operation('publish', 'send', names)]);
    assert.equal(sends?.names.length, CARD_MESSAGES_SHOWN);
    assert.equal(sends?.more, 40 - CARD_MESSAGES_SHOWN);
  });

  it('says nothing of a direction no operation takes', () => {
    assert.deepEqual(cardActions([operation('consume', 'receive', [])]), []);
  });
});
