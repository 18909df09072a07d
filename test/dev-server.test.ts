/** `apidesc-docs dev`: serves the site, rebuilds on an edit, and tells open pages to reload. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { tryItConfig, tryItDocument } from './try-it-fixture.ts';
import { freePort, MINIMAL, ODD_REQUEST_HEADS, ODD_REQUEST_PATHS, rawGet, rawRequest, tempTree, until } from './helpers.ts';

const bin = resolve(import.meta.dirname, '../bin/apidesc-docs.mjs');

describe('apidesc-docs dev', () => {
  it('serves the site, rebuilds when the document changes, and pushes a reload event', async () => {
    const dir = tempTree({ 'api.yaml': MINIMAL.replace('title: T', 'title: First title') });
    const port = await freePort();
    const child = spawn(process.execPath, [bin, 'dev', 'api.yaml', '--port', String(port)], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const base = `http://127.0.0.1:${port}`;
      const first = await until('the first page', async () => {
        const r = await fetch(`${base}/`);
        return r.ok ? r.text() : undefined;
      });
      assert.match(first, /<h1>First title<\/h1>/);
      assert.match(first, /<script src="\/__apidesc\/live\.js" defer><\/script>/);
      assert.match(await (await fetch(`${base}/__apidesc/live.js`)).text(), /new EventSource\('\/__apidesc\/events'\)/);
      assert.equal((await fetch(`${base}/..%2F..%2Fetc%2Fpasswd`)).status === 200, false);
      assert.equal((await fetch(`${base}/source/..%2F..%2F..%2Fetc%2Fpasswd`)).status === 200, false);
      // The document as written, from memory (the overview links to it).
      assert.match(first, /href="\/source\/api\.yaml" download/);
      assert.match(await (await fetch(`${base}/source/api.yaml`)).text(), /title: First title/);

      const events = await fetch(`${base}/__apidesc/events`);
      const reader = events.body!.getReader();
      writeFileSync(join(dir, 'api.yaml'), MINIMAL.replace('title: T', 'title: Second title'));
      const decoder = new TextDecoder();
      await until('the rebuilt event', async () => {
        const { value } = await reader.read();
        return value && decoder.decode(value).includes('event: rebuilt') ? true : undefined;
      });
      await reader.cancel();
      const second = await (await fetch(`${base}/`)).text();
      assert.match(second, /<h1>Second title<\/h1>/);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('serves guides with their reference components, and shows an edit of a guide and a new guide', async () => {
    const api = `${MINIMAL}channels:\n  orders:\n    address: orders\n    title: Orders channel\n`;
    const dir = tempTree({
      'api.yaml': api,
      'guides/start.mdx': '---\ntitle: Start\n---\n\nRead <ApiLink ref="#/channels/orders" />.\n',
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'apidesc-docs.config.json': '{"logo": "logo.svg"}',
    });
    const port = await freePort();
    const child = spawn(process.execPath, [bin, 'dev', 'api.yaml', '--port', String(port)], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const base = `http://127.0.0.1:${port}`;
      const guide = await until('the guide page', async () => {
        const r = await fetch(`${base}/guides/start/`);
        return r.ok ? r.text() : undefined;
      });
      assert.match(guide, /<h1>Start<\/h1>/);
      assert.match(guide, /Read <a href="\/channels\/orders\/">Orders channel<\/a>\./);
      assert.match(guide, /<img class="logo" src="\/assets\/logo\.svg" alt=""/);
      assert.equal((await fetch(`${base}/assets/logo.svg`)).headers.get('content-type'), 'image/svg+xml');
      writeFileSync(join(dir, 'guides/start.mdx'), '---\ntitle: Start here\n---\n\nRead <ApiLink ref="#/channels/orders" />, then more.\n');
      const edited = await until('the edited guide', async () => {
        const text = await (await fetch(`${base}/guides/start/`)).text();
        return text.includes('then more') && text.includes('>Start here</a>') ? text : undefined;
      });
      assert.match(edited, /<h1>Start here<\/h1>/);
      // A guide added while the server runs.
      writeFileSync(join(dir, 'guides/later.md'), '# Later\n\nAdded while serving.\n');
      const added = await until('the added guide', async () => {
        const r = await fetch(`${base}/guides/later/`);
        return r.ok ? r.text() : undefined;
      });
      assert.match(added, /Added while serving\./);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('writes the code samples in the languages of the configuration (codeSamples.languages)', { timeout: 120_000 }, async () => {
    const dir = tempTree({
      'lights.yaml': readFileSync(resolve(import.meta.dirname, 'fixtures/code-samples/lights.yaml'), 'utf8'),
      'apidesc-docs.config.json': '{"codeSamples": {"languages": ["python"]}}',
    });
    const port = await freePort();
    const child = spawn(process.execPath, [bin, 'dev', 'lights.yaml', '--port', String(port)], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const page = await until('the operation page', async () => {
        const r = await fetch(`http://127.0.0.1:${port}/operations/turnon/`);
        return r.ok ? r.text() : undefined;
      });
      const labels = [...page.matchAll(/<label for="samples-1-\d">(.*?)<\/label>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
      assert.deepEqual(labels, ['Python']);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it("serves the try it form, its files and its page's CSP with the configuration's tryIt", { timeout: 120_000 }, async () => {
    const dir = tempTree({
      'api.json': tryItDocument({ ws: 18_201, http: 18_202 }),
      'apidesc-docs.config.json': JSON.stringify(tryItConfig(18_203)),
    });
    const port = await freePort();
    const child = spawn(process.execPath, [bin, 'dev', 'api.json', '--port', String(port)], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const base = `http://127.0.0.1:${port}`;
      const page = await until('the operation page', async () => {
        const r = await fetch(`${base}/operations/turnon/`);
        return r.ok ? r.text() : undefined;
      });
      assert.match(page, /connect-src 'self' ws:\/\/127\.0\.0\.1:18203;/);
      assert.match(page, /<div class="try-it" data-try-it/);
      const script = await fetch(`${base}/try-it.js`);
      assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.match(await script.text(), /try-it-mqtt\.js/);
      assert.equal((await fetch(`${base}/try-it-mqtt.js`)).status, 200);
      assert.equal((await fetch(`${base}/try-it.css`)).status, 200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('answers only requests for this machine by a loopback name, and survives a burst of odd requests', async () => {
    const dir = tempTree({ 'api.yaml': `${MINIMAL}channels:\n  orders:\n    address: orders\n` });
    const port = await freePort();
    const child = spawn(process.execPath, [bin, 'dev', 'api.yaml', '--port', String(port)], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      await until('the first page', async () => ((await fetch(`${base}/`)).ok ? true : undefined));
      for (const host of [`attacker.example:${port}`, `10.0.0.1:${port}`, `localhost:${port + 1}`])
        for (const path of ['/', '/source/api.yaml', '/__apidesc/live.js', '/channels/orders/'])
          assert.equal((await rawGet(base, path, host)).status, 403, `${host}${path}`);
      assert.equal((await rawRequest(base, 'GET /source/api.yaml HTTP/1.0\r\n\r\n')).status, 403, 'no Host');
      assert.equal((await rawGet(base, '/source/api.yaml', `localhost:${port}`)).status, 200);
      const answers = await Promise.all(ODD_REQUEST_PATHS.map((path) => rawGet(base, path)));
      answers.forEach((r, i) => {
        assert.ok(r.status >= 200 && r.status < 500, `${ODD_REQUEST_PATHS[i]!.slice(0, 60)}: ${r.status}`);
        assert.doesNotMatch(r.headers.location ?? '/', /^(\/[/\\]|[a-z]+:)/i, ODD_REQUEST_PATHS[i]!.slice(0, 60));
      });
      for (const head of ODD_REQUEST_HEADS) await rawRequest(base, head);
      assert.equal(child.exitCode, null, `the server is still running\n${stderr}`);
      assert.match(await (await fetch(`${base}/channels/orders/`)).text(), /<h1[^>]*>orders<\/h1>|orders/);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('follows the document and the files it references through deletion, re-creation and atomic saves', async () => {
    const api = (title: string): string =>
      `${MINIMAL.replace('title: T', `title: ${title}`)}channels:\n  orders:\n    address: orders\n    messages:\n      placed:\n        payload: {$ref: 'schemas.yaml#/Order'}\n`;
    const schemas = (what: string): string => `Order:\n  type: object\n  description: ${what}\n`;
    const dir = tempTree({ 'api.yaml': api('First'), 'schemas.yaml': schemas('Kept in a file of its own') });
    const port = await freePort();
    const child = spawn(process.execPath, [bin, 'dev', 'api.yaml', '--port', String(port)], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const base = `http://127.0.0.1:${port}`;
    const shows = (path: string, text: string) =>
      until(`${path} showing ${text}\n${stderr}`, async () => ((await (await fetch(`${base}${path}`)).text()).includes(text) ? true : undefined), 20_000);
    try {
      await shows('/', '<h1>First</h1>');
      // Gone for a moment, as during a branch switch: the old version stays, then the new one shows.
      rmSync(join(dir, 'api.yaml'));
      await until('the failed refresh', async () => (stderr.includes('could not be read') ? true : undefined), 20_000);
      writeFileSync(join(dir, 'api.yaml'), api('Second'));
      await shows('/', '<h1>Second</h1>');
      // And later edits are still seen.
      writeFileSync(join(dir, 'api.yaml'), api('Third'));
      await shows('/', '<h1>Third</h1>');
      // An editor's atomic save: a new file renamed over the document.
      writeFileSync(join(dir, '.api.yaml.tmp'), api('Fourth'));
      renameSync(join(dir, '.api.yaml.tmp'), join(dir, 'api.yaml'));
      await shows('/', '<h1>Fourth</h1>');
      writeFileSync(join(dir, 'api.yaml'), api('Fifth'));
      await shows('/', '<h1>Fifth</h1>');
      // The same for a referenced file.
      await shows('/channels/orders/messages/placed/', 'Kept in a file of its own');
      const refreshes = (): number => (stderr.match(/^(Updated in|The document could not be read)/gm) ?? []).length;
      const before = refreshes();
      rmSync(join(dir, 'schemas.yaml'));
      await until('the refresh without the file', async () => (refreshes() > before ? true : undefined), 20_000);
      writeFileSync(join(dir, 'schemas.yaml'), schemas('Written again'));
      await shows('/channels/orders/messages/placed/', 'Written again');
      writeFileSync(join(dir, '.schemas.tmp'), schemas('Saved atomically'));
      renameSync(join(dir, '.schemas.tmp'), join(dir, 'schemas.yaml'));
      await shows('/channels/orders/messages/placed/', 'Saved atomically');
      writeFileSync(join(dir, 'schemas.yaml'), schemas('Edited in place'));
      await shows('/channels/orders/messages/placed/', 'Edited in place');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('sees a document added to a folder argument', async () => {
    const dir = tempTree({ 'apis/a.yaml': MINIMAL.replace('title: T', 'title: Alpha') });
    const port = await freePort();
    const child = spawn(process.execPath, [bin, 'dev', 'apis', '--port', String(port)], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    const base = `http://127.0.0.1:${port}`;
    try {
      await until('the first page', async () => ((await (await fetch(`${base}/`)).text()).includes('<h1>Alpha</h1>') ? true : undefined));
      writeFileSync(join(dir, 'apis', 'b.yaml'), MINIMAL.replace('title: T', 'title: Beta'));
      // Two documents: a portal, whose root lists both.
      await until('the portal', async () => ((await (await fetch(`${base}/`)).text()).match(/Alpha[\s\S]*Beta/) ? true : undefined), 20_000);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
