/**
 * `build --out` never deletes what it did not write (the manual, docs/manual/security.md, "What the output folder may replace"): folders
 * of the user's files, plain files, the inputs behind a link, files the documents reference; and
 * a build stopped by a signal, or killed outright, leaves nothing behind for long.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SITE_STAMP } from '../src/lib/site-stamp.ts';
import { longDocument } from './long-document.ts';
import { MINIMAL, runIn, tempTree } from './helpers.ts';
import { bin, killMarked, processesWith, until } from './process-fixture.ts';

const channel = `${MINIMAL}channels:
  orders:
    address: orders
    messages:
      placed:
        payload:
          $ref: './common.yaml#/Order'
`;
const common = 'Order:\n  type: object\n  properties:\n    id: {type: string}\n';

describe('build --out', () => {
  it("refuses a folder of the user's own files and a plain file, and leaves both as they were", async () => {
    const dir = tempTree({ 'api.yaml': MINIMAL, 'mine/notes.txt': 'keep me', 'mine/.ssh/id': 'secret', 'plain.txt': 'a file' });
    const mine = await runIn(dir, ['build', 'api.yaml', '--out', 'mine']);
    assert.equal(mine.code, 2);
    assert.match(mine.err, /--out mine is a folder that apidesc-docs did not write.*Choose an empty or new folder, or remove this one yourself/);
    assert.equal(readFileSync(join(dir, 'mine', 'notes.txt'), 'utf8'), 'keep me');
    assert.equal(readFileSync(join(dir, 'mine', '.ssh', 'id'), 'utf8'), 'secret');
    const plain = await runIn(dir, ['build', 'api.yaml', '--out', 'plain.txt']);
    assert.equal(plain.code, 2);
    assert.match(plain.err, /is a file, not a folder/);
    assert.equal(readFileSync(join(dir, 'plain.txt'), 'utf8'), 'a file');
    assert.deepEqual(readdirSync(dir).sort(), ['api.yaml', 'mine', 'plain.txt'], 'no staging folder was made');
  });

  it("refuses the working folder, the inputs behind a link, the guides' parent and the configuration's folder", async () => {
    const dir = tempTree({ 'api/api.yaml': MINIMAL, 'api/guides/start.md': '# Start\n', 'cfg/apidesc-docs.config.json': '{"title": "T"}' });
    symlinkSync(join(dir, 'api'), join(dir, 'link'));
    const cases: [string[], RegExp][] = [
      [['--out', '.'], /--out \. holds the input api\/api\.yaml|--out \. is the working folder/],
      [['--out', 'link'], /--out link holds the input api\/api\.yaml/],
      [['--out', 'api'], /--out api holds the input/],
      [['--out', 'cfg', '--config', 'cfg/apidesc-docs.config.json'], /--out cfg holds the configuration file/],
    ];
    for (const [args, message] of cases) {
      const r = await runIn(dir, ['build', 'api/api.yaml', ...args]);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.err, message);
    }
    assert.ok(existsSync(join(dir, 'api', 'guides', 'start.md')));
  });

  it('replaces a site it wrote, stamped, and refuses to when the site holds a file the document references', async () => {
    const dir = tempTree({ 'api/api.yaml': channel, 'api/common.yaml': common });
    assert.equal((await runIn(dir, ['build', 'api/api.yaml', '--out', 'site'])).code, 0);
    assert.ok(readFileSync(join(dir, 'site', SITE_STAMP), 'utf8').includes('apidesc-docs'));
    writeFileSync(join(dir, 'site', 'stale.html'), 'from the last build');
    assert.equal((await runIn(dir, ['build', 'api/api.yaml', '--out', 'site'])).code, 0);
    assert.equal(existsSync(join(dir, 'site', 'stale.html')), false, 'a site of ours is replaced as a whole');
    assert.deepEqual(readdirSync(dir).sort(), ['api', 'site'], 'no partial or old copy is left');

    // The document now reads a file inside the site (a $ref into the published source/).
    writeFileSync(join(dir, 'api', 'api.yaml'), channel.replace('./common.yaml', '../site/kept.yaml'));
    writeFileSync(join(dir, 'site', 'kept.yaml'), common);
    const r = await runIn(dir, ['build', 'api/api.yaml', '--out', 'site', '--root', '.']);
    assert.equal(r.code, 2);
    assert.match(r.err, /--out site holds a file the documents reference/);
    assert.equal(readFileSync(join(dir, 'site', 'kept.yaml'), 'utf8'), common);
    assert.deepEqual(readdirSync(dir).sort(), ['api', 'site'], 'the new site was not swapped in, and its staging folder is gone');
  });
});

/** Starts a build of a document large enough to be caught in the middle; its temporary files go to `tmp`. */
function startBuild(dir: string, tmp: string): { pid: number; exited: Promise<{ code: number | null; signal: string | null }> } {
  const child = spawn(process.execPath, [bin, 'build', 'api.yaml', '--out', 'site'], {
    cwd: dir,
    env: { ...process.env, TMPDIR: tmp, APIDESC_TEST_MARKER: tmp },
    stdio: 'ignore',
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((done) => child.on('exit', (code, signal) => done({ code, signal })));
  return { pid: child.pid!, exited };
}

const partials = (dir: string): string[] => readdirSync(dir).filter((n) => /^site\.(partial|old)-/.test(n));

describe('a build stopped by a signal', () => {
  it('on SIGTERM ends its children and removes its partial site and temporary folder, keeping the last site', async () => {
    const dir = tempTree({ 'api.yaml': longDocument(150) });
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    mkdirSync(join(dir, 'site'));
    writeFileSync(join(dir, 'site', SITE_STAMP), 'stamp');
    writeFileSync(join(dir, 'site', 'index.html'), 'the last good site');
    const build = startBuild(dir, tmp);
    // Stopped while its children work: the model process has started and the staging folder exists.
    await until('the build is under way', () => partials(dir).length > 0 && processesWith(tmp).length >= 3);
    process.kill(build.pid, 'SIGTERM');
    const { code } = await build.exited;
    assert.equal(code, 143, 'exit 128 + SIGTERM');
    await until('no process of the build is left', () => processesWith(tmp).length === 0, 10_000);
    assert.deepEqual(partials(dir), []);
    assert.deepEqual(
      readdirSync(tmp).filter((n) => n.startsWith('apidesc-site-')),
      [],
      'the temporary folder is removed',
    );
    assert.equal(readFileSync(join(dir, 'site', 'index.html'), 'utf8'), 'the last good site');
  });

  it('killed outright (SIGKILL): its children end with it, and the next build removes what it left', async () => {
    const dir = tempTree({ 'api.yaml': longDocument(150) });
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const build = startBuild(dir, tmp);
    await until('the build is under way', () => partials(dir).length > 0 && processesWith(tmp).length >= 3);
    process.kill(build.pid, 'SIGKILL');
    await build.exited;
    // A child notices its parent is gone between two pieces of work (its channel closes); on a
    // busy machine the model process's current piece (validating the document) can take 10 s and more.
    await until('the children have ended with it', () => processesWith(tmp).length === 0, 30_000);
    const left = partials(dir);
    assert.ok(
      left.some((n) => n.startsWith(`site.partial-${build.pid}-`)),
      'the killed build left its partial site',
    );
    assert.ok(
      readdirSync(tmp).some((n) => n.startsWith(`apidesc-site-${build.pid}-`)),
      'and its temporary folder',
    );
    writeFileSync(join(dir, 'api.yaml'), MINIMAL);
    const next = await runIn(dir, ['build', 'api.yaml', '--out', 'site']);
    assert.equal(next.code, 0, next.err);
    assert.deepEqual(partials(dir), [], 'the next build removed the partial site');
    // This process's own temporary folder is elsewhere (the test runner's TMPDIR): the dead
    // build's folder in `tmp` is removed by a build that uses `tmp` too.
    const again = spawn(process.execPath, [bin, 'build', 'api.yaml', '--out', 'site'], { cwd: dir, env: { ...process.env, TMPDIR: tmp }, stdio: 'ignore' });
    assert.equal(await new Promise((done) => again.on('exit', done)), 0);
    assert.deepEqual(
      readdirSync(tmp).filter((n) => n.startsWith(`apidesc-site-${build.pid}-`)),
      [],
    );
  });
});

/** The ways users start the command that start it through a wrapper which does not pass SIGTERM on. */
const wrappers: [string, (build: string) => string[]][] = [
  ['a `sh -c` around it', (build) => ['sh', '-c', `${build}; echo ended`]],
  // As `npx apidesc-docs build` runs it: npm's exec, through a shell.
  [
    'npx (npm exec) around it',
    (build) => [
      process.env.npm_execpath ? process.execPath : 'npm',
      ...(process.env.npm_execpath ? [process.env.npm_execpath] : []),
      'exec',
      '--offline',
      '-c',
      build,
    ],
  ],
];

describe('a build whose invoking command is stopped', () => {
  for (const [wrapper, command] of wrappers) {
    it(`(SIGTERM to ${wrapper}) stops too, removes its partial site and temporary folder, and keeps the last site`, { timeout: 120_000 }, async () => {
      const dir = tempTree({ 'api.yaml': longDocument(150) });
      const tmp = join(dir, 'tmp');
      mkdirSync(tmp);
      mkdirSync(join(dir, 'site'));
      writeFileSync(join(dir, 'site', SITE_STAMP), 'stamp');
      writeFileSync(join(dir, 'site', 'index.html'), 'the last good site');
      const [file, ...args] = command(`${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} build api.yaml --out site`);
      const started = spawn(file!, args, { cwd: dir, env: { ...process.env, TMPDIR: tmp, APIDESC_TEST_MARKER: tmp }, stdio: 'ignore' });
      try {
        await until('the build is under way', () => partials(dir).length > 0 && processesWith(tmp).length >= 4);
        started.kill('SIGTERM');
        await until('no process of the build is left', () => processesWith(tmp).length === 0, 15_000);
        assert.deepEqual(partials(dir), []);
        assert.deepEqual(
          readdirSync(tmp).filter((n) => n.startsWith('apidesc-site-')),
          [],
          'the temporary folder is removed',
        );
        assert.ok(readFileSync(join(dir, 'site', 'index.html'), 'utf8') === 'the last good site', 'the last site is kept');
      } finally {
        killMarked(tmp);
      }
    });
  }
});

describe('source/ of a built site', () => {
  it('publishes only data: a referenced schema.html is published as schema.html.yaml, and every name is YAML or JSON', async () => {
    const page = "type: object\ndescription: '<script>alert(1)</script><img src=x onerror=alert(2)>'\n";
    const dir = tempTree({
      'api/api.yaml': channel.replace('./common.yaml#/Order', './schema.html').replace('address: orders', 'address: orders\n    description: x'),
      'api/schema.html': page,
    });
    const r = await runIn(dir, ['build', 'api/api.yaml', '--out', 'site']);
    assert.equal(r.code, 0, r.out + r.err);
    const published = readdirSync(join(dir, 'site', 'source'), { recursive: true })
      .map(String)
      .sort();
    assert.deepEqual(published, ['api.bundled.json', 'api.yaml', 'schema.html.yaml']);
    assert.equal(readFileSync(join(dir, 'site', 'source', 'schema.html.yaml'), 'utf8'), page, 'the file as written, under a name of data');
    const overview = readFileSync(join(dir, 'site', 'index.html'), 'utf8');
    assert.match(overview, /href="\/source\/schema\.html\.yaml"/);
    assert.doesNotMatch(overview, /href="[^"]*source\/schema\.html"/);
  });
});
