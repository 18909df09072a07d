/**
 * `build --versions`: every tagged version of a folder of APIs read from a real git repository
 * (test/versions-fixture.ts: a rename, a removed operation, payloads widened and narrowed, a
 * deleted API), built under `/<version>/` beside the working tree at the root; the working tree
 * untouched; a switcher on every page that keeps the reader's place (by id, through a rename,
 * else the parent with what is missing said); the changelog, its twin, its line in llms.txt and
 * its feed; the same bytes again, the older versions copied from the build cache; and the
 * located refusals: not a git repository, no tag that matches. Then the published history of a
 * real document (test/published-history.ts), whose changelog says what `diff` says.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runIn, tempDir, tempTree } from './helpers.ts';
import { makeVersionsRepository } from './versions-fixture.ts';
import { fromPagesFile, missingWords, type PagesFile, switchTarget } from '../src/site/version-map.ts';
import { entryHref } from '../src/pipeline/versions/switcher-html.ts';
import { CLI_1_7_3, CLI_1_9_2, comparePublished, GLEE_TEMPLATE, publishedDocument } from './published-history.ts';

function filesOf(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => [relative(dir, join(e.parentPath, e.name)), readFileSync(join(e.parentPath, e.name))]));
}

/** The links of a page's version switcher: label → href, with the note where it opens another object. */
function switcherOf(file: string): Map<string, string> {
  const html = readFileSync(file, 'utf8');
  const switcher = /<details class="api-switcher version-switcher"[\s\S]*?<\/details>/.exec(html)?.[0];
  assert.ok(switcher, `${file} has a version switcher`);
  const links = new Map<string, string>();
  for (const match of switcher.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)(?:<span class="version-missing">([^<]*)<\/span>)?<\/a>/g))
    links.set(match[2]!.trim(), `${match[1]!.replaceAll('&amp;', '&')}${match[3] ? ` ${match[3].replaceAll('&#39;', "'")}` : ''}`);
  return links;
}

/**
 * The links the switcher's script adds when a page's switcher is opened: the versions after the
 * page's, found in the site's version-pages.json by the functions the script embeds (label → href,
 * with the note where it opens another object).
 */
function laterOf(site: string, version: string, page: string): Map<string, string> {
  const file = JSON.parse(readFileSync(join(site, 'version-pages.json'), 'utf8')) as PagesFile;
  const versions = fromPagesFile(file);
  const from = file.versions.findIndex((v) => v.name === version);
  assert.ok(from >= 0, `${version} is in version-pages.json`);
  const links = new Map<string, string>();
  for (let to = from + 1; to < file.versions.length; to++) {
    const target = switchTarget(versions, from, to, page);
    const entry = { label: file.versions[to]!.name, root: file.versions[to]!.root, target, current: false };
    links.set(entry.label, `${entryHref(entry)}${target.missing ? ` (${missingWords(target.missing)})` : ''}`);
  }
  return links;
}

const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', timeout: 20_000 });

describe('build --versions on a repository with tags', { timeout: 300_000 }, () => {
  const repo = makeVersionsRepository();
  const out = join(tempDir('apidesc-versions-site-'), 'site');
  const cache = tempDir('apidesc-versions-cache-');
  const runs: Record<string, { code: number; err: string; out: string }> = {};
  let mtimes: Map<string, number>;
  before(async () => {
    mtimes = new Map(readdirSync(repo.api).map((f) => [f, statSync(join(repo.api, f)).mtimeMs]));
    runs.first = await runIn(repo.dir, ['build', 'api', '--versions', 'v*', '--out', out, '--cache', cache]);
  });
  after(() => repo.remove());

  it('builds each tag under its own folder and the working tree at the root, never touching the working tree', () => {
    assert.equal(runs.first!.code, 0, runs.first!.err);
    for (const version of ['v1.0.0', 'v1.1.0', 'v2.0.0']) assert.ok(statSync(join(out, version, 'index.html')).isFile(), version);
    // The working tree is the newest, at the root: the URLs of the site before versions stay.
    assert.match(readFileSync(join(out, 'operations', 'emitorder', 'index.html'), 'utf8'), /Emits each order once it is placed\./);
    // Each version as its tag has it: v1.0.0 still has publishOrder and the billing API.
    assert.ok(statSync(join(out, 'v1.0.0', 'orders', 'operations', 'publishorder', 'index.html')).isFile());
    assert.ok(statSync(join(out, 'v1.1.0', 'billing', 'operations', 'sendinvoice', 'index.html')).isFile());
    assert.equal(git(repo.dir, 'status', '--porcelain'), '', 'the working tree is unchanged');
    for (const [file, mtime] of mtimes) assert.equal(statSync(join(repo.api, file)).mtimeMs, mtime, `${file} was not written`);
    // Sorted by semantic version, oldest first.
    assert.match(runs.first!.err, /Version v1\.0\.0[\s\S]*Version v1\.1\.0[\s\S]*Version v2\.0\.0/);
  });

  it("renders every version through one renderer bundle, each page and client file with its version's own base path", () => {
    // The versions render under a stand-in base (src/perf/stand-in-base.ts), replaced by theirs.
    for (const [path, bytes] of filesOf(out)) assert.equal(bytes.includes('apidesc-base-'), false, `${path} still names the stand-in base`);
    const page = readFileSync(join(out, 'v1.0.0', 'orders', 'operations', 'publishorder', 'index.html'), 'utf8');
    const assets = [...page.matchAll(/<(?:link rel="stylesheet"|script[^>]*) (?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(assets.length > 3, assets.join(' '));
    // Only the switcher's script is the site's, at its root.
    for (const href of assets.filter((a) => a !== '/versions.js')) assert.match(href, /^\/v1\.0\.0\//, `an asset of v1.0.0's pages is v1.0.0's: ${href}`);
    assert.match(page, /href="\/v1\.0\.0\/orders\/channels\/[^"]+\/"/, "links to the version's own pages");
    // A client script that names the base (the tester's module preloads) names the version's.
    const scripts = readdirSync(join(out, 'v1.1.0', '_astro')).map((f) => readFileSync(join(out, 'v1.1.0', '_astro', f), 'utf8'));
    assert.ok(
      scripts.some((text) => text.includes('`/v1.1.0/`')),
      'a client script with the base names /v1.1.0/',
    );
  });

  it('gives every page a switcher that opens the same object, through a rename, else its parent with a note', () => {
    // Written in the page: the version and the ones before it; the changelog for every version.
    const emit = switcherOf(join(out, 'v1.1.0', 'orders', 'operations', 'emitorder', 'index.html'));
    assert.deepEqual([...emit.keys()], ['v1.1.0', 'v1.0.0', 'v1.1.0 compared with the newest', 'Changelog of every version']);
    // publishOrder, renamed emitOrder in v1.1.0 (diff's pairing), both ways.
    assert.equal(emit.get('v1.0.0'), '/v1.0.0/orders/operations/publishorder/');
    assert.equal(emit.get('Changelog of every version'), '/changelog/');
    // Added by its script: the versions after it, the same operation by its id.
    const emitLater = laterOf(out, 'v1.1.0', 'orders/operations/emitorder/');
    assert.deepEqual([...emitLater.keys()], ['v2.0.0', 'latest']);
    assert.equal(emitLater.get('v2.0.0'), '/v2.0.0/operations/emitorder/');
    assert.equal(emitLater.get('latest'), '/operations/emitorder/');
    const publish = laterOf(out, 'v1.0.0', 'orders/operations/publishorder/');
    assert.equal(publish.get('v1.1.0'), '/v1.1.0/orders/operations/emitorder/');
    assert.equal(publish.get('latest'), '/operations/emitorder/');
    // archiveOrders is removed in v2.0.0: its channel, and the switcher says so.
    assert.equal(
      laterOf(out, 'v1.1.0', 'orders/operations/archiveorders/').get('v2.0.0'),
      '/v2.0.0/channels/audit/?version-missing-kind=operation&version-missing-id=archiveOrders&version-missing-shown=channel (no operation archiveOrders: its channel)',
    );
    // The billing API is deleted in v2.0.0: the version's home.
    assert.match(
      laterOf(out, 'v1.0.0', 'billing/operations/sendinvoice/').get('latest')!,
      /^\/\?version-missing-kind=operation&version-missing-id=sendInvoice&version-missing-shown=home \(no operation sendInvoice: the version's home\)$/,
    );
    // The newest's pages list every version, newest first; its script adds none.
    const newest = switcherOf(join(out, 'operations', 'emitorder', 'index.html'));
    assert.deepEqual([...newest.keys()], ['latest', 'v2.0.0', 'v1.1.0', 'v1.0.0', 'Changelog of every version']);
    assert.equal(newest.get('v1.0.0'), '/v1.0.0/orders/operations/publishorder/');
    assert.equal(laterOf(out, 'latest', 'operations/emitorder/').size, 0);
    // Every page of every version has one, the current version marked, its place said for the script.
    for (const [path, bytes] of filesOf(out)) {
      if (!path.endsWith('.html') || path.startsWith('changelog')) continue;
      assert.match(
        bytes.toString(),
        /<details class="api-switcher version-switcher" data-version="[^"]+" data-page="[^"]*" data-pages="\/version-pages\.json">/,
        path,
      );
      assert.match(bytes.toString(), /<script src="\/versions\.js" defer><\/script>/, path);
    }
  });

  it("leaves a version's pages as they are when later versions are added", async () => {
    // v1.0.0 and v1.1.0 alone, built anew (a cache of their own): the same bytes as in the site of three tags.
    const fewer = join(tempDir('apidesc-versions-fewer-'), 'site');
    const run = await runIn(repo.dir, ['build', 'api', '--versions', 'v1.0.0,v1.1.0', '--out', fewer, '--cache', tempDir()]);
    assert.equal(run.code, 0, run.err);
    for (const version of ['v1.0.0', 'v1.1.0']) {
      const alone = filesOf(join(fewer, version));
      const among = filesOf(join(out, version));
      assert.deepEqual([...alone.keys()].sort(), [...among.keys()].sort());
      for (const [path, bytes] of alone) if (!path.endsWith('.apidesc-docs')) assert.ok(bytes.equals(among.get(path)!), `${version}/${path} differs`);
    }
  });

  it('writes a changelog: each version with its changes grouped by object and whom they break, linked into its pages', () => {
    const page = readFileSync(join(out, 'changelog', 'index.html'), 'utf8');
    const order = ['latest', 'v2.0.0', 'v1.1.0', 'v1.0.0'].map((v) => page.indexOf(`id="version-${v}"`));
    assert.ok(
      order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!)),
      `newest first: ${order}`,
    );
    const v110 = page.slice(page.indexOf('id="version-v1.1.0"'), page.indexOf('id="version-v1.0.0"'));
    // The widened payload of a sent message: diff's direction-aware verdict, in the Changes page's words.
    assert.match(v110, /<strong class="change-whom">Breaks its receivers: <\/strong>/);
    assert.match(v110, /href="\/v1\.1\.0\/orders\/channels\/orders\/messages\/orderplaced\/"/);
    assert.match(v110, /operation &quot;publishOrder&quot; renamed &quot;emitOrder&quot;|operation "publishOrder" renamed "emitOrder"/);
    const v200 = page.slice(page.indexOf('id="version-v2.0.0"'), page.indexOf('id="version-v1.1.0"'));
    assert.match(v200, /archiveOrders/);
    assert.match(v200, /billing/i, 'the deleted API');
    // Ids stay unique on the page: each version's are prefixed.
    const ids = [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    assert.equal(new Set(ids).size, ids.length, 'no id twice');
    const twin = readFileSync(join(out, 'changelog', 'index.md'), 'utf8');
    assert.match(twin, /^# Changelog of /);
    assert.match(twin, /## v1\.1\.0 \(2026-02-12\)[\s\S]*schema-enum-value-added[\s\S]*## v1\.0\.0 \(2026-01-11\)/);
    assert.match(readFileSync(join(out, 'llms.txt'), 'utf8'), /\n## Versions\n\n- \[Changelog\]\(\/changelog\/index\.md\): every version \(4\)/);
    const feed = readFileSync(join(out, 'changelog.xml'), 'utf8');
    const entries = [...feed.matchAll(/<title>([^<]*)<\/title>\s*<id>urn:apidesc-docs:commit:([0-9a-f]{40})<\/id>\s*<updated>([^<]*)<\/updated>/g)].map((m) => [
      m[1],
      m[2],
      m[3],
    ]);
    assert.deepEqual(
      entries.map(([title, commit, date]) => [title, commit, date]),
      ['v2.0.0', 'v1.1.0', 'v1.0.0'].map((tag) => [
        tag,
        git(repo.dir, 'rev-parse', `${tag}^{commit}`).trim(),
        `${git(repo.dir, 'show', '-s', '--format=%cs', tag).trim()}T00:00:00Z`,
      ]),
    );
    assert.match(feed, /<summary>1 breaking, 1 non-breaking, 1 wording only<\/summary>/);
  });

  it('compares each older version with the newest on a page of its own, linked from the changelog and the switcher', () => {
    const page = readFileSync(join(out, 'v1.0.0', 'changes-to-latest', 'index.html'), 'utf8');
    const article = /<article class="changes-page changes-to-latest"[\s\S]*?<\/article>/.exec(page)?.[0] ?? '';
    assert.match(article, /<h1>Changes from v1\.0\.0 to the newest \(latest\)<\/h1>/);
    // Every change across v1.1.0 and v2.0.0 at once, with diff's direction-aware verdicts.
    assert.match(article, /<span class="badge change-breaking">3 breaking<\/span>/);
    assert.match(
      article,
      /<strong class="change-whom">Breaks its receivers: <\/strong><a class="change-field" href="\/[^"]*#payload\.status"><code>payload\.status<\/code><\/a>: new value &quot;cancelled&quot;/,
    );
    assert.match(article, /operation &quot;archiveOrders&quot; removed/);
    assert.match(article, /API &quot;Billing&quot; removed/);
    assert.match(article, /operation &quot;publishOrder&quot; renamed &quot;emitOrder&quot;/);
    // Objects linked to their pages in the newest; a published page speaks to the API's users: no file:line of the author's sources, no temporary folder.
    assert.match(article, /<a href="\/operations\/emitorder\/">/);
    assert.doesNotMatch(article, /class="change-at"|orders\.yaml:\d+/);
    assert.ok(!page.includes(tmpdir()), 'no temporary folder on the page');
    // The page is the version's: its switcher, its title.
    assert.match(page, /<title>v1\.0\.0 compared with the newest · /);
    assert.match(page, /<details class="api-switcher version-switcher" data-version="v1\.0\.0" data-page="" /);
    // Linked from the switcher of every page of an older version, and from the changelog's timeline.
    assert.equal(
      switcherOf(join(out, 'v1.1.0', 'orders', 'operations', 'emitorder', 'index.html')).get('v1.1.0 compared with the newest'),
      '/v1.1.0/changes-to-latest/',
    );
    assert.equal(switcherOf(join(out, 'operations', 'emitorder', 'index.html')).has('latest compared with the newest'), false, 'not in the newest');
    const changelog = readFileSync(join(out, 'changelog', 'index.html'), 'utf8');
    for (const version of ['v1.0.0', 'v1.1.0', 'v2.0.0'])
      assert.ok(changelog.includes(`<a href="/${version}/changes-to-latest/">compared with the newest</a>`), version);
    // Its Markdown twin, announced by the page, linked from the changelog's twin and listed in the version's llms.txt.
    assert.match(page, /<link rel="alternate" type="text\/markdown" href="\/v1\.0\.0\/changes-to-latest\/index\.md">/);
    assert.equal([...page.matchAll(/type="text\/markdown"/g)].length, 1, "one twin announced: not the home page's");
    const twin = readFileSync(join(out, 'v1.0.0', 'changes-to-latest', 'index.md'), 'utf8');
    assert.match(twin, /^# Changes from v1\.0\.0 to the newest \(latest\)\n/);
    assert.doesNotMatch(twin, /\.yaml:\d+/, "published: no file:line of the author's sources");
    assert.match(twin, /^3 breaking, \d+ non-breaking, \d+ wording only\.$/m);
    assert.match(twin, /^### \[operation emitOrder\]\(\/operations\/emitorder\/\)$/m);
    assert.match(twin, /payload\.status: new value "cancelled"/);
    assert.match(twin, /The same page as HTML: \[Changes from v1\.0\.0 to the newest \(latest\)\]\(\/v1\.0\.0\/changes-to-latest\/\)\.\n$/);
    assert.match(readFileSync(join(out, 'changelog', 'index.md'), 'utf8'), /^Compared with the newest: <\/v1\.0\.0\/changes-to-latest\/index\.md>$/m);
    assert.match(
      readFileSync(join(out, 'v1.0.0', 'llms.txt'), 'utf8'),
      /\n## Compared with the newest\n\n- \[Changes from v1\.0\.0 to the newest \(latest\)\]\(\/v1\.0\.0\/changes-to-latest\/index\.md\): 3 breaking, \d+ non-breaking, \d+ wording only\n$/,
    );
    // v2.0.0 against the newest: the wording of emitOrder only.
    const v200 = readFileSync(join(out, 'v2.0.0', 'changes-to-latest', 'index.html'), 'utf8');
    assert.match(v200, /<span class="badge change-breaking">0 breaking<\/span>/);
    assert.match(v200, /description changed \(wording only\)/);
  });

  it("shows the changes against the newest in the Changes page's own markup, from the same data", () => {
    // v2.0.0 against the newest is what the newest's Changes page shows (against v2.0.0): the same
    // bytes from the counts to the end, each object named by its title and grouped alike (the newest
    // has one API: no heading per API, though the versions are folders).
    const changeLists = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/<ul class="change-list">[\s\S]*?<\/ul>/g)].map((m) => m[0]);
    const groups = (file: string): string => /<p class="changes-counts">[\s\S]*?(?=<\/article>)/.exec(readFileSync(file, 'utf8'))?.[0] ?? '';
    const toLatest = join(out, 'v2.0.0', 'changes-to-latest', 'index.html');
    assert.equal(changeLists(toLatest).length, 2, 'the version and the wording of emitOrder');
    assert.match(
      groups(toLatest),
      /<a href="\/operations\/emitorder\/">emitOrder<\/a> <span class="change-object-id"><span class="change-kind">operation<\/span><\/span>/,
    );
    assert.doesNotMatch(groups(toLatest), /class="changes-api"/);
    // The newest's Changes page is published too: no file:line of the author's sources, in the page or its twin.
    assert.doesNotMatch(readFileSync(join(out, 'changes', 'index.html'), 'utf8'), /class="change-at"|\.yaml:\d+/);
    assert.doesNotMatch(readFileSync(join(out, 'changes', 'index.md'), 'utf8'), /\.yaml:\d+/);
    assert.equal(groups(toLatest), groups(join(out, 'changes', 'index.html')));
  });

  it('builds the same bytes again, each older version copied from the build cache', async () => {
    const again = join(tempDir('apidesc-versions-again-'), 'site');
    const run = await runIn(repo.dir, ['build', 'api', '--versions', 'v*', '--out', again, '--cache', cache]);
    assert.equal(run.code, 0, run.err);
    for (const version of ['v1.0.0', 'v1.1.0', 'v2.0.0'])
      assert.match(run.err, new RegExp(`Version ${version.replaceAll('.', '\\.')} \\([0-9a-f]{12}, [0-9-]{10}\\): unchanged, copied from the build cache\\.`));
    const first = filesOf(out);
    const second = filesOf(again);
    assert.deepEqual([...second.keys()].sort(), [...first.keys()].sort());
    for (const [path, bytes] of first) if (!path.endsWith('.apidesc-docs')) assert.ok(bytes.equals(second.get(path)!), `${path} differs`);
    // Placed, not written again: on one file system, an older version's page is one file with the cache's copy.
    const page = (dir: string): number => statSync(join(dir, 'orders', 'operations', 'publishorder', 'index.html')).ino;
    assert.equal(page(join(again, 'v1.0.0')), page(join(cache, 'versions', 'v1.0.0', 'files')));
    // And kept so when it was built: the cache's copy is a link to the first site's page, not a second copy of its bytes.
    assert.equal(page(join(out, 'v1.0.0')), page(join(cache, 'versions', 'v1.0.0', 'files')));
  });

  it('builds again an older version whose cached page was changed in place, keeping its size, and publishes none of the change', async () => {
    const page = join('orders', 'operations', 'publishorder', 'index.html');
    const entryPage = join(cache, 'versions', 'v1.0.0', 'files', page);
    const good = readFileSync(join(out, 'v1.0.0', page));
    // The site placed from the cache shares the entry's file (a hard link): it gets a copy of its own first.
    rmSync(join(out, 'v1.0.0', page));
    writeFileSync(join(out, 'v1.0.0', page), good);
    // Written into the same file (same inode, same size): only its time of last change tells.
    const damaged = Buffer.from(good);
    damaged[damaged.indexOf('<main')] = '<'.charCodeAt(0) + 1;
    writeFileSync(entryPage, damaged);
    assert.equal(statSync(entryPage).size, good.length);
    const repaired = join(tempDir('apidesc-versions-repaired-'), 'site');
    const run = await runIn(repo.dir, ['build', 'api', '--versions', 'v*', '--out', repaired, '--cache', cache]);
    assert.equal(run.code, 0, run.err);
    assert.match(run.err, /^Version v1\.0\.0 \([0-9a-f]{12}, [0-9-]{10}\):$/m, 'v1.0.0 is built again');
    for (const version of ['v1.1.0', 'v2.0.0'])
      assert.match(run.err, new RegExp(`Version ${version.replaceAll('.', '\\.')} \\([0-9a-f]{12}, [0-9-]{10}\\): unchanged, copied from the build cache\\.`));
    assert.ok(readFileSync(join(repaired, 'v1.0.0', page)).equals(good), 'the page as built, not as damaged');
    assert.ok(readFileSync(entryPage).equals(good), 'the entry made again');
  });

  it("builds the newest tag and a working tree that has its documents once, the tag's pages those of a build of their own", async () => {
    git(repo.dir, 'tag', 'v3.0.0', 'HEAD');
    const edited = join(repo.api, 'orders.yaml');
    const committed = readFileSync(edited, 'utf8');
    try {
      const once = join(tempDir('apidesc-versions-once-'), 'site');
      const run = await runIn(repo.dir, ['build', 'api', '--versions', 'v*', '--out', once, '--cache', cache]);
      assert.equal(run.code, 0, run.err);
      assert.match(run.err, /Version v3\.0\.0 \([0-9a-f]{12}, [0-9-]{10}\): the working tree's documents, built once for both\./);
      assert.equal([...run.err.matchAll(/^Built \d+ API\(s\)/gm)].length, 1, 'one build for the tag and the root');
      // The root is v3.0.0 there: compared with v2.0.0 as the tag is, and the changelog lists its changes once, under v3.0.0.
      assert.match(readFileSync(join(once, 'changes', 'index.html'), 'utf8'), /Compared with <code>v2\.0\.0 \([0-9a-f]{12}\)<\/code>/);
      const changelog = readFileSync(join(once, 'changelog', 'index.html'), 'utf8');
      const latest = changelog.slice(changelog.indexOf('id="version-latest"'), changelog.indexOf('id="version-v3.0.0"'));
      assert.match(latest, /The same documents as v3\.0\.0: its changes are listed under it\./);
      assert.doesNotMatch(latest, /change-list/);
      for (const [path, bytes] of filesOf(once)) assert.equal(bytes.includes('apidesc-base-'), false, `${path} still names the stand-in base`);
      // Built apart (the working tree edited, the tag's cache entry left out), the tag's pages are the same bytes.
      const apartCache = tempDir('apidesc-versions-apart-cache-');
      cpSync(cache, apartCache, { recursive: true });
      rmSync(join(apartCache, 'versions', 'v3.0.0'), { recursive: true });
      writeFileSync(edited, committed.replace('Emits each order once it is placed.', 'Emits each order as soon as it is placed.'));
      const apart = join(tempDir('apidesc-versions-apart-'), 'site');
      const second = await runIn(repo.dir, ['build', 'api', '--versions', 'v*', '--out', apart, '--cache', apartCache]);
      assert.equal(second.code, 0, second.err);
      assert.equal([...second.err.matchAll(/^Built \d+ API\(s\)/gm)].length, 2, 'the tag and the root built apart');
      const tagOnce = filesOf(join(once, 'v3.0.0'));
      const tagApart = filesOf(join(apart, 'v3.0.0'));
      assert.deepEqual([...tagOnce.keys()].sort(), [...tagApart.keys()].sort());
      // What differs is what it is compared with: the newest, now edited.
      for (const [path, bytes] of tagOnce)
        if (!path.startsWith('changes-to-latest') && path !== 'llms.txt' && !path.endsWith('.apidesc-docs'))
          assert.ok(bytes.equals(tagApart.get(path)!), `${path} differs`);
    } finally {
      writeFileSync(edited, committed);
      git(repo.dir, 'tag', '-d', 'v3.0.0');
    }
  });

  it('names a version by a hostile tag as text: escaped in the pages, the feed and the twin, and a folder of safe characters', async () => {
    const hostile = 'x<b>"&\'';
    git(repo.dir, 'tag', hostile, 'v2.0.0');
    try {
      const site = join(tempDir('apidesc-versions-hostile-'), 'site');
      const run = await runIn(repo.dir, ['build', 'api', '--versions', `v1.0.0,${hostile}`, '--out', site, '--cache', tempDir()]);
      assert.equal(run.code, 0, run.err);
      assert.ok(statSync(join(site, 'x-b-', 'index.html')).isFile(), 'served under a folder of safe characters');
      for (const [path, bytes] of filesOf(site)) {
        if (!/\.(html|xml)$/.test(path)) continue;
        assert.ok(!bytes.toString().includes('x<b>'), `${path} carries the tag as markup`);
      }
      assert.match(readFileSync(join(site, 'changelog', 'index.html'), 'utf8'), /<h2 id="version-x-b----">x&lt;b&gt;&quot;&amp;&#39;/);
      assert.match(readFileSync(join(site, 'changelog.xml'), 'utf8'), /<title>x&lt;b&gt;&quot;&amp;'<\/title>/);
    } finally {
      git(repo.dir, 'tag', '-d', hostile);
    }
  });

  it('refuses, in words, a folder that is not in a git repository and a pattern no tag matches', async () => {
    const plain = tempTree({ 'api/orders.yaml': 'apidesc: 3.0.0\ninfo: {title: T, version: 1.0.0}\n' });
    const notGit = await runIn(plain, ['build', 'api', '--versions', 'v*', '--out', join(plain, 'site')]);
    assert.equal(notGit.code, 2);
    assert.match(notGit.err, /apidesc-docs: --versions: api is not in a git repository, where versions are read from/);
    const none = await runIn(repo.dir, ['build', 'api', '--versions', 'release-*', '--out', join(tempDir(), 'site')]);
    assert.equal(none.code, 2);
    assert.match(none.err, /--versions release-\*: no tag matches "release-\*" \(its tags: v1\.0\.0, v1\.1\.0, v2\.0\.0\)/);
    assert.match(none.err, /Build stopped: nothing was written\./);
    const both = await runIn(repo.dir, ['build', 'api', '--versions', 'v*', '--compare-ref', 'v1.0.0']);
    assert.equal(both.code, 2);
    assert.match(both.err, /--versions compares each version with the one before/);
  });
});

describe('build --versions on the published history of a real document', { timeout: 300_000 }, () => {
  it('gives each version a changelog entry that says what diff says of it', async () => {
    const dir = tempDir('apidesc-versions-history-');
    mkdirSync(join(dir, 'api'));
    git(dir, 'init', '-q', '-b', 'main');
    const commit = (p: typeof CLI_1_7_3, date: string): void => {
      copyFileSync(publishedDocument(p, GLEE_TEMPLATE), join(dir, 'api', 'asyncapi.yaml'));
      const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
      const opts = { cwd: dir, timeout: 20_000, env };
      execFileSync('git', ['add', '-A'], opts);
      execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', p.version], opts);
      execFileSync('git', ['-c', 'tag.gpgsign=false', 'tag', `v${p.version}`], opts);
    };
    commit(CLI_1_7_3, '2024-05-01T10:00:00Z');
    commit(CLI_1_9_2, '2024-06-01T10:00:00Z');
    const out = join(tempDir('apidesc-versions-history-site-'), 'site');
    const run = await runIn(dir, ['build', 'api/asyncapi.yaml', '--versions', 'v1.7.3,v1.9.2', '--out', out, '--cache', tempDir()]);
    assert.equal(run.code, 0, run.err);
    const outcome = await comparePublished(CLI_1_7_3, CLI_1_9_2, GLEE_TEMPLATE);
    const count = (severity: string): number => outcome.report.changes.filter((c) => c.severity === severity).length;
    assert.ok(count('breaking') > 0, 'the history breaks something');
    const feed = readFileSync(join(out, 'changelog.xml'), 'utf8');
    assert.match(
      feed,
      new RegExp(
        `<title>v1\\.9\\.2</title>[\\s\\S]*?<updated>2024-06-01T00:00:00Z</updated>[\\s\\S]*?<summary>${count('breaking')} breaking, ${count('non-breaking')} non-breaking, ${count('info')} wording only</summary>`,
      ),
    );
    const page = readFileSync(join(out, 'changelog', 'index.html'), 'utf8');
    const v192 = page.slice(page.indexOf('id="version-v1.9.2"'), page.indexOf('id="version-v1.7.3"'));
    for (const change of outcome.report.changes) assert.ok(v192.includes(change.rule), `the changelog has ${change.rule}`);
  });
});

describe('versions kept in folders (the configuration’s versionFolders)', { timeout: 300_000 }, () => {
  it('builds each subfolder as a version, oldest first, with the switcher and the changelog', async () => {
    const doc = (version: string, operation: string): string =>
      `apidesc: 3.0.0\ninfo: {title: Orders, version: '${version}'}\nchannels:\n  orders:\n    address: orders\n    messages:\n      placed: {payload: {type: string}}\noperations:\n  ${operation}:\n    action: send\n    channel: {$ref: '#/channels/orders'}\n    messages: [{$ref: '#/channels/orders/messages/placed'}]\n`;
    const dir = tempTree({
      'apidesc-docs.config.json': '{"versionFolders": "versions"}\n',
      'versions/v10.0.0/orders.yaml': doc('10.0.0', 'send'),
      'versions/v9.0.0/orders.yaml': doc('9.0.0', 'send'),
      'orders.yaml': doc('11.0.0', 'sendOrder'),
    });
    const out = join(tempDir('apidesc-versions-folders-'), 'site');
    const run = await runIn(dir, ['build', 'orders.yaml', '--out', out, '--cache', tempDir()]);
    assert.equal(run.code, 0, run.err);
    assert.match(run.err, /Version v9\.0\.0:[\s\S]*Version v10\.0\.0:/, 'ordered as versions, not as names');
    assert.equal(switcherOf(join(out, 'v10.0.0', 'operations', 'send', 'index.html')).get('v9.0.0'), '/v9.0.0/operations/send/');
    const send = laterOf(out, 'v9.0.0', 'operations/send/');
    assert.equal(send.get('v10.0.0'), '/v10.0.0/operations/send/');
    assert.equal(send.get('latest'), '/operations/sendorder/', 'the rename, paired by diff');
    assert.match(readFileSync(join(out, 'changelog', 'index.html'), 'utf8'), /id="version-v10\.0\.0"/);
  });

  it('refuses a versionFolders that does not exist, located in the configuration', async () => {
    const dir = tempTree({ 'apidesc-docs.config.json': '{"versionFolders": "old"}\n', 'orders.yaml': 'apidesc: 3.0.0\ninfo: {title: T, version: 1.0.0}\n' });
    const run = await runIn(dir, ['build', 'orders.yaml', '--out', join(dir, 'site')]);
    assert.equal(run.code, 2);
    assert.match(run.out, /apidesc-docs\.config\.json:1:\d+ +error +config-missing-file +`versionFolders`: the folder old does not exist/);
  });
});
