/**
 * The pairs of documents the `diff` tests compare, one per rule (src/lib/diff/diff-rules.test.ts,
 * diff-structure.test.ts), shared with the side-by-side comparison with the AsyncAPI diff
 * (bench/diff-peer.ts). Each names the rule it exercises, the effect or severity expected, and
 * where the change is reported.
 */
import type { Effect } from '../src/lib/diff/types.ts';
import type { ApiParts, Direction } from './diff-fixture.ts';

export const EXPECTED: Record<Effect, Record<Direction, string>> = {
  widen: { send: 'breaking', receive: 'non-breaking', both: 'breaking' },
  narrow: { send: 'non-breaking', receive: 'breaking', both: 'breaking' },
  both: { send: 'breaking', receive: 'breaking', both: 'breaking' },
  none: { send: 'non-breaking', receive: 'non-breaking', both: 'non-breaking' },
};

export interface PayloadCase {
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

export const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'object',
  properties,
  ...extra,
});
const P = '/channels/orders/messages/orderPlaced/payload';

export const JSON_SCHEMA_CASES: PayloadCase[] = [
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
    consequence: /senders built on the old schema may still send a sku that does not match "\^\[A-Z\]\+\$"/,
  },
  {
    name: 'a pattern removed',
    base: obj({ sku: { type: 'string', pattern: '^[A-Z]+$' } }),
    head: obj({ sku: { type: 'string' } }),
    effect: 'widen',
    rule: 'schema-constraint-relaxed',
    consequence: /receivers built on the old schema reject a sku that does not match "\^\[A-Z\]\+\$"/,
  },
  {
    name: 'a pattern changed',
    base: obj({ sku: { type: 'string', pattern: '^[A-Z]+$' } }),
    head: obj({ sku: { type: 'string', pattern: '^[a-z]+$' } }),
    effect: 'both',
    rule: 'schema-constraint-changed',
    consequence: /a sku that matches one of "\^\[A-Z\]\+\$" and "\^\[a-z\]\+\$" but not the other/,
  },
  {
    name: 'a format added',
    base: obj({ at: { type: 'string' } }),
    head: obj({ at: { type: 'string', format: 'date-time' } }),
    effect: 'narrow',
    rule: 'schema-constraint-tightened',
    consequence: /may still send a at that is not a valid "date-time"/,
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
    name: 'a new optional property with a schema in an open object (any note was allowed)',
    base: obj({ id: { type: 'string' } }),
    head: obj({ id: { type: 'string' }, note: { type: 'string' } }),
    effect: 'narrow',
    rule: 'schema-property-added',
    pointer: `${P}/properties/note`,
    consequence: /senders built on the old schema may still send a payload with a note the new schema rejects/,
  },
  {
    name: 'a new property that allows any value in an open object',
    base: obj({ id: { type: 'string' } }),
    head: obj({ id: { type: 'string' }, note: { description: 'Free text.' } }),
    effect: 'none',
    rule: 'schema-property-added',
    words: /allows any value/,
  },
  {
    name: 'a constrained optional property removed from an open object (any status is allowed now)',
    base: obj({ id: { type: 'string' }, status: { enum: ['placed', 'paid'] } }),
    head: obj({ id: { type: 'string' } }),
    effect: 'widen',
    rule: 'schema-property-removed',
    pointer: `${P}/properties/status`,
    consequence: /receivers built on the old schema reject a payload with a status the old schema rejected/,
  },
  {
    name: 'a property that allowed any value removed from an open object',
    base: obj({ id: { type: 'string' }, extra: {} }),
    head: obj({ id: { type: 'string' } }),
    effect: 'none',
    rule: 'schema-property-removed',
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
    name: 'allOf: a bound of a property in a later part',
    base: { allOf: [obj({ qty: { type: 'integer', minimum: 1 } }), obj({ qty: { maximum: 100 } })] },
    head: { allOf: [obj({ qty: { type: 'integer', minimum: 1 } }), obj({ qty: { maximum: 50 } })] },
    effect: 'narrow',
    rule: 'schema-constraint-tightened',
    pointer: `${P}/allOf/1/properties/qty/maximum`,
  },
  {
    name: 'allOf: the enum of a later part (the values every part allows)',
    base: obj({ kind: { allOf: [{ enum: ['x', 'y', 'z'] }, { enum: ['x', 'y'] }] } }),
    head: obj({ kind: { allOf: [{ enum: ['x', 'y', 'z'] }, { enum: ['x'] }] } }),
    effect: 'narrow',
    rule: 'schema-enum-value-removed',
    pointer: `${P}/properties/kind/allOf/1/enum`,
    words: /"y"/,
  },
  {
    name: 'allOf: the tighter of two bounds is the one that holds',
    base: obj({ qty: { allOf: [{ type: 'integer', maximum: 100 }, { maximum: 50 }] } }),
    head: obj({ qty: { allOf: [{ type: 'integer', maximum: 100 }, { maximum: 80 }] } }),
    effect: 'widen',
    rule: 'schema-constraint-relaxed',
    pointer: `${P}/properties/qty/allOf/1/maximum`,
    words: /from 50 to 80/,
  },
  {
    name: 'allOf: a pattern of a later part (parts compared by position)',
    base: obj({ sku: { allOf: [{ type: 'string', pattern: '^[A-Z]' }, { pattern: '[0-9]$' }] } }),
    head: obj({ sku: { allOf: [{ type: 'string', pattern: '^[A-Z]' }, { pattern: '[a-z]$' }] } }),
    effect: 'both',
    rule: 'schema-constraint-changed',
    pointer: `${P}/properties/sku/allOf/1/pattern`,
  },
  {
    name: 'allOf: oneOf in a later part gains an alternative',
    base: { allOf: [{ oneOf: [{ title: 'A', type: 'object' }] }, { oneOf: [{ title: 'C', type: 'object' }] }] },
    head: {
      allOf: [
        { oneOf: [{ title: 'A', type: 'object' }] },
        {
          oneOf: [
            { title: 'C', type: 'object' },
            { title: 'D', type: 'object' },
          ],
        },
      ],
    },
    effect: 'widen',
    rule: 'schema-alternative-added',
    pointer: `${P}/allOf/1/oneOf/1`,
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
  {
    name: '`not` through a $ref whose target changed',
    base: obj({ code: { type: 'integer', not: { $ref: '#/components/schemas/Reserved' } } }),
    head: obj({ code: { type: 'integer', not: { $ref: '#/components/schemas/Reserved' } } }),
    components: { schemas: { Reserved: { enum: [1] } } },
    headComponents: { schemas: { Reserved: { enum: [1, 2] } } },
    effect: 'narrow',
    rule: 'schema-enum-value-added',
  },
  {
    name: 'a default changed (readers that fill it in read another value)',
    base: obj({ quantity: { type: 'integer', default: 1 } }),
    head: obj({ quantity: { type: 'integer', default: 2 } }),
    effect: 'widen',
    rule: 'schema-default-changed',
    pointer: `${P}/properties/quantity/default`,
    words: /default 1 → 2/,
    consequence: /receivers built on the old schema that fill in defaults read 1 for a quantity left out, where the new schema means 2/,
  },
  {
    name: 'OpenAPI 3.0: exclusiveMaximum (a boolean) made true',
    base: { schemaFormat: 'application/vnd.oai.openapi;version=3.0.0', schema: obj({ ratio: { type: 'number', maximum: 1, exclusiveMaximum: false } }) },
    head: { schemaFormat: 'application/vnd.oai.openapi;version=3.0.0', schema: obj({ ratio: { type: 'number', maximum: 1, exclusiveMaximum: true } }) },
    effect: 'narrow',
    rule: 'schema-constraint-tightened',
    words: /exclusiveMaximum false → true/,
  },
  { name: 'a payload that had no schema gets one', base: undefined, head: obj({ id: { type: 'string' } }), effect: 'narrow', rule: 'schema-added' },
];

const AVRO = 'application/vnd.apache.avro;version=1.9.0';
export const avro = (fields: unknown[]) => ({ schemaFormat: AVRO, schema: { type: 'record', name: 'Order', namespace: 'shop', fields } });

export const AVRO_CASES: PayloadCase[] = [
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

const PROTO = 'application/vnd.google.protobuf;version=3';
export const proto = (body: string, syntax = 'proto3') => ({
  schemaFormat: PROTO.replace(/3$/, syntax === 'proto2' ? '2' : '3'),
  schema: `syntax = "${syntax}";\npackage shop;\n${body}\n`,
});

export const PROTOBUF_CASES: PayloadCase[] = [
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

export interface StructureCase {
  name: string;
  base: ApiParts;
  head: ApiParts;
  rule: string;
  severity: 'breaking' | 'non-breaking' | 'info';
  pointer?: string;
  side?: 'base' | 'head';
  words?: RegExp;
}

export const set = (path: string[], value: unknown) => (doc: Record<string, unknown>) => {
  let at = doc as Record<string, unknown>;
  for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  if (value === undefined) delete at[path.at(-1)!];
  else at[path.at(-1)!] = value;
};

/** Channel `orders` under another id, its operations pointing at it. */
export const renameChannel = (id: string) => (doc: Record<string, unknown>) => {
  const text = JSON.stringify(doc).replaceAll('#/channels/orders', `#/channels/${id}`);
  const renamed = JSON.parse(text) as Record<string, Record<string, unknown>>;
  renamed.channels = { [id]: renamed.channels!.orders };
  Object.assign(doc, renamed);
};

/** Message `orderPlaced` under another id, the operations' lists pointing at it. */
export const renameMessage = (id: string) => (doc: Record<string, unknown>) => {
  const renamed = JSON.parse(JSON.stringify(doc).replaceAll('#/channels/orders/messages/orderPlaced', `#/channels/orders/messages/${id}`));
  const messages = renamed.channels.orders.messages;
  messages[id] = messages.orderPlaced;
  delete messages.orderPlaced;
  Object.assign(doc, renamed);
};

/** The send operation requires the scheme `id` of components. */
const secured = (id: string) => set(['operations', 'publishOrder', 'security'], [{ $ref: `#/components/securitySchemes/${id}` }]);

export const STRUCTURE: StructureCase[] = [
  {
    name: 'a server removed',
    base: {},
    head: { patch: set(['servers', 'production'], undefined) },
    rule: 'server-removed',
    severity: 'breaking',
    pointer: '/servers/production',
    side: 'base',
  },
  {
    name: 'a server added',
    base: {},
    head: { patch: set(['servers', 'staging'], { host: 'staging.example.com', protocol: 'sns' }) },
    rule: 'server-added',
    severity: 'non-breaking',
    pointer: '/servers/staging',
  },
  {
    name: 'a host changed',
    base: {},
    head: { patch: set(['servers', 'production', 'host'], 'broker2.example.com') },
    rule: 'server-host-changed',
    severity: 'breaking',
    pointer: '/servers/production/host',
  },
  {
    name: 'a protocol changed',
    base: {},
    head: { patch: set(['servers', 'production', 'protocol'], 'kafka') },
    rule: 'server-protocol-changed',
    severity: 'breaking',
    pointer: '/servers/production/protocol',
  },
  {
    name: 'a channel removed',
    base: {},
    head: {
      patch: (d) => {
        d.channels = {};
        d.operations = {};
      },
    },
    rule: 'channel-removed',
    severity: 'breaking',
    pointer: '/channels/orders',
    side: 'base',
  },
  {
    name: 'a channel renamed (the same address and servers)',
    base: {},
    head: { patch: renameChannel('orderEvents') },
    rule: 'channel-renamed',
    severity: 'non-breaking',
    pointer: '/channels/orderEvents',
    words: /channel "orders" renamed "orderEvents"/,
  },
  {
    name: 'an operation renamed (the same action on the same channel)',
    base: {},
    head: {
      patch: (d) => {
        const operations = d.operations as Record<string, unknown>;
        operations.sendOrder = operations.publishOrder;
        delete operations.publishOrder;
      },
    },
    rule: 'operation-renamed',
    severity: 'non-breaking',
    pointer: '/operations/sendOrder',
  },
  {
    name: 'a message renamed (the same payload)',
    base: { payload: { type: 'string' } },
    head: { payload: { type: 'string' }, patch: renameMessage('orderCreated') },
    rule: 'message-renamed',
    severity: 'non-breaking',
    pointer: '/channels/orders/messages/orderCreated',
  },
  {
    name: 'a channel added',
    base: {},
    head: { patch: set(['channels', 'refunds'], { address: 'refunds' }) },
    rule: 'channel-added',
    severity: 'non-breaking',
    pointer: '/channels/refunds',
  },
  {
    name: 'an address changed',
    base: {},
    head: { patch: set(['channels', 'orders', 'address'], 'orders.v2') },
    rule: 'channel-address-changed',
    severity: 'breaking',
    pointer: '/channels/orders/address',
    words: /^address changed: "orders" → "orders\.v2": clients still using "orders" stop sending and receiving its messages$/,
  },
  {
    name: 'a parameter value removed',
    base: {
      patch: (d) => {
        set(['channels', 'orders', 'address'], 'orders.{region}')(d);
        set(['channels', 'orders', 'parameters'], { region: { enum: ['eu', 'us'] } })(d);
      },
    },
    head: {
      patch: (d) => {
        set(['channels', 'orders', 'address'], 'orders.{region}')(d);
        set(['channels', 'orders', 'parameters'], { region: { enum: ['eu'] } })(d);
      },
    },
    rule: 'value-removed',
    severity: 'breaking',
    pointer: '/channels/orders/parameters/region/enum',
  },
  {
    name: 'a parameter value added',
    base: {
      patch: (d) => {
        set(['channels', 'orders', 'address'], 'orders.{region}')(d);
        set(['channels', 'orders', 'parameters'], { region: { enum: ['eu'] } })(d);
      },
    },
    head: {
      patch: (d) => {
        set(['channels', 'orders', 'address'], 'orders.{region}')(d);
        set(['channels', 'orders', 'parameters'], { region: { enum: ['eu', 'us'] } })(d);
      },
    },
    rule: 'value-added',
    severity: 'non-breaking',
  },
  {
    name: 'an operation removed',
    base: { direction: 'both' },
    head: { direction: 'send' },
    rule: 'operation-removed',
    severity: 'breaking',
    pointer: '/operations/consumeOrder',
    side: 'base',
  },
  {
    name: 'an operation added',
    base: { direction: 'send' },
    head: { direction: 'both' },
    rule: 'operation-added',
    severity: 'non-breaking',
    pointer: '/operations/consumeOrder',
  },
  {
    name: 'an action changed',
    base: {},
    head: { patch: set(['operations', 'publishOrder', 'action'], 'receive') },
    rule: 'operation-action-changed',
    severity: 'breaking',
    pointer: '/operations/publishOrder/action',
  },
  {
    name: 'a message added to a channel the application sends on (all its messages)',
    base: { patch: set(['operations', 'publishOrder', 'messages'], undefined) },
    head: {
      patch: (d) => {
        set(['operations', 'publishOrder', 'messages'], undefined)(d);
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
      },
    },
    rule: 'message-added',
    severity: 'breaking',
    pointer: '/channels/orders/messages/orderCancelled',
    words: /receivers built on the old schema reject message orderCancelled/,
  },
  {
    name: 'a message added to a channel the application receives from',
    base: { direction: 'receive', patch: set(['operations', 'consumeOrder', 'messages'], undefined) },
    head: {
      direction: 'receive',
      patch: (d) => {
        set(['operations', 'consumeOrder', 'messages'], undefined)(d);
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
      },
    },
    rule: 'message-added',
    severity: 'non-breaking',
  },
  {
    name: 'a received message removed',
    base: {
      direction: 'receive',
      patch: (d) => {
        set(['operations', 'consumeOrder', 'messages'], undefined)(d);
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
      },
    },
    head: { direction: 'receive', patch: set(['operations', 'consumeOrder', 'messages'], undefined) },
    rule: 'message-removed',
    severity: 'breaking',
    side: 'base',
    words: /senders built on the old version still send it/,
  },
  {
    name: 'a message dropped from what an operation sends',
    base: {
      patch: (d) => {
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
        set(
          ['operations', 'publishOrder', 'messages'],
          [{ $ref: '#/channels/orders/messages/orderPlaced' }, { $ref: '#/channels/orders/messages/orderCancelled' }],
        )(d);
      },
    },
    head: { patch: set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } }) },
    rule: 'operation-message-removed',
    severity: 'breaking',
    pointer: '/operations/publishOrder/messages',
    words: /receivers that rely on it no longer get it/,
  },
  {
    name: 'a message added to what an operation sends',
    base: { patch: set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } }) },
    head: {
      patch: (d) => {
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
        set(
          ['operations', 'publishOrder', 'messages'],
          [{ $ref: '#/channels/orders/messages/orderPlaced' }, { $ref: '#/channels/orders/messages/orderCancelled' }],
        )(d);
      },
    },
    rule: 'operation-message-added',
    severity: 'breaking',
  },
  {
    name: 'a message added to what an operation receives',
    base: { direction: 'receive', patch: set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } }) },
    head: {
      direction: 'receive',
      patch: (d) => {
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
        set(
          ['operations', 'consumeOrder', 'messages'],
          [{ $ref: '#/channels/orders/messages/orderPlaced' }, { $ref: '#/channels/orders/messages/orderCancelled' }],
        )(d);
      },
    },
    rule: 'operation-message-added',
    severity: 'non-breaking',
  },
  {
    name: 'a content type changed',
    base: { message: { contentType: 'application/json' } },
    head: { message: { contentType: 'application/avro' } },
    rule: 'message-content-type-changed',
    severity: 'breaking',
    pointer: '/channels/orders/messages/orderPlaced/contentType',
  },
  {
    name: 'a content type stated where nothing was',
    base: {},
    head: { message: { contentType: 'application/json' } },
    rule: 'message-content-type-changed',
    severity: 'non-breaking',
  },
  {
    name: 'a content type stated that differs from the default',
    base: { patch: set(['defaultContentType'], 'application/json') },
    head: { patch: set(['defaultContentType'], 'application/json'), message: { contentType: 'application/avro' } },
    rule: 'message-content-type-changed',
    severity: 'breaking',
    words: /"application\/json" → "application\/avro"/,
  },
  {
    name: 'a content type stated that is the default',
    base: { patch: set(['defaultContentType'], 'application/json') },
    head: { patch: set(['defaultContentType'], 'application/json'), message: { contentType: 'application/json' } },
    rule: 'message-content-type-changed',
    severity: 'info',
  },
  {
    name: 'a correlation id moved',
    base: { message: { correlationId: { location: '$message.header#/id' } } },
    head: { message: { correlationId: { location: '$message.payload#/id' } } },
    rule: 'message-correlation-id-changed',
    severity: 'breaking',
  },
  {
    name: 'a description changed (wording only)',
    base: { message: { description: 'Old.' } },
    head: { message: { description: 'New.' } },
    rule: 'message-description-changed',
    severity: 'info',
  },
  {
    name: 'a security alternative removed',
    base: {
      patch: set(['operations', 'publishOrder', 'security'], [{ $ref: '#/components/securitySchemes/key' }, { $ref: '#/components/securitySchemes/token' }]),
      components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Key' }, token: { type: 'http', scheme: 'bearer' } } },
    },
    head: {
      patch: set(['operations', 'publishOrder', 'security'], [{ $ref: '#/components/securitySchemes/token' }]),
      components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Key' }, token: { type: 'http', scheme: 'bearer' } } },
    },
    rule: 'security-alternative-removed',
    severity: 'breaking',
    side: 'base',
  },
  {
    name: 'a security alternative added',
    base: {
      patch: set(['operations', 'publishOrder', 'security'], [{ $ref: '#/components/securitySchemes/token' }]),
      components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Key' }, token: { type: 'http', scheme: 'bearer' } } },
    },
    head: {
      patch: set(['operations', 'publishOrder', 'security'], [{ $ref: '#/components/securitySchemes/key' }, { $ref: '#/components/securitySchemes/token' }]),
      components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Key' }, token: { type: 'http', scheme: 'bearer' } } },
    },
    rule: 'security-alternative-added',
    severity: 'non-breaking',
  },
  {
    name: 'a scope now needed',
    base: { patch: secured('oauth'), components: { securitySchemes: { oauth: { type: 'oauth2', flows: {}, scopes: ['orders:read'] } } } },
    head: { patch: secured('oauth'), components: { securitySchemes: { oauth: { type: 'oauth2', flows: {}, scopes: ['orders:read', 'orders:write'] } } } },
    rule: 'security-scopes-added',
    severity: 'breaking',
    pointer: '/components/securitySchemes/oauth/scopes',
    words: /tokens without it are refused \(required by operation publishOrder\)/,
  },
  {
    name: 'an api key moved to another header',
    base: { patch: secured('key'), components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Key' } } } },
    head: { patch: secured('key'), components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Api-Key' } } } },
    rule: 'security-scheme-changed',
    severity: 'breaking',
  },
  {
    name: 'a scheme no server or operation requires changed',
    base: { components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Key' } } } },
    head: { components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Api-Key' } } } },
    rule: 'security-scheme-changed',
    severity: 'non-breaking',
    words: /no server or operation requires it/,
  },
  {
    name: 'a scope now needed by a scheme nothing requires',
    base: { components: { securitySchemes: { oauth: { type: 'oauth2', flows: {}, scopes: ['orders:read'] } } } },
    head: { components: { securitySchemes: { oauth: { type: 'oauth2', flows: {}, scopes: ['orders:read', 'orders:write'] } } } },
    rule: 'security-scopes-added',
    severity: 'non-breaking',
  },
  {
    name: 'an inline api key moved to another header',
    base: { patch: set(['servers', 'production', 'security'], [{ type: 'httpApiKey', in: 'header', name: 'X-Key' }]) },
    head: { patch: set(['servers', 'production', 'security'], [{ type: 'httpApiKey', in: 'header', name: 'X-Api-Key' }]) },
    rule: 'security-scheme-changed',
    severity: 'breaking',
    pointer: '/servers/production/security/0/name',
  },
  {
    name: 'a referenced binding changed where it is defined',
    base: {
      patch: set(['channels', 'orders', 'bindings'], { $ref: '#/components/channelBindings/topic' }),
      components: { channelBindings: { topic: { sns: { name: 'orders' } } } },
    },
    head: {
      patch: set(['channels', 'orders', 'bindings'], { $ref: '#/components/channelBindings/topic' }),
      components: { channelBindings: { topic: { sns: { name: 'orders-v2' } } } },
    },
    rule: 'sns-topic-renamed',
    severity: 'breaking',
    pointer: '/components/channelBindings/topic/sns/name',
  },
  { name: 'a binding removed', base: { channelBindings: { kafka: { partitions: 3 } } }, head: {}, rule: 'binding-removed', severity: 'breaking', side: 'base' },
  {
    name: 'a binding field changed',
    base: { channelBindings: { kafka: { partitions: 3 } } },
    head: { channelBindings: { kafka: { partitions: 6 } } },
    rule: 'binding-changed',
    severity: 'non-breaking',
    pointer: '/channels/orders/bindings/kafka/partitions',
  },
  {
    name: 'a binding schema behind a $ref changed where it is defined',
    base: {
      message: { bindings: { kafka: { key: { $ref: '#/components/schemas/OrderKey' } } } },
      components: { schemas: { OrderKey: { type: 'string', maxLength: 36 } } },
    },
    head: {
      message: { bindings: { kafka: { key: { $ref: '#/components/schemas/OrderKey' } } } },
      components: { schemas: { OrderKey: { type: 'string', maxLength: 64 } } },
    },
    rule: 'binding-changed',
    severity: 'non-breaking',
    pointer: '/components/schemas/OrderKey/maxLength',
    words: /kafka binding: key\.maxLength 36 → 64/,
  },
  {
    name: 'a nested binding field changed (located at the field)',
    base: { channelBindings: { ws: { query: { type: 'object', properties: { token: { type: 'string' } } } } } },
    head: { channelBindings: { ws: { query: { type: 'object', properties: { token: { type: 'integer' } } } } } },
    rule: 'binding-changed',
    severity: 'non-breaking',
    pointer: '/channels/orders/bindings/ws/query/properties/token/type',
    words: /ws binding: query\.properties\.token\.type "string" → "integer"/,
  },
  { name: 'the API version changed (wording)', base: {}, head: { patch: set(['info', 'version'], '1.1.0') }, rule: 'info-version-changed', severity: 'info' },
  {
    name: 'the default content type changed',
    base: { patch: set(['defaultContentType'], 'application/json') },
    head: { patch: set(['defaultContentType'], 'application/xml') },
    rule: 'default-content-type-changed',
    severity: 'breaking',
  },
];

const topic = (extra: Record<string, unknown> = {}) => ({ sns: { name: 'orders', ...extra } });
const queue = (extra: Record<string, unknown> = {}) => ({ protocol: 'sqs', endpoint: { name: 'billing-queue' }, rawMessageDelivery: false, ...extra });
const subscriptions = (...consumers: unknown[]) => ({ sns: { consumers } });

export const SNS: StructureCase[] = [
  {
    name: 'sns: a subscription removed',
    base: { direction: 'both', receiveBindings: subscriptions(queue(), queue({ endpoint: { name: 'audit' } })) },
    head: { direction: 'both', receiveBindings: subscriptions(queue()) },
    rule: 'sns-subscription-removed',
    severity: 'breaking',
    side: 'base',
    words: /^SQS subscription audit removed: it stops receiving the topic's messages$/,
  },
  {
    name: 'sns: a subscription whose endpoint has a space removed, the endpoint quoted',
    base: { direction: 'both', receiveBindings: subscriptions(queue(), queue({ endpoint: { name: 'audit queue' } })) },
    head: { direction: 'both', receiveBindings: subscriptions(queue()) },
    rule: 'sns-subscription-removed',
    severity: 'breaking',
    side: 'base',
    words: /^SQS subscription "audit queue" removed: /,
  },
  {
    name: 'sns: a subscription added',
    base: { direction: 'both', receiveBindings: subscriptions(queue()) },
    head: { direction: 'both', receiveBindings: subscriptions(queue(), queue({ endpoint: { name: 'audit' } })) },
    rule: 'sns-subscription-added',
    severity: 'non-breaking',
  },
  {
    name: 'sns: a filter narrowed (a value no longer accepted)',
    base: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed', 'paid'] } })) },
    head: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed'] } })) },
    rule: 'sns-filter-narrowed',
    severity: 'breaking',
    words: /stops receiving messages it received/,
  },
  {
    name: 'sns: a filter narrowed (a new condition)',
    base: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed'] } })) },
    head: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed'], region: ['eu'] } })) },
    rule: 'sns-filter-narrowed',
    severity: 'breaking',
    pointer: '/operations/consumeOrder/bindings/sns/consumers/0/filterPolicy/region',
  },
  {
    name: 'sns: a filter widened',
    base: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed'] } })) },
    head: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed', 'paid'] } })) },
    rule: 'sns-filter-widened',
    severity: 'non-breaking',
    words: /now also receives/,
  },
  {
    name: 'sns: a filter removed (widened)',
    base: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed'] } })) },
    head: { direction: 'both', receiveBindings: subscriptions(queue()) },
    rule: 'sns-filter-widened',
    severity: 'non-breaking',
  },
  {
    name: 'sns: a dead-letter queue removed',
    base: {
      direction: 'both',
      receiveBindings: subscriptions(queue({ redrivePolicy: { deadLetterQueue: { arn: 'arn:aws:sqs:eu-west-1:123456789012:dlq' } } })),
    },
    head: { direction: 'both', receiveBindings: subscriptions(queue()) },
    rule: 'sns-dead-letter-queue-removed',
    severity: 'breaking',
    words: /lost instead of kept/,
  },
  {
    name: 'sns: raw delivery switched on',
    base: { direction: 'both', receiveBindings: subscriptions(queue()) },
    head: { direction: 'both', receiveBindings: subscriptions(queue({ rawMessageDelivery: true })) },
    rule: 'sns-raw-delivery-switched',
    severity: 'breaking',
    pointer: '/operations/consumeOrder/bindings/sns/consumers/0/rawMessageDelivery',
  },
  {
    name: 'sns: FIFO switched on',
    base: { channelBindings: topic() },
    head: { channelBindings: topic({ ordering: { type: 'FIFO' } }) },
    rule: 'sns-fifo-switched',
    severity: 'breaking',
    words: /standard to FIFO/,
  },
  {
    name: 'sns: FIFO switched off',
    base: { channelBindings: topic({ ordering: { type: 'FIFO' } }) },
    head: { channelBindings: topic() },
    rule: 'sns-fifo-switched',
    severity: 'breaking',
    words: /FIFO to standard/,
  },
  {
    name: 'sns: the topic renamed',
    base: { channelBindings: topic() },
    head: { channelBindings: { sns: { name: 'orders-v2' } } },
    rule: 'sns-topic-renamed',
    severity: 'breaking',
    pointer: '/channels/orders/bindings/sns/name',
  },
  {
    name: 'sns: an Allow statement removed from the topic policy',
    base: { channelBindings: topic({ policy: { statements: [{ effect: 'Allow', principal: '*', action: 'SNS:Subscribe' }] } }) },
    head: { channelBindings: topic({ policy: { statements: [] } }) },
    rule: 'sns-policy-changed',
    severity: 'breaking',
  },
];
