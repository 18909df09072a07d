import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nameEnd } from './name-end.ts';

describe('the end of a long sidebar name, kept when the line cuts it', () => {
  it('cuts after the last separator of a long name, and leaves short names and names without one whole', () => {
    assert.deepEqual(nameEnd('SpringKafkaDefaultHeaders-CustomsDeclarationDto'), { head: 'SpringKafkaDefaultHeaders-', end: 'CustomsDeclarationDto' });
    assert.deepEqual(nameEnd('customs.CustomsDeclarationPayloadDto'), { head: 'customs.', end: 'CustomsDeclarationPayloadDto' });
    assert.deepEqual(nameEnd('SpringKafkaDefaultHeaders-ShippingLabelDto-1309245871'), {
      head: 'SpringKafkaDefaultHeaders-',
      end: 'ShippingLabelDto-1309245871',
    });
    assert.equal(nameEnd('ParcelShipmentPayloadDto'), undefined, 'no separator: one piece');
    assert.equal(nameEnd('orders.Pet'), undefined, 'short: fits the line');
    assert.equal(nameEnd('SpringKafkaDefaultHeaders-'), undefined, 'nothing after the separator');
    assert.equal(nameEnd('ab-SpringKafkaDefaultHeadersX'), undefined, 'a head of two letters');
  });
  it('gives back the name when the pieces are joined, for random names', () => {
    const letters = 'aZ.-_$x9';
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 2000; i++) {
      const name = Array.from({ length: next(40) }, () => letters[next(letters.length)]).join('');
      const cut = nameEnd(name);
      if (!cut) continue;
      assert.equal(cut.head + cut.end, name);
      assert.ok(!/[.\-_$/:]/.test(cut.end.replace(/[.\-_$/:]\d+$/, '')), `"${cut.end}" is the last piece of "${name}"`);
      assert.ok(/[.\-_$/:]$/.test(cut.head));
    }
  });
});
