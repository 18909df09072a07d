/**
 * The direction rule, one pair of documents per rule, each compared with the message sent,
 * received and both: a change that widens what is accepted breaks receivers of what the
 * application sends; one that narrows breaks senders of what it receives; one of each breaks
 * both. Every JSON Schema keyword the comparison reads, Avro's resolution rules, Protobuf's wire
 * rules, and the x-compatibility policies.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, diffPair, summaryOf, type Direction } from '../../../test/diff-fixture.ts';
import type { Effect } from './types.ts';

const EXPECTED: Record<Effect, Record<Direction, string>> = {
  widen: { send: 'breaking', receive: 'non-breaking', both: 'breaking' },
  narrow: { send: 'non-breaking', receive: 'breaking', both: 'breaking' },
  both: { send: 'breaking', receive: 'breaking', both: 'breaking' },
  none: { send: 'non-breaking', receive: 'non-breaking', both: 'non-breaking' },
};

interface Case {
  name: string;
  base: unknown;
  head: unknown;
  effect: Effect;
  rule: string;
  /** Where the change is reported (in head, or base for what was removed). */
  pointer?: string;
  /** Words the message must hold. */
  words?: RegExp;
  /** Words of the consequence, which a breaking change spells out. */
  consequence?: RegExp;
  components?: Record<string, unknown>;
  headComponents?: Record<string, unknown>;
}

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'object', properties, ...extra });
const P = '/channels/orders/messages/orderPlaced/payload';

const JSON_SCHEMA_CASES: Case[] = [
  {
    name: 'an enum value added',
    base: obj({ status: { enum: ['placed', 'paid'] } }),
    head: obj({ status: { enum: ['placed', 'paid', 'refunded'] } }),
    effect: 'widen',
    rule: 'schema-enum-value-added',
    pointer: `${P}/properties/status/enum`,
    words: /"refunded"/,
  },
  {
    name: 'an enum value removed',
    base: obj({ status: { enum: ['placed', 'paid'] } }),
    head: obj({ status: { enum: ['placed'] } }),
    effect: 'narrow',
    rule: 'schema-enum-value-removed',
    words: /"paid"/,
  },
  { name: 'a const changed', base: obj({ kind: { const: 'a' } }), head: obj({ kind: { const: 'b' } }), effect: 'both', rule: 'schema-const-changed' },
  {
    name: 'an enum dropped',
    base: obj({ status: { type: 'string', enum: ['a'] } }),
    head: obj({ status: { type: 'string' } }),
    effect: 'widen',
    rule: 'schema-enum-removed',
  },
  {
    name: 'integer widened to number',
    base: obj({ quantity: { type: 'integer' } }),
    head: obj({ quantity: { type: 'number' } }),
    effect: 'widen',
    rule: 'schema-type-widened',
    pointer: `${P}/properties/quantity/type`,
  },
  {
    name: 'number narrowed to integer',
    base: obj({ quantity: { type: 'number' } }),
    head: obj({ quantity: { type: 'integer' } }),
    effect: 'narrow',
    rule: 'schema-type-narrowed',
  },
  { name: 'a type changed', base: obj({ id: { type: 'string' } }), head: obj({ id: { type: 'integer' } }), effect: 'both', rule: 'schema-type-changed' },
  {
    name: 'a type list widened (null allowed)',
    base: obj({ note: { type: 'string' } }),
    head: obj({ note: { type: ['string', 'null'] } }),
    effect: 'widen',
    rule: 'schema-type-widened',
  },
  {
    name: 'a required field dropped',
    base: obj({ id: { type: 'string' } }, { required: ['id'] }),
    head: obj({ id: { type: 'string' } }),
    effect: 'widen',
    rule: 'schema-required-removed',
    consequence: /receivers built on the old schema reject a payload without id/,
  },
  {
    name: 'a required field added',
    base: obj({ id: { type: 'string' } }),
    head: obj({ id: { type: 'string' } }, { required: ['id'] }),
    effect: 'narrow',
    rule: 'schema-required-added',
    pointer: `${P}/required/0`,
  },
  {
    name: 'a minimum lowered',
    base: obj({ quantity: { type: 'integer', minimum: 1 } }),
    head: obj({ quantity: { type: 'integer', minimum: 0 } }),
    effect: 'widen',
    rule: 'schema-constraint-relaxed',
    consequence: /receivers built on the old schema reject quantity 0/,
  },
  {
    name: 'a minimum raised',
    base: obj({ quantity: { type: 'integer', minimum: 0 } }),
    head: obj({ quantity: { type: 'integer', minimum: 1 } }),
    effect: 'narrow',
    rule: 'schema-constraint-tightened',
    consequence: /senders built on the old schema may still send quantity 0/,
  },
  {
    name: 'a maximum removed',
    base: obj({ quantity: { type: 'integer', maximum: 10 } }),
    head: obj({ quantity: { type: 'integer' } }),
    effect: 'widen',
    rule: 'schema-constraint-relaxed',
  },
  {
    name: 'a maxLength added',
    base: obj({ name: { type: 'string' } }),
    head: obj({ name: { type: 'string', maxLength: 20 } }),
    effect: 'narrow',
    rule: 'schema-constraint-tightened',
  },
  {
    name: 'an exclusiveMaximum raised',
    base: obj({ ratio: { type: 'number', exclusiveMaximum: 1 } }),
    head: obj({ ratio: { type: 'number', exclusiveMaximum: 2 } }),
    effect: 'widen',
    rule: 'schema-constraint-relaxed',
  },
  {
    name: 'a pattern added',
    base: obj({ sku: { type: 'string' } }),
    head: obj({ sku: { type: 'string', pattern: '^[A-Z]+$' } }),
    effect: 'narrow',
    rule: 'schema-constraint-tightened',
  },
  {
    name: 'a pattern removed',
    base: obj({ sku: { type: 'string', pattern: '^[A-Z]+$' } }),
    head: obj({ sku: { type: 'string' } }),
    effect: 'widen',
    rule: 'schema-constraint-relaxed',
  },
  {
    name: 'a pattern changed',
    base: obj({ sku: { type: 'string', pattern: '^[A-Z]+$' } }),
    head: obj({ sku: { type: 'string', pattern: '^[a-z]+$' } }),
    effect: 'both',
    rule: 'schema-constraint-changed',
  },
  {
    name: 'a format added',
    base: obj({ at: { type: 'string' } }),
    head: obj({ at: { type: 'string', format: 'date-time' } }),
    effect: 'narrow',
    rule: 'schema-constraint-tightened',
  },
  {
    name: 'multipleOf relaxed (10 → 5)',
    base: obj({ n: { type: 'integer', multipleOf: 10 } }),
    head: obj({ n: { type: 'integer', multipleOf: 5 } }),
    effect: 'widen',
    rule: 'schema-constraint-relaxed',
  },
  {
    name: 'a new property where the old schema forbade more',
    base: obj({ id: { type: 'string' } }, { additionalProperties: false }),
    head: obj({ id: { type: 'string' }, note: { type: 'string' } }, { additionalProperties: false }),
    effect: 'widen',
    rule: 'schema-property-added',
    pointer: `${P}/properties/note`,
  },
  {
    name: 'a new optional property in an open object',
    base: obj({ id: { type: 'string' } }),
    head: obj({ id: { type: 'string' }, note: { type: 'string' } }),
    effect: 'none',
    rule: 'schema-property-added',
  },
  {
    name: 'a property removed from a closed object',
    base: obj({ id: { type: 'string' }, note: { type: 'string' } }, { additionalProperties: false }),
    head: obj({ id: { type: 'string' } }, { additionalProperties: false }),
    effect: 'narrow',
    rule: 'schema-property-removed',
    pointer: `${P}/properties/note`,
  },
  {
    name: 'additionalProperties closed',
    base: obj({ id: { type: 'string' } }),
    head: obj({ id: { type: 'string' } }, { additionalProperties: false }),
    effect: 'narrow',
    rule: 'schema-additional-properties-forbidden',
  },
  {
    name: 'additionalProperties opened',
    base: obj({ id: { type: 'string' } }, { additionalProperties: false }),
    head: obj({ id: { type: 'string' } }, { additionalProperties: true }),
    effect: 'widen',
    rule: 'schema-additional-properties-allowed',
  },
  {
    name: 'additionalProperties schema widened',
    base: obj({}, { additionalProperties: { type: 'integer' } }),
    head: obj({}, { additionalProperties: { type: 'number' } }),
    effect: 'widen',
    rule: 'schema-type-widened',
  },
  {
    name: 'array items narrowed',
    base: obj({ lines: { type: 'array', items: { type: 'number' } } }),
    head: obj({ lines: { type: 'array', items: { type: 'integer' } } }),
    effect: 'narrow',
    rule: 'schema-type-narrowed',
    pointer: `${P}/properties/lines/items/type`,
  },
  {
    name: 'minItems raised',
    base: obj({ lines: { type: 'array', minItems: 0 } }),
    head: obj({ lines: { type: 'array', minItems: 1 } }),
    effect: 'narrow',
    rule: 'schema-constraint-tightened',
  },
  {
    name: 'uniqueItems added',
    base: obj({ tags: { type: 'array' } }),
    head: obj({ tags: { type: 'array', uniqueItems: true } }),
    effect: 'narrow',
    rule: 'schema-constraint-tightened',
  },
  {
    name: 'a oneOf alternative added',
    base: { oneOf: [{ $ref: '#/components/schemas/Card' }] },
    head: { oneOf: [{ $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Invoice' }] },
    components: { schemas: { Card: obj({ last4: { type: 'string' } }), Invoice: obj({ dueDays: { type: 'integer' } }) } },
    effect: 'widen',
    rule: 'schema-alternative-added',
    words: /Invoice/,
  },
  {
    name: 'a oneOf alternative removed',
    base: { oneOf: [{ $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Invoice' }] },
    head: { oneOf: [{ $ref: '#/components/schemas/Card' }] },
    components: { schemas: { Card: obj({ last4: { type: 'string' } }), Invoice: obj({ dueDays: { type: 'integer' } }) } },
    effect: 'narrow',
    rule: 'schema-alternative-removed',
  },
  {
    name: 'an anyOf alternative added',
    base: { anyOf: [{ type: 'string', title: 'Text' }] },
    head: {
      anyOf: [
        { type: 'string', title: 'Text' },
        { type: 'integer', title: 'Number' },
      ],
    },
    effect: 'widen',
    rule: 'schema-alternative-added',
  },
  {
    name: 'an alternative changed inside',
    base: { oneOf: [{ title: 'Card', ...obj({ last4: { type: 'string' } }) }] },
    head: { oneOf: [{ title: 'Card', ...obj({ last4: { type: 'string', maxLength: 4 } }) }] },
    effect: 'narrow',
    rule: 'schema-constraint-tightened',
  },
  {
    name: 'allOf: a part gains a required field',
    base: { allOf: [{ $ref: '#/components/schemas/Base' }, obj({ total: { type: 'number' } })] },
    head: { allOf: [{ $ref: '#/components/schemas/Base' }, obj({ total: { type: 'number' } }, { required: ['total'] })] },
    components: { schemas: { Base: obj({ id: { type: 'string' } }) } },
    effect: 'narrow',
    rule: 'schema-required-added',
  },
  {
    name: 'a change inside a referenced component schema',
    base: { $ref: '#/components/schemas/Order' },
    head: { $ref: '#/components/schemas/Order' },
    components: { schemas: { Order: obj({ status: { enum: ['a'] } }) } },
    headComponents: { schemas: { Order: obj({ status: { enum: ['a', 'b'] } }) } },
    effect: 'widen',
    rule: 'schema-enum-value-added',
    pointer: '/components/schemas/Order/properties/status/enum',
  },
  {
    name: 'a change inside a recursive schema (the walk ends)',
    base: { $ref: '#/components/schemas/Node' },
    head: { $ref: '#/components/schemas/Node' },
    components: { schemas: { Node: obj({ name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } }) } },
    headComponents: {
      schemas: { Node: obj({ name: { type: 'string', minLength: 1 }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } }) },
    },
    effect: 'narrow',
    rule: 'schema-constraint-tightened',
  },
  {
    name: '`not` widened becomes a narrowing',
    base: obj({ code: { type: 'integer', not: { enum: [1] } } }),
    head: obj({ code: { type: 'integer', not: { enum: [1, 2] } } }),
    effect: 'narrow',
    rule: 'schema-enum-value-added',
  },
  { name: 'a payload that had no schema gets one', base: undefined, head: obj({ id: { type: 'string' } }), effect: 'narrow', rule: 'schema-added' },
];

function check(report: Awaited<ReturnType<typeof diffPair>>, c: Case, direction: Direction): void {
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

const AVRO = 'application/vnd.apache.avro;version=1.9.0';
const avro = (fields: unknown[]) => ({ schemaFormat: AVRO, schema: { type: 'record', name: 'Order', namespace: 'shop', fields } });

const AVRO_CASES: Case[] = [
  {
    name: 'a field added without a default',
    base: avro([{ name: 'id', type: 'string' }]),
    head: avro([
      { name: 'id', type: 'string' },
      { name: 'total', type: 'double' },
    ]),
    effect: 'narrow',
    rule: 'avro-field-added',
    pointer: `${P}/schema/fields/1`,
  },
  {
    name: 'a field added with a default',
    base: avro([{ name: 'id', type: 'string' }]),
    head: avro([
      { name: 'id', type: 'string' },
      { name: 'total', type: 'double', default: 0 },
    ]),
    effect: 'none',
    rule: 'avro-field-added',
  },
  {
    name: 'a field without a default removed',
    base: avro([
      { name: 'id', type: 'string' },
      { name: 'total', type: 'double' },
    ]),
    head: avro([{ name: 'id', type: 'string' }]),
    effect: 'widen',
    rule: 'avro-field-removed',
    pointer: `${P}/schema/fields/1`,
  },
  {
    name: 'a field with a default removed',
    base: avro([
      { name: 'id', type: 'string' },
      { name: 'note', type: 'string', default: '' },
    ]),
    head: avro([{ name: 'id', type: 'string' }]),
    effect: 'none',
    rule: 'avro-field-removed',
  },
  {
    name: 'int promoted to long',
    base: avro([{ name: 'n', type: 'int' }]),
    head: avro([{ name: 'n', type: 'long' }]),
    effect: 'widen',
    rule: 'avro-type-promoted',
  },
  {
    name: 'long demoted to int',
    base: avro([{ name: 'n', type: 'long' }]),
    head: avro([{ name: 'n', type: 'int' }]),
    effect: 'narrow',
    rule: 'avro-type-promoted',
  },
  {
    name: 'string to bytes (each reads the other)',
    base: avro([{ name: 'n', type: 'string' }]),
    head: avro([{ name: 'n', type: 'bytes' }]),
    effect: 'none',
    rule: 'avro-type-promoted',
  },
  { name: 'string to int', base: avro([{ name: 'n', type: 'string' }]), head: avro([{ name: 'n', type: 'int' }]), effect: 'both', rule: 'avro-type-changed' },
  {
    name: 'an enum symbol added',
    base: avro([{ name: 's', type: { type: 'enum', name: 'Status', symbols: ['A'] } }]),
    head: avro([{ name: 's', type: { type: 'enum', name: 'Status', symbols: ['A', 'B'] } }]),
    effect: 'widen',
    rule: 'avro-enum-symbol-added',
  },
  {
    name: 'an enum symbol removed',
    base: avro([{ name: 's', type: { type: 'enum', name: 'Status', symbols: ['A', 'B'] } }]),
    head: avro([{ name: 's', type: { type: 'enum', name: 'Status', symbols: ['A'] } }]),
    effect: 'narrow',
    rule: 'avro-enum-symbol-removed',
  },
  {
    name: 'an enum symbol added, the old enum has a default',
    base: avro([{ name: 's', type: { type: 'enum', name: 'Status', symbols: ['A'], default: 'A' } }]),
    head: avro([{ name: 's', type: { type: 'enum', name: 'Status', symbols: ['A', 'B'], default: 'A' } }]),
    effect: 'none',
    rule: 'avro-enum-symbol-added',
  },
  {
    name: 'a union branch added',
    base: avro([{ name: 'v', type: ['null', 'string'] }]),
    head: avro([{ name: 'v', type: ['null', 'string', 'int'] }]),
    effect: 'widen',
    rule: 'avro-union-branch-added',
  },
  {
    name: 'a union branch removed',
    base: avro([{ name: 'v', type: ['null', 'string', 'int'] }]),
    head: avro([{ name: 'v', type: ['null', 'string'] }]),
    effect: 'narrow',
    rule: 'avro-union-branch-removed',
  },
  {
    name: 'a field made nullable (a union)',
    base: avro([{ name: 'v', type: 'string' }]),
    head: avro([{ name: 'v', type: ['null', 'string'], default: null }]),
    effect: 'widen',
    rule: 'avro-union-branch-added',
  },
  {
    name: 'array items changed',
    base: avro([{ name: 'xs', type: { type: 'array', items: 'int' } }]),
    head: avro([{ name: 'xs', type: { type: 'array', items: 'long' } }]),
    effect: 'widen',
    rule: 'avro-type-promoted',
  },
  {
    name: 'a record renamed without an alias',
    base: avro([{ name: 'c', type: { type: 'record', name: 'Customer', fields: [] } }]),
    head: avro([{ name: 'c', type: { type: 'record', name: 'Client', fields: [] } }]),
    effect: 'both',
    rule: 'avro-name-changed',
  },
];

describe('diff: Avro payloads by Avro schema resolution', () => {
  for (const c of AVRO_CASES) {
    for (const direction of ['send', 'receive', 'both'] as const) {
      it(`${c.name}: ${EXPECTED[c.effect][direction]} when the message is ${direction === 'both' ? 'sent and received' : direction === 'send' ? 'sent' : 'received'}`, async () => {
        check(await diffPair(api({ direction, payload: c.base }), api({ direction, payload: c.head })), c, direction);
      });
    }
  }
});

const PROTO = 'application/vnd.google.protobuf;version=3';
const proto = (body: string, syntax = 'proto3') => ({
  schemaFormat: PROTO.replace(/3$/, syntax === 'proto2' ? '2' : '3'),
  schema: `syntax = "${syntax}";\npackage shop;\n${body}\n`,
});

const PROTOBUF_CASES: Case[] = [
  {
    name: 'a field added',
    base: proto('message Order { string id = 1; }'),
    head: proto('message Order { string id = 1; double total = 2; }'),
    effect: 'none',
    rule: 'protobuf-field-added',
  },
  {
    name: 'a field number reused with another wire type',
    base: proto('message Order { string id = 1; }'),
    head: proto('message Order { int64 id = 1; }'),
    effect: 'both',
    rule: 'protobuf-field-type-incompatible',
    words: /wire/,
  },
  {
    name: 'int32 to int64 (same wire type)',
    base: proto('message Order { int32 n = 1; }'),
    head: proto('message Order { int64 n = 1; }'),
    effect: 'none',
    rule: 'protobuf-field-type-changed',
  },
  {
    name: 'a field removed (its number should be reserved)',
    base: proto('message Order { string id = 1; string note = 2; }'),
    head: proto('message Order { string id = 1; }'),
    effect: 'none',
    rule: 'protobuf-field-removed',
    words: /reserved 2/,
  },
  {
    name: 'an enum value added',
    base: proto('enum Status { PLACED = 0; }\nmessage Order { Status s = 1; }'),
    head: proto('enum Status { PLACED = 0; PAID = 1; }\nmessage Order { Status s = 1; }'),
    effect: 'widen',
    rule: 'protobuf-enum-value-added',
  },
  {
    name: 'an enum value removed',
    base: proto('enum Status { PLACED = 0; PAID = 1; }\nmessage Order { Status s = 1; }'),
    head: proto('enum Status { PLACED = 0; }\nmessage Order { Status s = 1; }'),
    effect: 'narrow',
    rule: 'protobuf-enum-value-removed',
  },
  {
    name: 'proto2: a required field added',
    base: proto('message Order { required string id = 1; }', 'proto2'),
    head: proto('message Order { required string id = 1; required string currency = 2; }', 'proto2'),
    effect: 'narrow',
    rule: 'protobuf-field-added',
  },
  {
    name: 'proto2: a required field made optional',
    base: proto('message Order { required string id = 1; }', 'proto2'),
    head: proto('message Order { optional string id = 1; }', 'proto2'),
    effect: 'widen',
    rule: 'protobuf-field-optional',
  },
  {
    name: 'a singular field made repeated',
    base: proto('message Order { string tag = 1; }'),
    head: proto('message Order { repeated string tag = 1; }'),
    effect: 'both',
    rule: 'protobuf-field-cardinality-changed',
  },
  {
    name: 'a nested message field narrowed',
    base: proto('message Line { string sku = 1; }\nmessage Order { Line line = 1; }'),
    head: proto('message Line { bytes sku = 1; fixed32 qty = 2; }\nmessage Order { Line line = 1; }'),
    effect: 'none',
    rule: 'protobuf-field-type-changed',
  },
];

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
