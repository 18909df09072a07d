/**
 * What a build loads before it has work for it. The command loads the pipeline (pipeline.ts)
 * before it starts any stage, and the model process loads the prepare stage (prepare-stage.ts)
 * before it reads the documents: packages that only some builds use are loaded when they are
 * used (guides: the Markdown, MDX and YAML parsers; SVG assets: sanitize-html; --compare: the
 * comparison; YAML payloads: the yaml package), not by every build's start-up
 * (bench/README.md, "Build speed (issue 35), fifth round").
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../../test/helpers.ts';
import { loadCliBundle } from './cli-bundle.ts';
import { PREPARE_EXTERNAL } from './prepare-external.ts';

/** The files `entry` loads, as Node resolves them, in a process of its own (nothing loaded before). */
function loadedBy(entry: string): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
    await import(${JSON.stringify(new URL(entry, import.meta.url).href)});
    process.stdout.write(JSON.stringify(loaded));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  return (JSON.parse(out) as string[]).filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url));
}

/** Whether any of `files` belongs to the package `name`. */
const hasPackage = (files: string[], name: string): boolean => files.some((file) => file.includes(`/node_modules/${name}/`));

describe('modules a build loads at its start', () => {
  it('the command loads neither the guides’ parsers nor sanitize-html before it starts the stages', () => {
    const files = loadedBy('../pipeline/pipeline.ts');
    assert.ok(
      files.some((file) => file.endsWith('/src/pipeline/build-stages.ts')),
      'the pipeline was loaded',
    );
    for (const name of ['satteri', 'yaml', 'sanitize-html', 'postcss']) assert.equal(hasPackage(files, name), false, `${name} is loaded`);
    assert.equal(
      files.some((file) => file.endsWith('/src/pipeline/read-guides.ts')),
      false,
      'read-guides.ts is loaded',
    );
  });

  it('the model process loads neither the comparison nor the yaml package before it reads the documents', () => {
    const files = loadedBy('../pipeline/prepare-stage.ts');
    assert.ok(hasPackage(files, 'shiki'), 'the prepare stage was loaded');
    assert.equal(hasPackage(files, 'yaml'), false, 'yaml is loaded');
    for (const module of ['/src/pipeline/compare-stage.ts', '/src/lib/diff/compare-inputs.ts'])
      assert.equal(
        files.some((file) => file.endsWith(module)),
        false,
        `${module} is loaded`,
      );
  });

  it('the model process runs from one bundle of its modules, shiki left to Node, the on-demand modules left out', async () => {
    const cacheDir = tempDir();
    const entry = fileURLToPath(new URL('../pipeline/prepare-main.ts', import.meta.url));
    const bundled = await loadCliBundle(entry, { cacheDir, command: 'prepare', external: PREPARE_EXTERNAL });
    assert.ok(bundled, 'no bundle was made (a package left inside imports its parts?)');
    assert.equal(typeof bundled.main, 'function');
    const manifest = readdirSync(cacheDir).find((file) => file.endsWith('.json'))!;
    const files = (JSON.parse(readFileSync(join(cacheDir, manifest), 'utf8')) as { inputs: [string][] }).inputs.map(([path]) => path);
    assert.ok(
      files.some((file) => file.endsWith('/src/pipeline/prepare-stage.ts')),
      'the prepare stage is in the bundle',
    );
    for (const name of ['shiki', '@shikijs', 'yaml']) assert.equal(hasPackage(files, name), false, `${name} is in the bundle`);
    for (const module of ['/src/pipeline/compare-stage.ts', '/src/pipeline/read-guides.ts'])
      assert.equal(
        files.some((file) => file.endsWith(module)),
        false,
        `${module} is in the bundle`,
      );
  });
});
