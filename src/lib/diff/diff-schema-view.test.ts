/**
 * `diff` reads a schema as its pages show it (the normalised view, src/lib/schema): a field typed
 * through an allOf, a property two allOf parts define, a Multi Format Schema Object that references
 * another, an Avro field's default. Each finding points at the keyword where the change is written.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { avro, obj } from '../../../test/diff-cases.ts';
import { api, diffPair, diffTrees, summaryOf } from '../../../test/diff-fixture.ts';
import { fanOutDocument } from '../../../test/fan-out-document.ts';
import type { DiffReport } from './types.ts';

const rules = (r: DiffReport): string[] => r.changes.map((c) => `${c.rule} ${c.severity} ${c.pointer}`);

describe('diff: schemas as the pages show them', () => {
  it('a field typed by allOf [$ref, description]: the referenced type changed string → integer is a type change, at the referenced type', async () => {
    const doc = (idType: string) =>
      api({
        direction: 'receive',
        payload: obj({ orderId: { allOf: [{ $ref: '#/components/schemas/Id' }, { description: 'The order.' }] } }),
        components: { schemas: { Id: { type: idType } } },
      });
    const r = await diffPair(doc('string'), doc('integer'));
    assert.deepEqual(rules(r), ['schema-type-changed breaking /components/schemas/Id/type'], summaryOf(r).join('\n'));
    assert.match(r.changes[0]!.message, /payload\.orderId: type string → integer/);
  });

  it('two allOf parts both define `data`: the specific part’s nested required field, removed or added, is reported where it is listed', async () => {
    const envelope = { type: 'object', properties: { data: { type: 'object' } } };
    const specific = (required: string[]) => ({
      properties: { data: { type: 'object', required, properties: { orderId: { type: 'string' }, total: { type: 'number' } } } },
    });
    const doc = (required: string[]) => api({ direction: 'send', payload: { allOf: [envelope, specific(required)] } });
    const removed = await diffPair(doc(['orderId', 'total']), doc(['orderId']));
    assert.deepEqual(
      rules(removed),
      ['schema-required-removed breaking /channels/orders/messages/orderPlaced/payload/allOf/1/properties/data/required/1'],
      summaryOf(removed).join('\n'),
    );
    assert.match(removed.changes[0]!.message, /payload\.data: `total` is no longer required/);
    const added = await diffPair(doc(['orderId']), doc(['orderId', 'total']));
    assert.deepEqual(
      rules(added),
      ['schema-required-added non-breaking /channels/orders/messages/orderPlaced/payload/allOf/1/properties/data/required/1'],
      summaryOf(added).join('\n'),
    );
  });

  it('an OpenAPI Multi Format Schema Object referencing another: a field changed inside the referenced one is reported', async () => {
    const openapi = 'application/vnd.oai.openapi;version=3.0.0';
    const doc = (amount: Record<string, unknown>) =>
      api({
        direction: 'receive',
        payload: { schemaFormat: openapi, schema: { $ref: '#/components/schemas/Order' } },
        components: { schemas: { Order: { schemaFormat: openapi, schema: { type: 'object', properties: { amount } } } } },
      });
    const r = await diffPair(doc({ type: 'integer', nullable: true }), doc({ type: 'integer' }));
    assert.deepEqual(rules(r), ['schema-type-narrowed breaking /components/schemas/Order/schema/properties/amount/type'], summaryOf(r).join('\n'));
    assert.match(r.changes[0]!.message, /payload\.amount: type integer \| null → integer/);
  });

  it('a JSON Schema property referencing an OpenAPI Multi Format Schema Object: read in OpenAPI, `nullable` included', async () => {
    const openapi = 'application/vnd.oai.openapi;version=3.0.0';
    const doc = (nullable: boolean) =>
      api({
        direction: 'receive',
        payload: obj({ price: { $ref: '#/components/schemas/Price' } }),
        components: { schemas: { Price: { schemaFormat: openapi, schema: { type: 'number', ...(nullable ? { nullable: true } : {}) } } } },
      });
    const r = await diffPair(doc(true), doc(false));
    assert.deepEqual(rules(r), ['schema-type-narrowed breaking /components/schemas/Price/schema/type'], summaryOf(r).join('\n'));
    const widened = await diffPair(doc(false), doc(true));
    assert.deepEqual(rules(widened), ['schema-type-widened non-breaking /components/schemas/Price/schema/type'], summaryOf(widened).join('\n'));
  });

  it('a oneOf alternative that requires more may let through a value that matched two alternatives: both ways, unless a value selects one', async () => {
    const option = (required: string[], kind?: string) => ({
      type: 'object',
      required,
      properties: { id: { type: 'string' }, ...(kind ? { kind: { const: kind } } : {}) },
    });
    const doc = (required: string[], kinds: boolean) =>
      api({ direction: 'send', payload: { oneOf: [option(required, kinds ? 'a' : undefined), option([], kinds ? 'b' : undefined)] } });
    const at = '/channels/orders/messages/orderPlaced/payload/oneOf/0/required/0';
    // Sent: readers on the old schema may now get `{}` without id, which matched both alternatives before and this one alone now.
    const overlapping = await diffPair(doc([], false), doc(['id'], false));
    assert.deepEqual(rules(overlapping), [`schema-required-added breaking ${at}`], summaryOf(overlapping).join('\n'));
    assert.match(overlapping.changes[0]!.message, /in an alternative of a oneOf/);
    // `kind` selects one alternative: requiring more of one only narrows, which readers of a sent message take.
    const selected = await diffPair(doc([], true), doc(['id'], true));
    assert.deepEqual(rules(selected), [`schema-required-added non-breaking ${at}`], summaryOf(selected).join('\n'));
  });

  it('schemas that are each other’s allOf part: a change of one is compared (the cycle adds nothing to what they admit)', async () => {
    const doc = (xType: string) =>
      api({
        direction: 'receive',
        payload: { $ref: '#/components/schemas/A' },
        components: {
          schemas: {
            A: { type: 'object', allOf: [{ $ref: '#/components/schemas/B' }], properties: { x: { type: xType } } },
            B: { type: 'object', allOf: [{ $ref: '#/components/schemas/A' }], properties: { y: { type: 'string' } } },
          },
        },
      });
    const r = await diffPair(doc('string'), doc('integer'));
    assert.deepEqual(rules(r), ['schema-type-changed breaking /components/schemas/A/properties/x/type'], summaryOf(r).join('\n'));
  });

  it('an Avro field gaining or losing a default is reported (the page shows it required unless it has one)', async () => {
    const doc = (field: Record<string, unknown>) => api({ direction: 'receive', payload: avro([{ name: 'id', type: 'string' }, field]) });
    const gained = await diffPair(doc({ name: 'note', type: 'string' }), doc({ name: 'note', type: 'string', default: '' }));
    assert.deepEqual(
      rules(gained),
      ['schema-default-changed non-breaking /channels/orders/messages/orderPlaced/payload/schema/fields/1'],
      summaryOf(gained).join('\n'),
    );
    assert.match(gained.changes[0]!.message, /payload\.note: default "" added/);
    const lost = await diffPair(doc({ name: 'note', type: 'string', default: '' }), doc({ name: 'note', type: 'string' }));
    assert.deepEqual(
      rules(lost),
      ['schema-default-changed non-breaking /channels/orders/messages/orderPlaced/payload/schema/fields/1'],
      summaryOf(lost).join('\n'),
    );
  });
});

describe('diff: schemas as the pages show them, bounded', { timeout: 60_000 }, () => {
  it('a fan-out 40 levels deep (10^40 paths written out): the type changed at the last level is found, at its keyword', async () => {
    const base = fanOutDocument(40);
    const head = base.replace(/(\n {4}L40:\n {6}type: object\n {6}properties:\n {8}p0:\n {10}type: )string/, '$1integer');
    assert.notEqual(head, base);
    const r = await diffTrees({ 'main.yaml': base }, { 'main.yaml': head });
    assert.deepEqual([...new Set(rules(r))], ['schema-type-changed breaking /components/schemas/L40/properties/p0/type'], summaryOf(r).join('\n'));
  });

  it('a property defined by 2,000 allOf parts (more than the view merges whole): unchanged parts are known alike, the one change is found', async () => {
    const schemas = (lastType: string) =>
      Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [
          `S${i}`,
          {
            type: 'object',
            properties: { [`p${i}`]: { type: i === 49 ? lastType : 'string' }, data: { type: 'object', properties: { [`q${i}`]: { type: 'string' } } } },
          },
        ]),
      );
    const doc = (lastType: string) =>
      api({
        direction: 'receive',
        payload: { allOf: Array.from({ length: 2000 }, (_, i) => ({ $ref: `#/components/schemas/S${i % 50}` })) },
        components: { schemas: schemas(lastType) },
      });
    const r = await diffPair(doc('string'), doc('integer'));
    assert.deepEqual(rules(r), ['schema-type-changed breaking /components/schemas/S49/properties/p49/type'], summaryOf(r).join('\n'));
  });
});
