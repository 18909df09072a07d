/**
 * Messages made to pass a filter: every kind of condition, in both scopes, checked with the
 * matcher; values of the example that already pass are kept; a policy nothing passes gives none.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cidrContains } from './filter-cidr.ts';
import { matchPolicy } from './filter-match.ts';
import { listedPolicy, type Scope } from './filter-policy.ts';
import { satisfyPolicy } from './filter-satisfy.ts';

const POLICIES: { policy: Record<string, unknown>; scope: Scope }[] = [
  { policy: { store: ['north', 'south'], price: [{ numeric: ['>', 0, '<=', 150] }] }, scope: 'MessageAttributes' },
  {
    policy: { code: [{ prefix: 'eu-' }], file: [{ suffix: '.png' }], lang: [{ 'equals-ignore-case': 'EN' }], path: [{ wildcard: 'a*b' }] },
    scope: 'MessageAttributes',
  },
  {
    policy: { event: [{ 'anything-but': ['cancelled', 'other'] }], price: [{ 'anything-but': [100, 500] }], ip: [{ cidr: '10.1.0.0/16' }] },
    scope: 'MessageAttributes',
  },
  { policy: { gone: [{ exists: false }], here: [{ exists: true }], n: [{ numeric: ['<', -5] }] }, scope: 'MessageAttributes' },
  { policy: { $or: [{ a: [{ numeric: ['>', 5, '<', 1] }] }, { b: ['yes'] }] }, scope: 'MessageAttributes' },
  { policy: { order: { total: [{ numeric: ['>=', 10] }], lines: { sku: [{ prefix: 'SKU-' }] } }, kind: ['placed'] }, scope: 'MessageBody' },
  { policy: { reason: { 'anything-but': 'password-reset' } }, scope: 'MessageBody' },
  { policy: JSON.parse('{"__proto__": ["x"], "constructor": [{"exists": true}]}') as Record<string, unknown>, scope: 'MessageAttributes' },
];

describe('messages made to pass a filter policy', () => {
  for (const { policy, scope } of POLICIES) {
    it(`${scope} ${JSON.stringify(policy)}`, () => {
      const message = satisfyPolicy(policy, scope, { attributes: { gone: 'x', keep: 'me' }, body: { user: 'u' } }, cidrContains);
      assert.ok(message, 'a message is made');
      // As intended (bare values listed), the made message passes.
      assert.equal(matchPolicy(listedPolicy(policy), scope, message, { cidr: cidrContains }).matches, true, JSON.stringify(message));
      assert.equal(Object.getPrototypeOf(message.attributes), Object.prototype);
    });
  }

  it('keeps the example values that already pass', () => {
    const message = satisfyPolicy({ event: [{ 'anything-but': 'order_cancelled' }], tags: ['rugby'] }, 'MessageAttributes', {
      attributes: { event: 'user_signed_up', tags: ['chess'] },
      body: {},
    });
    assert.deepEqual(message?.attributes, { event: 'user_signed_up', tags: ['chess', 'rugby'] });
  });

  it('gives none for a policy nothing passes', () => {
    assert.equal(satisfyPolicy({ a: [{ numeric: ['>', 5, '<', 1] }] }, 'MessageAttributes', { attributes: {}, body: {} }), undefined);
  });
});
