/**
 * The filter-policy lints: what AWS refuses (five keys, 150 combinations, bare values, empty
 * lists, ranges, nesting in the attributes scope, operators) found at the path of keys they
 * concern, and nothing for policies AWS accepts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintPolicy, policySize } from './filter-lint.ts';
import { listedPolicy } from './filter-policy.ts';

const found = (policy: unknown, scope: 'MessageAttributes' | 'MessageBody' = 'MessageAttributes'): string[] =>
  lintPolicy(policy, scope).map((f) => `${f.code} ${JSON.stringify(f.path)}`);

describe('sns filter policy lints', () => {
  it('accepts the policies of AWS-style examples', () => {
    assert.deepEqual(found({ store: ['example_corp'], event: [{ 'anything-but': 'order_cancelled' }], price_usd: [{ numeric: ['>=', 100] }] }), []);
    assert.deepEqual(found({ order: { total: [{ numeric: ['>', 0, '<=', 150] }] }, $or: [{ a: ['1'] }, { b: [{ exists: false }] }] }, 'MessageBody'), []);
    assert.deepEqual(found({ ip: [{ cidr: '10.0.0.0/24' }], ip6: [{ cidr: '2001:db8::/32' }] }), []);
  });

  it('counts keys and combinations as AWS does', () => {
    assert.deepEqual(policySize({ a: ['1', '2', '3'], b: ['1', '2'], c: [{ prefix: 'x' }] }), { keys: 3, combinations: 6 });
    assert.deepEqual(policySize({ s: ['1', '2'], $or: [{ a: ['1', '2', '3'] }, { b: ['1'], c: ['1', '2'] }] }), { keys: 3, combinations: 10 });
    assert.deepEqual(policySize({ o: { p: ['1', '2'], q: ['1', '2'] } }), { keys: 2, combinations: 4 });
  });

  it('more than five keys', () => {
    assert.deepEqual(found({ a: ['1'], b: ['1'], c: ['1'], d: ['1'], e: ['1'], f: ['1'] }), ['sns-filter-keys []']);
    assert.deepEqual(found({ a: ['1'], b: ['1'], c: ['1'], d: ['1'], e: ['1'] }), []);
  });

  it('more than 150 combinations', () => {
    const ten = Array.from({ length: 10 }, (_, i) => String(i));
    assert.deepEqual(found({ a: ten, b: ten, c: ['1', '2'] }), ['sns-filter-combinations []']);
    assert.deepEqual(found({ a: ten, b: ten }), []);
    assert.match(lintPolicy({ a: ten, b: ten, c: ['1', '2'] }, 'MessageAttributes')[0]!.message, /200 combinations/);
  });

  it('a bare value or condition, an empty list', () => {
    assert.deepEqual(found({ a: 'x', b: { 'anything-but': 'y' }, c: [] }), [
      'sns-filter-bare-value ["a"]',
      'sns-filter-bare-value ["b"]',
      'sns-filter-empty-list ["c"]',
    ]);
    assert.match(
      lintPolicy({ b: { numeric: ['>', 0] } }, 'MessageBody')[0]!.message,
      /AWS reads "numeric" as a property inside "b", so the filter never matches/,
    );
  });

  it('numeric ranges in the wrong order, empty, or beyond ±10^9', () => {
    assert.deepEqual(found({ a: [{ numeric: ['<', 5, '>', 1] }] }), ['sns-filter-numeric ["a",0,"numeric"]']);
    assert.deepEqual(found({ a: [{ numeric: ['>', 5, '<', 1] }] }), ['sns-filter-numeric ["a",0,"numeric"]']);
    assert.deepEqual(found({ a: [{ numeric: ['>', 5, '<', 5] }] }), ['sns-filter-numeric ["a",0,"numeric"]']);
    assert.deepEqual(found({ a: [{ numeric: ['>', 5, '<=', 5.000001] }] }), ['sns-filter-numeric ["a",0,"numeric"]']);
    assert.deepEqual(found({ a: [{ numeric: ['>', 2e9] }], b: [3e9] }), ['sns-filter-numeric ["a",0,"numeric"]', 'sns-filter-operator ["b",0]']);
    assert.deepEqual(found({ a: [{ numeric: ['>=', 1, '<=', 1] }] }), []);
  });

  it('nesting in the attributes scope', () => {
    assert.deepEqual(found({ order: { total: ['1'] } }), ['sns-filter-nested-attributes ["order"]']);
    assert.deepEqual(found({ order: { total: ['1'] } }, 'MessageBody'), []);
  });

  it('operators AWS does not know, or with the wrong operand', () => {
    assert.deepEqual(found({ a: [{ regex: 'x' }], b: [{ exists: 'yes' }], c: [{ cidr: '10.0.0.0/99' }], d: [{ prefix: 1 }] }), [
      'sns-filter-operator ["a",0]',
      'sns-filter-operator ["b",0]',
      'sns-filter-operator ["c",0]',
      'sns-filter-operator ["d",0]',
    ]);
  });

  it('keys named like Object properties are keys', () => {
    const policy = JSON.parse('{"__proto__": "x", "constructor": ["y"]}') as Record<string, unknown>;
    assert.deepEqual(found(policy), ['sns-filter-bare-value ["__proto__"]']);
    assert.deepEqual(Object.keys(listedPolicy(policy)), ['__proto__', 'constructor']);
    assert.deepEqual(JSON.parse(JSON.stringify(listedPolicy(policy))), JSON.parse('{"__proto__": ["x"], "constructor": ["y"]}'));
  });

  it('a policy of many $or stays bounded', () => {
    let policy: Record<string, unknown> = { a: ['1', '2'] };
    for (let i = 0; i < 12; i++) policy = { $or: [policy, { [`k${i}`]: ['1', '2'] }], [`s${i}`]: ['1', '2'] };
    const started = performance.now();
    assert.ok(found(policy).includes('sns-filter-combinations []'));
    assert.ok(performance.now() - started < 1000);
  });
});
