import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assignShards, assignShardsByParts, parseShard } from './shard-plan.ts';

describe('--shard i/n', () => {
  it('reads i/n, counted from 1', () => {
    assert.deepEqual(parseShard('2/4'), { index: 2, count: 4 });
    assert.deepEqual(parseShard('1/1'), { index: 1, count: 1 });
  });
  it('says what is wrong with anything else', () => {
    assert.equal(parseShard('2-4'), '--shard must be i/n, e.g. --shard 1/4 (the first of four shards), not "2-4"');
    assert.equal(parseShard('0/4'), '--shard 0/4: the shard must be between 1 and 4 (shards are counted from 1)');
    assert.equal(parseShard('5/4'), '--shard 5/4: the shard must be between 1 and 4 (shards are counted from 1)');
    assert.equal(parseShard('1/0'), '--shard 1/0: the number of shards must be between 1 and 256');
    assert.equal(parseShard('1/-2'), '--shard must be i/n, e.g. --shard 1/4 (the first of four shards), not "1/-2"');
  });
});

describe('the APIs of each shard', () => {
  const apis = [
    { prefix: 'a/', bytes: 900 },
    { prefix: 'b/', bytes: 100 },
    { prefix: 'c/', bytes: 500 },
    { prefix: 'd/', bytes: 400 },
    { prefix: 'e/', bytes: 100 },
  ];
  it('balances the bytes: the largest first, each to the lightest shard so far', () => {
    // a (900) → 1; c (500) → 2; d (400) → 2 (500 < 900); b (100, before e by folder) → 1 on the tie at 900; e → 2.
    assert.deepEqual(assignShards(apis, 2), [1, 1, 2, 2, 2]);
    const load = [0, 0];
    assignShards(apis, 2).forEach((shard, i) => {
      load[shard - 1]! += apis[i]!.bytes;
    });
    assert.deepEqual(load, [1000, 1000]);
  });
  it('is the same whatever order the APIs come in, ties broken by folder', () => {
    const shuffled = [apis[3]!, apis[0]!, apis[4]!, apis[2]!, apis[1]!];
    const byPrefix = (list: typeof apis, shards: number[]): Record<string, number> => Object.fromEntries(list.map((api, i) => [api.prefix, shards[i]!]));
    assert.deepEqual(byPrefix(shuffled, assignShards(shuffled, 3)), byPrefix(apis, assignShards(apis, 3)));
  });
  it('gives every API to exactly one shard; shards beyond the APIs are empty', () => {
    const shards = assignShards(apis, 8);
    assert.equal(shards.length, apis.length);
    assert.equal(new Set(shards).size, apis.length);
    assert.ok(shards.every((s) => s >= 1 && s <= 8));
    assert.deepEqual(assignShards(apis, 1), [1, 1, 1, 1, 1]);
  });
});

describe('the APIs of each shard, when the search index is in parts', () => {
  // Parts of at most 100 pages: [a, b] (60 + 40), [c] (90), [d, e] (30 + 50), [f] (100).
  const apis = [
    { prefix: 'a/', bytes: 500, pages: 60 },
    { prefix: 'b/', bytes: 100, pages: 40 },
    { prefix: 'c/', bytes: 900, pages: 90 },
    { prefix: 'd/', bytes: 50, pages: 30 },
    { prefix: 'e/', bytes: 1000, pages: 50 },
    { prefix: 'f/', bytes: 300, pages: 100 },
  ];
  it('deals whole parts, balanced by their bytes: the APIs of a part in one shard', () => {
    const { shardOf, byParts } = assignShardsByParts(apis, 2, 100);
    assert.equal(byParts, true);
    // Parts by bytes: d+e 1050 to 1, c 900 to 2, a+b 600 to 2, f 300 to 1 (API by API, b would
    // go to shard 1 and a to shard 2: their part indexed in neither).
    assert.deepEqual(shardOf, [2, 2, 2, 1, 1, 1]);
  });
  it('deals each API on its own when the index is one part, or not in parts', () => {
    assert.deepEqual(assignShardsByParts(apis, 2, 10_000), { shardOf: assignShards(apis, 2), byParts: false });
    assert.deepEqual(assignShardsByParts(apis, 2, undefined), { shardOf: assignShards(apis, 2), byParts: false });
  });
});
