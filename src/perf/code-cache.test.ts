import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../../test/helpers.ts';

const CODE = 'exports.twice = function twice(n) { return inner(n) * 2; };\nfunction inner(n) { return n + 0; }\nexports.sep = require("node:path").sep;\n';

/** Loads the module in a process of its own (within one process V8 answers from memory, whatever the cache file holds), then saves. */
function loadInFreshProcess(file: string): { twice: number; sep: string; usedCache: boolean } {
  const script = `import { CodeCachedModule } from ${JSON.stringify(new URL('./code-cache.ts', import.meta.url).href)};
const m = new CodeCachedModule(${JSON.stringify(file)});
const e = m.load();
const out = { twice: e.twice(21), sep: e.sep, usedCache: m.usedCache };
m.save();
console.log(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as { twice: number; sep: string; usedCache: boolean };
}

function moduleIn(dir: string): string {
  const file = join(dir, 'generated.cjs');
  writeFileSync(file, CODE);
  return file;
}

describe('code cache of a generated module', () => {
  it('runs the module, writes a cache once it has run, and loads from it in the next process', () => {
    const dir = tempDir();
    const file = moduleIn(dir);
    assert.deepEqual(loadInFreshProcess(file), { twice: 42, sep, usedCache: false });
    assert.equal(readdirSync(dir).filter((f) => f.endsWith('.v8cache')).length, 1);
    assert.deepEqual(loadInFreshProcess(file), { twice: 42, sep, usedCache: true });
  });

  it('ignores a cache V8 rejects (another V8, a damaged file) and replaces it', () => {
    const dir = tempDir();
    const file = moduleIn(dir);
    loadInFreshProcess(file);
    const cacheFile = join(dir, readdirSync(dir).find((f) => f.endsWith('.v8cache'))!);
    writeFileSync(cacheFile, 'not a code cache');
    assert.deepEqual(loadInFreshProcess(file), { twice: 42, sep, usedCache: false });
    assert.notEqual(readFileSync(cacheFile, 'utf8'), 'not a code cache');
    assert.equal(loadInFreshProcess(file).usedCache, true);
  });
});
