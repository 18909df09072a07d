/** `apidesc-docs preview`: a built site served as a static host would, and nothing else. */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MINIMAL, ODD_REQUEST_HEADS, ODD_REQUEST_PATHS, rawGet as get, rawRequest as raw, runIn, tempTree } from '../../test/helpers.ts';
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

  it('redirects with a Location of this site only: percent-encoded, never another host, and stays up', async () => {
    mkdirSync(join(dir, 'site', 'source', '日本'), { recursive: true });
    mkdirSync(join(dir, 'site', 'attacker.example'), { recursive: true });
    try {
      const japanese = await get(origin, '/source/%E6%97%A5%E6%9C%AC');
      assert.equal(japanese.status, 301);
      assert.equal(japanese.headers.location, '/source/%E6%97%A5%E6%9C%AC/');
      for (const path of ['/%2Fattacker.example', '/%5Cattacker.example', '//attacker.example', '/\\attacker.example', '/%2F%2Fattacker.example']) {
        const r = await get(origin, path);
        assert.notEqual(r.status, 301, path);
        assert.equal(r.headers.location, undefined, path);
      }
      // A folder named like a host is a folder of this site, redirected as one.
      assert.equal((await get(origin, '/attacker.example')).headers.location, '/attacker.example/');
      assert.equal((await fetch(`${origin}/`)).status, 200);
    } finally {
      rmSync(join(dir, 'site', 'source', '日本'), { recursive: true });
      rmSync(join(dir, 'site', 'attacker.example'), { recursive: true });
    }
  });

  it('answers only requests for this machine by a loopback name, on its port (no DNS rebinding)', async () => {
    const { port } = new URL(origin);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) assert.equal((await get(origin, '/', host)).status, 200, host);
    for (const host of [`attacker.example:${port}`, 'attacker.example', `localhost:${Number(port) + 1}`, `10.0.0.1:${port}`])
      for (const path of ['/', '/source/api.yaml']) assert.equal((await get(origin, path, host)).status, 403, `${host}${path}`);
    // No Host at all (HTTP/1.0): not a browser's request for this site.
    assert.equal((await raw(origin, 'GET /source/api.yaml HTTP/1.0\r\n\r\n')).status, 403);
  });

  it('survives a burst of odd requests, answering each without a 500, and serves the next', async () => {
    const paths = ODD_REQUEST_PATHS;
    const answers = await Promise.all(paths.map((path) => get(origin, path)));
    answers.forEach((r, i) => {
      assert.ok(r.status >= 200 && r.status < 500, `${paths[i]!.slice(0, 60)}: ${r.status}`);
      assert.equal(r.headers.location, undefined, paths[i]!.slice(0, 60));
    });
    for (const head of ODD_REQUEST_HEADS) assert.ok((await raw(origin, head)).status < 500, JSON.stringify(head));
    assert.equal((await fetch(`${origin}/channels/orders/`)).status, 200);
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

  it('serves a site built for a base path of other scripts, redirecting to it percent-encoded', async () => {
    const dir = tempTree({ 'api.yaml': api });
    assert.equal((await runIn(dir, ['build', 'api.yaml', '--out', 'site', '--base', '/ドキュメント/'])).code, 0);
    const { server, origin } = await serve(dir, 'site');
    try {
      const base = '/%E3%83%89%E3%82%AD%E3%83%A5%E3%83%A1%E3%83%B3%E3%83%88/';
      for (const path of ['/', base.slice(0, -1)]) {
        const root = await get(origin, path);
        assert.equal(root.status, 302, path);
        assert.equal(root.headers.location, base, path);
      }
      assert.equal((await fetch(`${origin}${base}channels/orders/`)).status, 200);
      assert.equal((await get(origin, `${base}channels/orders`)).headers.location, `${base}channels/orders/`);
    } finally {
      server.close();
    }
  });

  it('never serves what lies outside the site through a link: not its 404 page, not a linked folder', async () => {
    const dir = tempTree({ 'api.yaml': api, 'private/index.html': '<p>private page</p>', 'private/notes.txt': 'private notes' });
    assert.equal((await runIn(dir, ['build', 'api.yaml', '--out', 'site'])).code, 0);
    rmSync(join(dir, 'site', '404.html'));
    symlinkSync(join(dir, 'private', 'index.html'), join(dir, 'site', '404.html'));
    symlinkSync(join(dir, 'private'), join(dir, 'site', 'linked'));
    const { server, origin } = await serve(dir, 'site');
    try {
      for (const path of ['/nope/', '/404.html', '/linked/', '/linked/notes.txt', '/linked/index.html']) {
        const r = await fetch(`${origin}${path}`);
        assert.equal(r.status, 404, path);
        assert.doesNotMatch(await r.text(), /private/, path);
      }
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
