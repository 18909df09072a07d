/**
 * The client action of a breaking change, from real comparisons: each kind that names a migration
 * gets it, with the values and the field the change is about; every other kind that can break, its
 * own advice; a kind that cannot break, nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, diffPair, summaryOf } from '../../test/diff-fixture.ts';
import { DIFF_RULES, severitiesOf } from '../lib/diff/rule-ids.ts';
import { clientAction } from './change-actions.ts';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
const enumOf = (values: string[]) => object({ status: { enum: values } });

async function actionOf(base: unknown, head: unknown, rule: string): Promise<string | undefined> {
  const report = await diffPair(base, head);
  const change = report.changes.find((c) => c.rule === rule);
  assert.equal(change?.severity, 'breaking', summaryOf(report).join('\n'));
  return clientAction(change!);
}

describe('what a client must change, by the kind of a breaking change', () => {
  it('names the new value and the field of each kind that has a migration', async () => {
    const patched = (patch: (doc: Record<string, Record<string, Record<string, unknown>>>) => void) =>
      api({ patch: (d) => patch(d as Record<string, Record<string, Record<string, unknown>>>) });
    const cases: [string, unknown, unknown, string, string][] = [
      [
        'address',
        api(),
        patched((d) => void (d.channels!.orders!.address = 'orders-v2')),
        'channel-address-changed',
        'Send to and receive from "orders-v2" instead of "orders".',
      ],
      [
        'host',
        api(),
        patched((d) => void (d.servers!.production!.host = 'broker-2.example.com')),
        'server-host-changed',
        'Connect with host "broker-2.example.com" instead of "broker.example.com".',
      ],
      [
        'enum narrowed',
        api({ direction: 'receive', payload: enumOf(['placed', 'held']) }),
        api({ direction: 'receive', payload: enumOf(['placed']) }),
        'schema-enum-value-removed',
        'Stop sending `payload.status` "held".',
      ],
      [
        'enum widened',
        api({ payload: enumOf(['placed']) }),
        api({ payload: enumOf(['placed', 'held']) }),
        'schema-enum-value-added',
        'Handle `payload.status` "held".',
      ],
      [
        'required added',
        api({ direction: 'receive', payload: object({ note: { type: 'string' } }) }),
        api({ direction: 'receive', payload: object({ note: { type: 'string' } }, { required: ['note'] }) }),
        'schema-required-added',
        'Always send `payload.note`.',
      ],
      [
        'property removed from a closed object',
        api({ direction: 'receive', payload: object({ id: { type: 'string' }, note: { type: 'string' } }, { additionalProperties: false }) }),
        api({ direction: 'receive', payload: object({ id: { type: 'string' } }, { additionalProperties: false }) }),
        'schema-property-removed',
        'Stop sending `payload.note`.',
      ],
    ];
    for (const [name, base, head, rule, action] of cases) assert.equal(await actionOf(base, head, rule), action, name);
  });

  it('gives a kind whose message names no new value its own advice (a channel removed)', async () => {
    const gone = api({ patch: (d) => void ((d.channels as Record<string, unknown>).audit = { address: 'audit' }) });
    assert.equal(await actionOf(gone, api(), 'channel-removed'), 'Stop sending to and receiving from this channel.');
  });

  it('gives an sns subscription removed an action', async () => {
    const withQueue = (queues: string[]) =>
      api({
        patch: (d) => {
          const ops = d.operations as Record<string, Record<string, unknown>>;
          ops.receiveOrders = {
            action: 'receive',
            channel: { $ref: '#/channels/orders' },
            bindings: { sns: { consumers: queues.map((name) => ({ protocol: 'sqs', endpoint: { name }, rawMessageDelivery: false })) } },
          };
        },
      });
    assert.match(
      (await actionOf(withQueue(['billing', 'audit-queue']), withQueue(['billing']), 'sns-subscription-removed')) ?? '',
      /^Subscribe your own queue/,
    );
  });

  it('has an action for every kind of change that can break, whatever its message and whomever it breaks', () => {
    const breakingKinds = DIFF_RULES.flatMap(({ rules }) => rules.map((r) => r.id)).filter((id) => severitiesOf(id).includes('breaking'));
    assert.ok(breakingKinds.length > 60, `${breakingKinds.length} kinds`);
    for (const rule of breakingKinds)
      for (const breaks of [undefined, 'senders', 'receivers', 'senders and receivers'])
        assert.match(clientAction({ rule, message: 'something changed', breaks }) ?? '', /^[A-Z].+\.$/, `${rule} (breaks ${breaks})`);
  });

  it('gives none for a kind that cannot break, nor for a name no kind has', () => {
    for (const rule of ['info-changed', 'channel-added', 'sns-subscription-added', '__proto__', 'constructor'])
      assert.equal(clientAction({ rule, message: 'x' }), undefined, rule);
  });
});
