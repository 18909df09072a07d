import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shortNames } from './qualified-names.ts';

describe('short names of package-qualified ids', () => {
  it('keeps the last segment, and as many before it as tell a group apart', () => {
    const names = shortNames([
      'io.github.acme.orders.PaymentApplication.Pet',
      'io.github.acme.orders.PaymentApplication.Owner',
      'io.github.acme.billing.Invoice.Pet',
      'io.github.acme.orders.Order',
      'lighting.measured',
      'Plain',
    ]);
    assert.deepEqual(Object.fromEntries(names), {
      'io.github.acme.orders.PaymentApplication.Pet': 'PaymentApplication.Pet',
      'io.github.acme.orders.PaymentApplication.Owner': 'Owner',
      'io.github.acme.billing.Invoice.Pet': 'Invoice.Pet',
      'io.github.acme.orders.Order': 'Order',
    });
  });
});
