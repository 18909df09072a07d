/**
 * The filter matcher against AWS's documented semantics, one row per behaviour: our own
 * vectors, written from the documented rules (AND across keys, OR within a key, `$or`, exact
 * values, prefix, suffix, equals-ignore-case, anything-but, numeric, exists, cidr, String.Array,
 * MessageBody nesting), each with the reason a reader sees.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cidrContains } from './filter-cidr.ts';
import { matchPolicy } from './filter-match.ts';
import type { Scope } from './filter-policy.ts';

interface Vector {
  name: string;
  policy: unknown;
  scope?: Scope;
  attributes?: Record<string, unknown>;
  body?: unknown;
  matches: boolean;
  /** A reason of the result must contain this. */
  reason: string;
}

const A = 'MessageAttributes';
const B = 'MessageBody';

const VECTORS: Vector[] = [
  // Exact values, AND across keys, OR within a key.
  { name: 'exact string', policy: { store: ['north'] }, attributes: { store: 'north' }, matches: true, reason: 'store is "north"' },
  {
    name: 'exact strings are case-sensitive',
    policy: { store: ['north'] },
    attributes: { store: 'North' },
    matches: false,
    reason: 'store "North" is not "north"',
  },
  { name: 'OR within a key', policy: { sport: ['golf', 'polo'] }, attributes: { sport: 'polo' }, matches: true, reason: 'sport is "polo"' },
  {
    name: 'none of a list',
    policy: { sport: ['golf', 'polo'] },
    attributes: { sport: 'chess' },
    matches: false,
    reason: 'sport "chess" is not one of "golf", "polo"',
  },
  { name: 'AND across keys: one fails', policy: { a: ['x'], b: ['y'] }, attributes: { a: 'x', b: 'z' }, matches: false, reason: 'b "z" is not "y"' },
  { name: 'AND across keys: both hold', policy: { a: ['x'], b: ['y'] }, attributes: { a: 'x', b: 'y', c: 'ignored' }, matches: true, reason: 'b is "y"' },
  { name: 'a missing key', policy: { a: ['x'] }, attributes: { b: 'x' }, matches: false, reason: 'a is missing' },
  { name: 'exact number equals another notation', policy: { price: [301.5] }, attributes: { price: 3.015e2 }, matches: true, reason: 'price is 301.5' },
  { name: 'a number sent as a string', policy: { price: [200] }, attributes: { price: '200' }, matches: false, reason: 'sent as a string' },
  {
    name: 'a bare value: AWS refuses the policy',
    policy: { store: 'north' },
    attributes: { store: 'north' },
    matches: false,
    reason: 'store holds the bare value "north": AWS refuses the policy (write ["north"])',
  },
  {
    name: 'a bare condition in the body: read as a property, never matches',
    policy: { reason: { 'anything-but': 'reset' } },
    body: { reason: 'signup' },
    scope: B,
    matches: false,
    reason: 'AWS reads "anything-but" as a property inside reason',
  },
  {
    name: 'a bare condition in the attributes: nesting refused',
    policy: { event: { 'anything-but': 'x' } },
    attributes: { event: 'y' },
    matches: false,
    reason: 'which the MessageAttributes scope refuses',
  },
  // String.Array attributes: element by element.
  {
    name: 'String.Array: one element matches',
    policy: { tags: ['rugby'] },
    attributes: { tags: ['chess', 'rugby'] },
    matches: true,
    reason: 'tags is "rugby"',
  },
  {
    name: 'String.Array: no element matches',
    policy: { tags: ['rugby'] },
    attributes: { tags: ['chess'] },
    matches: false,
    reason: 'tags ["chess"] is not "rugby"',
  },
  {
    name: 'String.Array with prefix',
    policy: { tags: [{ prefix: 'ru' }] },
    attributes: { tags: ['chess', 'rugby'] },
    matches: true,
    reason: '"rugby" starts with "ru"',
  },
  // prefix, suffix, equals-ignore-case, wildcard.
  { name: 'prefix', policy: { code: [{ prefix: 'eu-' }] }, attributes: { code: 'eu-west-1' }, matches: true, reason: 'starts with "eu-"' },
  {
    name: 'prefix fails',
    policy: { code: [{ prefix: 'eu-' }] },
    attributes: { code: 'us-east-1' },
    matches: false,
    reason: 'code "us-east-1" does not start with "eu-"',
  },
  { name: 'prefix on a number', policy: { code: [{ prefix: '1' }] }, attributes: { code: 12 }, matches: false, reason: 'code 12 is not a string' },
  { name: 'suffix', policy: { file: [{ suffix: '.png' }] }, attributes: { file: 'a.png' }, matches: true, reason: 'ends with ".png"' },
  {
    name: 'equals-ignore-case',
    policy: { lang: [{ 'equals-ignore-case': 'EN' }] },
    attributes: { lang: 'en' },
    matches: true,
    reason: 'equals, ignoring case, "EN"',
  },
  { name: 'wildcard', policy: { path: [{ wildcard: 'a*c*e' }] }, attributes: { path: 'abcde' }, matches: true, reason: 'matches "a*c*e"' },
  { name: 'wildcard fails', policy: { path: [{ wildcard: 'a*z' }] }, attributes: { path: 'abc' }, matches: false, reason: 'does not match "a*z"' },
  // anything-but.
  {
    name: 'anything-but a value',
    policy: { event: [{ 'anything-but': 'cancelled' }] },
    attributes: { event: 'placed' },
    matches: true,
    reason: 'event "placed" is not "cancelled"',
  },
  {
    name: 'anything-but excludes the value',
    policy: { event: [{ 'anything-but': 'cancelled' }] },
    attributes: { event: 'cancelled' },
    matches: false,
    reason: 'which anything-but excludes',
  },
  {
    name: 'anything-but never matches a missing attribute',
    policy: { region: [{ 'anything-but': ['us'] }] },
    attributes: { other: 'x' },
    matches: false,
    reason: 'region is missing: anything-but never matches a missing attribute',
  },
  {
    name: 'anything-but numbers',
    policy: { price: [{ 'anything-but': [100, 500] }] },
    attributes: { price: 100.1 },
    matches: true,
    reason: 'price 100.1 is not 100 or 500',
  },
  {
    name: 'anything-but numbers excluded',
    policy: { price: [{ 'anything-but': [100, 500] }] },
    attributes: { price: 100 },
    matches: false,
    reason: 'which anything-but excludes',
  },
  {
    name: 'anything-but with an array: one other element is enough',
    policy: { price: [{ 'anything-but': [100, 500] }] },
    body: { price: [100, 50] },
    scope: B,
    matches: true,
    reason: 'price 50 is not 100 or 500',
  },
  {
    name: 'anything-but prefix',
    policy: { code: [{ 'anything-but': { prefix: 'test-' } }] },
    attributes: { code: 'prod-1' },
    matches: true,
    reason: 'does not start with "test-"',
  },
  {
    name: 'anything-but prefix excluded',
    policy: { code: [{ 'anything-but': { prefix: 'test-' } }] },
    attributes: { code: 'test-1' },
    matches: false,
    reason: 'which anything-but excludes',
  },
  {
    name: 'anything-but in the body scope, missing',
    policy: { reason: [{ 'anything-but': 'reset' }] },
    body: { user: 'u' },
    scope: B,
    matches: false,
    reason: 'never matches a missing property',
  },
  // numeric.
  { name: 'numeric =', policy: { price: [{ numeric: ['=', 301.5] }] }, attributes: { price: 3.015e2 }, matches: true, reason: 'price 301.5 is = 301.5' },
  {
    name: 'numeric < fails at the bound',
    policy: { price: [{ numeric: ['<', 200] }] },
    attributes: { price: 200 },
    matches: false,
    reason: 'price 200 is not < 200',
  },
  {
    name: 'numeric range holds',
    policy: { price: [{ numeric: ['>', 0, '<=', 150] }] },
    attributes: { price: 150 },
    matches: true,
    reason: 'price 150 is > 0 and <= 150',
  },
  {
    name: 'numeric range fails below',
    policy: { price: [{ numeric: ['>', 0, '<=', 150] }] },
    attributes: { price: 0 },
    matches: false,
    reason: 'price 0 is not > 0',
  },
  { name: 'numeric: five decimals', policy: { x: [{ numeric: ['=', 0] }] }, attributes: { x: 0.000001 }, matches: true, reason: 'x 0.000001 is = 0' },
  {
    name: 'numeric: beyond ±10^9',
    policy: { x: [{ numeric: ['>', 0] }] },
    attributes: { x: 2e9 },
    matches: false,
    reason: 'from -1,000,000,000 to 1,000,000,000',
  },
  {
    name: 'numeric on a string attribute',
    policy: { price: [{ numeric: ['>', 0] }] },
    attributes: { price: '200' },
    matches: false,
    reason: 'price is the string "200", not a number: send it with DataType Number',
  },
  { name: 'numeric range in the wrong order', policy: { x: [{ numeric: ['<', 5, '>', 1] }] }, attributes: { x: 3 }, matches: false, reason: 'wrong order' },
  // exists.
  { name: 'exists true', policy: { store: [{ exists: true }] }, attributes: { store: 'a' }, matches: true, reason: 'store is present' },
  { name: 'exists true, missing', policy: { store: [{ exists: true }] }, attributes: { other: 'a' }, matches: false, reason: 'store is missing' },
  { name: 'exists false', policy: { store: [{ exists: false }] }, attributes: { other: 'a' }, matches: true, reason: 'store is absent' },
  { name: 'exists false, present', policy: { store: [{ exists: false }] }, attributes: { store: 'a' }, matches: false, reason: 'exists false needs it absent' },
  {
    name: 'exists false needs at least one attribute',
    policy: { store: [{ exists: false }] },
    attributes: {},
    matches: false,
    reason: 'at least one attribute',
  },
  // cidr.
  {
    name: 'cidr IPv4',
    policy: { ip: [{ cidr: '10.0.0.0/24' }] },
    attributes: { ip: '10.0.0.255' },
    matches: true,
    reason: 'ip "10.0.0.255" is in 10.0.0.0/24',
  },
  { name: 'cidr IPv4 outside', policy: { ip: [{ cidr: '10.0.0.0/24' }] }, attributes: { ip: '10.0.1.0' }, matches: false, reason: 'is not in 10.0.0.0/24' },
  { name: 'cidr IPv6', policy: { ip: [{ cidr: '2001:db8::/32' }] }, attributes: { ip: '2001:db8:1::5' }, matches: true, reason: 'is in 2001:db8::/32' },
  {
    name: 'cidr, not an address',
    policy: { ip: [{ cidr: '10.0.0.0/8' }] },
    attributes: { ip: 'localhost' },
    matches: false,
    reason: '"localhost" is not an IP address',
  },
  { name: 'cidr, not a range', policy: { ip: [{ cidr: '10.0.0.0/99' }] }, attributes: { ip: '10.0.0.1' }, matches: false, reason: 'is not a CIDR range' },
  // $or.
  {
    name: '$or: the second alternative',
    policy: { $or: [{ a: ['1'] }, { b: ['2'] }] },
    attributes: { b: '2' },
    matches: true,
    reason: 'alternative 2 matches',
  },
  {
    name: '$or: none',
    policy: { $or: [{ a: ['1'] }, { b: ['2'] }] },
    attributes: { c: '3' },
    matches: false,
    reason: 'no alternative matches: (1) a is missing (2) b is missing',
  },
  {
    name: '$or beside another key',
    policy: { s: ['x'], $or: [{ a: ['1'] }, { b: ['2'] }] },
    attributes: { s: 'y', a: '1' },
    matches: false,
    reason: 's "y" is not "x"',
  },
  // Scopes.
  {
    name: 'MessageBody: nested keys',
    policy: { order: { total: [{ numeric: ['>', 10] }] } },
    body: { order: { total: 12 } },
    scope: B,
    matches: true,
    reason: 'order.total 12 is > 10',
  },
  {
    name: 'MessageBody: nested key missing',
    policy: { order: { total: [{ numeric: ['>', 10] }] } },
    body: { total: 12 },
    scope: B,
    matches: false,
    reason: 'order.total is missing',
  },
  {
    name: 'MessageBody: an array of objects',
    policy: { lines: { sku: ['b'] } },
    body: { lines: [{ sku: 'a' }, { sku: 'b' }] },
    scope: B,
    matches: true,
    reason: 'lines.sku is "b"',
  },
  {
    name: 'MessageBody: booleans and null',
    policy: { gift: [true], note: [null] },
    body: { gift: true, note: null },
    scope: B,
    matches: true,
    reason: 'note is null',
  },
  { name: 'MessageBody: the body is not JSON', policy: { a: ['x'] }, body: undefined, scope: B, matches: false, reason: 'not JSON' },
  { name: 'MessageBody ignores attributes', policy: { a: ['x'] }, attributes: { a: 'x' }, body: {}, scope: B, matches: false, reason: 'a is missing' },
  {
    name: 'MessageBody: the key is an attribute',
    policy: { kind: ['a'] },
    attributes: { kind: 'a' },
    body: { x: 1 },
    scope: B,
    matches: false,
    reason: 'kind is missing (the message has kind as an attribute, but this filter reads the body)',
  },
  {
    name: 'MessageAttributes: the key is in the body',
    policy: { kind: ['a'] },
    attributes: { x: 'y' },
    body: { kind: 'a' },
    matches: false,
    reason: 'kind is missing (the body has kind, but this filter reads the message attributes)',
  },
  {
    name: 'MessageAttributes refuses nesting',
    policy: { order: { total: ['1'] } },
    attributes: { order: 'x' },
    matches: false,
    reason: 'only works in the MessageBody scope',
  },
  // Keys named like Object's properties are ordinary names.
  {
    name: '__proto__ as a key',
    policy: JSON.parse('{"__proto__": ["x"]}'),
    attributes: JSON.parse('{"__proto__": "x"}'),
    matches: true,
    reason: '__proto__ is "x"',
  },
  { name: 'constructor missing', policy: { constructor: [{ exists: true }] }, attributes: { a: 'b' }, matches: false, reason: 'constructor is missing' },
  { name: 'toString in the body', policy: { toString: [{ 'anything-but': 'x' }] }, body: {}, scope: B, matches: false, reason: 'toString is missing' },
  // Mistakes in the policy give a reason, never an exception.
  { name: 'unknown operator', policy: { a: [{ regex: '.*' }] }, attributes: { a: 'x' }, matches: false, reason: 'is not a condition AWS knows' },
  { name: 'empty list', policy: { a: [] }, attributes: { a: 'x' }, matches: false, reason: 'an empty list never matches' },
  { name: 'not an object', policy: ['a'], attributes: { a: 'x' }, matches: false, reason: 'not a JSON object' },
];

describe('sns filter matcher (AWS semantics)', () => {
  for (const v of VECTORS) {
    it(v.name, () => {
      const result = matchPolicy(v.policy, v.scope ?? A, { attributes: v.attributes ?? {}, body: 'body' in v ? v.body : {} }, { cidr: cidrContains });
      const reasons = result.keys.map((k) => k.reason).join(' | ');
      assert.equal(result.matches, v.matches, reasons);
      assert.ok(reasons.includes(v.reason), `"${v.reason}" not in: ${reasons}`);
    });
  }

  it('bounds deep nesting: a policy 10,000 levels deep gives a reason', () => {
    let policy: Record<string, unknown> = { leaf: ['x'] };
    for (let i = 0; i < 10_000; i++) policy = { n: policy };
    const result = matchPolicy(policy, B, { attributes: {}, body: {} });
    assert.equal(result.matches, false);
    assert.match(result.keys.map((k) => k.reason).join(), /more than 16 levels deep/);
  });

  it('without a cidr test, says so rather than guessing', () => {
    const result = matchPolicy({ ip: [{ cidr: '10.0.0.0/8' }] }, A, { attributes: { ip: '10.0.0.1' }, body: {} });
    assert.equal(result.matches, false);
    assert.match(result.keys[0]!.reason, /cannot be checked here/);
  });
});
