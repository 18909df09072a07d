import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyTraits, mergePatch } from './merge-traits.ts';

const at = (pointer: string) => ({ file: '/doc.yaml', pointer });

describe('traits merge (SPEC: JSON Merge Patch in order, the target wins)', () => {
  it('implements RFC 7386 merge patch', () => {
    assert.deepEqual(mergePatch({ a: 1, b: { c: 2, d: 3 } }, { b: { c: null, e: 4 }, f: [1] }), { a: 1, b: { d: 3, e: 4 }, f: [1] });
    assert.deepEqual(mergePatch({ a: 1 }, 'x'), 'x');
  });

  it('adds trait fields the target lacks, later traits over earlier ones, and the target over all', () => {
    const merged = applyTraits({ value: { summary: 'own', traits: [{ $ref: '#/t1' }], bindings: { kafka: { groupId: 'own' } } }, at: at('/operations/o') }, [
      {
        value: { summary: 't1', description: 'from t1', tags: [{ name: 'a' }], bindings: { kafka: { clientId: 't1', groupId: 't1' } } },
        at: at('/components/operationTraits/t1'),
      },
      { value: { description: 'from t2' }, at: at('/components/operationTraits/t2') },
    ]);
    assert.deepEqual(merged.value, { summary: 'own', description: 'from t2', tags: [{ name: 'a' }], bindings: { kafka: { clientId: 't1', groupId: 'own' } } });
    assert.deepEqual(merged.origin, {
      summary: at('/operations/o'),
      description: at('/components/operationTraits/t2'),
      tags: at('/components/operationTraits/t1'),
      bindings: at('/operations/o'),
    });
  });

  it('takes the fields only the target has as written: the same objects, their nulls kept', () => {
    const payload = { type: 'object', properties: { note: { type: ['string', 'null'], default: null } } };
    const merged = applyTraits({ value: { payload, traits: [{ $ref: '#/t' }], title: null }, at: at('/m') }, [
      { value: { title: 'from t', summary: 's' }, at: at('/t') },
    ]);
    assert.equal(merged.value.payload, payload);
    assert.deepEqual(merged.value, { payload, summary: 's' });
    assert.deepEqual(Object.keys(merged.origin).sort(), ['payload', 'summary']);
  });

  it('merges keys named like Object properties (constructor, __proto__) as fields, never into the prototype', () => {
    const own = (entries: [string, unknown][]): Record<string, unknown> => Object.fromEntries(entries);
    const patched = mergePatch(
      own([['constructor', 1]]),
      own([
        ['__proto__', { polluted: true }],
        ['toString', 'x'],
      ]),
    ) as Record<string, unknown>;
    assert.deepEqual(Object.keys(patched), ['constructor', '__proto__', 'toString']);
    assert.equal(Object.getPrototypeOf(patched), Object.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    const merged = applyTraits(
      {
        value: own([
          ['__proto__', { payload: 'own' }],
          ['valueOf', 'own'],
        ]),
        at: at('/components/messages/m'),
      },
      [
        {
          value: own([
            ['constructor', { a: 1 }],
            ['__proto__', { headers: 't' }],
          ]),
          at: at('/components/messageTraits/t'),
        },
      ],
    );
    assert.deepEqual(Object.keys(merged.value).sort(), ['__proto__', 'constructor', 'valueOf']);
    assert.equal(Object.getPrototypeOf(merged.value), Object.prototype);
    assert.equal(merged.value.payload, undefined, 'nothing inherited from a field named __proto__');
    assert.deepEqual(merged.value.constructor, { a: 1 });
    assert.deepEqual(Object.keys(merged.origin).sort(), ['__proto__', 'constructor', 'valueOf']);
    const originOf = (key: string): string | undefined => merged.origin[key]?.pointer;
    assert.equal(originOf('constructor'), '/components/messageTraits/t');
    assert.equal(originOf('valueOf'), '/components/messages/m');
  });
});
