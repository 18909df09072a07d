import '../../../test/seeded-random.ts';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { stringify } from 'yaml';
import { tempTree } from '../../../test/helpers.ts';
import type { PagePeers, PeerOperation } from '../portal/flow-types.ts';
import { validateDocument } from '../validate/validate-document.ts';
import { type ApiModel, buildApiModel } from './build-model.ts';
import type { Fact } from './page-types.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function model(doc: Record<string, unknown>): Promise<ApiModel> {
  const dir = tempTree({ 'api.yaml': stringify(doc) });
  dirs.push(dir);
  const { doc: resolved } = await validateDocument(join(dir, 'api.yaml'), { root: dir });
  assert.ok(resolved);
  return buildApiModel(resolved, 'api', dir, { deferPages: true });
}

/** The operation's first fact (the reader's role, or who is on the other side), its page completed with `peers`. */
function roleOf(api: ApiModel, id: string, peers?: PagePeers): Fact {
  const page = api.pages.find((p) => p.kind === 'operation' && p.id === id);
  assert.ok(page, id);
  api.completePage(page, peers);
  const fact = page.facts[0];
  assert.ok(fact);
  return fact;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

describe("an operation's role line", () => {
  it('names the operations of the same API that send what a receiving operation receives, linked, and addresses the reader only where none does', async () => {
    for (let round = 0; round < 12; round++) {
      // Operations on two channels, each sending or receiving, some with a reply.
      const ops = Array.from({ length: 2 + Math.floor(Math.random() * 4) }, (_, i) => ({
        id: `op${i}`,
        action: pick(['send', 'receive'] as const),
        channel: pick(['a', 'b'] as const),
        reply: Math.random() < 0.3,
      }));
      const api = await model({
        apidesc: '3.0.0',
        info: { title: 'T', version: '1.0.0' },
        channels: {
          a: { address: 'a', messages: { m: { payload: { type: 'string' } } } },
          b: { address: 'b', messages: { m: { payload: { type: 'string' } } } },
        },
        operations: Object.fromEntries(
          ops.map((o) => [
            o.id,
            {
              action: o.action,
              title: `Op ${o.id}`,
              channel: { $ref: `#/channels/${o.channel}` },
              ...(o.reply ? { reply: { channel: { $ref: '#/channels/b' } } } : {}),
            },
          ]),
        ),
      });
      for (const o of ops) {
        const fact = roleOf(api, o.id);
        const senders = o.action === 'receive' ? ops.filter((s) => s.action === 'send' && s.channel === o.channel && s.id !== o.id) : [];
        const why = JSON.stringify({ o, ops });
        if (senders.length === 0) {
          assert.equal(fact.label, 'For you', why);
          assert.match(fact.text ?? '', /^You /, why);
        } else {
          assert.equal(fact.label, 'Sent by', why);
          assert.doesNotMatch(fact.text ?? '', /\byou\b/i, why);
          assert.deepEqual(
            fact.parties?.map((p) => `${p.title} ${p.url}`),
            senders.slice(0, 3).map((s) => `Op ${s.id} operations/${s.id}/`),
            why,
          );
          if (senders.length > 3) assert.equal(fact.text, `and ${senders.length - 3} more`, why);
        }
      }
    }
  });

  it("names another API's sending operation in a portal, with its API", async () => {
    const api = await model({
      apidesc: '3.0.0',
      info: { title: 'T', version: '1.0.0' },
      channels: { a: { address: 'a', messages: { m: { payload: { type: 'string' } } } } },
      operations: { take: { action: 'receive', channel: { $ref: '#/channels/a' } } },
    });
    const peer: PeerOperation = {
      apiTitle: 'Checkout',
      apiUrl: 'checkout/',
      title: 'Publish orders',
      url: 'checkout/operations/publish/',
      channelTitle: 'a',
      channelUrl: 'checkout/channels/a/',
      matchedBy: 'address',
      messages: [],
    };
    const fact = roleOf(api, 'take', { sentBy: [peer], receivedBy: [], sentByCount: 1, receivedByCount: 0 });
    assert.equal(fact.label, 'Sent by');
    assert.deepEqual(fact.parties, [{ title: 'Publish orders', url: 'checkout/operations/publish/', apiTitle: 'Checkout' }]);
  });

  it('speaks of the API as its badge does and of the reader as the other side, on each action with and without a reply', async () => {
    const table = [
      { action: 'send', reply: false, line: 'You receive these messages.' },
      { action: 'send', reply: true, line: 'You receive the request and send the reply.' },
      { action: 'receive', reply: false, line: 'You send these messages.' },
      { action: 'receive', reply: true, line: 'You send the request and receive the reply.' },
    ] as const;
    const api = await model({
      apidesc: '3.0.0',
      info: { title: 'T', version: '1.0.0' },
      channels: {
        ...Object.fromEntries(table.map((_, i) => [`c${i}`, { address: `c${i}`, messages: { m: { payload: { type: 'string' } } } }])),
        r: { address: 'r', messages: { m: { payload: { type: 'string' } } } },
      },
      // Each on its own channel, with no other operation sending them: the line addresses the reader.
      operations: Object.fromEntries(
        table.map((row, i) => [
          `op${i}`,
          { action: row.action, channel: { $ref: `#/channels/c${i}` }, ...(row.reply ? { reply: { channel: { $ref: '#/channels/r' } } } : {}) },
        ]),
      ),
    });
    for (const [i, row] of table.entries()) {
      const page = api.pages.find((p) => p.kind === 'operation' && p.id === `op${i}`)!;
      const fact = roleOf(api, `op${i}`);
      const why = JSON.stringify(row);
      // The page's badge is its action (the site words it "API sends" / "API receives": src/site/kind-labels.ts).
      assert.equal(
        page.badges.find((b) => b === 'send' || b === 'receive'),
        row.action,
        why,
      );
      assert.equal(fact.label, 'For you', why);
      assert.equal(fact.text, row.line, why);
      // The badge says what the API does: the line says only the reader's side, whose first act is the opposite of the badge's (review 21).
      assert.doesNotMatch(fact.text ?? '', /\bAPI\b/, why);
      assert.match(fact.text ?? '', row.action === 'send' ? /^You receive/ : /^You send/, why);
    }
  });
});
