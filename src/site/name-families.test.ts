import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type FamilyRow, leadsOf, MIN_HEAD, MIN_MEMBERS, nameFamilies } from './name-families.ts';

const shape = (rows: FamilyRow<string>[]): string[] => rows.map((r) => ('entry' in r ? r.entry.rest : `${r.head}[${r.entries.map((e) => e.rest).join(' ')}]`));

describe('names that share a long head, listed under it', () => {
  it("gathers springwolf's header schemas under their head, each shown by what sets it apart", () => {
    const names = [
      'PayloadNotUsed',
      'SpringDefaultHeaderAndCloudEvent',
      'SpringKafkaDefaultHeaders-AnotherPayloadAvroDto',
      'SpringKafkaDefaultHeaders-ExamplePayloadDto-546532105',
      'SpringKafkaDefaultHeaders-integer',
      'String',
      'SpringKafkaDefaultHeaders-string',
    ];
    assert.deepEqual(shape(nameFamilies(names, (n) => n)), [
      'PayloadNotUsed',
      'SpringDefaultHeaderAndCloudEvent',
      'SpringKafkaDefaultHeaders-[AnotherPayloadAvroDto ExamplePayloadDto-546532105 integer string]',
      'String',
    ]);
  });

  it('leaves alone short heads, a head of one name, sentences and a number alone after the head', () => {
    assert.deepEqual(shape(nameFamilies(['orders.Pet', 'orders.Cat'], (n) => n)), ['orders.Pet', 'orders.Cat']);
    assert.deepEqual(shape(nameFamilies(['SpringKafkaDefaultHeaders-Money', 'Other'], (n) => n)), ['SpringKafkaDefaultHeaders-Money', 'Other']);
    assert.deepEqual(shape(nameFamilies(['Send order-created now', 'Send order-cancelled now'], (n) => n)), [
      'Send order-created now',
      'Send order-cancelled now',
    ]);
    assert.deepEqual(shape(nameFamilies(['ExamplePayloadDto-546532105', 'ExamplePayloadDto-1309245871'], (n) => n)), [
      'ExamplePayloadDto-546532105',
      'ExamplePayloadDto-1309245871',
    ]);
  });

  it('prefers the head that saves the most letters: a package of many classes over a longer one of two', () => {
    const names = ['com.acme.orders.api.Created', 'com.acme.orders.api.Cancelled', 'com.acme.orders.Shipped', 'com.acme.orders.Paid', 'com.acme.orders.Lost'];
    assert.deepEqual(shape(nameFamilies(names, (n) => n)), ['com.acme.orders.[api.Created api.Cancelled Shipped Paid Lost]']);
  });

  it("leads each member with its head's last word, longer where two families' would read alike", () => {
    const leads = (names: string[]): string[] => nameFamilies(names, (n) => n).flatMap((r) => ('head' in r ? [r.lead] : []));
    assert.deepEqual(leads(['SpringKafkaDefaultHeaders-VehicleBase', 'SpringKafkaDefaultHeaders-Message', 'VehicleBase']), ['Headers-']);
    assert.deepEqual(leads(['org.example.logistics.dtos.Address', 'org.example.logistics.dtos.Carrier']), ['dtos.']);
    assert.deepEqual(leads(['com.acme.orders.dtos.Paid', 'com.acme.orders.dtos.Lost', 'com.acme.shipping.dtos.Sent', 'com.acme.shipping.dtos.Held']), [
      'orders.dtos.',
      'shipping.dtos.',
    ]);
    assert.deepEqual(leadsOf('SpringKafkaDefaultHeaders-'), ['Headers-', 'DefaultHeaders-', 'KafkaDefaultHeaders-', 'SpringKafkaDefaultHeaders-']);
  });

  it('for random names: each listed once, in one family at most, whole again as head + rest, heads long and shared', () => {
    const pieces = ['SpringKafka', 'Default', 'Headers', 'io', 'github', 'dto', 'Pet', 'x', '7', 'Order Created'];
    const seps = ['.', '-', '_', '$', ''];
    let seed = 11;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const names = Array.from({ length: next(30) }, () =>
        Array.from({ length: 1 + next(6) }, () => pieces[next(pieces.length)]! + seps[next(seps.length)]!).join(''),
      );
      const rows = nameFamilies(names, (n) => n);
      const again = rows.flatMap((r) => ('entry' in r ? [r.entry] : r.entries));
      assert.deepEqual(again.map((e) => e.item).sort(), [...names].sort(), 'every name exactly once');
      for (const e of again) assert.ok(e.rest.length > 0);
      for (const r of rows) {
        if ('entry' in r) {
          assert.equal(r.entry.rest, r.entry.name);
          continue;
        }
        assert.ok(r.entries.length >= MIN_MEMBERS, `"${r.head}" has ${MIN_MEMBERS} members at least`);
        assert.ok(r.head.length >= MIN_HEAD, `"${r.head}" is long enough to say once`);
        assert.ok(/[.\-_$/:]$/.test(r.head) && !/\s/.test(r.head), `"${r.head}" ends at a separator`);
        for (const e of r.entries) assert.equal(r.head + e.rest, e.name, 'the whole name is head and rest');
        assert.ok(r.head.endsWith(r.lead) && r.lead.length > 0, `"${r.lead}" is an end of "${r.head}"`);
      }
      assert.equal(new Set(rows.flatMap((r) => ('head' in r ? [r.head] : []))).size, rows.filter((r) => 'head' in r).length, 'one row per head');
      // No two names shown alike: a lone name whole, a member after its family's lead, leads told apart.
      const leads = rows.flatMap((r) => ('head' in r ? [r.lead] : []));
      assert.equal(new Set(leads).size, leads.length, `leads told apart: ${leads.join(' ')}`);
      assert.deepEqual(shape(nameFamilies([...names], (n) => n)), shape(rows), 'the same names, the same rows');
    }
  });
});
