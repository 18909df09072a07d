/**
 * A pull request that tries to forge the Action's verdict without touching `.github/`: its change
 * is truly breaking (a status the API sends gains a value), and each test gives its branch one
 * way to make the review say otherwise, runs the action's steps as the runner does
 * (test/action-runner.ts), and checks that the verdict still fails the change. None needs a
 * network: apidesc-docs comes from the action's folder (this checkout), and the registries the
 * branches name are local stand-ins or nothing.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { git, jobEnv, PULL_REQUEST, recordingNpx, repositories, ROOT, runAction, type BranchFile, type Repositories, type Run } from './action-runner.ts';
import { tempDir } from './helpers.ts';

const OWN_VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const NO_BREAKING = '{"changes":[],"breaking":0}';

/**
 * A stand-in apidesc-docs: `diff --format json` prints `review` (or the file named by it), the
 * Markdown says there are no changes, anything else prints nothing; every run leaves a mark in
 * its working folder.
 */
function standIn(review: string | { file: string }): string {
  const text = typeof review === 'string' ? JSON.stringify(review) : `readFileSync(${JSON.stringify(review.file)}, 'utf8')`;
  return `#!/usr/bin/env node
import { appendFileSync, readFileSync } from 'node:fs';
appendFileSync('.stand-in-ran', process.argv.slice(2).join(' ') + '\\n');
const [command, ...rest] = process.argv.slice(2);
if (command === 'diff') process.stdout.write(rest.includes('json') ? ${text} : '### API change review\\n\\nNo changes to the API description.\\n');
if (command === 'validate') process.stdout.write(JSON.stringify({ version: '2.1.0', runs: [] }));
`;
}

/** An npm registry that serves one package, apidesc-docs 99.0.0 (a stand-in), and records every request. */
async function standInRegistry(review: string): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const dir = tempDir('apidesc-registry-');
  mkdirSync(join(dir, 'package/bin'), { recursive: true });
  writeFileSync(join(dir, 'package/package.json'), JSON.stringify({ name: 'apidesc-docs', version: '99.0.0', bin: { 'apidesc-docs': 'bin/cli.mjs' } }));
  writeFileSync(join(dir, 'package/bin/cli.mjs'), standIn(review), { mode: 0o755 });
  execFileSync('tar', ['-czf', 'package.tgz', 'package'], { cwd: dir, timeout: 30_000 });
  const tarball = readFileSync(join(dir, 'package.tgz'));
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.url === '/apidesc-docs') {
      const version = {
        name: 'apidesc-docs',
        version: '99.0.0',
        bin: { 'apidesc-docs': 'bin/cli.mjs' },
        dist: {
          tarball: `${url}/apidesc-docs/-/apidesc-docs-99.0.0.tgz`,
          integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
          shasum: createHash('sha1').update(tarball).digest('hex'),
        },
      };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: 'apidesc-docs', 'dist-tags': { latest: '99.0.0' }, versions: { '99.0.0': version } }));
    } else if (request.url === '/apidesc-docs/-/apidesc-docs-99.0.0.tgz') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(tarball);
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{}');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * A guide (MDX, run by the preview's build) that writes to every file of the runner's file commands
 * it can find: through the variables when it has them, else where a runner keeps them (beside the
 * home folder in these tests' layout; /home/runner/work/_temp on GitHub's runners). What it
 * writes would make a later diff compare the head with itself, set outputs, prepend a folder to
 * PATH and write a reassuring job summary.
 */
const HOSTILE_GUIDE = `---
title: Welcome
---
import { appendFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const hostile = (() => {
  const home = process.env.HOME ?? '/';
  writeFileSync(join(home, 'guide-ran'), 'the guide ran\\n');
  const folder = process.env.GITHUB_ENV ? dirname(process.env.GITHUB_ENV) : join(home, '..', '_temp', '_runner_file_commands');
  if (!existsSync(folder)) return '';
  const forged = { set_env: 'APIDESC_COMPARE_REF=HEAD\\nFORGED_BY_GUIDE=1\\n', set_output: 'breaking=0\\ncompared=true\\n', add_path: join(home, 'hostile-bin') + '\\n', step_summary: 'No breaking change (written by a guide)\\n' };
  for (const file of readdirSync(folder)) for (const [kind, text] of Object.entries(forged)) if (file.startsWith(kind)) appendFileSync(join(folder, file), text);
  return '';
})();

# Welcome

Start here.
`;

const job = (repos: Repositories, inputs: Record<string, string>, env: Record<string, string> = {}, actionPath = ROOT) => ({
  workspace: repos.workspace,
  actionPath,
  runnerTemp: repos.runnerTemp,
  inputs: { comment: 'false', ...inputs },
  github: PULL_REQUEST,
  env: jobEnv(repos, env),
});

/** The verdict failed the change for what it is: one breaking change, compared. */
function failsTheBreakingChange(run: Run): void {
  assert.equal(run.outputs.get('diff')?.compared, 'true', run.log);
  assert.equal(run.outputs.get('diff')?.breaking, '1', run.log);
  assert.equal(run.failed, 'verdict', run.log);
  assert.match(run.log, /::error title=Breaking API change::1 breaking change/);
}

describe('the GitHub Action against a hostile pull request', () => {
  it("a branch's .npmrc (at its root and in the documents' folder) names a registry that serves a stand-in apidesc-docs: the action never asks it", async () => {
    const registry = await standInRegistry(NO_BREAKING);
    try {
      const npmrc = `registry=${registry.url}\n`;
      const repos = repositories({ '.npmrc': npmrc, 'api/.npmrc': npmrc });
      const run = await runAction(job(repos, { path: 'api', preview: 'false' }));
      failsTheBreakingChange(run);
      assert.deepEqual(registry.requests, []);
      assert.ok(!existsSync(join(repos.workspace, '.stand-in-ran')), 'the stand-in never ran');
    } finally {
      await registry.close();
    }
  });

  it('a branch that ships node_modules/apidesc-docs at the version asked for, its .bin link, a package.json and an .npmrc naming a registry that does not answer', async () => {
    const repos = repositories({
      '.npmrc': 'registry=http://127.0.0.1:9/\n',
      'package.json': JSON.stringify({
        name: 'orders',
        private: true,
        scripts: { postinstall: 'node -e "require(`fs`).writeFileSync(`.postinstall-ran`, ``)"' },
      }),
      'node_modules/apidesc-docs/package.json': JSON.stringify({ name: 'apidesc-docs', version: OWN_VERSION, bin: { 'apidesc-docs': 'bin/cli.mjs' } }),
      'node_modules/apidesc-docs/bin/cli.mjs': { executable: standIn(NO_BREAKING) },
      'node_modules/.bin/apidesc-docs': { link: '../apidesc-docs/bin/cli.mjs' },
    });
    const run = await runAction(job(repos, { path: 'api', version: OWN_VERSION, preview: 'false' }));
    failsTheBreakingChange(run);
    assert.ok(!existsSync(join(repos.workspace, '.stand-in-ran')), 'the stand-in never ran');
    assert.ok(!existsSync(join(repos.workspace, '.postinstall-ran')), 'no npm ran in the checkout');
  });

  it("a guide of the pull request writes to the runner's files ($GITHUB_ENV, $GITHUB_OUTPUT, $GITHUB_PATH, the job summary): the verdict came before, and what it wrote is thrown away", async () => {
    const repos = repositories({ 'api/guides/welcome.mdx': HOSTILE_GUIDE });
    const npx = recordingNpx(repos);
    const run = await runAction(job(repos, { path: 'api' }));
    failsTheBreakingChange(run);
    assert.ok(run.ran.indexOf('preview') > run.ran.indexOf('verdict'), 'the guides run after the verdict');
    assert.equal(run.outcomes.get('preview'), 'success', run.log);
    assert.ok(existsSync(join(repos.home, 'guide-ran')), 'the guide ran in the preview');
    for (const name of ['GITHUB_ENV', 'GITHUB_OUTPUT', 'GITHUB_PATH', 'GITHUB_STEP_SUMMARY']) {
      assert.match(
        run.log,
        new RegExp(`::warning title=apidesc-docs preview::the preview's build \\(the pull request's guides\\) wrote to the runner's ${name}: thrown away`),
      );
    }
    // Nothing it wrote reaches a later step of the job, nor the summary.
    assert.deepEqual(run.envAfter, {});
    assert.deepEqual(run.pathAfter, []);
    assert.deepEqual(run.outputs.get('preview'), {});
    assert.doesNotMatch(run.summary, /written by a guide/);
    assert.match(run.summary, /#### Breaking \(1\)/);
    // The workflow commands it could print are not run either: the build's output is between a stop and a resume.
    assert.match(run.log, /::stop-commands::([0-9a-f]{32})\n[\s\S]*Built 1 API[\s\S]*\n::\1::\n/);
    assert.ok(!existsSync(npx), 'no npx');
  });

  describe('fails closed on a review it cannot read', () => {
    /** An action folder whose apidesc-docs reports what `review.json` beside it holds. */
    function actionFolder(): { path: string; review: string } {
      const path = tempDir('apidesc-action-path-');
      writeFileSync(join(path, 'package.json'), JSON.stringify({ name: 'apidesc-docs', version: OWN_VERSION }));
      mkdirSync(join(path, 'node_modules'));
      mkdirSync(join(path, 'bin'));
      const review = join(path, 'review.json');
      writeFileSync(join(path, 'bin/apidesc-docs.mjs'), standIn({ file: review }));
      return { path, review };
    }
    const cases: [string, string][] = [
      ['empty', ''],
      ['not JSON', 'breaking=0'],
      ['cut short', '{"changes":[],"breaking":'],
      ['an empty figure', '{"changes":[],"breaking":""}'],
      ['a figure in a string', '{"changes":[],"breaking":"0"}'],
      ['no figure', '{"changes":[]}'],
      ['a null figure', '{"changes":[],"breaking":null}'],
      ['a negative figure', '{"changes":[],"breaking":-1}'],
      ['a fraction', '{"changes":[],"breaking":0.5}'],
      ['no list of changes', '{"breaking":0}'],
      ['a list', '[0]'],
      ['a figure that is not the count of the breaking changes it lists', '{"changes":[{"severity":"breaking","rule":"channel-removed"}],"breaking":0}'],
      ['a change without a severity', '{"changes":[{"rule":"channel-removed"}],"breaking":0}'],
      ['"not compared"', '{"notCompared":"the head has errors","changes":[],"breaking":0}'],
    ];
    it('empty, not JSON, cut short, without a whole number, or one that is not the count: not compared, and the job fails', async () => {
      const repos = repositories();
      const folder = actionFolder();
      recordingNpx(repos);
      for (const [name, review] of cases) {
        writeFileSync(folder.review, review);
        const run = await runAction(job(repos, { path: 'api', preview: 'false' }, {}, folder.path));
        assert.equal(run.outputs.get('diff')?.compared, 'false', `${name}: ${run.log}`);
        assert.equal(run.outputs.get('diff')?.breaking, '', name);
        assert.equal(run.failed, 'verdict', `${name}: ${run.log}`);
        assert.match(run.log, /::error title=API change not reviewed::/, name);
        assert.match(
          readFileSync(run.outputs.get('diff')!.review!, 'utf8'),
          /^### API change review\n\n\*\*Not compared\*\*: the review of apidesc-docs diff could not be read/,
          name,
        );
      }
      // The same action passes a review that reads: no change breaks anyone.
      writeFileSync(folder.review, NO_BREAKING);
      const passes = await runAction(job(repos, { path: 'api', preview: 'false' }, {}, folder.path));
      assert.equal(passes.failed, undefined, passes.log);
      assert.equal(passes.outputs.get('diff')?.breaking, '0');
    });
  });

  it('a tag named origin/main at the head (fetched with the branches) does not stand in for the base branch', async () => {
    const repos = repositories();
    git(repos.workspace, 'tag', 'origin/main', 'HEAD');
    const npx = recordingNpx(repos);
    const run = await runAction(job(repos, { path: 'api' }));
    failsTheBreakingChange(run);
    assert.equal(run.outputs.get('base')?.commit, git(repos.workspace, 'rev-parse', 'refs/remotes/origin/main').trim());
    // The preview names the base by its commit, since origin/main names the tag.
    assert.equal(run.outputs.get('base')?.shown, run.outputs.get('base')?.commit);
    assert.match(readFileSync(join(repos.workspace, 'apidesc-preview/index.html'), 'utf8'), /Changes against <code>[0-9a-f]{40} \([0-9a-f]{12}\)<\/code>/);
    assert.ok(!existsSync(npx));
  });

  it('a refs/replace/ ref that makes the base commit read as the head (fetched with the branches) does not change what is compared', async () => {
    const repos = repositories();
    git(repos.workspace, 'replace', git(repos.workspace, 'rev-parse', 'HEAD~1').trim(), 'HEAD');
    recordingNpx(repos);
    failsTheBreakingChange(await runAction(job(repos, { path: 'api', preview: 'false' })));
  });

  it("the job's environment does not reach apidesc-docs: NODE_OPTIONS that requires a file of the branch changes nothing", async () => {
    const ran = join(tempDir('apidesc-forge-'), 'forge-ran');
    const forge = `require('node:fs').writeFileSync(${JSON.stringify(ran)}, '');
if (process.argv.includes('diff') && process.argv.includes('json')) { process.stdout.write(${JSON.stringify(NO_BREAKING)}); process.exit(0); }
`;
    const repos = repositories({ 'forge.cjs': forge });
    recordingNpx(repos);
    const run = await runAction(job(repos, { path: 'api', preview: 'false' }, { NODE_OPTIONS: `--require=${join(repos.workspace, 'forge.cjs')}` }));
    failsTheBreakingChange(run);
    assert.ok(!existsSync(ran), 'the file was never required');
  });

  it("links of the branch out of the repository's files (its documents, its configuration, the preview's folder) stop the action before it reads them", async () => {
    const secrets = tempDir('apidesc-runner-home-');
    writeFileSync(join(secrets, 'secret.json'), JSON.stringify({ title: 'SECRET-of-the-runner' }));
    mkdirSync(join(secrets, 'docs'));
    copyFileSync(join(ROOT, 'package.json'), join(secrets, 'docs/not-a-document.json'));
    const cases: [string, Record<string, BranchFile>, Record<string, string>, RegExp][] = [
      ['configuration', { 'apidesc-docs.config.json': { link: join(secrets, 'secret.json') } }, {}, /the configuration apidesc-docs\.config\.json leads to /],
      [
        'configuration in .git',
        { 'apidesc-docs.config.yaml': { link: '.git/config' } },
        {},
        /the configuration apidesc-docs\.config\.yaml leads to .*\/\.git\/config, outside the files of the repository/,
      ],
      ['config input', { 'settings.json': { link: join(secrets, 'secret.json') } }, { config: 'settings.json' }, /the config settings\.json leads to /],
      ['documents', { docs: { link: join(secrets, 'docs') } }, { path: 'docs' }, /the path docs leads to /],
      [
        'a link to nothing',
        { 'apidesc-docs.config.json': { link: join(secrets, 'missing.json') } },
        {},
        /the configuration apidesc-docs\.config\.json leads nowhere/,
      ],
      ['preview folder', { 'apidesc-preview': { link: secrets } }, {}, /the preview-dir apidesc-preview leads to /],
    ];
    for (const [name, files, inputs, message] of cases) {
      const repos = repositories(files);
      recordingNpx(repos);
      const run = await runAction(job(repos, { path: 'api', ...inputs }));
      assert.equal(run.failed, 'setup', `${name}: ${run.log}`);
      assert.equal(run.codes.get('setup'), 2, name);
      assert.deepEqual(run.ran, ['setup'], name);
      assert.match(run.log, message, name);
      assert.doesNotMatch(run.log + run.summary, /SECRET/, name);
    }
  });

  it('installs its own dependencies with npm ci from its own lockfile, in its own folder, with no npm configuration but its own', async () => {
    const repos = repositories({ '.npmrc': 'registry=http://127.0.0.1:9/\n' });
    const actionPath = tempDir('apidesc-action-path-');
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(join(ROOT, file), join(actionPath, file));
    mkdirSync(join(actionPath, 'bin'));
    writeFileSync(join(actionPath, 'bin/apidesc-docs.mjs'), standIn('{"changes":[{"severity":"breaking"}],"breaking":1}'));
    // npm as a stand-in: records where it runs, how, with which NODE_OPTIONS and configuration files, and installs an empty node_modules.
    const bin = tempDir('apidesc-npm-');
    const calls = join(bin, 'calls');
    writeFileSync(
      join(bin, 'npm'),
      `#!/usr/bin/env bash
configs=""; prev=""; for a in "$@"; do case "$prev" in --userconfig | --globalconfig) configs+=$(cat "$a") ;; esac; prev="$a"; done
printf '%s\\n' "cwd=$(pwd -P)" "args=$*" "NODE_OPTIONS=\${NODE_OPTIONS-unset}" "configs=$configs" >> "${calls}"
mkdir node_modules
`,
      { mode: 0o755 },
    );
    const env = { PATH: `${bin}:${repos.bin}:${process.env.PATH}`, NODE_OPTIONS: '--max-old-space-size=100' };
    const run = await runAction({ ...job(repos, { path: 'api', preview: 'false' }, env, actionPath), env: { ...jobEnv(repos), ...env } });
    assert.equal(run.failed, 'verdict', run.log);
    const [cwd, args, nodeOptions, configs, ...more] = readFileSync(calls, 'utf8').trimEnd().split('\n');
    assert.deepEqual(more, [], 'npm ran once');
    assert.equal(cwd, `cwd=${realpathSync(actionPath)}`);
    const [, user, global] =
      /^args=ci --omit=dev --ignore-scripts --no-audit --no-fund --no-update-notifier --userconfig (\S+) --globalconfig (\S+)$/.exec(args!) ?? [];
    assert.ok(user && global, args);
    for (const config of [user, global]) assert.ok(config.startsWith(repos.runnerTemp), `its npm configuration, ${config}, is a file of its own`);
    assert.equal(configs, 'configs=', 'and they are empty');
    assert.equal(nodeOptions, 'NODE_OPTIONS=unset');
    // Installed once: the next run uses what is there.
    await runAction({ ...job(repos, { path: 'api', preview: 'false' }, env, actionPath), env: { ...jobEnv(repos), ...env } });
    assert.equal(readFileSync(calls, 'utf8').trimEnd().split('\n').length, 4);
  });

  it('all at once, end to end: an .npmrc naming a registry whose stand-in writes a review with an empty figure, a stand-in in node_modules, and a hostile guide', async () => {
    const registry = await standInRegistry('{"changes":[],"breaking":""}');
    try {
      const repos = repositories({
        '.npmrc': `registry=${registry.url}\n`,
        'node_modules/.bin/apidesc-docs': { executable: standIn(NO_BREAKING) },
        'api/guides/welcome.mdx': HOSTILE_GUIDE,
      });
      const run = await runAction(job(repos, { path: 'api', comment: 'true' }));
      failsTheBreakingChange(run);
      assert.match(readFileSync(repos.calls, 'utf8'), /--method POST/, 'the review is commented');
      assert.match(readFileSync(run.outputs.get('diff')!.review!, 'utf8'), /#### Breaking \(1\)/);
      assert.equal(run.outcomes.get('preview'), 'success', run.log);
      assert.ok(existsSync(join(repos.home, 'guide-ran')), 'the guide ran in the preview');
      assert.deepEqual(run.envAfter, {});
      assert.deepEqual(registry.requests, []);
      assert.ok(!existsSync(join(repos.workspace, '.stand-in-ran')));
    } finally {
      await registry.close();
    }
  });
});
