/**
 * Where a message's direction comes from (replies go the other way; traits are merged before the
 * comparison), where a change is annotated when it was removed, and the report's order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, diffPair, summaryOf } from '../../../test/diff-fixture.ts';
import { formatSarif } from './format-diff.ts';

const enumOf = (values: string[]) => ({ type: 'object', properties: { status: { enum: values } } });

/** A requester: sends `request` on `orders` and receives `reply` on `replies`. */
function requester(replyValues: string[]): Record<string, unknown> {
  return api({
    direction: 'send',
    patch: (d) => {
      (d.channels as Record<string, unknown>).replies = { address: 'replies', messages: { reply: { payload: enumOf(replyValues) } } };
      (d.operations as Record<string, Record<string, unknown>>).publishOrder!.reply = {
        channel: { $ref: '#/channels/replies' },
        messages: [{ $ref: '#/channels/replies/messages/reply' }],
      };
    },
  });
}

describe('diff: where direction comes from', () => {
  it('a message sent and received is broken on the side its change reaches: a new enum value its receivers, a narrowing its senders', async () => {
    const both = (payload: unknown) => api({ direction: 'both', payload });
    const required = (fields: string[]) => ({ type: 'object', properties: { status: { type: 'string' }, note: { type: 'string' } }, required: fields });
    const cases: [string, unknown, unknown, string, string][] = [
      ['enum widened', enumOf(['placed']), enumOf(['placed', 'held']), 'schema-enum-value-added', 'receivers'],
      ['enum narrowed', enumOf(['placed', 'held']), enumOf(['placed']), 'schema-enum-value-removed', 'senders'],
      ['required field added', required(['status']), required(['status', 'note']), 'schema-required-added', 'senders'],
      ['required field dropped', required(['status', 'note']), required(['status']), 'schema-required-removed', 'receivers'],
    ];
    for (const [name, base, head, rule, breaks] of cases) {
      const report = await diffPair(both(base), both(head));
      const change = report.changes.find((c) => c.rule === rule);
      assert.equal(change?.severity, 'breaking', `${name}: ${summaryOf(report).join('\n')}`);
      assert.equal(change?.direction, 'both', name);
      assert.equal(change?.breaks, breaks, name);
    }
    // A change that both widens and narrows (a type changed) breaks both sides.
    const retyped = await diffPair(
      both({ type: 'object', properties: { n: { type: 'string' } } }),
      both({ type: 'object', properties: { n: { type: 'integer' } } }),
    );
    const change = retyped.changes.find((c) => c.severity === 'breaking' && c.object === 'message orders/orderPlaced');
    assert.equal(change?.breaks, 'senders and receivers', summaryOf(retyped).join('\n'));
  });

  it('the reply to a request the application sends is received: narrowing it breaks, widening it does not', async () => {
    const narrowed = await diffPair(requester(['ok', 'failed']), requester(['ok']));
    const removed = narrowed.changes.find((c) => c.rule === 'schema-enum-value-removed');
    assert.equal(removed?.severity, 'breaking', summaryOf(narrowed).join('\n'));
    assert.equal(removed?.direction, 'receive');
    assert.equal(removed?.object, 'message replies/reply');
    const widened = await diffPair(requester(['ok']), requester(['ok', 'failed']));
    assert.equal(widened.changes.find((c) => c.rule === 'schema-enum-value-added')?.severity, 'non-breaking', summaryOf(widened).join('\n'));
  });

  it('headers that come from a message trait are compared, and the change points at the trait', async () => {
    const withTrait = (required: string[]) =>
      api({
        direction: 'receive',
        message: { traits: [{ $ref: '#/components/messageTraits/tenant' }] },
        components: { messageTraits: { tenant: { headers: { type: 'object', properties: { tenant: { type: 'string' } }, required } } } },
      });
    const report = await diffPair(withTrait([]), withTrait(['tenant']));
    const change = report.changes.find((c) => c.rule === 'schema-required-added');
    assert.equal(change?.severity, 'breaking', summaryOf(report).join('\n'));
    assert.equal(change?.pointer, '/components/messageTraits/tenant/headers/required/0');
  });

  it('an operation with `messages: []` uses none of its channel: a message added to the channel is not sent by it', async () => {
    // As in the Gemini market-data document of @asyncapi/generator-helpers 1.1.0 (test/diff-history.test.ts).
    const withMessages = (extra: boolean) =>
      api({
        direction: 'send',
        patch: (d) => {
          const operations = d.operations as Record<string, Record<string, unknown>>;
          operations.publishOrder!.messages = [];
          if (extra)
            ((d.channels as Record<string, Record<string, unknown>>).orders!.messages as Record<string, unknown>).orderCancelled = {
              payload: { type: 'string' },
            };
        },
      });
    const report = await diffPair(withMessages(false), withMessages(true));
    assert.deepEqual(
      report.changes.map((c) => `${c.severity} ${c.rule} ${c.direction}`),
      ['non-breaking message-added unused'],
      summaryOf(report).join('\n'),
    );
    // Without the list the operation sends every message of its channel: the same addition breaks its readers.
    const all = (extra: boolean) => {
      const doc = withMessages(extra);
      delete (doc.operations as Record<string, Record<string, unknown>>).publishOrder!.messages;
      return doc;
    };
    const sent = await diffPair(all(false), all(true));
    assert.equal(sent.changes.find((c) => c.rule === 'message-added')?.severity, 'breaking', summaryOf(sent).join('\n'));
  });

  it('a message no operation uses breaks no one', async () => {
    const unused = (values: string[]) => api({ payload: enumOf(values), patch: (d) => (d.operations = {}) });
    const report = await diffPair(unused(['a', 'b']), unused(['a']));
    const change = report.changes.find((c) => c.rule === 'schema-enum-value-removed');
    assert.equal(change?.severity, 'non-breaking');
    assert.equal(change?.direction, 'unused');
    assert.match(change!.message, /no operation of this document sends or receives it/);
  });
});

describe('diff: the report', () => {
  it('what was removed is located in base, and annotated on the nearest object head still has', async () => {
    const report = await diffPair(api({ direction: 'both' }), api({ direction: 'send' }));
    const removed = report.changes.find((c) => c.rule === 'operation-removed')!;
    assert.equal(removed.side, 'base');
    assert.equal(removed.file, 'base.json');
    assert.equal(removed.pointer, '/operations/consumeOrder');
    const sarif = JSON.parse(formatSarif(report, '0.0.0'));
    const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'operation-removed');
    assert.equal(result.locations[0].physicalLocation.artifactLocation.uri, 'head.json');
    assert.ok(result.locations[0].physicalLocation.region.startLine > 0);
    assert.match(result.message.text, /was at base\.json:\d+ in base/);
  });

  it('is ordered by severity, then API, object and pointer, the same every time', async () => {
    const base = api({ direction: 'both', payload: enumOf(['a']), message: { description: 'Old.' } });
    const head = api({
      direction: 'both',
      payload: enumOf(['a', 'b']),
      message: { description: 'New.' },
      patch: (d) => ((d.servers as Record<string, unknown>).staging = { host: 'staging.example.com', protocol: 'sns' }),
    });
    const first = await diffPair(base, head);
    const order = { breaking: 0, 'non-breaking': 1, info: 2 };
    const severities = first.changes.map((c) => order[c.severity]);
    assert.deepEqual(
      severities,
      [...severities].sort((x, y) => x - y),
    );
    assert.deepEqual(
      first.changes.map((c) => `${c.severity} ${c.object} ${c.rule}`),
      [
        'breaking message orders/orderPlaced schema-enum-value-added',
        'non-breaking channel orders channel-server-added',
        'non-breaking server staging server-added',
        'info message orders/orderPlaced message-description-changed',
      ],
    );
    assert.deepEqual(await diffPair(base, head), first);
  });
});
