/**
 * The messages a schema is carried by (schema-carriers.ts): against a plain reachability search,
 * on generated graphs of messages and schemas (chains, fan-outs, shared schemas, cycles), and
 * bounded on a fan-out of a thousand messages over a chain of a thousand schemas.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CARRIERS_KNOWN, linkCarriers } from './schema-carriers.ts';
import type { Entity, EntityKind } from './types.ts';

const entity = (kind: EntityKind, id: string): Entity => ({
  kind,
  id,
  url: `${kind === 'component:schemas' ? 'components/schemas' : 'components/messages'}/${id}/`,
  pointer: '',
  source: { file: 'api.yaml', pointer: '', line: 1 },
  title: id,
  usedBy: [],
});

/** `user` references `target` (as where-used.ts links them). */
const uses = (user: Entity, target: Entity): void => {
  target.usedBy.push({ kind: user.kind, id: user.id, url: user.url, title: user.title });
};

/** The messages that reach `schema` through references, in the entities' order: what carriedBy must begin with. */
function reaching(entities: Entity[], schema: Entity): string[] {
  const byUrl = new Map(entities.map((e) => [e.url, e]));
  const found = new Set<Entity>();
  const stack = [schema];
  const seen = new Set<Entity>();
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const link of at.usedBy) {
      const user = byUrl.get(link.url)!;
      if (user.kind === 'component:messages') found.add(user);
      else stack.push(user);
    }
  }
  return entities.filter((e) => found.has(e)).map((e) => e.id);
}

describe('the messages that carry a schema, through the schemas that use it', () => {
  it('are the first CARRIERS_KNOWN messages that reach it, in the document order, on any graph', () => {
    const graph = fc.record({
      messages: fc.integer({ min: 1, max: 6 }),
      schemas: fc.integer({ min: 1, max: 8 }),
      edges: fc.array(fc.tuple(fc.nat(13), fc.nat(7)), { maxLength: 30 }),
    });
    fc.assert(
      fc.property(graph, ({ messages, schemas, edges }) => {
        const ms = Array.from({ length: messages }, (_, i) => entity('component:messages', `M${i}`));
        const ss = Array.from({ length: schemas }, (_, i) => entity('component:schemas', `S${i}`));
        // An edge from a message or a schema (cycles and self-references included) to a schema.
        const users = [...ms, ...ss];
        const said = new Set<string>();
        for (const [from, to] of edges) {
          const user = users[from % users.length]!;
          const target = ss[to % ss.length]!;
          if (user === target || said.has(`${user.url}>${target.url}`)) continue;
          said.add(`${user.url}>${target.url}`);
          uses(user, target);
        }
        const entities = [...ms, ...ss];
        linkCarriers(entities);
        for (const schema of ss) {
          const expected = reaching(entities, schema).slice(0, CARRIERS_KNOWN);
          assert.deepEqual(
            (schema.carriedBy ?? []).map((l) => l.id),
            expected,
            schema.id,
          );
        }
        for (const message of ms) assert.equal(message.carriedBy, undefined);
      }),
      { numRuns: 300 },
    );
  });

  it('names the messages of a schema three references down (Order → Payment → InvoicePayment)', () => {
    const placed = entity('component:messages', 'OrderPlaced');
    const [order, payment, invoice] = ['Order', 'Payment', 'InvoicePayment'].map((id) => entity('component:schemas', id)) as [Entity, Entity, Entity];
    uses(placed, order);
    uses(order, payment);
    uses(payment, invoice);
    linkCarriers([placed, order, payment, invoice]);
    assert.deepEqual(
      invoice.carriedBy?.map((l) => l.title),
      ['OrderPlaced'],
    );
  });

  it('passes each schema at most CARRIERS_KNOWN times: a thousand messages over a chain of a thousand schemas', () => {
    const ms = Array.from({ length: 1000 }, (_, i) => entity('component:messages', `M${i}`));
    const ss = Array.from({ length: 1000 }, (_, i) => entity('component:schemas', `S${i}`));
    for (const m of ms) uses(m, ss[0]!);
    for (let i = 1; i < ss.length; i++) uses(ss[i - 1]!, ss[i]!);
    // Each visit reads its schema's list's length (twice where it adds to it: the check and the push): counted by a proxy.
    let visits = 0;
    for (const s of ss) {
      const list: Entity['usedBy'] = [];
      s.carriedBy = new Proxy(list, {
        get(target, key, receiver) {
          if (key === 'length') visits++;
          return Reflect.get(target, key, receiver);
        },
      });
    }
    linkCarriers([...ms, ...ss]);
    assert.ok(visits <= 2 * CARRIERS_KNOWN * ss.length + ms.length, `${visits} visits`);
    assert.deepEqual(
      ss[999]!.carriedBy?.map((l) => l.id),
      ['M0', 'M1', 'M2'],
    );
  });
});
