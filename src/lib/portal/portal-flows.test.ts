/**
 * The flows of a portal, bounded: every flow counted, a few listed per pair of APIs, per page and
 * in apidesc-routes.json; and below the bounds exactly what the unbounded match finds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BestFirst } from './best-first.ts';
import type { FlowEndpoint, PortalFlow } from './flow-types.ts';
import { matchFlows, type PortalApiEndpoints } from './match-flows.ts';
import { PEERS_LISTED } from './peer-index.ts';
import { collectFlows, FLOWS_PER_PAIR, MANIFEST_FLOWS, MANIFEST_PAIRS, PAIRS_SHOWN } from './portal-flows.ts';
import { MAX_MAP_APIS, MAX_MAP_ARROWS } from './system-map.ts';

const endpoint = (action: FlowEndpoint['action'], id: string, address: string, channel = address): FlowEndpoint => ({
  action,
  hosts: [],
  operation: { id, title: id, url: `operations/${id.toLowerCase()}/` },
  channel: { id: channel, title: channel, url: `channels/${channel.toLowerCase()}/` },
  address,
  messages: [{ name: `${address}Event`, payload: 'p' }],
});
const api = (slug: string, endpoints: FlowEndpoint[]): PortalApiEndpoints => ({ slug, title: slug.toUpperCase(), prefix: `${slug}/`, endpoints });

/** `count` APIs that each send and receive on the same three addresses; the first with `senders` more senders on the first. */
function flood(count: number, senders = 0): PortalApiEndpoints[] {
  return Array.from({ length: count }, (_, i) =>
    api(`s${String(i).padStart(3, '0')}`, [
      ...['orders', 'payments', 'shipments'].flatMap((a) => [endpoint('send', `send-${a}`, a), endpoint('receive', `receive-${a}`, a)]),
      ...Array.from({ length: i === 0 ? senders : 0 }, (_, k) => endpoint('send', `also-${String(k).padStart(2, '0')}`, 'orders')),
    ]),
  );
}

const apiUrl = (slug: string): string => `${slug}/`;
const line = (f: PortalFlow): string => `${f.from.url} -> ${f.to.url} (${f.matchedBy})`;

describe('collectFlows', () => {
  it('counts every flow of 80 APIs on the same three addresses, and lists only a bounded few', () => {
    const { root, manifest, peers } = collectFlows(flood(80), apiUrl);
    // The portal's root: every flow counted, the first pairs listed with their flows.
    assert.equal(root.count, 3 * 80 * 79);
    assert.equal(root.pairs.length, PAIRS_SHOWN);
    assert.equal(root.morePairs, 80 * 79 - PAIRS_SHOWN);
    assert.equal(root.moreFlows, 3 * (80 * 79 - PAIRS_SHOWN));
    for (const pair of root.pairs) {
      assert.equal(pair.count, 3);
      assert.equal(pair.flows.length, 3);
      assert.deepEqual(pair.channels, ['orders', 'payments', 'shipments']);
    }
    assert.ok(root.map && root.map.nodes.length === MAX_MAP_APIS && root.map.edges.length === MAX_MAP_ARROWS, 'the map draws the busiest only');
    assert.match(
      root.map.description,
      /6320 connections between 80 APIs.* 50 APIs with fewer flows are not drawn\. 810 connections with fewer flows between the APIs drawn have no arrow\./,
    );
    // apidesc-routes.json: a bounded list, and the rest counted by pair.
    assert.equal(manifest.flows.length, MANIFEST_FLOWS);
    assert.equal(manifest.notListed?.flows, 18_960);
    assert.equal(manifest.notListed?.listed, MANIFEST_FLOWS);
    assert.equal(manifest.notListed!.pairs.length, MANIFEST_PAIRS);
    assert.equal(manifest.notListed!.pairs.length + manifest.notListed!.morePairs, 80 * 79 - Math.floor(MANIFEST_FLOWS / 3));
    // A page lists its first peers and counts them all.
    const sender = peers.peersOf('s005/operations/send-orders/')!;
    assert.equal(sender.receivedBy.length, PEERS_LISTED);
    assert.equal(sender.receivedByCount, 79);
    assert.deepEqual(
      sender.receivedBy.slice(0, 2).map((p) => p.url),
      ['s000/operations/receive-orders/', 's001/operations/receive-orders/'],
    );
    const channel = peers.peersOf('s005/channels/orders/')!;
    assert.equal(channel.sentByCount, 79);
    assert.equal(channel.receivedByCount, 79);
  });

  it('lists the first flows of a pair by URL, and counts the rest', () => {
    const apis = flood(3, 14);
    const { root } = collectFlows(apis, apiUrl);
    const pair = root.pairs.find((p) => p.from.api === 's000' && p.to.api === 's001')!;
    assert.equal(pair.count, 3 + 14);
    const all = matchFlows(apis).filter((f) => f.from.api === 's000' && f.to.api === 's001');
    assert.deepEqual(pair.flows.map(line), all.slice(0, FLOWS_PER_PAIR).map(line));
  });

  it('finds below its bounds exactly the flows, pairs and peers of the unbounded match, in its order', () => {
    const apis = [
      api('a', [endpoint('send', 'emit', 'lights.{id}.measured'), endpoint('receive', 'take', 'orders'), endpoint('send', 'order', 'orders')]),
      api('b', [endpoint('receive', 'read', 'lights.7.measured'), endpoint('receive', 'all', 'lights.{room}.measured'), endpoint('send', 'o2', 'orders')]),
      api('c', [endpoint('receive', 'sink', 'orders'), endpoint('receive', 'lamp', 'lights.8.measured', 'lamps')]),
    ];
    const all = matchFlows(apis);
    const { root, manifest, peers } = collectFlows(apis, apiUrl);
    assert.deepEqual(root.pairs.flatMap((p) => p.flows).map(line), all.map(line));
    assert.equal(root.count, all.length);
    assert.deepEqual(manifest, { flows: all });
    // Pairs in the order of their first flow.
    assert.deepEqual(
      root.pairs.map((p) => `${p.from.api}>${p.to.api}`),
      ['a>b', 'a>c', 'b>a', 'b>c'],
    );
    assert.deepEqual(
      peers.peersOf('b/operations/read/')?.sentBy.map((p) => p.url),
      ['a/operations/emit/'],
    );
    assert.deepEqual(
      peers.peersOf('c/channels/orders/')?.sentBy.map((p) => p.url),
      ['a/operations/order/', 'b/operations/o2/'],
    );
  });
});

describe('BestFirst', () => {
  it('keeps the smallest keys in order, however they arrive', () => {
    const keys = Array.from({ length: 200 }, (_, i) => String((i * 7919) % 1000).padStart(4, '0'));
    const best = new BestFirst<string>(10, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const key of keys) best.add(key);
    assert.deepEqual(best.items, [...keys].sort().slice(0, 10));
  });
});
