/**
 * The site for machines, as `build` writes it (issue 26): a portal under a base path with --site
 * has a Markdown twin beside every entity page, which the page announces and links to; llms.txt
 * per API and at the root, llms-full.txt, /.well-known/api-catalog and _headers; every link in
 * them leads to a file of the site.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { RouteEntry } from '../src/lib/model/types.ts';
import { runIn, tempTree } from './helpers.ts';
import { readBack } from './twin-check.ts';

const ORDERS = readFileSync(new URL('../content/orders.apidesc.yaml', import.meta.url), 'utf8');
const LIGHTS = `apidesc: 3.0.0
info: {title: Street lights, version: 2.0.0, description: Lights report what they *measure*.}
channels:
  measured:
    address: lights.{id}.measured
    parameters: {id: {}}
    messages:
      measured: {name: LightMeasured, payload: {type: object, properties: {lux: {type: number}}}}
operations:
  readMeasured: {action: receive, channel: {$ref: '#/channels/measured'}}
`;
const ORIGIN = 'https://apis.example.net';
const BASE = '/api/';

describe('a portal built for machines, under a base path', () => {
  let site = '';
  let routes: RouteEntry[] = [];
  /** The file a path from the origin (or a URL of the site) is served from. */
  const fileOf = (href: string): string | undefined => {
    const path = href.startsWith(ORIGIN) ? href.slice(ORIGIN.length) : href;
    if (!path.startsWith(BASE)) return undefined;
    const rel = decodeURI(path.slice(BASE.length));
    const file = join(site, rel);
    return rel === '' || rel.endsWith('/') ? join(file, 'index.html') : file;
  };
  const assertResolves = (from: string, hrefs: string[]): void => {
    for (const href of hrefs) {
      if (/^(https?:|mailto:)/.test(href) && !href.startsWith(ORIGIN)) continue;
      const file = fileOf(href);
      assert.ok(file && existsSync(file), `${from} links to ${href}`);
    }
  };
  before(async () => {
    const dir = tempTree({ 'apis/orders.yaml': ORDERS, 'apis/lights.yaml': LIGHTS });
    const r = await runIn(dir, ['build', 'apis', '--out', 'site', '--base', BASE, '--site', ORIGIN]);
    assert.equal(r.code, 0, r.out + r.err);
    site = join(dir, 'site');
    routes = (JSON.parse(readFileSync(join(site, 'apidesc-routes.json'), 'utf8')) as { routes: RouteEntry[] }).routes;
  });

  it('writes a twin beside every entity page, which the page announces and links to', () => {
    const entities = routes.filter((r) => r.kind !== 'guide');
    assert.ok(entities.length > 30);
    for (const route of entities) {
      assert.ok(existsSync(join(site, route.url, 'index.md')), route.url);
      const html = readFileSync(join(site, route.url, 'index.html'), 'utf8');
      const twin = `${BASE}${route.url}index.md`;
      assert.ok(html.includes(`<link rel="alternate" type="text/markdown" href="${twin}">`), route.url);
      assert.match(
        html,
        new RegExp(`<a class="page-markdown" href="${twin}" type="text/markdown" aria-label="Markdown version of this page"[^>]*>Markdown</a>`),
      );
    }
  });

  it('holds the facts of the page in the twin: address, message names, payload fields', () => {
    const channel = readFileSync(join(site, 'lights/channels/measured/index.md'), 'utf8');
    assert.match(channel, /^# measured\n/);
    assert.match(channel, /- \*\*Address:\*\* `lights\.\{id\}\.measured`/);
    const message = routes.find((r) => r.api === 'lights' && r.kind === 'message');
    assert.ok(message);
    const text = readFileSync(join(site, message.url, 'index.md'), 'utf8');
    assert.match(text, /`LightMeasured`/);
    assert.match(text, /- `lux`: number · optional/);
  });

  it('carries the commands to publish and subscribe of an sns operation, as the page shows them', () => {
    const publish = readFileSync(join(site, 'orders/operations/publishorderevents/index.md'), 'utf8');
    assert.match(
      publish,
      /### Send yourself a test message\n\nTo see one arrive [^\n]+\n\n(?:[^\n]+\n\n)?\*\*To reach [^*]+\*\*\n[\s\S]*?```sh\naws sns publish \\\n/,
    );
    const subscribe = readFileSync(join(site, 'orders/operations/receiveordereventsinwarehouse/index.md'), 'utf8');
    assert.match(subscribe, /### Subscribe\n[\s\S]*?```sh\naws sns subscribe \\\n/);
  });

  it('links every twin only to files of the site', () => {
    for (const route of routes.filter((r) => r.kind !== 'guide'))
      assertResolves(route.url, readBack(readFileSync(join(site, route.url, 'index.md'), 'utf8')).links);
  });

  it('lists every page of each API in its llms.txt, by kind, with absolute URLs of --site', () => {
    for (const api of ['orders', 'lights']) {
      const text = readFileSync(join(site, api, 'llms.txt'), 'utf8');
      const back = readBack(text);
      assert.equal(back.headings[0]?.depth, 1);
      assert.match(text, /^# .+\n\n> .+\n/);
      const pages = routes.filter((r) => r.api === api && r.kind !== 'guide');
      for (const route of pages) assert.ok(back.links.includes(`${ORIGIN}${BASE}${route.url}index.md`), `${api}: ${route.url}`);
      assertResolves(`${api}/llms.txt`, back.links);
    }
    const root = readFileSync(join(site, 'llms.txt'), 'utf8');
    assert.match(root, /^# APIs\n/);
    assert.ok(readBack(root).links.includes(`${ORIGIN}${BASE}orders/llms.txt`));
    assertResolves('llms.txt', readBack(root).links);
  });

  it('leads readers to them from the portal root and each overview', () => {
    const links = (html: string): string[] => [...(/For coding assistants:.*?<\/p>/.exec(html)?.[0] ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    const root = links(readFileSync(join(site, 'index.html'), 'utf8'));
    assert.deepEqual(root, [`${BASE}llms.txt`, `${BASE}.well-known/api-catalog`]);
    const overview = links(readFileSync(join(site, 'lights', 'index.html'), 'utf8'));
    assert.deepEqual(overview, [`${BASE}lights/llms.txt`, `${BASE}lights/llms-full.txt`]);
    assertResolves('the root and an overview', [...root, ...overview]);
  });

  it('gathers every page of an API into its llms-full.txt', () => {
    const full = readFileSync(join(site, 'lights/llms-full.txt'), 'utf8');
    assert.match(full, /^# Street lights\n/);
    assert.match(full, /End of the reference: all \d+ pages\./);
    assert.match(full, /`lights\.\{id\}\.measured`/);
    assertResolves('lights/llms-full.txt', readBack(full).links);
  });

  it('publishes an RFC 9727 api-catalog with each API, its llms.txt and its source, and tells hosts its media type', () => {
    const catalog = JSON.parse(readFileSync(join(site, '.well-known/api-catalog'), 'utf8')) as { linkset: Record<string, string | { href: string }[]>[] };
    assert.equal(catalog.linkset[0]?.anchor, `${ORIGIN}${BASE}.well-known/api-catalog`);
    const apis = catalog.linkset.slice(1);
    assert.deepEqual(apis.map((a) => a.anchor).sort(), [`${ORIGIN}${BASE}lights/`, `${ORIGIN}${BASE}orders/`]);
    for (const api of apis) {
      const docs = api['service-doc'] as { href: string }[];
      const descs = api['service-desc'] as { href: string }[];
      assert.ok(docs.some((d) => d.href.endsWith('/llms.txt')));
      assert.ok(descs.length >= 1);
      assertResolves(
        'api-catalog',
        [...docs, ...descs].map((d) => d.href),
      );
    }
    assert.equal(
      readFileSync(join(site, '_headers'), 'utf8'),
      `${BASE}.well-known/api-catalog\n  Content-Type: application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"\n`,
    );
  });
});
