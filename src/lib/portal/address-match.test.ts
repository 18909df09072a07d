import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressesMeet } from './address-match.ts';

describe('addressesMeet', () => {
  const cases: [string, string, ReturnType<typeof addressesMeet>][] = [
    ['user-signedup', 'user-signedup', 'address'],
    ['user-signedup', 'user-signedUp', undefined],
    ['orders.{region}.created', 'orders.eu.created', 'address pattern'],
    ['orders.eu.created', 'orders.{region}.created', 'address pattern'],
    ['orders.{id}.created', 'orders.{orderId}.created', 'address pattern'],
    ['orders.{region}.created', 'orders.eu.west.created', 'address pattern'],
    ['orders.{region}.created', 'orders..created', undefined],
    ['orders.{region}.created', 'orders.eu.deleted', undefined],
    // A parameter never crosses the separator of path-like addresses.
    ['user/{id}', 'user/1/settings', undefined],
    ['user/{id}/settings', 'user/1/settings', 'address pattern'],
    ['{tenant}/orders/{id}', 'acme/orders/7', 'address pattern'],
    ['{tenant}/orders/{id}', 'acme/eu/orders/7', undefined],
    ['{a}{b}', 'xy', undefined],
    ['a{x}b{y}c', 'a1b2c', 'address pattern'],
    ['a{x}b{y}c', 'abbc', undefined],
    ['a{x}b{y}c', 'a1bb2c', 'address pattern'],
    // A name chosen at run time says nothing of where it is: it meets only itself.
    ['{queue}', '{queue}', 'address'],
    ['{queue}', 'rpc_queue', undefined],
    ['{queue}', '{other}', undefined],
  ];
  for (const [a, b, expected] of cases) it(`${a} and ${b}: ${expected ?? 'do not meet'}`, () => assert.equal(addressesMeet(a, b), expected));
});
