/** Preview builds of broken documents (--allow-invalid), and byte-identical output for the same input. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { processAlive, renderLockDir } from '../src/perf/render-lock.ts';
import { rendererCacheDir, rendererKey } from '../src/perf/renderer-bundle.ts';
import { MINIMAL, runCli, tempTree } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');

const broken = `${MINIMAL}channels:
  orders:
    address: orders/{region}
    title: Orders
operations:
  sendOrder:
    action: send
    channel: {$ref: '#/channels/orders'}
`;

const build = (dir: string, args: string[]): Promise<number> => runCli(['build', ...args], dir);

function digest(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(full.slice(dir.length), createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

describe('build --allow-invalid and determinism', () => {
  it('stops on errors without the flag, builds a preview that shows them with it', async () => {
    const dir = tempTree({ 'api.yaml': broken });
    assert.equal(await build(dir, ['api.yaml', '--out', 'stopped']), 1);
    assert.equal(await build(dir, ['api.yaml', '--out', 'preview', '--allow-invalid']), 0);
    const channel = readFileSync(join(dir, 'preview/channels/orders/index.html'), 'utf8');
    assert.match(channel, /class="banner" role="status">This preview was built from a document with 1 error/);
    assert.match(channel, /<code>channel-parameters-missing<\/code> the address uses \{region\} but the channel has no parameters/);
    const operation = readFileSync(join(dir, 'preview/operations/sendorder/index.html'), 'utf8');
    assert.match(operation, /class="banner"/);
    assert.doesNotMatch(operation, /channel-parameters-missing/, 'each finding on the page it concerns');
  });

  it('builds no preview when no document could be read at all (nothing to show the findings on)', async () => {
    const dir = tempTree({ 'api.yaml': broken });
    assert.equal(await build(dir, ['api.yaml', '--out', 'preview', '--allow-invalid', '--max-bytes', '100']), 1);
    assert.equal(existsSync(join(dir, 'preview')), false);
  });

  it('builds byte-identical sites from the same input', async () => {
    const dir = tempTree({ 'api.yaml': broken.replace('orders/{region}', 'orders') });
    assert.equal(await build(dir, ['api.yaml', '--out', 'one']), 0);
    assert.equal(await build(dir, ['api.yaml', '--out', 'two']), 0);
    const one = digest(join(dir, 'one'));
    assert.ok(one.size > 5);
    assert.deepEqual(one, digest(join(dir, 'two')));
  });

  // A corpus document: defined only when the corpus is there (test/corpus-location.ts).
  if (HAS_CORPUS)
    it('copies every file of a multi-file document under source/, laid out as in the input folder', async () => {
      const set = join(CORPUS, 'multi-file/spec-social-media');
      const out = join(tempTree({ 'keep.txt': '' }), 'site');
      assert.equal(await build(set, ['backend/asyncapi.yaml', '--root', '.', '--out', out]), 0);
      for (const file of ['backend/asyncapi.yaml', 'common/messages.yaml', 'common/schemas.yaml', 'common/servers.yaml']) {
        assert.equal(readFileSync(join(out, 'source', file), 'utf8'), readFileSync(join(set, file), 'utf8'), file);
      }
      assert.match(readFileSync(join(out, 'index.html'), 'utf8'), /href="\/source\/common\/messages\.yaml" download>common\/messages\.yaml<\/a>/);
      const bundled = JSON.parse(readFileSync(join(out, 'source/backend/asyncapi.bundled.json'), 'utf8')) as { servers: Record<string, { host?: string }> };
      assert.equal(bundled.servers.websiteWebSocketServer!.host, 'mycompany.com');
    });
});

describe('a failed build keeps the last good site', () => {
  it('leaves the previous output untouched when a later build fails, and replaces it when one succeeds', async () => {
    const dir = tempTree({ 'api.yaml': MINIMAL.replace('title: T', 'title: Good') });
    assert.equal(await build(dir, ['api.yaml', '--out', 'site']), 0);
    const before = digest(join(dir, 'site'));
    writeFileSync(join(dir, 'api.yaml'), 'apidesc: 3.0.0\ninfo: [broken\n');
    assert.equal(await build(dir, ['api.yaml', '--out', 'site']), 1);
    assert.deepEqual(digest(join(dir, 'site')), before);
    writeFileSync(join(dir, 'api.yaml'), MINIMAL.replace('title: T', 'title: Better'));
    assert.equal(await build(dir, ['api.yaml', '--out', 'site']), 0);
    assert.match(readFileSync(join(dir, 'site/index.html'), 'utf8'), /<h1>Better<\/h1>/);
    assert.deepEqual(readdirSync(dir).sort(), ['api.yaml', 'site']);
  });
});

describe('a build stopped while it bundles the site renderer', () => {
  it('leaves no half-made renderer and no lock behind', async () => {
    // A base path no other build uses: its renderer is made anew, and the invalid document
    // stops the build (and the renderer with it) a moment after the bundling began.
    const base = `/stopped-${process.pid}-${Date.now()}/`;
    const dir = tempTree({ 'api.yaml': 'apidesc: 3.0.0\ninfo: [broken\n' });
    assert.equal(await build(dir, ['api.yaml', '--out', 'site', '--base', base]), 1);
    const cache = rendererCacheDir(repo);
    const bundle = join(cache, `renderer-${rendererKey({ root: repo, base })}`);
    const leftovers = (existsSync(cache) ? readdirSync(cache) : []).filter((name) => name.startsWith(basename(bundle)));
    // Made in full before the stop (a very slow machine), or not at all.
    assert.ok(leftovers.length === 0 || (leftovers.length === 1 && existsSync(join(bundle, 'server', 'entry.mjs'))), leftovers.join(', '));
    const lock = renderLockDir(repo);
    // Another test file's build may hold the lock now, never this stopped one.
    if (existsSync(lock)) assert.ok(processAlive(Number(readFileSync(join(lock, 'pid'), 'utf8'))), 'the lock is held by a live build');
  });
});
