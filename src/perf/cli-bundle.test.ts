import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { tempTree, MINIMAL } from '../../test/helpers.ts';
import { currentBundleFile, defaultCacheDir } from './cli-bundle.ts';
import { main } from '../cli/main.ts';

/** A small command line laid out as this one is: src/cli/main.ts with a static and an on-demand import. */
const PACKAGE = {
  'src/cli/main.ts': `import { twice } from '../lib/twice.ts';
export async function main(argv: string[]): Promise<number> {
  const later = await import('../cli/later.ts');
  console.log(JSON.stringify({ result: twice(Number(argv[0])), url: import.meta.url, isMain: import.meta.main, laterUrl: later.url }));
  return 7;
}
`,
  'src/lib/twice.ts': 'export function twice(n: number): number { return n * 2; }\n',
  'src/cli/later.ts': 'export const url: string = import.meta.url;\n',
};

interface Run {
  exit: number | null;
  bundled: boolean;
  rebuilt?: boolean;
  usedCodeCache?: boolean;
  printed: { result: number; url: string; isMain: boolean; laterUrl: string };
}

/** Loads the bundle in a process of its own (the code cache only matters across processes), runs main and saves the cache. */
function runBundled(entry: string, cacheDir: string, argv: string[], external?: string[]): Run {
  const script = `import { loadCliBundle } from ${JSON.stringify(new URL('./cli-bundle.ts', import.meta.url).href)};
const cli = await loadCliBundle(${JSON.stringify(entry)}, { cacheDir: ${JSON.stringify(cacheDir)}, command: 'test'${external ? `, external: ${JSON.stringify(external)}` : ''} });
const exit = cli ? await cli.main(${JSON.stringify(argv)}) : null;
cli?.saveCodeCache();
console.log(JSON.stringify({ exit, bundled: cli !== undefined, rebuilt: cli?.rebuilt, usedCodeCache: cli?.usedCodeCache }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '', 'nothing printed beside the command (no experimental-feature warning)');
  const lines = run.stdout.trim().split('\n');
  return { ...(JSON.parse(lines.at(-1)!) as Omit<Run, 'printed'>), printed: lines.length > 1 ? JSON.parse(lines[0]!) : undefined };
}

const bundles = (cacheDir: string): string[] => readdirSync(cacheDir).filter((f) => f.endsWith('.cjs'));

describe('the command line run from a bundle', () => {
  it("bundles the start-up modules, keeps each file's own import.meta.url, and leaves on-demand imports to Node", () => {
    const root = tempTree(PACKAGE);
    const entry = join(root, 'src/cli/main.ts');
    const run = runBundled(entry, join(root, 'cache'), ['21']);
    assert.equal(run.exit, 7);
    assert.deepEqual(run.printed, { result: 42, url: pathToFileURL(entry).href, isMain: false, laterUrl: pathToFileURL(join(root, 'src/cli/later.ts')).href });
    assert.equal(run.rebuilt, true);
    assert.equal(bundles(join(root, 'cache')).length, 1);
  });

  it('reuses the bundle and the code cache the previous run saved', () => {
    const root = tempTree(PACKAGE);
    const entry = join(root, 'src/cli/main.ts');
    const cache = join(root, 'cache');
    assert.equal(runBundled(entry, cache, ['1']).usedCodeCache, false);
    const second = runBundled(entry, cache, ['2']);
    assert.deepEqual([second.rebuilt, second.usedCodeCache, second.printed.result], [false, true, 4]);
  });

  it('makes the bundle again when a bundled file changed, and removes the old one', () => {
    const root = tempTree(PACKAGE);
    const entry = join(root, 'src/cli/main.ts');
    const cache = join(root, 'cache');
    runBundled(entry, cache, ['1']);
    const [before] = bundles(cache);
    writeFileSync(join(root, 'src/lib/twice.ts'), 'export function twice(n: number): number { return n * 3; }\n');
    const changed = runBundled(entry, cache, ['5']);
    assert.deepEqual([changed.rebuilt, changed.printed.result], [true, 15]);
    assert.equal(bundles(cache).length, 1);
    assert.notEqual(bundles(cache)[0], before);
    assert.ok(!readdirSync(cache).some((f) => f.startsWith(`${before}.`)), "the old bundle's code cache is gone too");
  });

  it('gives up (the caller runs the modules) when a module reads import.meta beyond url and main, or the cache cannot be written', () => {
    const root = tempTree({
      ...PACKAGE,
      'src/lib/twice.ts': 'export function twice(n: number): number { return import.meta.dirname.length * 0 + n * 2; }\n',
      blocker: 'a file, not a folder',
    });
    const entry = join(root, 'src/cli/main.ts');
    assert.equal(runBundled(entry, join(root, 'cache'), ['1']).bundled, false);
    assert.ok(!existsSync(join(root, 'cache')));
    const plain = tempTree({ ...PACKAGE, blocker: 'a file, not a folder' });
    assert.equal(runBundled(join(plain, 'src/cli/main.ts'), join(plain, 'blocker', 'cache'), ['1']).bundled, false);
  });
});

describe('packages left outside a bundle', () => {
  /** A command that uses a package which loads a part of itself with import(), as shiki loads its grammars. */
  const WITH_PACKAGE = {
    'src/cli/main.ts': `import { greet } from 'parts-pkg';
export async function main(argv: string[]): Promise<number> {
  console.log(JSON.stringify({ result: Number(argv[0]), url: import.meta.url, isMain: import.meta.main, laterUrl: await greet() }));
  return 3;
}
`,
    'node_modules/parts-pkg/package.json': '{"name": "parts-pkg", "type": "module", "exports": "./index.js"}',
    'node_modules/parts-pkg/index.js': "export async function greet() { return (await import('./part.js')).word; }\n",
    'node_modules/parts-pkg/part.js': "export const word = 'from its part';\n",
  };

  /** The files a bundle in `cacheDir` was made of (its manifest's inputs). */
  const bundledFiles = (cacheDir: string): string[] => {
    const manifest = readdirSync(cacheDir).find((f) => f.endsWith('.json'))!;
    return (JSON.parse(readFileSync(join(cacheDir, manifest), 'utf8')) as { inputs: [string][] }).inputs.map(([path]) => path);
  };

  it('leaves a package named outside to Node, which loads it and the parts it imports', () => {
    const root = tempTree(WITH_PACKAGE);
    const entry = join(root, 'src/cli/main.ts');
    const inside = runBundled(entry, join(root, 'inside'), ['1']);
    assert.equal(inside.printed.laterUrl, 'from its part');
    assert.ok(
      bundledFiles(join(root, 'inside')).some((path) => path.endsWith('/node_modules/parts-pkg/part.js')),
      'without the list, esbuild copies the part into the bundle',
    );
    const run = runBundled(entry, join(root, 'outside'), ['5'], ['parts-pkg']);
    assert.equal(run.bundled, true);
    assert.equal(run.exit, 3);
    assert.equal(run.printed.laterUrl, 'from its part');
    assert.ok(!bundledFiles(join(root, 'outside')).some((path) => path.includes('/node_modules/parts-pkg/')), 'the package is not in the bundle');
  });

  it('makes the bundle again when the packages left outside change', () => {
    const root = tempTree(WITH_PACKAGE);
    const entry = join(root, 'src/cli/main.ts');
    assert.equal(runBundled(entry, join(root, 'cache'), ['1'], ['parts-pkg']).rebuilt, true);
    assert.equal(runBundled(entry, join(root, 'cache'), ['1'], ['parts-pkg']).rebuilt, false);
    assert.equal(runBundled(entry, join(root, 'cache'), ['1'], ['parts-pkg', 'other-pkg']).rebuilt, true);
  });
});

describe('apidesc-docs from its bin, bundled', () => {
  const bin = new URL('../../bin/apidesc-docs.mjs', import.meta.url).pathname;
  // A risky pattern sends the example check to a worker thread (a file named by import.meta.url);
  // an Avro payload loads avsc through createRequire: both must work from the bundle.
  const doc = `${MINIMAL}channels:
  c:
    address: c
    messages:
      m:
        payload: {type: string, pattern: '^(a+)+$'}
        examples: [{payload: 'b'}]
      avro:
        payload:
          schemaFormat: application/vnd.apache.avro;version=1.9.0
          schema: {type: record, name: R, fields: [{name: n, type: int}]}
        examples: [{payload: {n: 'x'}}]
`;

  it('prints the help and the version main() prints in-process (its texts pass through the bundle unchanged)', async () => {
    for (const flag of ['--help', '--version']) {
      const spawned = spawnSync(process.execPath, [bin, flag], { encoding: 'utf8' });
      let out = '';
      await main([flag], { out: (t) => (out += t + '\n'), err: () => {} });
      assert.equal(spawned.stdout, out, flag);
    }
  });

  it('reports what main() reports in-process, for the same document', async () => {
    // The configuration is a module: the bundle imports it on demand.
    const dir = tempTree({ 'api.yaml': doc, 'apidesc-docs.config.mjs': 'export default { title: 42 };\n' });
    const spawned = spawnSync(process.execPath, [bin, 'validate', '--format', 'json', 'api.yaml'], { cwd: dir, encoding: 'utf8' });
    assert.doesNotMatch(spawned.stderr, /Warning/);
    let out = '';
    const previous = process.cwd();
    process.chdir(dir);
    try {
      await main(['validate', '--format', 'json', 'api.yaml'], { out: (t) => (out += t + '\n'), err: () => {} });
    } finally {
      process.chdir(previous);
    }
    assert.equal(spawned.stdout, out);
    const entry = new URL('../cli/main.ts', import.meta.url).pathname;
    const bundle = currentBundleFile(entry, defaultCacheDir(entry));
    assert.ok(bundle, 'the bin made or found a current bundle');
    assert.ok(
      readdirSync(dirname(bundle)).some((f) => f.startsWith(`${basename(bundle)}.validate.`) && f.endsWith('.v8cache')),
      'and saved the code cache of `validate`',
    );
    const codes = (JSON.parse(out) as { code: string; message: string }[]).map((d) => `${d.code}: ${d.message}`);
    assert.ok(
      codes.some((c) => /^example-invalid: example 1: the payload .*pattern/.test(c)),
      codes.join('\n'),
    );
    assert.ok(
      codes.some((c) => /^example-invalid: .*Avro/.test(c)),
      codes.join('\n'),
    );
    assert.ok(
      codes.some((c) => c.startsWith('config-')),
      `the configuration module was read: ${codes.join('\n')}`,
    );
  });
});
