import '../../../test/seeded-random.ts';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { tempTree } from '../../../test/helpers.ts';
import { schemaViewsOf, type SchemaViews } from '../schema/schema-views.ts';
import { matchPolicy } from '../sns/filter-match.ts';
import type { Scope } from '../sns/filter-policy.ts';
import { validateDocument } from '../validate/validate-document.ts';
import { type MessageShape, neverPasses } from './never-received.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The schemas, each read as the site reads a message's payload (and headers). */
async function shapes(schemas: Record<string, unknown>): Promise<(name: string) => MessageShape> {
  const dir = tempTree({ 'api.json': JSON.stringify({ apidesc: '3.0.0', info: { title: 't', version: '1' }, components: { schemas } }) });
  dirs.push(dir);
  const { doc } = await validateDocument(join(dir, 'api.json'), { root: dir });
  assert.ok(doc);
  const views: SchemaViews = schemaViewsOf(doc);
  return (name) => {
    const root = views.view(schemas[name], { file: doc.root.path, pointer: `/components/schemas/${name}` }).root;
    assert.ok(root);
    return { views, payload: root, headers: root };
  };
}

const POOL: unknown[] = ['OrderPlaced', 'OrderCancelled', 'Order', 'x', 1, 5, 20];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const some = <T>(list: readonly T[], max: number): T[] => [...new Set(Array.from({ length: 1 + Math.floor(Math.random() * max) }, () => pick(list)))];
const CONDITIONS: (() => unknown)[] = [
  () => pick(POOL),
  () => ({ prefix: 'Order' }),
  () => ({ suffix: 'Placed' }),
  () => ({ 'anything-but': some(POOL, 2) }),
  () => ({ exists: true }),
  () => ({ exists: false }),
  () => ({ numeric: ['>', 2] }),
  () => ({ 'equals-ignore-case': 'orderplaced' }),
];

describe('never-received: what a message schema proves a filter never passes', () => {
  it('says "never" exactly when no value the schema allows (const, enum, absent) passes the condition (random cases against the matcher)', async () => {
    const cases = Array.from({ length: 300 }, (_, i) => {
      const values = some(POOL, 3);
      const kind = pick(['const', 'enum', 'absent'] as const);
      const required = Math.random() < 0.5;
      const field = kind === 'const' ? { const: values[0] } : { enum: values };
      const schema =
        kind === 'absent'
          ? { type: 'object', properties: { other: { type: 'string' } }, additionalProperties: false }
          : { type: 'object', ...(required ? { required: ['eventType'] } : {}), properties: { eventType: field } };
      const conditions = Array.from({ length: 1 + Math.floor(Math.random() * 2) }, () => pick(CONDITIONS)());
      return { name: `s${i}`, schema, kind, required, allowed: kind === 'const' ? [values[0]] : values, conditions };
    });
    const shapeOf = await shapes(Object.fromEntries(cases.map((c) => [c.name, c.schema])));
    let never = 0;
    for (const c of cases) {
      const policy = { eventType: c.conditions };
      // The oracle: every message the schema allows, as far as the field goes, through the matcher.
      const bodies = c.kind === 'absent' ? [{ other: 'x' }] : [...c.allowed.map((v) => ({ eventType: v })), ...(c.required ? [] : [{}])];
      const passes = bodies.some((body) => matchPolicy(policy, 'MessageBody', { attributes: {}, body }).matches);
      const said = neverPasses(policy, 'MessageBody', shapeOf(c.name));
      assert.equal(said !== undefined, !passes, `${JSON.stringify(c.schema)} with ${JSON.stringify(policy)}: ${JSON.stringify(said)}`);
      if (said) {
        never++;
        assert.equal(said[0]!.attribute, 'eventType');
        assert.match(said[0]!.why, c.kind === 'absent' ? /^never has eventType$/ : /^has eventType .+ only/);
      }
    }
    // Both answers are exercised.
    assert.ok(never > 30 && never < 270, `${never} of 300 said never`);
  });

  it('says nothing where the schema leaves the field open: no const or enum, an open object, an array on the way, a choice of shapes', async () => {
    const shapeOf = await shapes({
      open: { type: 'object', properties: { other: { type: 'string' } } },
      plain: { type: 'object', required: ['eventType'], properties: { eventType: { type: 'string' } } },
      array: { type: 'object', properties: { total: { type: 'array', items: { type: 'object', properties: { amount: { const: 0 } } } } } },
      untyped: { properties: { total: { properties: { amount: { const: 0 } }, additionalProperties: false } } },
      closed: {
        type: 'object',
        properties: { total: { type: 'object', required: ['amount'], properties: { amount: { const: 0 } } } },
        additionalProperties: false,
      },
    });
    assert.equal(neverPasses({ eventType: ['OrderPlaced'] }, 'MessageBody', shapeOf('open')), undefined);
    assert.equal(neverPasses({ eventType: ['OrderPlaced'] }, 'MessageBody', shapeOf('plain')), undefined);
    assert.equal(neverPasses({ total: { amount: [{ numeric: ['>', 0] }] } }, 'MessageBody', shapeOf('array')), undefined);
    assert.equal(neverPasses({ total: { amount: [{ numeric: ['>', 0] }] } }, 'MessageBody', shapeOf('untyped')), undefined);
    // The same field proven: an object that is always there, its amount always 0.
    assert.deepEqual(neverPasses({ total: { amount: [{ numeric: ['>', 0] }] } }, 'MessageBody', shapeOf('closed')), [
      { attribute: 'total.amount', condition: 'is a number > 0', why: 'has total.amount 0 only, or none' },
    ]);
  });

  it('follows nested keys to the part a closed object never has, and $or needs every alternative excluded', async () => {
    const shapeOf = await shapes({
      cancelled: {
        allOf: [
          { type: 'object', required: ['orderId'], properties: { orderId: { type: 'string' } } },
          { type: 'object', properties: { orderId: {}, reason: { enum: ['fraud', 'customer-request'] } }, additionalProperties: false },
        ],
      },
    });
    const cancelled = shapeOf('cancelled');
    assert.deepEqual(neverPasses({ total: { amount: [{ numeric: ['>', 0] }] } }, 'MessageBody', cancelled), [
      { attribute: 'total.amount', condition: 'is a number > 0', why: 'never has total' },
    ]);
    // One alternative the message can meet: it may pass.
    assert.equal(neverPasses({ $or: [{ total: { amount: [{ numeric: ['>', 0] }] } }, { reason: ['fraud'] }] }, 'MessageBody', cancelled), undefined);
    assert.equal(neverPasses({ $or: [{ total: { amount: [{ numeric: ['>', 0] }] } }, { reason: ['out-of-stock'] }] }, 'MessageBody', cancelled)?.length, 2);
    // A field it never has passes `exists: false`.
    assert.equal(neverPasses({ total: [{ exists: false }] }, 'MessageBody', cancelled), undefined);
  });

  it('reads message attributes from the headers: an enum fixes them, booleans go as strings, FIFO parameters are no attributes', async () => {
    const shapeOf = await shapes({
      headers: {
        type: 'object',
        required: ['eventType', 'urgent', 'MessageGroupId'],
        properties: { eventType: { const: 'OrderCancelled' }, urgent: { enum: [true] }, MessageGroupId: { const: 'g' } },
      },
    });
    const headers = shapeOf('headers');
    const scope: Scope = 'MessageAttributes';
    assert.deepEqual(neverPasses({ eventType: ['OrderPlaced'] }, scope, headers), [
      { attribute: 'eventType', condition: 'is "OrderPlaced"', why: 'has the attribute eventType "OrderCancelled" only' },
    ]);
    assert.equal(neverPasses({ urgent: ['true'] }, scope, headers), undefined);
    assert.ok(neverPasses({ urgent: ['false'] }, scope, headers));
    assert.equal(neverPasses({ MessageGroupId: ['other'] }, scope, headers), undefined);
  });

  it('stays bounded on a hostile enum: a long one is named by its first values and counted, a huge one is not judged', async () => {
    const many = Array.from({ length: 200 }, (_, i) => `kind-${i}`);
    const huge = Array.from({ length: 20_000 }, (_, i) => `kind-${i}`);
    const shapeOf = await shapes({
      many: { type: 'object', required: ['eventType'], properties: { eventType: { enum: many } } },
      huge: { type: 'object', required: ['eventType'], properties: { eventType: { enum: huge } } },
    });
    const said = neverPasses({ eventType: ['OrderPlaced'] }, 'MessageBody', shapeOf('many'));
    assert.deepEqual(
      said?.map((r) => r.why),
      ['has eventType "kind-0" or "kind-1" or "kind-2" or 197 other values only'],
    );
    assert.equal(neverPasses({ eventType: ['OrderPlaced'] }, 'MessageBody', shapeOf('huge')), undefined);
  });
});
