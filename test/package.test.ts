/**
 * The published package, used from another repository: `npm pack`, install the tarball into a
 * folder that holds a document, a guide and a configuration file, and run the installed command
 * there (a build with the renderer the package ships, one that makes its own). Dependencies come from npm's cache (filled by this repository's own install).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { freePort, tempDir, tempTree, until } from './helpers.ts';

const repo = new URL('..', import.meta.url).pathname;
const ORDERS = readFileSync(join(repo, 'content/orders.apidesc.yaml'), 'utf8');

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', npm_config_audit: 'false', npm_config_fund: 'false', ...env },
    timeout: 300_000,
  });
  if (result.error) throw result.error;
  return result;
}

describe('the npm package in another repository', () => {
  it('packs, installs, validates, builds and serves with a guide and a configuration file', async () => {
    const packs = tempDir('apidesc-pack-');
    const packed = run('npm', ['pack', '--pack-destination', packs, '--json'], repo);
    assert.equal(packed.status, 0, packed.stderr);
    const [{ filename, files }] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
    const paths = files.map((f) => f.path);
    assert.ok(paths.includes('node-dist/cli/main.js'), 'the command line ships compiled');
    assert.ok(
      paths.includes('node-dist/pipeline/prepare-process.js') && paths.includes('node-dist/lib/highlight/highlight-worker.js'),
      'with the processes and workers it starts',
    );
    assert.ok(paths.includes('src/pages/[...route].astro') && paths.includes('astro.config.mjs'), 'the site ships inside');
    assert.ok(
      paths.includes('node-dist/renderer/server/entry.mjs') && paths.includes('node-dist/renderer/apidesc-renderer.json'),
      'with its renderer for builds without base path, site URL or guides',
    );
    assert.ok(!paths.some((p) => p.endsWith('.test.ts') || p.startsWith('test/') || p.startsWith('e2e/') || p.startsWith('bench/')), 'no tests or benchmarks');
    assert.ok(!existsSync(join(repo, 'node-dist')), 'the compiled files are removed from the checkout after packing');

    const project = tempTree({
      'package.json': JSON.stringify({ name: 'team-api', private: true }),
      'api/orders.apidesc.yaml': ORDERS,
      'plain/orders.apidesc.yaml': ORDERS,
      'api/guides/start.mdx':
        '---\ntitle: Start here\n---\n\nPublish with <ApiLink ref="#/operations/publishOrderEvents">this operation</ApiLink>.\n\n<SchemaTable ref="#/components/schemas/Money" />\n',
      'apidesc-docs.config.yaml': 'title: Team API portal\nfooterLinks:\n  - {label: Runbook, href: "https://runbooks.example.test/"}\n',
    });
    const installed = run('npm', ['install', '--save-dev', '--prefer-offline', join(packs, filename)], project);
    assert.equal(installed.status, 0, installed.stderr);
    const cli = join(project, 'node_modules/.bin/apidesc-docs');

    // Run as a shell runs it: by its first line (`env -S node --no-turbofan`), this Node first on the PATH.
    const valid = run(cli, ['validate', 'api/orders.apidesc.yaml'], project, { PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` });
    assert.equal(valid.status, 0, valid.stderr);
    assert.match(
      readFileSync(cli, 'utf8').split('\n', 1)[0]!,
      /^#!\/usr\/bin\/env -S node --no-turbofan$/,
      'the command runs without TurboFan (src/perf/README.md)',
    );
    assert.match(valid.stderr, /1 document: 0 error\(s\)/);
    const ownCache = join(project, 'node_modules/apidesc-docs/node_modules/.cache/apidesc-docs');
    assert.ok(
      readdirSync(ownCache).some((f) => /^cli-[0-9a-f]+\.cjs$/.test(f)),
      'the installed command runs from its bundle (src/perf/cli-bundle.ts)',
    );

    // Without base path, site URL or guides the first build renders with the renderer the package
    // ships, made in the checkout: the same site as the checkout's own build.
    const plain = run(process.execPath, [cli, 'build', 'plain/orders.apidesc.yaml', '--out', 'public/plain'], project);
    assert.equal(plain.status, 0, plain.stderr);
    assert.doesNotMatch(plain.stderr, /Bundling the site renderer/);
    assert.ok(!readdirSync(ownCache).some((f) => f.startsWith('renderer-')), 'no renderer of its own yet');
    const fromCheckout = run(process.execPath, [join(repo, 'bin/apidesc-docs.mjs'), 'build', 'plain/orders.apidesc.yaml', '--out', 'checkout/plain'], project);
    assert.equal(fromCheckout.status, 0, fromCheckout.stderr);
    const filesUnder = (dir: string): string[] =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => relative(dir, join(e.parentPath, e.name)))
        .sort();
    const shipped = join(project, 'public/plain');
    const checkout = join(project, 'checkout/plain');
    assert.deepEqual(filesUnder(shipped), filesUnder(checkout));
    for (const file of filesUnder(shipped)) assert.ok(readFileSync(join(shipped, file)).equals(readFileSync(join(checkout, file))), `${file} is the same`);

    const built = run(process.execPath, [cli, 'build', 'api/orders.apidesc.yaml', '--out', 'public/api', '--base', '/api/'], project);
    assert.equal(built.status, 0, built.stderr);
    const guide = readFileSync(join(project, 'public/api/guides/start/index.html'), 'utf8');
    assert.match(guide, /<title>Start here · Team API portal<\/title>/);
    assert.match(guide, /<a href="\/api\/operations\/publishorderevents\/">this operation<\/a>/);
    assert.match(guide, /<a href="https:\/\/runbooks\.example\.test\/">Runbook<\/a>/);
    assert.ok(existsSync(join(project, 'public/api/pagefind/pagefind.js')), 'search index');
    assert.ok(readdirSync(join(project, 'public/api/channels')).length > 0);
    assert.match(built.stderr, /Bundling the site renderer/, 'a base path and guides need a renderer of their own');
    assert.ok(
      readdirSync(ownCache).some((f) => /^renderer-[0-9a-f]{16}$/.test(f)),
      'the installed build keeps it beside its command bundle (src/perf/renderer-bundle.ts)',
    );

    const broken = run(process.execPath, [cli, 'validate', 'api/missing.yaml'], project);
    assert.equal(broken.status, 2, 'an unreadable input exits 2 from the installed command too');

    // diff runs from the compiled package too (its modules are loaded on demand).
    const same = run(process.execPath, [cli, 'diff', 'api/orders.apidesc.yaml', 'plain/orders.apidesc.yaml', '--format', 'json'], project);
    assert.equal(same.status, 0, same.stderr);
    assert.equal(JSON.parse(same.stdout).breaking, 0);

    // dev serves the same site from the installed package.
    const port = await freePort();
    const dev = spawn(process.execPath, [cli, 'dev', 'api/orders.apidesc.yaml', '--port', String(port)], { cwd: project, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const served = await until(
        'the dev server',
        async () => {
          const response = await fetch(`http://127.0.0.1:${port}/guides/start/`);
          return response.ok ? response.text() : undefined;
        },
        60_000,
      );
      assert.match(served, /<title>Start here · Team API portal<\/title>/);
    } finally {
      dev.kill('SIGTERM');
    }
  });
});
