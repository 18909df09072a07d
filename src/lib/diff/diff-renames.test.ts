/**
 * Renamed channels, operations and messages: paired by what identifies them on the wire when
 * that is unambiguous, reported as renamed (non-breaking: ids are names in the document), and
 * their content compared as usual; never paired by guess when several share an address.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renameChannel, renameMessage, set } from '../../../test/diff-cases.ts';
import { api, diffPair, summaryOf } from '../../../test/diff-fixture.ts';

const status = (values: string[]) => ({ type: 'object', properties: { status: { enum: values } } });
const rules = (report: Awaited<ReturnType<typeof diffPair>>): string[] => report.changes.map((c) => `${c.rule} ${c.severity} ${c.object}`);

describe('diff: renames', () => {
  it('a channel renamed at the same address: one non-breaking change, its messages compared under the new id, its operations unchanged', async () => {
    const base = api({ direction: 'both', payload: status(['placed']) });
    const same = await diffPair(base, api({ direction: 'both', payload: status(['placed']), patch: renameChannel('orderEvents') }));
    assert.deepEqual(rules(same), ['channel-renamed non-breaking channel orderEvents']);
    const changed = await diffPair(base, api({ direction: 'both', payload: status(['placed', 'paid']), patch: renameChannel('orderEvents') }));
    assert.deepEqual(rules(changed), ['schema-enum-value-added breaking message orderEvents/orderPlaced', 'channel-renamed non-breaking channel orderEvents']);
    assert.equal(changed.changes[0]!.direction, 'both', 'the usage follows the message across the rename');
  });

  it('a channel renamed and moved to another address is removed and added', async () => {
    const r = await diffPair(
      api(),
      api({
        patch: (d) => {
          renameChannel('orderEvents')(d);
          set(['channels', 'orderEvents', 'address'], 'orders.v2')(d);
        },
      }),
    );
    assert.deepEqual(rules(r).sort(), [
      'channel-added non-breaking channel orderEvents',
      'channel-removed breaking channel orders',
      'operation-channel-changed breaking operation publishOrder',
    ]);
  });

  it('channels sharing an address (a WebSocket API on "/") are never paired by guess', async () => {
    const two = (ids: string[]) =>
      api({
        patch: (d) => {
          for (const id of ids) set(['channels', id], { address: '/', messages: { m: { payload: { type: 'string' } } } })(d);
        },
      });
    const r = await diffPair(two(['ping', 'pong']), two(['ping', 'heartbeat']));
    assert.deepEqual(rules(r).sort(), ['channel-added non-breaking channel heartbeat', 'channel-removed breaking channel pong']);
  });

  it('an operation renamed on a renamed channel is paired through the channel', async () => {
    const r = await diffPair(
      api(),
      api({
        patch: (d) => {
          renameChannel('orderEvents')(d);
          const operations = d.operations as Record<string, unknown>;
          operations.sendOrder = operations.publishOrder;
          delete operations.publishOrder;
        },
      }),
    );
    assert.deepEqual(rules(r).sort(), ['channel-renamed non-breaking channel orderEvents', 'operation-renamed non-breaking operation sendOrder']);
  });

  it('two operations doing the same are not paired by guess', async () => {
    const twice = (ids: string[]) =>
      api({
        patch: (d) => {
          d.operations = Object.fromEntries(ids.map((id) => [id, { action: 'send', channel: { $ref: '#/channels/orders' } }]));
        },
      });
    const r = await diffPair(twice(['a', 'b']), twice(['a', 'c']));
    assert.deepEqual(rules(r).sort(), ['operation-added non-breaking operation c', 'operation-removed breaking operation b']);
  });

  it('a message renamed with the same name is compared with its old version; the operations listing it are unchanged', async () => {
    const named = (values: string[], rename?: string) =>
      api({ direction: 'receive', payload: status(values), message: { name: 'OrderPlaced' }, ...(rename ? { patch: renameMessage(rename) } : {}) });
    const r = await diffPair(named(['placed', 'paid']), named(['placed'], 'orderCreated'));
    assert.deepEqual(rules(r), ['schema-enum-value-removed breaking message orders/orderCreated', 'message-renamed non-breaking message orders/orderCreated']);
    assert.match(r.changes[1]!.message, /message "orderPlaced" renamed "orderCreated" \(the same name "OrderPlaced"\)/);
    assert.deepEqual(summaryOf(await diffPair(named(['placed']), named(['placed'], 'orderCreated'))).length, 1);
  });

  it('messages with the same payload as another message of their channel are not paired by guess', async () => {
    const both = (ids: string[]) =>
      api({
        payload: { type: 'string' },
        patch: (d) => {
          for (const id of ids) set(['channels', 'orders', 'messages', id], { payload: { type: 'string' } })(d);
        },
      });
    const r = await diffPair(both(['a']), both(['b']));
    assert.deepEqual(rules(r).sort(), ['message-added non-breaking message orders/b', 'message-removed non-breaking message orders/a']);
  });
});
