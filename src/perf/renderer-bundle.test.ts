/** The site's renderer bundle: what names it, that it is made once and reused, and pruning. */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { tempDir, tempTree } from '../../test/helpers.ts';
import { ensureRenderer, pruneBundles, rendererKey, shippedRenderer, shippedRendererDir } from './renderer-bundle.ts';

function fakePackage(): string {
  return tempTree({
    'package.json': JSON.stringify({ dependencies: { astro: '1.0.0' } }),
    'node_modules/astro/package.json': JSON.stringify({ version: '1.0.0' }),
    'astro.config.mjs': 'export default {};',
    'tsconfig.json': '{}',
    'src/pages/index.astro': '<p>home</p>',
    'src/site/site-data.ts': 'export {};',
    'src/site/site-data.test.ts': 'test',
    'public/theme.js': 'theme',
  });
}

describe('renderer bundle key', () => {
  it('is the same for the same sources and options', () => {
    const root = fakePackage();
    assert.equal(rendererKey({ root }), rendererKey({ root }));
    assert.equal(rendererKey({ root, base: '/docs/' }), rendererKey({ root, base: '/docs/' }));
  });

  it('changes with the package folder, each source of the site, the installed packages, the base path, the site URL and the guides', () => {
    const root = fakePackage();
    const guides = tempTree({ 'intro.md': '# Intro', 'img/logo.svg': '<svg/>' });
    const keys = new Set<string>();
    const record = (what: string, key: string): void => {
      assert.ok(!keys.has(key), `${what} gives a key of its own`);
      keys.add(key);
    };
    record('the sources', rendererKey({ root }));
    const copy = tempDir();
    cpSync(root, copy, { recursive: true });
    record('the same files in another package folder', rendererKey({ root: copy }));
    record('a base path', rendererKey({ root, base: '/docs/' }));
    record('a site URL', rendererKey({ root, site: 'https://api.example.com' }));
    record('guides', rendererKey({ root, guides: { dir: guides } }));
    writeFileSync(join(guides, 'img/logo.svg'), '<svg></svg>');
    record('a file the guides may import', rendererKey({ root, guides: { dir: guides } }));
    record('the guides published', rendererKey({ root, guides: { dir: guides, files: ['intro.md'] } }));
    writeFileSync(join(root, 'src/pages/index.astro'), '<p>home!</p>');
    record('a page', rendererKey({ root }));
    writeFileSync(join(root, 'src/site/new-module.ts'), 'export {};');
    record('a new module', rendererKey({ root }));
    writeFileSync(join(root, 'public/theme.js'), 'theme2');
    record('a public file', rendererKey({ root }));
    writeFileSync(join(root, 'astro.config.mjs'), 'export default { build: {} };');
    record('the Astro configuration', rendererKey({ root }));
    writeFileSync(join(root, 'node_modules/astro/package.json'), JSON.stringify({ version: '1.0.1' }));
    record('an installed package', rendererKey({ root }));
  });

  it('ignores tests, which are not part of the site', () => {
    const root = fakePackage();
    const before = rendererKey({ root });
    writeFileSync(join(root, 'src/site/site-data.test.ts'), 'another test');
    assert.equal(rendererKey({ root }), before);
  });
});

describe('the renderer the package ships', () => {
  /** A package as installed from its tarball: its renderer made where it was packed, with that key. */
  function installedPackage(): string {
    const packed = fakePackage();
    const installed = tempDir();
    cpSync(packed, installed, { recursive: true });
    const dir = shippedRendererDir(installed);
    mkdirSync(join(dir, 'server'), { recursive: true });
    writeFileSync(join(dir, 'server', 'entry.mjs'), 'export {};');
    writeFileSync(join(dir, 'apidesc-renderer.json'), JSON.stringify({ key: rendererKey({ root: packed }, { anyFolder: true }) }));
    return installed;
  }

  it('serves builds without base path, site URL or guides from any package folder, without bundling', async () => {
    const root = installedPackage();
    assert.equal(shippedRenderer({ root }), shippedRendererDir(root));
    // No Astro in the fake package: bundling would fail.
    assert.deepEqual(await ensureRenderer({ root }), { dir: shippedRendererDir(root), built: false });
  });

  it('is not used for other options, after an edit of the sources or another version of a dependency', () => {
    const guides = tempTree({ 'intro.md': '# Intro' });
    const root = installedPackage();
    assert.equal(shippedRenderer({ root, base: '/docs/' }), undefined);
    assert.equal(shippedRenderer({ root, site: 'https://api.example.com' }), undefined);
    assert.equal(shippedRenderer({ root, guides: { dir: guides } }), undefined);
    writeFileSync(join(root, 'src/pages/index.astro'), '<p>patched</p>');
    assert.equal(shippedRenderer({ root }), undefined, 'an edited page');
    const other = installedPackage();
    writeFileSync(join(other, 'node_modules/astro/package.json'), JSON.stringify({ version: '1.0.1' }));
    assert.equal(shippedRenderer({ root: other }), undefined, 'another Astro');
  });
});

describe('renderer bundle', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));

  it('is made once for a package and options, then reused', async () => {
    // Other test files' builds may make it first: either way this call leaves a complete one.
    const first = await ensureRenderer({ root, base: '/reused/' });
    assert.ok(existsSync(join(first.dir, 'server', 'entry.mjs')));
    assert.ok(existsSync(join(first.dir, 'client')));
    const again = await ensureRenderer({ root, base: '/reused/' });
    assert.deepEqual(again, { dir: first.dir, built: false });
    const other = await ensureRenderer({ root });
    assert.notEqual(other.dir, first.dir);
  });
});

describe('pruning renderer bundles', () => {
  it('removes bundles unused for a week, the oldest beyond eight, and half-made ones of ended builds', () => {
    const cache = tempTree({});
    const now = Date.now();
    const day = 24 * 3600_000;
    const made = (name: string, usedAgo: number): string => {
      const dir = join(cache, name);
      mkdirSync(dir);
      const when = new Date(now - usedAgo);
      utimesSync(dir, when, when);
      return dir;
    };
    const kept = made('renderer-new', 0);
    const weekOld = made('renderer-week-old', 8 * day);
    const recent = Array.from({ length: 9 }, (_, i) => made(`renderer-r${i}`, (i + 2) * 3600_000));
    const inUse = made('renderer-in-use', 60_000);
    const deadPartial = made('renderer-x.partial-99999999', 0);
    const livePartial = made(`renderer-y.partial-${process.pid}`, 0);
    const other = made('cli-something', 30 * day);
    pruneBundles(cache, kept, now);
    assert.ok(existsSync(kept));
    assert.ok(!existsSync(weekOld), 'unused for a week');
    // Eight kept in all: the new one, the one in use, and the six most recently used of the rest.
    assert.deepEqual(recent.map(existsSync), [true, true, true, true, true, true, false, false, false]);
    assert.ok(existsSync(inUse), 'used in the last hour: it may be rendering now');
    assert.ok(!existsSync(deadPartial));
    assert.ok(existsSync(livePartial));
    assert.ok(existsSync(other), 'only renderer bundles');
  });
});
