/**
 * The two ways the build hands the site data from its prepare process to its renderer
 * (src/pipeline/prepare-channel.ts): a pipe while both run, or a file the renderer reads once the
 * model process has ended (large inputs). Both give the same site, byte for byte; and so does a
 * build with every performance mechanism turned off (src/perf/switches.ts).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { buildSite } from '../src/pipeline/pipeline.ts';
import { MECHANISMS } from '../src/perf/switches.ts';
import { tempDir } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');
const quiet = { out: () => {}, err: () => {} };

/** Every file of a folder, relative to it, with its bytes. */
function filesOf(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => [relative(dir, join(e.parentPath, e.name)), readFileSync(join(e.parentPath, e.name))]));
}

describe('build: the site data through a pipe or through a file', () => {
  const root = tempDir('apidesc-handoff-');
  const built: Record<'pipe' | 'file' | 'plain', { code: number; dir: string }> = {
    pipe: { code: -1, dir: join(root, 'pipe') },
    file: { code: -1, dir: join(root, 'file') },
    plain: { code: -1, dir: join(root, 'plain') },
  };
  before(async () => {
    for (const [way, run] of Object.entries(built)) {
      // Read by the build's child processes, which inherit the environment.
      if (way === 'plain') process.env.APIDESC_PERF_OFF = MECHANISMS.join(',');
      else delete process.env.APIDESC_PERF_OFF;
      run.code = await buildSite(
        ['content'],
        { outDir: run.dir, cwd: repo, color: false, format: 'text', version: '0', renderAfterModel: way === 'file' },
        quiet,
      );
    }
    delete process.env.APIDESC_PERF_OFF;
  });

  it('builds the default content each way', () => {
    assert.equal(built.pipe.code, 0);
    assert.equal(built.file.code, 0);
    assert.equal(built.plain.code, 0);
  });

  for (const other of ['file', 'plain'] as const)
    it(`gives the same files through the ${other === 'file' ? 'file as through the pipe' : 'plain pipeline as with every mechanism'}, byte for byte`, () => {
      const pipe = filesOf(built.pipe.dir);
      const theirs = filesOf(built[other].dir);
      assert.deepEqual([...theirs.keys()].sort(), [...pipe.keys()].sort());
      // The search index names its fragments by content hash: same content, same names.
      for (const [path, bytes] of pipe) assert.ok(bytes.equals(theirs.get(path)!), `${path} differs`);
      const channel = pipe.get(join('channels', 'orderevents', 'index.html'))!.toString();
      assert.match(channel, /<h2 id="h-sns">/, 'a page with its content, not only its summary');
    });
});
