import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { BuildCache, CACHE_MARK, cacheFolderProblem, type EntryManifest, filesBelow, replaceFile } from './build-cache.ts';

const root = mkdtempSync(join(tmpdir(), 'apidesc-build-cache-'));
after(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
/** A new folder with `files` (path → text). */
function folder(files: Record<string, string> = {}): string {
  const dir = join(root, String(++folders));
  mkdirSync(dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('the build cache folder', () => {
  it('takes a new folder, an empty one, its own, and the one where the tool keeps its bundles', () => {
    assert.equal(cacheFolderProblem(join(root, 'not-yet'), 'not-yet'), undefined);
    assert.equal(cacheFolderProblem(folder(), 'empty'), undefined);
    assert.equal(cacheFolderProblem(folder({ [CACHE_MARK]: '{}', 'apis/x/manifest.json': '{}' }), 'marked'), undefined);
    const bundles = folder({
      'renderer-0123456789abcdef/entry.mjs': '',
      'renderer-0123456789abcdef.partial-77/entry.mjs': '',
      'cli-0123456789abcdef.cjs': '',
      'cli-0123456789abcdef.json': '',
      'cli-0123456789abcdef.cjs.build.3e691adf.v8cache': '',
      'structural-0123456789abcdef.cjs': '',
    });
    assert.equal(cacheFolderProblem(bundles, 'node_modules/.cache/apidesc-docs'), undefined);
  });

  it("refuses a folder of someone else's files, and a file, in a line that says what to do", () => {
    assert.equal(
      cacheFolderProblem(folder({ 'notes.txt': 'mine', 'renderer-0123456789abcdef/entry.mjs': '' }), 'work'),
      '--cache work holds files this tool did not write; name an empty or new folder for the build cache',
    );
    assert.equal(
      cacheFolderProblem(join(folder({ 'file.txt': '' }), 'file.txt'), 'file.txt'),
      '--cache file.txt is a file, not a folder: name a folder for the build cache',
    );
  });
});

describe('an entry of the build cache', () => {
  const site = folder({ 'index.html': '<p>overview</p>', 'channels/a/index.html': '<p>a</p>', 'channels/a/index.md': '# a' });

  it('gives back every file as written, for its key only', () => {
    const cache = new BuildCache(folder());
    cache.write('apis', 'orders', 'key-1', site, { 'orders/': 'h1' });
    assert.ok(existsSync(join(cache.dir, CACHE_MARK)));
    const hit = cache.read('apis', 'orders', 'key-1');
    assert.ok(typeof hit !== 'string');
    assert.deepEqual(
      hit.files.map((f) => [f.path, f.bytes.toString()]),
      [
        ['channels/a/index.html', '<p>a</p>'],
        ['channels/a/index.md', '# a'],
        ['index.html', '<p>overview</p>'],
      ],
    );
    assert.deepEqual(hit.data, { 'orders/': 'h1' });
    assert.equal(cache.read('apis', 'orders', 'key-2'), 'changed');
    assert.equal(cache.read('apis', 'billing', 'key-1'), 'new');
  });

  it('is damaged when a file is cut short, changed, missing, or named outside the entry, or the manifest is not its own', () => {
    const cases: [string, (entry: string) => void][] = [
      ['cut short', (entry) => writeFileSync(join(entry, 'files/index.html'), '<p>over')],
      ['changed, same size', (entry) => writeFileSync(join(entry, 'files/index.html'), '<p>OVERVIEW</p>')],
      ['missing', (entry) => rmSync(join(entry, 'files/channels/a/index.md'))],
      [
        'outside',
        (entry) => {
          const manifest = join(entry, 'manifest.json');
          writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"index.html"', '"../../x/index.html"'));
          // The file it names is there, with the bytes the manifest expects: only its place is wrong.
          mkdirSync(join(entry, '../x'), { recursive: true });
          writeFileSync(join(entry, '../x/index.html'), '<p>overview</p>');
        },
      ],
      ['not JSON', (entry) => writeFileSync(join(entry, 'manifest.json'), '{"tool":')],
      ['another layout', (entry) => writeFileSync(join(entry, 'manifest.json'), '{"tool":"apidesc-docs","layout":1,"key":"key-1","files":[],"pageHashes":{}}')],
    ];
    for (const [what, damage] of cases) {
      const cache = new BuildCache(folder());
      cache.write('apis', 'orders', 'key-1', site, {});
      damage(join(cache.dir, 'apis', 'orders'));
      assert.equal(cache.read('apis', 'orders', 'key-1'), 'damaged', what);
    }
  });

  it('says why an entry could not be written, and leaves nothing of it', () => {
    const cache = new BuildCache(folder({ apis: 'a file where the folder of entries goes' }));
    const why = cache.tryWrite('apis', 'orders', 'key-1', site, {});
    assert.ok(why === 'ENOTDIR' || why === 'EEXIST', why);
    assert.equal(existsSync(join(cache.dir, 'apis', `orders.partial-${process.pid}`)), false);
  });

  it('replaces an entry as a whole, and removes what a build that died left, not what a running one is writing', () => {
    const cache = new BuildCache(folder());
    cache.write('apis', 'orders', 'key-1', site, {});
    cache.write('apis', 'orders', 'key-2', folder({ 'index.html': 'new' }), {});
    const hit = cache.read('apis', 'orders', 'key-2');
    assert.ok(typeof hit !== 'string');
    assert.deepEqual(
      hit.files.map((f) => f.path),
      ['index.html'],
    );
    // A pid no process has (above the kernel's largest), and this process's own.
    mkdirSync(join(cache.dir, 'apis', 'orders.partial-4194305'));
    mkdirSync(join(cache.dir, 'apis', `orders.old-${process.pid}`));
    cache.removeLeftovers();
    assert.equal(existsSync(join(cache.dir, 'apis', 'orders.partial-4194305')), false);
    assert.equal(existsSync(join(cache.dir, 'apis', `orders.old-${process.pid}`)), true);
  });
});

describe('an entry placed into a site folder', () => {
  const site = folder({ 'index.html': '<p>overview</p>', 'channels/a/index.html': '<p>a</p>', 'channels/a/index.md': '# a' });
  const isOrders = (data: unknown): boolean => typeof data === 'object' && data !== null && 'pages' in data;

  it('puts every file in place, linked to the entry on one disk, with its data; for its key only', () => {
    const cache = new BuildCache(folder());
    cache.write('apis', 'orders', 'key-1', site, { pages: {} }, undefined, { link: true });
    // Kept linked: the site's file and the entry's are one file, written once.
    assert.equal(statSync(join(site, 'index.html')).ino, statSync(join(cache.dir, 'apis/orders/files/index.html')).ino);
    const target = join(folder(), 'orders');
    const placed = cache.place('apis', 'orders', 'key-1', target, isOrders);
    assert.ok(typeof placed !== 'string');
    assert.deepEqual(placed.paths, ['channels/a/index.html', 'channels/a/index.md', 'index.html']);
    assert.deepEqual(placed.data, { pages: {} });
    assert.deepEqual(filesBelow(target), placed.paths);
    assert.equal(readFileSync(join(target, 'channels/a/index.md'), 'utf8'), '# a');
    assert.equal(statSync(join(target, 'index.html')).ino, statSync(join(cache.dir, 'apis/orders/files/index.html')).ino);
    assert.equal(cache.place('apis', 'orders', 'key-2', join(folder(), 'o')), 'changed');
    assert.equal(cache.place('apis', 'billing', 'key-1', join(folder(), 'o')), 'new');
  });

  it('copies an entry written without links, and leaves the site folder its own files', () => {
    const cache = new BuildCache(folder());
    cache.write('apis', 'orders', 'key-1', site, { pages: {} });
    assert.notEqual(statSync(join(site, 'index.html')).ino, statSync(join(cache.dir, 'apis/orders/files/index.html')).ino);
    const target = folder({ 'orders/other.txt': 'not of the entry' });
    assert.ok(typeof cache.place('apis', 'orders', 'key-1', join(target, 'orders'), isOrders) !== 'string');
    assert.deepEqual(filesBelow(target), ['orders/channels/a/index.html', 'orders/channels/a/index.md', 'orders/index.html', 'orders/other.txt']);
  });

  it('is damaged, and leaves nothing of itself in the site folder, when a file is changed, missing or its data not of its kind', () => {
    const cases: [string, (entry: string) => void][] = [
      ['changed, same size', (entry) => writeFileSync(join(entry, 'files/index.html'), '<p>OVERVIEW</p>')],
      ['cut short', (entry) => writeFileSync(join(entry, 'files/channels/a/index.md'), '#')],
      ['missing', (entry) => rmSync(join(entry, 'files/channels/a/index.md'))],
      [
        'data of another kind',
        (entry) => {
          const manifest = join(entry, 'manifest.json');
          writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"data":{"pages":{}}', '"data":{"renamed":[]}'));
        },
      ],
    ];
    for (const [what, damage] of cases) {
      const cache = new BuildCache(folder());
      // Copies, so that damaging the entry leaves `site` as it is.
      cache.write('apis', 'orders', 'key-1', site, { pages: {} });
      damage(join(cache.dir, 'apis', 'orders'));
      const target = folder({ 'index.html': 'the portal root' });
      assert.equal(cache.place('apis', 'orders', 'key-1', join(target, 'orders'), isOrders), 'damaged', what);
      assert.deepEqual(readdirSync(target), ['index.html'], what);
    }
  });

  it('stamps the files of an entry kept by links, and finds one changed in place all the same, even keeping its size', () => {
    const cases: [string, (file: string) => void][] = [
      ['changed, same size', (file) => writeFileSync(file, '<p>OVERVIEW</p>')],
      ['cut short', (file) => writeFileSync(file, '<p>over')],
      ['replaced', (file) => replaceFile(file, '<p>elsewhere</p>')],
    ];
    for (const [what, damage] of cases) {
      const built = folder({ 'index.html': '<p>overview</p>', 'channels/a/index.html': '<p>a</p>' });
      // Written a while before they are kept, as a build's pages are: older than the file system's clock when they are hashed.
      const past = new Date(Date.now() - 60_000);
      for (const path of filesBelow(built)) utimesSync(join(built, path), past, past);
      const cache = new BuildCache(folder());
      cache.write('apis', 'orders', 'key-1', built, { pages: {} }, undefined, { link: true });
      const manifest = JSON.parse(readFileSync(join(cache.dir, 'apis/orders/manifest.json'), 'utf8')) as EntryManifest;
      assert.equal(manifest.settled?.filter((stamp) => stamp !== null).length, 2, `${what}: both files stamped`);
      assert.ok(typeof cache.place('apis', 'orders', 'key-1', join(folder(), 'orders'), isOrders) !== 'string', `${what}: placed while unchanged`);
      damage(join(cache.dir, 'apis/orders/files/index.html'));
      const target = folder({ 'index.html': 'the portal root' });
      assert.equal(cache.place('apis', 'orders', 'key-1', join(target, 'orders'), isOrders), 'damaged', what);
      assert.deepEqual(readdirSync(target), ['index.html'], what);
    }
  });

  it('does not stamp a file written as it is kept (within one tick of the file system clock, a later write could keep its time)', () => {
    const built = folder({ 'index.html': '<p>overview</p>' });
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(built, 'index.html'), future, future);
    const cache = new BuildCache(folder());
    cache.write('apis', 'orders', 'key-1', built, { pages: {} }, undefined, { link: true });
    const manifest = JSON.parse(readFileSync(join(cache.dir, 'apis/orders/manifest.json'), 'utf8')) as EntryManifest;
    assert.equal(manifest.settled, undefined);
  });

  it("is not changed when a site's file placed from it is replaced (a page rewritten after the build)", () => {
    const cache = new BuildCache(folder());
    cache.write('apis', 'orders', 'key-1', site, { pages: {} });
    const target = join(folder(), 'orders');
    assert.ok(typeof cache.place('apis', 'orders', 'key-1', target, isOrders) !== 'string');
    replaceFile(join(target, 'index.html'), '<p>overview, with a version switcher</p>');
    assert.equal(readFileSync(join(target, 'index.html'), 'utf8'), '<p>overview, with a version switcher</p>');
    assert.deepEqual(readdirSync(target).sort(), ['channels', 'index.html']);
    assert.equal(readFileSync(join(cache.dir, 'apis/orders/files/index.html'), 'utf8'), '<p>overview</p>');
    assert.ok(typeof cache.place('apis', 'orders', 'key-1', join(folder(), 'orders'), isOrders) !== 'string');
  });
});
