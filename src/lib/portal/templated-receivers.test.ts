/**
 * The index of templated receivers (templated-receivers.ts) changes how many receivers a sender
 * tries, never what meets: over random portals whose addresses mix literal text, separators and
 * parameters at either end, forEachMatch visits the same matches in the same order with the index
 * as when every templated receiver is tried.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FlowEndpoint } from './flow-types.ts';
import { type EndpointMatch, forEachMatch, type PortalApiEndpoints } from './match-flows.ts';
import { TemplatedReceivers } from './templated-receivers.ts';

/** A small deterministic generator (mulberry32), so that a failure is the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['a', 'b', 'ab', 'ba', 'orders', '1', '{id}', '{p}', '{q}'];
const SEPARATORS = ['.', '/', ''];

function address(next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const count = 1 + Math.floor(next() * 4);
  const separator = pick(SEPARATORS);
  return Array.from({ length: count }, () => pick(PIECES)).join(separator);
}

function portal(seed: number): PortalApiEndpoints[] {
  const next = random(seed);
  return Array.from({ length: 2 + Math.floor(next() * 5) }, (_, a) => ({
    slug: `api${a}`,
    title: `API ${a}`,
    prefix: `api${a}/`,
    endpoints: Array.from({ length: 1 + Math.floor(next() * 10) }, (_, e): FlowEndpoint => {
      const id = `op${e}`;
      return {
        action: next() < 0.5 ? 'send' : 'receive',
        hosts: next() < 0.3 ? [next() < 0.5 ? 'one' : 'two'] : [],
        operation: { id, title: id, url: `operations/${id}/` },
        channel: { id: `ch${e}`, title: `ch${e}`, url: `channels/ch${e}/` },
        ...(next() < 0.9 ? { address: address(next) } : {}),
        ...(next() < 0.15 ? { topic: next() < 0.5 ? 'T' : 'U' } : {}),
        messages: [],
      };
    }),
  }));
}

const matchesOf = (apis: PortalApiEndpoints[], indexTemplates: boolean): string[] => {
  const seen: string[] = [];
  const line = ({ sender, receiver, matchedBy }: EndpointMatch): string =>
    `${sender.api.slug}/${sender.endpoint.operation.id} -> ${receiver.api.slug}/${receiver.endpoint.operation.id} (${matchedBy})`;
  forEachMatch(apis, (match) => seen.push(line(match)), { indexTemplates });
  return seen;
};

describe('the templated receivers index', () => {
  it('leaves every match and its order as trying every templated receiver gives them, over 2,000 random portals', () => {
    let matched = 0;
    let patterns = 0;
    for (let seed = 1; seed <= 2_000; seed++) {
      const apis = portal(seed);
      const indexed = matchesOf(apis, true);
      assert.deepEqual(indexed, matchesOf(apis, false), `seed ${seed}`);
      matched += indexed.length;
      patterns += indexed.filter((m) => m.endsWith('(address pattern)')).length;
    }
    // The portals meet often, and through templates: the comparison is not of empty lists.
    assert.ok(matched > 5_000 && patterns > 1_000, `${matched} matches, ${patterns} through a template`);
  });

  it('tries fewer receivers than all where heads and tails tell them apart, and all of them where they do not', () => {
    const parts = (address: string): string[] => address.split(/\{[^{}]*\}/);
    const receivers = ['orders.{id}.created', 'orders.{id}.deleted', '{tenant}.users.{id}.created', 'lights/{id}/measured'];
    const index = new TemplatedReceivers(receivers, parts);
    assert.deepEqual(index.candidates('orders.7.created', undefined), ['orders.{id}.created', '{tenant}.users.{id}.created']);
    assert.deepEqual(index.candidates('lights/1/measured', undefined), ['lights/{id}/measured']);
    // A sender's template with neither head nor tail may meet any of them.
    assert.deepEqual(index.candidates('{a}.{b}', parts('{a}.{b}')), receivers);
  });
});
