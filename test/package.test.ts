/**
 * The published package, used from another repository: `npm pack`, install the tarball by its
 * path (as the README says, while the package is not on a registry) into a folder that holds a
 * document, a guide and a configuration file, and run the installed command there (a build with
 * the renderer the package ships, one that makes its own; on a Node too old for it, the line it
 * prints to run it all the same). Dependencies come from npm's cache (filled by this repository's
 * own install); Node 24 for that line from the registry, once.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
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
  it('packs, installs, validates, builds and serves with a guide and a configuration file', { timeout: 900_000 }, async () => {
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
    assert.ok(
      paths.includes('exports/starlight.mjs') &&
        paths.includes('node-dist/integrations/starlight/index.js') &&
        paths.includes('src/integrations/starlight/StarlightReferencePage.astro'),
      'with the host integrations, compiled, and their pages',
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
    // As the README says while the package is not on a registry: the packed file, installed by its path.
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    assert.match(readme, /^npm install && npm pack +# /m, 'the README packs it');
    assert.ok(readme.includes(`npm install --save-dev /path/to/${filename}`), `the README installs ${filename}`);
    copyFileSync(join(packs, filename), join(project, filename));
    const installed = run('npm', ['install', '--save-dev', '--prefer-offline', `./${filename}`], project);
    assert.equal(installed.status, 0, installed.stderr);
    const cli = join(project, 'node_modules/.bin/apidesc-docs');

    // On a Node too old for it, the command says how to run it all the same, and that line works:
    // npx runs the installed package with Node 24 from npm. (The Node found first on the PATH
    // reports an old version; npm's own commands run on it, as on a machine with Node 20.)
    const oldNode = tempDir('apidesc-old-node-');
    writeFileSync(
      join(oldNode, 'node'),
      `#!/bin/sh\nexec '${process.execPath}' --import 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.2"});Object.defineProperty(process,"version",{value:"v20.20.2"})' "$@"\n`,
      { mode: 0o755 },
    );
    const onOldNode = { PATH: `${oldNode}${delimiter}${process.env.PATH ?? ''}` };
    const refused = run('npx', ['apidesc-docs', 'validate', 'api/orders.apidesc.yaml'], project, onOldNode);
    assert.equal(refused.status, 2, refused.stderr);
    assert.match(refused.stderr, /^apidesc-docs needs Node\.js 22\.18 or newer \(this is v20\.20\.2\)\.\nInstall Node\.js 24 /);
    const wayForward = /^ {2}(npx .*)$/m.exec(refused.stderr)?.[1];
    assert.equal(wayForward, 'npx --yes -p node@24 -p apidesc-docs apidesc-docs validate api/orders.apidesc.yaml');
    const rerun = run('sh', ['-c', wayForward!], project, onOldNode);
    assert.equal(rerun.status, 0, rerun.stderr);
    assert.match(rerun.stderr, /1 document: 0 error\(s\)/);

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

    // A Starlight site with the plugin from the installed package (compiled: node-dist/integrations),
    // Starlight and Astro at the versions this repository pins, from npm's cache.
    const pins = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const withStarlight = run(
      'npm',
      ['install', '--save-dev', '--prefer-offline', `@astrojs/starlight@${pins.devDependencies['@astrojs/starlight']}`, `astro@${pins.dependencies.astro}`],
      project,
    );
    assert.equal(withStarlight.status, 0, withStarlight.stderr);
    const docs = join(project, 'docs-site');
    for (const [path, text] of Object.entries({
      'astro.config.mjs':
        "import starlight from '@astrojs/starlight';\nimport apidescDocs, { apidescSidebar } from 'apidesc-docs/starlight';\n\nexport default {\n  integrations: [starlight({ title: 'Team docs', sidebar: [...apidescSidebar], plugins: [apidescDocs({ documents: 'api/', base: 'reference' })] })],\n};\n",
      'src/content.config.ts':
        "import { docsLoader } from '@astrojs/starlight/loaders';\nimport { docsSchema } from '@astrojs/starlight/schema';\nimport { defineCollection } from 'astro:content';\n\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n",
      'src/content/docs/index.mdx':
        '---\ntitle: Team docs\n---\n\nimport { SchemaTable } from \'apidesc-docs/components\';\n\n<SchemaTable ref="#/components/schemas/Money" />\n',
      'api/orders.apidesc.yaml': ORDERS,
    })) {
      mkdirSync(dirname(join(docs, path)), { recursive: true });
      writeFileSync(join(docs, path), text);
    }
    const astro = run(process.execPath, [join(project, 'node_modules/astro/bin/astro.mjs'), 'build'], docs, { ASTRO_TELEMETRY_DISABLED: '1' });
    assert.equal(astro.status, 0, astro.stdout + astro.stderr);
    const channel = readFileSync(join(docs, 'dist/reference/channels/orderevents/index.html'), 'utf8');
    assert.match(channel, /<h1 id="_top"[^>]*>Order events<\/h1>/, "the reference's page in Starlight's layout");
    assert.match(
      readFileSync(join(docs, 'dist/index.html'), 'utf8'),
      /<a href="\/reference\/components\/schemas\/money\/">Money<\/a>/,
      "a component in the site's own page",
    );

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

describe('the release', () => {
  it('publishes the package when a version tag is pushed, with provenance and no more permission than that needs', () => {
    const workflow = parse(readFileSync(join(repo, '.github/workflows/release.yml'), 'utf8')) as {
      on: { push: { tags: string[] } };
      permissions: Record<string, string>;
      jobs: Record<string, { permissions: Record<string, string>; steps: { run?: string; uses?: string; with?: Record<string, unknown> }[] }>;
    };
    assert.deepEqual(workflow.on, { push: { tags: ['v*.*.*'] } });
    assert.deepEqual(workflow.permissions, {}, 'nothing by default');
    const jobs = Object.values(workflow.jobs);
    assert.equal(jobs.length, 1);
    const [job] = jobs;
    assert.deepEqual(job!.permissions, { contents: 'read', 'id-token': 'write' });
    const runs = job!.steps.flatMap((step) => (step.run ? [step.run.trim()] : []));
    assert.equal(runs.at(-1), 'npm publish --provenance --access public');
    assert.ok(runs.includes('npm ci'), 'from the lockfile');
    assert.ok(
      runs.some((run) => run.includes('require("./package.json").version') && run.includes('$GITHUB_REF_NAME')),
      "the tag must name the package's version",
    );
    const checkout = job!.steps.find((step) => step.uses?.startsWith('actions/checkout@'));
    assert.deepEqual(checkout?.with, { 'persist-credentials': false });
  });
});
