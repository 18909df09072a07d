/**
 * A filter policy's change is judged by what its conditions accept: a value still accepted is
 * never said to be dropped, a widening is not a narrowing, `$or` holds alternatives (not an
 * attribute named `$or`); what cannot be compared exactly is "changed: review", never a guess.
 * Checked on the cases a review found, and on a thousand random pairs of condition lists against
 * the matcher on a dense set of values: a change called widened loses nothing, one called
 * narrowed gains nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchPolicy } from '../sns/filter-match.ts';
import { compareFilterPolicy } from './sns-filter-compat.ts';

const at = { file: 'f', pointer: '/filterPolicy' };
const compare = (before: unknown, after: unknown) => compareFilterPolicy({ value: before, at }, { value: after, at }).map((f) => `${f.effect}: ${f.what}`);

describe('diff: sns filter policies by what they accept', () => {
  it('a value replaced by a condition that still accepts it: widened, and the value is not said to be dropped', () => {
    assert.deepEqual(compare({ store: ['a', 'b'] }, { store: [{ prefix: 'a' }, 'b'] }), ['widen: store: e.g. "ax" now also accepted']);
    assert.deepEqual(compare({ store: ['a', 'b'] }, { store: [{ exists: true }] }), ['widen: store: e.g. "other-value", "" now also accepted']);
    assert.deepEqual(compare({ store: ['a', 'b'] }, { store: [{ 'equals-ignore-case': 'A' }, 'b'] }), ['widen: store: e.g. "A" now also accepted']);
    assert.deepEqual(compare({ store: ['a', 'b'] }, { store: [{ 'anything-but': ['c'] }] }), ['widen: store: e.g. "other-value", "" now also accepted']);
  });

  it('numeric ranges: a lower bound lowered widens, raised narrows, an upper bound added narrows', () => {
    assert.deepEqual(compare({ price: [{ numeric: ['>', 10] }] }, { price: [{ numeric: ['>', 5] }] }), ['widen: price: e.g. 6, 9 now also accepted']);
    assert.deepEqual(compare({ price: [{ numeric: ['>', 10] }] }, { price: [{ numeric: ['>', 20] }] }), ['narrow: price: e.g. 11, 15 no longer accepted']);
    assert.deepEqual(compare({ price: [{ numeric: ['>', 10] }] }, { price: [{ numeric: ['>', 10, '<', 100] }] }), [
      'narrow: price: e.g. 100, 101 no longer accepted',
    ]);
    assert.deepEqual(compare({ price: [{ numeric: ['>=', 10] }] }, { price: [{ numeric: ['>', 10] }] }), ['narrow: price: e.g. 10 no longer accepted']);
  });

  it('exact values: the values themselves, all of them', () => {
    assert.deepEqual(compare({ type: ['placed', 'paid', 'shipped'] }, { type: ['placed'] }), ['narrow: type: "paid", "shipped" no longer accepted']);
    assert.deepEqual(compare({ type: ['placed'] }, { type: ['placed', 'paid'] }), ['widen: type: "paid" now also accepted']);
    assert.deepEqual(compare({ type: ['placed', 'paid'] }, { type: ['paid', 'placed'] }), []);
  });

  it('what cannot be compared exactly is changed, for review, with the facts found', () => {
    // [0, 10) split in two ranges accepts the same numbers; no single new range holds the old one.
    const split = compare({ n: [{ numeric: ['>=', 0, '<', 10] }] }, { n: [{ numeric: ['>=', 0, '<', 5] }, { numeric: ['>=', 5, '<', 10] }] });
    assert.equal(split.length, 1);
    assert.match(split[0]!, /^both: n: .* could not be compared exactly: review it$/);
    assert.doesNotMatch(split[0]!, /no longer accepted|now also accepted/);
    const wildcard = compare({ key: [{ wildcard: 'a*b' }] }, { key: [{ wildcard: 'a*' }] });
    assert.match(wildcard[0]!, /^both: key: .*; e\.g\. "a\*", "a" now also accepted; what the conditions accept could not be compared exactly: review it$/);
  });

  it('$or is alternatives, not an attribute named $or', () => {
    const and = { store: ['a', 'b'], price: [{ numeric: ['>', 10] }] };
    const or = { $or: [{ store: ['a', 'b'] }, { price: [{ numeric: ['>', 10] }] }] };
    assert.deepEqual(compare(and, or), ['widen: the filter (with $or): a message such as {"store":"a"} is now also delivered']);
    assert.deepEqual(compare(or, and), ['narrow: the filter (with $or): a message such as {"store":"a"} is no longer delivered']);
    assert.deepEqual(compare(or, { $or: [{ price: [{ numeric: ['>', 10] }] }, { store: ['b', 'a'] }] }), []);
    for (const finding of compare(and, or)) assert.doesNotMatch(finding, /condition on \$or/);
  });

  it('never calls a change widened when it loses a value, nor narrowed when it gains one (random pairs, checked with the matcher)', () => {
    const pool: unknown[] = [
      'a',
      'b',
      'ab',
      1,
      10,
      { prefix: 'a' },
      { prefix: 'ab' },
      { suffix: 'b' },
      { 'equals-ignore-case': 'A' },
      { numeric: ['>', 5] },
      { numeric: ['>=', 10] },
      { numeric: ['>', 0, '<', 10] },
      { numeric: ['=', 10] },
      { exists: true },
      { exists: false },
      { 'anything-but': ['a'] },
      { 'anything-but': { prefix: 'a' } },
      { 'anything-but': [10] },
      { wildcard: 'a*' },
    ];
    const values: unknown[] = ['', 'a', 'A', 'ab', 'Ab', 'abc', 'b', 'xb', 'ba', 'zz', true, null];
    for (let n = -2; n <= 25; n += 0.5) values.push(n);
    values.push(5.00001, 9.99999, 10.00001, 4.99999);
    const accepts = (conditions: unknown[], value: unknown): boolean =>
      matchPolicy({ k: conditions }, 'MessageBody', { attributes: {}, body: value === undefined ? {} : { k: value } }).matches;
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = (): unknown[] => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pool[Math.floor(random() * pool.length)]);
    for (let i = 0; i < 1000; i++) {
      const before = pick();
      const after = pick();
      const findings = compareFilterPolicy({ value: { k: before }, at }, { value: { k: after }, at });
      const lost = [...values, undefined].filter((v) => accepts(before, v) && !accepts(after, v));
      const gained = [...values, undefined].filter((v) => !accepts(before, v) && accepts(after, v));
      const pair = `${JSON.stringify(before)} → ${JSON.stringify(after)}: ${findings.map((f) => `${f.effect} ${f.what}`).join('; ')}`;
      for (const f of findings) {
        if (f.effect === 'widen') assert.deepEqual(lost, [], `called widened but loses values: ${pair}`);
        if (f.effect === 'narrow') assert.deepEqual(gained, [], `called narrowed but gains values: ${pair}`);
      }
      if (findings.length === 0) assert.deepEqual([lost, gained], [[], []], `called unchanged: ${pair}`);
      if (lost.length > 0)
        assert.ok(
          findings.some((f) => f.effect !== 'widen'),
          `loses values, not reported: ${pair}`,
        );
    }
  });

  it('the same holds for policies with $or (random pairs of policies on two keys)', () => {
    const conditions: unknown[][] = [
      ['a'],
      ['a', 'b'],
      [{ prefix: 'a' }],
      [{ exists: true }],
      [{ numeric: ['>', 5] }],
      [{ numeric: ['>', 0, '<', 10] }],
      [1, 'b'],
    ];
    const values: unknown[] = [undefined, 'a', 'ab', 'b', 'z', 0, 1, 5, 7, 12];
    let seed = 11;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    const clause = (): Record<string, unknown> => {
      const out: Record<string, unknown> = {};
      if (random(2) === 0) out.k = conditions[random(conditions.length)];
      if (random(2) === 0 || Object.keys(out).length === 0) out.j = conditions[random(conditions.length)];
      return out;
    };
    const policy = (): Record<string, unknown> => (random(2) === 0 ? clause() : { $or: [clause(), clause()] });
    const messages = values.flatMap((k) => values.map((j) => ({ ...(k === undefined ? {} : { k }), ...(j === undefined ? {} : { j }) })));
    const delivered = (p: Record<string, unknown>, body: unknown): boolean => matchPolicy(p, 'MessageBody', { attributes: {}, body }).matches;
    for (let i = 0; i < 300; i++) {
      const before = policy();
      const after = policy();
      const findings = compareFilterPolicy({ value: before, at }, { value: after, at });
      const lost = messages.filter((m) => delivered(before, m) && !delivered(after, m));
      const gained = messages.filter((m) => !delivered(before, m) && delivered(after, m));
      const pair = `${JSON.stringify(before)} → ${JSON.stringify(after)}: ${findings.map((f) => `${f.effect} ${f.what}`).join('; ')}`;
      // Each finding is about its own key; the change as a whole is widened only when every one is.
      if (findings.length > 0 && findings.every((f) => f.effect === 'widen')) assert.deepEqual(lost, [], `called widened but loses messages: ${pair}`);
      if (findings.length > 0 && findings.every((f) => f.effect === 'narrow')) assert.deepEqual(gained, [], `called narrowed but gains messages: ${pair}`);
      if (lost.length > 0)
        assert.ok(
          findings.some((f) => f.effect !== 'widen'),
          `loses messages, not reported: ${pair}`,
        );
      if (findings.length === 0) assert.deepEqual([lost, gained], [[], []], `called unchanged: ${pair}`);
    }
  });
});
