/** `apidesc-docs preview`: a built site served as a static host would, and nothing else. */
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MINIMAL, runIn, tempTree } from '../../test/helpers.ts';
import { startPreview } from './preview-server.ts';

const quiet = { out: () => {}, err: () => {} };
const api = `${MINIMAL}channels:\n  orders:\n    address: orders\n`;

async function serve(dir: string, out: string): Promise<{ server: Server; origin: string }> {
  const server = await startPreview({ outDir: out, port: 0, cwd: dir }, quiet);
  assert.ok(typeof server !== 'number', 'the preview started');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('preview of a built site', () => {
  let dir = '';
  let server: Server;
  let origin = '';
  before(async () => {
    dir = tempTree({ 'api.yaml': api, 'secret.txt': 'outside the site' });
    assert.equal((await runIn(dir, ['build', 'api.yaml', '--out', 'site'])).code, 0);
    symlinkSync(join(dir, 'secret.txt'), join(dir, 'site', 'leak.txt'));
    mkdirSync(join(dir, 'site', 'empty-folder'));
    ({ server, origin } = await serve(dir, 'site'));
  });
  after(() => server?.close());

  it('serves pages, folders as their index.html, and the search index', async () => {
    const home = await fetch(`${origin}/`);
    assert.equal(home.status, 200);
    assert.equal(home.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(home.headers.get('x-content-type-options'), 'nosniff');
    assert.match(await home.text(), /<h1[^>]*>T<\/h1>|<title>/);
    assert.equal((await fetch(`${origin}/channels/orders/`)).status, 200);
    const pagefind = await fetch(`${origin}/pagefind/pagefind.js`);
    assert.equal(pagefind.status, 200);
    assert.equal(pagefind.headers.get('content-type'), 'text/javascript; charset=utf-8');
    const source = await fetch(`${origin}/source/api.yaml`);
    assert.equal(source.headers.get('content-type'), 'text/yaml; charset=utf-8');
  });

  it('adds the trailing slash of a folder, as static hosts do', async () => {
    const r = await fetch(`${origin}/channels/orders`, { redirect: 'manual' });
    assert.equal(r.status, 301);
    assert.equal(r.headers.get('location'), '/channels/orders/');
  });

  it("answers 404 with the site's page for what is not there, never a folder listing, nothing outside the site", async () => {
    for (const path of ['/nope/', '/empty-folder/', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/leak.txt', '/channels/%00']) {
      const r = await fetch(`${origin}${path}`);
      assert.equal(r.status, 404, path);
      const body = await r.text();
      assert.match(body, /Page not found/, path);
      assert.doesNotMatch(body, /outside the site/, path);
    }
  });

  it('answers only GET and HEAD', async () => {
    assert.equal((await fetch(`${origin}/`, { method: 'POST', body: 'x' })).status, 405);
    const head = await fetch(`${origin}/`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });
});

describe('preview of other folders', () => {
  it('serves a site under the base path it was built for', async () => {
    const dir = tempTree({ 'api.yaml': api });
    assert.equal((await runIn(dir, ['build', 'api.yaml', '--out', 'site', '--base', '/api/'])).code, 0);
    const { server, origin } = await serve(dir, 'site');
    try {
      const root = await fetch(`${origin}/`, { redirect: 'manual' });
      assert.equal(root.status, 302);
      assert.equal(root.headers.get('location'), '/api/');
      assert.equal((await fetch(`${origin}/api/channels/orders/`)).status, 200);
    } finally {
      server.close();
    }
  });

  it('refuses a folder that is not a site this tool built', async () => {
    const dir = tempTree({ 'notes/a.txt': 'mine' });
    writeFileSync(join(dir, 'notes', 'index.html'), '<p>mine</p>');
    const errors: string[] = [];
    assert.equal(await startPreview({ outDir: 'notes', port: 0, cwd: dir }, { out: () => {}, err: (t) => errors.push(t) }), 2);
    assert.match(errors.join('\n'), /notes is not a site built by apidesc-docs/);
  });
});
