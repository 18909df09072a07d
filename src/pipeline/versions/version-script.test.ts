/**
 * The version switcher's script kept in the build cache: the package's own script bundled once
 * and then read from the cache, the same bytes; a copy of a client module standing in, made again
 * when a file it imports changes, and when the kept bundle was damaged.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { BuildCache } from '../cache/build-cache.ts';
import { versionScript } from './version-script.ts';

const root = mkdtempSync(join(tmpdir(), 'apidesc-version-script-test-'));
after(() => rmSync(root, { recursive: true, force: true }));
let made = 0;
const folder = (): string => mkdtempSync(join(root, `${++made}-`));

describe("the version switcher's script in the build cache", () => {
  it("bundles the package's script once, then gives the same bytes from the cache", async () => {
    const cache = new BuildCache(folder());
    const first = await versionScript(cache);
    assert.equal(first.cached, false);
    assert.match(first.text, /^\/\/ Written by apidesc-docs build --versions/);
    const again = await versionScript(cache);
    assert.equal(again.cached, true);
    assert.equal(again.text, first.text);
    assert.equal((await versionScript()).text, first.text, 'the bytes of a bundle made without a cache');
  });

  it('bundles again when a file the script imports changes, and when the kept bundle was damaged', async () => {
    const source = folder();
    writeFileSync(join(source, 'entry.ts'), "import { say } from './words.ts';\nconsole.log(say());\n");
    writeFileSync(join(source, 'words.ts'), "export const say = (): string => 'first words';\n");
    const cache = new BuildCache(folder());
    const script = (): ReturnType<typeof versionScript> => versionScript(cache, { entry: join(source, 'entry.ts'), workingDir: source });
    const first = await script();
    assert.equal(first.cached, false);
    assert.match(first.text, /first words/);
    assert.equal((await script()).cached, true);

    // Only the imported file changes: the entry's bytes are the same.
    writeFileSync(join(source, 'words.ts'), "export const say = (): string => 'second words';\n");
    const changed = await script();
    assert.equal(changed.cached, false);
    assert.match(changed.text, /second words/);
    assert.equal((await script()).cached, true);

    const kept = join(cache.dir, 'scripts', 'versions', 'files', 'versions.js');
    writeFileSync(kept, readFileSync(kept, 'utf8').replace('second words', 'forged words'));
    const repaired = await script();
    assert.equal(repaired.cached, false);
    assert.match(repaired.text, /second words/);
    assert.deepEqual(readdirSync(join(cache.dir, 'scripts')), ['versions'], 'one entry, nothing left beside it');
  });
});
