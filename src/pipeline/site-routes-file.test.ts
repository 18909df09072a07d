/**
 * The routes the model process hands to the command by file (site-routes-file.ts): read back,
 * they are what was written, as the outcome message's JSON gave them, for lists spanning many of
 * the pieces the file is written in and for text JSON must escape.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { RouteEntry } from '../lib/model/types.ts';
import type { PortalFlow } from '../lib/portal/flow-types.ts';
import { readSiteRoutes, type SiteRoutes, siteRoutesFile, writeSiteRoutes } from './site-routes-file.ts';

const work = mkdtempSync(join(tmpdir(), 'apidesc-site-routes-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** `n` routes of a portal, with titles JSON escapes (quotes, a backslash, a line separator, a non-Latin name). */
function routesOf(n: number): RouteEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    api: `service-${i % 500}`,
    kind: i % 3 === 0 ? 'channel' : 'operation',
    id: i % 7 === 0 ? `say "hi" \\ to\u2028 café ${i}` : `op${i}`,
    pointer: `/operations/op${i}`,
    url: `service-${i % 500}/operations/op${i}/`,
    ...(i % 2 === 0 ? { hash: `h${i}` } : {}),
  }));
}

const flow: PortalFlow = {
  from: { api: 'orders', title: 'Orders', operation: 'publishOrder', url: 'orders/operations/publishOrder/' },
  to: { api: 'billing', title: 'Billing', operation: 'onOrder', url: 'billing/operations/onOrder/' },
  channel: 'orders.created',
  matchedBy: 'address',
  messages: ['OrderCreated'],
} as unknown as PortalFlow;

/** What the outcome message made of the same routes: one JSON text, parsed. */
const asMessage = (routes: SiteRoutes): unknown => JSON.parse(JSON.stringify(routes));

describe('the routes by file (src/pipeline/site-routes-file.ts)', () => {
  it('gives back a portal’s routes, flows and addresses as the message did, across many pieces', () => {
    const routes = routesOf(60_000);
    const site: SiteRoutes = {
      routes,
      flows: [flow, { ...flow, disagreement: 'Orders sends "OrderCreated"; Billing expects none' }],
      flowsNotListed: { flows: 9, listed: 2, pairs: [{ from: 'orders', to: 'billing', flows: 9, listed: 2 }], morePairs: 0 },
      urls: routes.map((route) => route.url),
    };
    const file = siteRoutesFile(join(work, 'portal'));
    writeSiteRoutes(file, site);
    // More than one piece was written: the file is several times the size of a piece.
    assert.ok(readFileSync(file, 'utf8').length > 4 * (1 << 20));
    assert.deepEqual(readSiteRoutes(file), asMessage(site));
  });

  it('gives back a single API’s routes with no flows, and leaves out what is not there', () => {
    const site: SiteRoutes = { routes: routesOf(3), flows: [], urls: [] };
    const file = siteRoutesFile(join(work, 'single'));
    writeSiteRoutes(file, site);
    const read = readSiteRoutes(file);
    assert.deepEqual(read, asMessage(site));
    assert.equal('flowsNotListed' in read, false);
  });
});
