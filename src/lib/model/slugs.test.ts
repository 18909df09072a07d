import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baseSlug, slugsFor } from './slugs.ts';

describe('slugs', () => {
  it('keeps ids readable', () => {
    assert.equal(baseSlug('userSignedUp'), 'usersignedup');
    assert.equal(baseSlug('user/signedup'), 'user-signedup');
    assert.equal(baseSlug('lighting.measured'), 'lighting.measured');
    assert.equal(baseSlug('{tenant}.orders'), 'tenant-.orders');
    assert.equal(baseSlug('Crème brûlée'), 'creme-brulee');
  });

  it('never returns an empty or path-like slug', () => {
    assert.match(baseSlug('???'), /^id-[0-9a-f]{6}$/);
    assert.match(baseSlug('日本'), /^id-[0-9a-f]{6}$/);
    assert.equal(baseSlug('../../etc'), 'etc');
    assert.equal(baseSlug('..'), baseSlug('..'));
    assert.doesNotMatch(baseSlug('..'), /^\.|\//);
  });

  it('tells case-different ids apart, whatever the order they come in', () => {
    const a = slugsFor(['userSignedUp', 'UserSignedUp', 'other']);
    const b = slugsFor(['other', 'UserSignedUp', 'userSignedUp']);
    assert.deepEqual([...a].sort(), [...b].sort());
    assert.equal(a.get('UserSignedUp'), 'usersignedup');
    assert.match(a.get('userSignedUp')!, /^usersignedup-[0-9a-f]{6}$/);
    assert.equal(a.get('other'), 'other');
    assert.equal(new Set(a.values()).size, 3);
  });

  it('keeps the end of a long name, where names differ', () => {
    const pet = 'io.github.acme.orders.paymentservice.internal.generated.model.PaymentApplication.Pet';
    const owner = 'io.github.acme.orders.paymentservice.internal.generated.model.PaymentApplication.Owner';
    assert.equal(baseSlug(pet), 'acme.orders.paymentservice.internal.generated.model.paymentapplication.pet');
    assert.equal(baseSlug(owner), 'acme.orders.paymentservice.internal.generated.model.paymentapplication.owner');
    assert.ok(baseSlug(pet).length <= 80);
    assert.equal(baseSlug('x'.repeat(100) + 'end'), 'x'.repeat(77) + 'end');
  });
});
