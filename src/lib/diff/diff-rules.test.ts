/**
 * The direction rule, one pair of documents per rule, each compared with the message sent,
 * received and both: a change that widens what is accepted breaks receivers of what the
 * application sends; one that narrows breaks senders of what it receives; one of each breaks
 * both. Every JSON Schema keyword the comparison reads, Avro's resolution rules, Protobuf's wire
 * rules, and the x-compatibility policies.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AVRO_CASES, EXPECTED, JSON_SCHEMA_CASES, obj, PROTOBUF_CASES, avro, proto, type PayloadCase } from '../../../test/diff-cases.ts';
import { api, diffPair, summaryOf, type Direction } from '../../../test/diff-fixture.ts';

function check(report: Awaited<ReturnType<typeof diffPair>>, c: PayloadCase, direction: Direction): void {
  const expected = EXPECTED[c.effect][direction];
  const found = report.changes.filter((x) => x.rule === c.rule && (c.pointer === undefined || x.pointer === c.pointer));
  assert.ok(found.length > 0, `${c.rule} at ${c.pointer ?? 'any pointer'} expected; got:\n${summaryOf(report).join('\n')}`);
  assert.ok(
    found.some((x) => x.severity === expected),
    `${c.rule} should be ${expected} when the message is ${direction === 'both' ? 'sent and received' : `${direction === 'send' ? 'sent' : 'received'}`}; got:\n${summaryOf(report).join('\n')}`,
  );
  if (c.words)
    assert.ok(
      found.some((x) => c.words!.test(x.message)),
      `message should say ${c.words}; got:\n${summaryOf(report).join('\n')}`,
    );
  // A breaking change says whom it breaks and with what ("receivers built on the old schema reject quantity 0").
  if (c.consequence && expected === 'breaking')
    assert.ok(
      found.some((x) => c.consequence!.test(x.message)),
      `message should say ${c.consequence}; got:\n${summaryOf(report).join('\n')}`,
    );
  // Nothing else breaks: each pair changes one thing.
  const otherBreaking = report.changes.filter((x) => x.severity === 'breaking' && x.rule !== c.rule);
  assert.deepEqual(
    otherBreaking.map((x) => x.rule),
    [],
    `only ${c.rule} may break; got:\n${summaryOf(report).join('\n')}`,
  );
}

describe('diff: JSON Schema payloads by direction', () => {
  for (const c of JSON_SCHEMA_CASES) {
    for (const direction of ['send', 'receive', 'both'] as const) {
      it(`${c.name}: ${EXPECTED[c.effect][direction]} when the message is ${direction === 'both' ? 'sent and received' : direction === 'send' ? 'sent' : 'received'}`, async () => {
        const base = api({ direction, payload: c.base, ...(c.components ? { components: c.components } : {}) });
        const head = api({ direction, payload: c.head, ...((c.headComponents ?? c.components) ? { components: c.headComponents ?? c.components } : {}) });
        check(await diffPair(base, head), c, direction);
      });
    }
  }

  it('headers follow the same rule: a required header added breaks senders of a received message', async () => {
    const headers = (required: string[]) => obj({ 'x-tenant': { type: 'string' } }, { required });
    const report = await diffPair(api({ direction: 'receive', headers: headers([]) }), api({ direction: 'receive', headers: headers(['x-tenant']) }));
    const change = report.changes.find((x) => x.rule === 'schema-required-added');
    assert.equal(change?.severity, 'breaking', summaryOf(report).join('\n'));
    assert.match(change!.message, /^headers: /);
    assert.equal(change!.pointer, '/channels/orders/messages/orderPlaced/headers/required/0');
  });

  it('a schema split into allOf parts that accept the same messages is no change', async () => {
    const flat = obj({ id: { type: 'string' }, total: { type: 'number' } }, { required: ['id'] });
    const split = { allOf: [obj({ id: { type: 'string' } }, { required: ['id'] }), obj({ total: { type: 'number' } })] };
    const report = await diffPair(api({ payload: flat }), api({ payload: split }));
    assert.deepEqual(
      report.changes.filter((c) => c.severity !== 'info'),
      [],
      summaryOf(report).join('\n'),
    );
  });

  it('identical documents give no changes', async () => {
    const doc = api({ direction: 'both', payload: obj({ id: { type: 'string' } }, { required: ['id'] }) });
    const report = await diffPair(doc, doc);
    assert.deepEqual(report, { changes: [], breaking: 0 });
  });
});

describe('diff: x-compatibility replaces the direction rule', () => {
  const enumOf = (values: string[]) => obj({ status: { enum: values } });
  const cases: { policy: string; direction: Direction; base: string[]; head: string[]; severity: string }[] = [
    // BACKWARD: the new schema reads old data. Removing a value breaks it even on a sent message.
    { policy: 'BACKWARD', direction: 'send', base: ['a', 'b'], head: ['a'], severity: 'breaking' },
    { policy: 'BACKWARD', direction: 'send', base: ['a'], head: ['a', 'b'], severity: 'non-breaking' },
    // FORWARD: old readers read new data. Adding a value breaks it even on a received message.
    { policy: 'FORWARD', direction: 'receive', base: ['a'], head: ['a', 'b'], severity: 'breaking' },
    { policy: 'FORWARD', direction: 'receive', base: ['a', 'b'], head: ['a'], severity: 'non-breaking' },
    { policy: 'FULL', direction: 'send', base: ['a', 'b'], head: ['a'], severity: 'breaking' },
    { policy: 'FULL', direction: 'receive', base: ['a'], head: ['a', 'b'], severity: 'breaking' },
    { policy: 'NONE', direction: 'both', base: ['a', 'b'], head: ['a', 'c'], severity: 'non-breaking' },
  ];
  for (const c of cases) {
    it(`${c.policy}: ${c.base.join(',')} → ${c.head.join(',')} on a ${c.direction === 'send' ? 'sent' : c.direction === 'receive' ? 'received' : 'sent and received'} message is ${c.severity}`, async () => {
      const message = { 'x-compatibility': c.policy };
      const report = await diffPair(
        api({ direction: c.direction, payload: enumOf(c.base), message }),
        api({ direction: c.direction, payload: enumOf(c.head), message }),
      );
      const content = report.changes.filter((x) => x.rule.startsWith('schema-enum'));
      assert.ok(content.length > 0, summaryOf(report).join('\n'));
      for (const x of content) {
        assert.equal(x.severity, c.severity, summaryOf(report).join('\n'));
        assert.equal(x.direction, c.policy);
        assert.match(x.message, new RegExp(`x-compatibility: ${c.policy}`));
      }
    });
  }
});

describe('diff: Avro payloads by Avro schema resolution', () => {
  for (const c of AVRO_CASES) {
    for (const direction of ['send', 'receive', 'both'] as const) {
      it(`${c.name}: ${EXPECTED[c.effect][direction]} when the message is ${direction === 'both' ? 'sent and received' : direction === 'send' ? 'sent' : 'received'}`, async () => {
        check(await diffPair(api({ direction, payload: c.base }), api({ direction, payload: c.head })), c, direction);
      });
    }
  }
});

describe('diff: Protobuf payloads by field numbers and wire types', () => {
  for (const c of PROTOBUF_CASES) {
    for (const direction of ['send', 'receive', 'both'] as const) {
      it(`${c.name}: ${EXPECTED[c.effect][direction]} when the message is ${direction === 'both' ? 'sent and received' : direction === 'send' ? 'sent' : 'received'}`, async () => {
        check(await diffPair(api({ direction, payload: c.base }), api({ direction, payload: c.head })), c, direction);
      });
    }
  }

  it('a change of schema format breaks both ways', async () => {
    const report = await diffPair(api({ payload: avro([{ name: 'id', type: 'string' }]) }), api({ payload: proto('message Order { string id = 1; }') }));
    assert.equal(report.changes.find((c) => c.rule === 'schema-format-changed')?.severity, 'breaking', summaryOf(report).join('\n'));
  });
});
