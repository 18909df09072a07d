/**
 * Flows across the APIs of a portal (issue 22): where one API sends and another receives, on the
 * portal's root (system map and list), on both operations' pages and on both channels' pages,
 * and in apidesc-routes.json; matched by address, by address pattern and by sns topic name; a
 * disagreement on the messages marked; every link leading to a page; the same bytes twice.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { before, describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { runIn, tempTree } from './helpers.ts';
import { floodPortal } from './portal-flood.ts';
import type { RouteManifest } from '../src/lib/model/types.ts';
import type { PortalFlow } from '../src/lib/portal/flow-types.ts';

const ORDER_PAYLOAD = `
        payload:
          type: object
          required: [orderId]
          properties:
            orderId: {type: string, description: 'WORDING'}
            total: {type: number}`;
const SHOP = `apidesc: 3.0.0
info: {title: 'Shop <img src=x onerror=alert(1)>', version: 1.0.0}
channels:
  created:
    address: orders.{region}.created
    parameters: {region: {}}
    messages:
      OrderCreated:
        name: OrderCreated${ORDER_PAYLOAD.replace('WORDING', 'The order.')}
operations:
  publishOrderCreated:
    action: send
    channel: {$ref: '#/channels/created'}
`;
const WAREHOUSE = `apidesc: 3.0.0
info: {title: Warehouse, version: 1.0.0}
channels:
  euOrders:
    address: orders.eu.created
    messages:
      OrderCreated:
        name: OrderCreated${ORDER_PAYLOAD.replace('WORDING', 'Worded differently, still the same message.')}
operations:
  pickOrder:
    action: receive
    channel: {$ref: '#/channels/euOrders'}
`;
const BILLING = `apidesc: 3.0.0
info: {title: Billing, version: 1.0.0}
channels:
  euOrders:
    address: orders.eu.created
    messages:
      OrderCreated:
        name: OrderCreated
        payload:
          type: object
          required: [orderId, invoiceId]
          properties:
            orderId: {type: string}
            invoiceId: {type: string}
  unrelated:
    address: invoices
operations:
  billOrder:
    action: receive
    channel: {$ref: '#/channels/euOrders'}
  sendInvoice:
    action: send
    channel: {$ref: '#/channels/unrelated'}
`;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** The "Across the portal" section of a page, or undefined. */
const peersOf = (html: string): string | undefined => /<section aria-labelledby="h-other-apis">[\s\S]*?<\/section>/.exec(html)?.[0];

/** Every link of `html` that starts with `/` leads to a page or file of the site. */
function linksResolve(site: string, html: string, where: string): void {
  for (const [, href] of html.matchAll(/href="(\/[^"#]*)(?:#[^"]*)?"/g)) {
    const path = join(site, decodeURIComponent(href!));
    assert.ok(existsSync(join(path, 'index.html')) || existsSync(path), `${where}: ${href} leads nowhere`);
  }
}

describe("flows across a portal of the project's own documents", () => {
  let dir = '';
  const page = (url: string, out = 'site'): string => readFileSync(join(dir, out, url, 'index.html'), 'utf8');
  let flows: PortalFlow[] = [];
  before(async () => {
    dir = tempTree({ 'apis/shop.yaml': SHOP, 'apis/warehouse.yaml': WAREHOUSE, 'apis/billing.yaml': BILLING });
    const r = await runIn(dir, ['build', 'apis', '--out', 'site']);
    assert.equal(r.code, 0, r.out + r.err);
    flows = (JSON.parse(readFileSync(join(dir, 'site', 'apidesc-routes.json'), 'utf8')) as { flows: PortalFlow[] }).flows;
  });

  it('lists the flows in apidesc-routes.json: sender, receiver, where they meet, how, the messages, and a disagreement', () => {
    assert.deepEqual(
      flows.map((f) => [f.from.url, f.to.url, f.channel, f.matchedBy, f.messages, f.disagreement !== undefined]),
      [
        ['shop/operations/publishordercreated/', 'billing/operations/billorder/', 'orders.{region}.created', 'address pattern', ['OrderCreated'], true],
        ['shop/operations/publishordercreated/', 'warehouse/operations/pickorder/', 'orders.{region}.created', 'address pattern', ['OrderCreated'], false],
      ],
    );
    assert.equal(
      flows[0]!.disagreement,
      'The two OrderCreated payloads differ: the receiver requires invoiceId, which the sender does not declare; the sender declares total, which the receiver does not.',
    );
    assert.equal(flows[0]!.from.channelUrl, 'shop/channels/created/');
  });

  it('draws the system map on the root and lists every flow, each box and link leading to a page', () => {
    const root = page('');
    const map = /<svg [^>]*class="diagram[^"]*"[\s\S]*?<\/svg>/.exec(root.slice(root.indexOf('id="h-system-map"')))?.[0] ?? '';
    assert.match(map, /<title id="dg-system-map-title">System map: messages between the APIs of this portal<\/title>/);
    const boxes = [...map.matchAll(/<a class="dg-node dg-app" href="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(boxes.sort(), ['/billing/', '/shop/', '/warehouse/']);
    // The address parameter marked as the pages mark one.
    assert.match(map, /orders\.<tspan class="dg-var">\{region\}<\/tspan>\.created/);
    // The hostile title is text in the diagram and in the list.
    assert.doesNotMatch(root, /<img src=x/);
    assert.match(root, /Shop &lt;img src=x onerror=alert\(1\)&gt;/);
    const list = root.slice(root.indexOf('<h2 id="flows">'));
    // Said in a reader's words: what an arrow means, then the counts.
    assert.match(
      list,
      /An arrow means that one API sends messages that another receives, on the same channel address or SNS topic: 2 flows, 1 where the two sides disagree on the messages\./,
    );
    assert.doesNotMatch(list, /standing for any value|sns topic name:/);
    assert.match(
      list,
      // Operations the documents give no title: named by what they do, so that both sides read alike.
      /<a href="\/shop\/operations\/publishordercreated\/">Send OrderCreated<\/a> → <a href="\/billing\/operations\/billorder\/">Receive OrderCreated<\/a>/,
    );
    assert.match(list, /\(addresses matching by pattern\)/);
    assert.match(list, /<strong>Messages disagree:<\/strong> The two OrderCreated payloads differ/);
    linksResolve(join(dir, 'site'), root, 'root');
  });

  it('shows the other side on both operations, and who meets each channel', () => {
    const sender = peersOf(page('shop/operations/publishordercreated')) ?? '';
    assert.match(sender, /<dt>Received by<\/dt>/);
    assert.match(sender, /<a href="\/warehouse\/">Warehouse<\/a> › <a href="\/warehouse\/operations\/pickorder\/">pickOrder<\/a>/);
    assert.match(sender, /<a href="\/billing\/operations\/billorder\/">billOrder<\/a>[\s\S]*Messages disagree/);
    const receiver = peersOf(page('warehouse/operations/pickorder')) ?? '';
    assert.match(receiver, /<dt>Sent by<\/dt> <dd><ul class="peer-list"><li><a href="\/shop\/">Shop &lt;img/);
    assert.doesNotMatch(receiver, /Messages disagree/, 'the same payload worded differently is the same message');
    assert.match(peersOf(page('warehouse/channels/euorders')) ?? '', /<dt>Sent by<\/dt>[\s\S]*publishOrderCreated/);
    const channel = page('shop/channels/created');
    assert.match(peersOf(channel) ?? '', /<dt>Received by<\/dt>[\s\S]*billOrder[\s\S]*pickOrder/);
    // The channel's diagram draws the other APIs' receivers, linked to their pages.
    assert.match(channel, /<a class="dg-node dg-receive" href="\/warehouse\/operations\/pickorder\/">/);
    assert.match(channel, /In other APIs, billOrder \(Billing\), pickOrder \(Warehouse\) receive from it\./);
    for (const url of ['shop/operations/publishordercreated', 'warehouse/operations/pickorder', 'shop/channels/created', 'warehouse/channels/euorders'])
      linksResolve(join(dir, 'site'), page(url), url);
    // An operation no other API meets has no such section.
    assert.equal(peersOf(page('billing/operations/sendinvoice')), undefined);
  });

  it('builds the same bytes twice', async () => {
    const r = await runIn(dir, ['build', 'apis', '--out', 'again']);
    assert.equal(r.code, 0, r.err);
    const site = join(dir, 'site');
    for (const file of files(site).filter((f) => !f.includes('/pagefind/'))) {
      const rel = relative(site, file);
      assert.ok(readFileSync(join(dir, 'again', rel)).equals(readFileSync(file)), `${rel} differs`);
    }
  });

  it('a single API has no flows and no such section', async () => {
    const r = await runIn(dir, ['build', 'apis/shop.yaml', '--out', 'single']);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual((JSON.parse(readFileSync(join(dir, 'single', 'apidesc-routes.json'), 'utf8')) as { flows: unknown[] }).flows, []);
    assert.equal(peersOf(page('operations/publishordercreated', 'single')), undefined);
    assert.doesNotMatch(page('', 'single'), /System map/);
  });
});

describe("flows across a portal of the corpus's sns producer and consumer", { skip: !HAS_CORPUS }, () => {
  let dir = '';
  const page = (url: string): string => readFileSync(join(dir, 'site', url, 'index.html'), 'utf8');
  before(async () => {
    dir = tempTree({});
    for (const name of ['bindings-sns-sqs-pubsub-producer.yaml', 'bindings-sns-sqs-consumer.yaml', 'spec-rpc-client.yaml', 'spec-rpc-server.yaml'])
      copyFileSync(join(CORPUS, 'valid', name), join(dir, name));
    const r = await runIn(dir, ['build', '.', '--out', 'site']);
    assert.equal(r.code, 0, r.out + r.err);
  });

  it('meets on the topic by name, on the root, both operations and both channels, the payloads marked as differing', () => {
    const flows = (JSON.parse(readFileSync(join(dir, 'site', 'apidesc-routes.json'), 'utf8')) as { flows: PortalFlow[] }).flows;
    const sns = flows.find((f) => f.matchedBy === 'sns topic name');
    assert.deepEqual(sns && [sns.from.url, sns.to.url, sns.channel], [
      'bindings-sns-sqs-pubsub-producer/operations/sendusersignedup/',
      'bindings-sns-sqs-consumer/operations/receiveusersignedup/',
      'user-signedup',
    ]);
    assert.match(sns?.disagreement ?? '', /the receiver requires reason, which the sender does not declare/);
    // The rpc client and server meet twice: the request queue, and the reply queue both write as {queue}.
    assert.deepEqual(
      flows.filter((f) => f !== sns).map((f) => `${f.from.operation} -> ${f.to.operation} on ${f.channel} (${f.matchedBy})`),
      ['requestSum -> sum on rpc_queue (address)', 'sendSumResult -> receiveSumResult on {queue} (address)'],
    );
    assert.equal(flows.length, 3, 'a reply queue named at run time ({queue}) meets no other address');
    const root = page('');
    // The address parameter marked as the pages mark one (a value filled in at run time), on the map's arrow and in the list under it: not "{queue}" as plain text.
    assert.match(root, /<text class="dg-edge-label"[^>]*><tspan class="dg-var">\{queue\}<\/tspan><\/text>/);
    assert.doesNotMatch(root, /<text class="dg-edge-label"[^>]*>\{queue\}/);
    assert.match(root, /on <code class="template"><var>\{queue\}<\/var><\/code> \(same channel address\)/);
    assert.match(
      root,
      /<a href="\/bindings-sns-sqs-pubsub-producer\/operations\/sendusersignedup\/">Publish UserSignedUp<\/a> → <a href="\/bindings-sns-sqs-consumer\/operations\/receiveusersignedup\/">Receive UserSignedUp<\/a>/,
    );
    assert.match(
      peersOf(page('bindings-sns-sqs-pubsub-producer/operations/sendusersignedup')) ?? '',
      /Received by[\s\S]*Welcome Mailer[\s\S]*Messages disagree/,
    );
    assert.match(peersOf(page('bindings-sns-sqs-consumer/operations/receiveusersignedup')) ?? '', /Sent by[\s\S]*User Accounts \(SNS producer\)/);
    assert.match(peersOf(page('bindings-sns-sqs-consumer/channels/usersignedup')) ?? '', /Sent by[\s\S]*Publish UserSignedUp/);
    const topic = page('bindings-sns-sqs-pubsub-producer/channels/usersignedup');
    assert.match(peersOf(topic) ?? '', /Received by[\s\S]*receiveUserSignedUp/);
    // The topic's fan-out draws the other API's receiver too.
    assert.match(topic, /<a class="dg-node dg-receive" href="\/bindings-sns-sqs-consumer\/operations\/receiveusersignedup\/">/);
  });
});

describe('flows across a generated portal of 40 APIs on the same three addresses (issue 32), and 45 APIs on addresses of their own', () => {
  // Each API sends and receives on each address; the first sends on the first from 9 more
  // operations: (3 × 40 + 9) × 39 = 5,031 flows over 40 × 39 = 1,560 pairs of APIs.
  const APIS = 40;
  // APIs that share no address with another: no flow, shown apart from the map (the first 40 of them).
  const LONE = 45;
  const lone = Object.fromEntries(
    Array.from({ length: LONE }, (_, i) => [
      `apis/lone-${String(i).padStart(2, '0')}.yaml`,
      `apidesc: 3.0.0\ninfo:\n  title: Lone ${String(i).padStart(2, '0')}\n  version: 1.0.0\nchannels:\n  own:\n    address: lone-${i}\noperations:\n  sendOwn:\n    action: send\n    channel: {$ref: '#/channels/own'}\n`,
    ]),
  );
  const FLOWS = (3 * APIS + 9) * (APIS - 1);
  let dir = '';
  const read = (path: string): string => readFileSync(join(dir, 'site', path), 'utf8');
  before(async () => {
    dir = tempTree({ ...floodPortal(APIS, 9), ...lone });
    const r = await runIn(dir, ['build', 'apis', '--out', 'site']);
    assert.equal(r.code, 0, r.out + r.err);
  });

  it('lists a bounded number of flows in apidesc-routes.json, at most 10 per pair, and counts the rest by pair', () => {
    const size = statSync(join(dir, 'site', 'apidesc-routes.json')).size;
    assert.ok(size < 1_500_000, `apidesc-routes.json is ${size} bytes`);
    const manifest = JSON.parse(read('apidesc-routes.json')) as RouteManifest;
    assert.equal(manifest.flows.length, 1000);
    const perPair = new Map<string, number>();
    for (const f of manifest.flows) perPair.set(`${f.from.api} ${f.to.api}`, (perPair.get(`${f.from.api} ${f.to.api}`) ?? 0) + 1);
    assert.ok(Math.max(...perPair.values()) <= 10);
    const notListed = manifest.flowsNotListed!;
    assert.equal(notListed.flows, FLOWS);
    assert.equal(notListed.listed, 1000);
    // The first API's 39 pairs have 12 flows (10 listed), the others 3: 203 of those are listed whole.
    assert.deepEqual(notListed.pairs[0], { from: 'service-000', to: 'service-001', flows: 12, listed: 10 });
    assert.equal(notListed.pairs.length + notListed.morePairs, APIS * (APIS - 1) - 203);
    const listedOfCut = notListed.pairs.reduce((n, p) => n + p.listed, 0);
    assert.equal(listedOfCut + 203 * 3, 1000, 'what is listed and what is counted add up');
  });

  it("keeps the portal's root small: the first pairs listed, the rest counted, the busiest drawn", () => {
    const size = statSync(join(dir, 'site', 'index.html')).size;
    // Each of the 85 cards names the messages its API sends and receives (at most three a direction).
    assert.ok(size < 200_000, `the root is ${size} bytes`);
    const root = read('index.html');
    const list = root.slice(root.indexOf('<h2 id="flows">'));
    assert.match(list, new RegExp(`${FLOWS.toLocaleString('en-US')} flows`));
    assert.equal([...list.matchAll(/<h3>/g)].length, 30);
    assert.match(list, /and 2 more: each operation's page lists its other side\./);
    assert.match(list, /And 1,530 more pairs of APIs, with 4,671 flows, not listed here/);
    const map = root.slice(root.indexOf('id="h-system-map"'), root.indexOf('<h2 id="flows">'));
    // The drawing, and its narrow form for phones (an outline that may show an API again under each API it hangs from).
    const [wide, narrow] = [...map.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => m[0]);
    assert.ok([...wide!.matchAll(/class="dg-node /g)].length <= 30);
    assert.ok([...wide!.matchAll(/class="dg-edge"/g)].length <= 60);
    assert.ok(narrow === undefined || [...narrow.matchAll(/class="dg-node /g)].length <= 30 + 60);
    assert.match(map, /1560 connections between 40 APIs/);
    // The page says what the drawing leaves out, and places the APIs without a flow apart in the map's box: the first 24 by title, the rest counted.
    assert.match(map, /The map draws the 30 APIs with the most flows; 10 more send to or receive from another API/);
    const apart = /<div class="map-apart"[^>]*>([\s\S]*?)<\/div>/.exec(map)?.[1] ?? '';
    assert.match(apart, /^<p id="h-map-apart" class="map-apart-caption">No flows found with other APIs \(45\)<\/p>/);
    assert.deepEqual(
      [...apart.matchAll(/<li><a href="([^"]+)">/g)].map((m) => m[1]),
      Array.from({ length: 24 }, (_, i) => `/lone-${String(i).padStart(2, '0')}/`),
    );
    assert.match(apart, /<\/ul><p class="kind">and 21 more: their cards are above\.<\/p>$/);
    assert.doesNotMatch(apart, /service-0/);
    linksResolve(join(dir, 'site'), root, 'root');
  });

  it('lists 20 of the other side on an operation page and its twin, and counts the rest', () => {
    const page = read('service-001/operations/receiveorders/index.html');
    // service-000 sends on orders from 10 operations, 38 other APIs from one each: 48.
    assert.equal([...(peersOf(page) ?? '').matchAll(/<li>/g)].length, 20);
    assert.match(peersOf(page) ?? '', /and 28 more, not listed/);
    assert.match(read('service-001/operations/receiveorders/index.md'), /- and 28 more, not listed/);
    const channel = read('service-001/channels/orders/index.html');
    assert.match(peersOf(channel) ?? '', /<dt>Sent by<\/dt>[\s\S]*and 28 more, not listed[\s\S]*<dt>Received by<\/dt>[\s\S]*and 19 more, not listed/);
    for (const file of files(join(dir, 'site')).filter((f) => f.endsWith('.html')))
      assert.ok(statSync(file).size < 200_000, `${relative(dir, file)} is ${statSync(file).size} bytes`);
  });
});
