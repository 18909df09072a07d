/**
 * The build cache keeps each API's first pass (src/pipeline/cache/api-summary.ts): a rebuild of a
 * portal neither loads nor models an API whose files did not change, a file it references
 * included; its findings are reported as a build that read it reports them; a damaged or
 * foreign summary is not used; an API whose pages show something new of another API is loaded
 * again to make them; and every site is the same, byte for byte, as a build from nothing.
 */
import assert from 'node:assert/strict';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';
import { ORDERS } from './portal-pair.ts';
import { assertSameSite } from './same-site.ts';

/** Receives what Orders sends; its payload's schema is in a file of its own, and its example does not match it (a warning). */
const BILLING = `apidesc: 3.0.0
info: {title: Billing, version: 1.0.0, description: Bills orders.}
channels:
  orders:
    address: orders.created
    messages:
      OrderCreated:
        name: OrderCreated
        payload: {$ref: 'common/order.yaml'}
        examples:
          - payload: {orderId: 7}
operations:
  billOrder:
    action: receive
    channel: {$ref: '#/channels/orders'}
`;

/** Orders' operation page lists Billing's operation as one that receives what it sends. */
const RECEIVED_BY_BILLING = /href="\/billing\/operations\/billorder\/"/;

const ORDER_SCHEMA = 'type: object\nproperties:\n  orderId: {type: string, description: The order.}\n';

/** The build's line about the summaries: `API summaries: 1 of 2 from the build cache (their documents not loaded).` */
function summariesLine(err: string): string {
  const line = err.split('\n').find((l) => l.startsWith('API summaries: '));
  assert.ok(line, `no line about the API summaries in:\n${err}`);
  return line;
}

describe("the build cache's API summaries", { timeout: 600_000 }, () => {
  let dir = '';
  let builds = 0;
  /** Builds the portal into a new folder with the cache of `cache`. */
  const build = async (cache: string): Promise<{ site: string; summaries: string; out: string }> => {
    const site = `site-${++builds}`;
    const r = await runIn(dir, ['build', 'apis', '--out', site, '--cache', cache]);
    assert.equal(r.code, 0, r.out + r.err);
    return { site: join(dir, site), summaries: summariesLine(r.err), out: r.out };
  };
  /** A build from nothing: a cache folder of its own. */
  const cold = (): Promise<{ site: string; out: string }> => build(`cold-${builds + 1}`);
  const manifest = (api: string): string => join(dir, 'cache/summaries', api, 'manifest.json');

  before(() => {
    dir = tempTree({ 'apis/orders.yaml': ORDERS, 'apis/billing.yaml': BILLING, 'apis/common/order.yaml': ORDER_SCHEMA });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads no document of an unchanged portal again, reports the same findings, and makes the same site', async () => {
    const made = await build('cache');
    assert.equal(made.summaries, 'API summaries: 0 of 2 from the build cache (their documents not loaded).');
    assert.match(made.out, /example/);
    assert.match(readFileSync(join(made.site, 'orders/operations/publishordercreated/index.html'), 'utf8'), RECEIVED_BY_BILLING);
    const again = await build('cache');
    assert.equal(again.summaries, 'API summaries: 2 of 2 from the build cache (their documents not loaded).');
    assert.equal(again.out, made.out);
    assertSameSite(again.site, made.site);
  });

  it('loads an API again when a file its document references changed, not only its document', async () => {
    writeFileSync(join(dir, 'apis/common/order.yaml'), ORDER_SCHEMA.replace('The order.', 'The order being billed.'));
    const edited = await build('cache');
    assert.equal(edited.summaries, 'API summaries: 1 of 2 from the build cache (their documents not loaded).');
    assert.match(readFileSync(join(edited.site, 'billing/channels/orders/messages/ordercreated/index.html'), 'utf8'), /The order being billed\./);
    const fromNothing = await cold();
    assertSameSite(edited.site, fromNothing.site);
    assert.equal(edited.out, fromNothing.out);
  });

  it('does not use a summary that was altered, cut short, or is of another API, and publishes none of it', async () => {
    const good = readFileSync(manifest('billing'), 'utf8');
    // Altered inside: the title changed, the entry's own hash of the summary not.
    writeFileSync(manifest('billing'), good.replace('\\"title\\":\\"Billing\\"', '\\"title\\":\\"Altered\\"'));
    assert.notEqual(readFileSync(manifest('billing'), 'utf8'), good);
    const altered = await build('cache');
    assert.equal(altered.summaries, 'API summaries: 1 of 2 from the build cache (their documents not loaded).');
    assert.doesNotMatch(readFileSync(join(altered.site, 'index.html'), 'utf8'), /Altered/);
    assertSameSite(altered.site, (await cold()).site);
    writeFileSync(manifest('billing'), good.slice(0, good.length / 2));
    assert.equal((await build('cache')).summaries, 'API summaries: 1 of 2 from the build cache (their documents not loaded).');
    // Orders' summary in Billing's place.
    rmSync(join(dir, 'cache/summaries/billing'), { recursive: true });
    cpSync(join(dir, 'cache/summaries/orders'), join(dir, 'cache/summaries/billing'), { recursive: true });
    const foreign = await build('cache');
    assert.equal(foreign.summaries, 'API summaries: 1 of 2 from the build cache (their documents not loaded).');
    assertSameSite(foreign.site, altered.site);
  });

  it('loads an unchanged API again when another API changes what its pages show, and the site is that of a build from nothing', async () => {
    // Billing no longer receives orders.created: Orders' pages no longer list it under "Received by".
    writeFileSync(join(dir, 'apis/billing.yaml'), BILLING.replace('address: orders.created', 'address: invoices.due'));
    const flows = await build('cache');
    assert.equal(flows.summaries, 'API summaries: 1 of 2 from the build cache (their documents not loaded); loaded again to make their pages: orders.');
    assert.doesNotMatch(readFileSync(join(flows.site, 'orders/operations/publishordercreated/index.html'), 'utf8'), RECEIVED_BY_BILLING);
    assertSameSite(flows.site, (await cold()).site);
  });
});
