/**
 * The version switcher within its bound (SWITCHER_VERSIONS): built from 24 version folders and
 * the working tree, 25 versions, each page's switcher lists at most the bound (the version read,
 * the newest and the nearest), says how many it does not list and links them to the changelog,
 * which lists every version; each listed link keeps the reader's place as version-map.ts finds it
 * (through a rename, else the parent with what is missing said). A page whose version has fewer
 * versions before it than the bound lists them all and counts none. In Chromium, the script that
 * adds the later versions to an older version's switcher keeps it within the bound too, and says
 * how many later versions it leaves to the changelog.
 *
 * A browser file, though most of it reads the built pages: the 25 versions take minutes to build,
 * and the browser's part reads the same site.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { entryHref } from '../src/pipeline/versions/switcher-html.ts';
import { fromPagesFile, listedVersions, missingWords, type PagesFile, SWITCHER_VERSIONS, switchTarget, unlistedWords } from '../src/site/version-map.ts';
import { runIn, tempDir, tempTree } from '../test/helpers.ts';
import { closeAll, type ServedSite, serveAndBrowse } from './support.ts';

const FOLDERS = 24;

/** Version `n` (1-based; FOLDERS + 1 is the working tree): `send` renamed `sendOrder` from 11 on, `archive` added at 10. */
function document(n: number): string {
  const send = n >= 11 ? 'sendOrder' : 'send';
  const archive =
    n >= 10 ? `  archive:\n    action: receive\n    channel: {$ref: '#/channels/audit'}\n    messages: [{$ref: '#/channels/audit/messages/entry'}]\n` : '';
  return `apidesc: 3.0.0\ninfo: {title: Orders, version: '${n}.0.0'}\nchannels:\n  orders:\n    address: orders\n    messages:\n      placed: {payload: {type: string}}\n  audit:\n    address: audit\n    messages:\n      entry: {payload: {type: string}}\noperations:\n  ${send}:\n    action: send\n    channel: {$ref: '#/channels/orders'}\n    messages: [{$ref: '#/channels/orders/messages/placed'}]\n${archive}`;
}

/** A page's version switcher: its version entries (label → href with the note), and the line that counts the others. */
function switcherOf(file: string): { versions: Map<string, string>; unlisted?: { words: string; href: string } } {
  const html = readFileSync(file, 'utf8');
  const switcher = /<details class="api-switcher version-switcher"[\s\S]*?<\/details>/.exec(html)?.[0];
  assert.ok(switcher, `${file} has a version switcher`);
  const versions = new Map<string, string>();
  for (const match of switcher.matchAll(/<li data-version="[^"]*"><a href="([^"]*)"[^>]*>([^<]*)(?:<span class="version-missing">([^<]*)<\/span>)?<\/a>/g))
    versions.set(match[2]!.trim(), `${match[1]!.replaceAll('&amp;', '&')}${match[3] ? ` ${match[3].replaceAll('&#39;', "'")}` : ''}`);
  const unlisted = /<li class="version-unlisted"><a href="([^"]*)">([^<]*)<\/a>/.exec(switcher);
  return { versions, ...(unlisted ? { unlisted: { words: unlisted[2]!, href: unlisted[1]! } } : {}) };
}

const label = (n: number): string => (n === FOLDERS + 1 ? 'latest' : `v${n}.0.0`);

describe('the version switcher, bounded', { timeout: 600_000 }, () => {
  const out = join(tempDir('apidesc-switcher-bound-'), 'site');
  let pages: PagesFile;
  let site: ServedSite | undefined;
  let browser: Browser | undefined;
  /** Where the page `page` of version `from` leads in version `to` (1-based), as version-map.ts finds it. */
  const placeIn = (from: number, to: number, page: string): string => {
    const target = switchTarget(fromPagesFile(pages), from - 1, to - 1, page);
    const entry = { label: label(to), root: pages.versions[to - 1]!.root, target, current: false };
    return `${entryHref(entry)}${target.missing ? ` (${missingWords(target.missing)})` : ''}`;
  };
  before(async () => {
    const files: Record<string, string> = { 'apidesc-docs.config.json': '{"versionFolders": "versions"}\n', 'orders.yaml': document(FOLDERS + 1) };
    for (let n = 1; n <= FOLDERS; n++) files[`versions/v${n}.0.0/orders.yaml`] = document(n);
    const run = await runIn(tempTree(files), ['build', 'orders.yaml', '--out', out, '--cache', tempDir()]);
    assert.equal(run.code, 0, run.err);
    pages = JSON.parse(readFileSync(join(out, 'version-pages.json'), 'utf8')) as PagesFile;
    ({ site, browser } = await serveAndBrowse(out));
  });
  after(() => closeAll(browser, site));

  it('lists at most the bound on a page of the newest: it and its nearest earlier versions, the others counted and linked to the changelog', () => {
    assert.ok(FOLDERS + 1 > SWITCHER_VERSIONS, 'more versions than the bound');
    const { versions, unlisted } = switcherOf(join(out, 'operations', 'sendorder', 'index.html'));
    const expected = Array.from({ length: SWITCHER_VERSIONS }, (_, i) => label(FOLDERS + 1 - i));
    assert.deepEqual([...versions.keys()], expected, 'the newest (the version read) and the nearest earlier ones, newest first');
    assert.deepEqual(unlisted, { words: `and ${FOLDERS + 1 - SWITCHER_VERSIONS} earlier versions`, href: '/changelog/' });
    // The place kept, for each version listed: through the rename, else the parent with the note.
    assert.equal(versions.get('v11.0.0'), '/v11.0.0/operations/sendorder/');
    assert.equal(versions.get('v10.0.0'), '/v10.0.0/operations/send/', 'through the rename');
    for (let to = FOLDERS + 1 - SWITCHER_VERSIONS + 1; to <= FOLDERS; to++)
      assert.equal(versions.get(label(to)), placeIn(FOLDERS + 1, to, 'operations/sendorder/'), label(to));
    const archive = switcherOf(join(out, 'operations', 'archive', 'index.html')).versions;
    assert.equal(
      archive.get('v9.0.0'),
      '/v9.0.0/channels/audit/?version-missing-kind=operation&version-missing-id=archive&version-missing-shown=channel (no operation archive: its channel)',
    );
  });

  it('lists the neighbours of an older version and counts the earlier ones it leaves out', () => {
    const { versions, unlisted } = switcherOf(join(out, 'v22.0.0', 'operations', 'sendorder', 'index.html'));
    assert.deepEqual(
      [...versions.keys()],
      Array.from({ length: SWITCHER_VERSIONS }, (_, i) => `v${22 - i}.0.0`),
    );
    assert.deepEqual(unlisted, { words: 'and 2 earlier versions', href: '/changelog/' });
    assert.equal(versions.get('v21.0.0'), '/v21.0.0/operations/sendorder/');
  });

  it('lists every version, and counts none, when fewer than the bound are known', () => {
    const { versions, unlisted } = switcherOf(join(out, 'v12.0.0', 'operations', 'sendorder', 'index.html'));
    assert.deepEqual(
      [...versions.keys()],
      Array.from({ length: 12 }, (_, i) => `v${12 - i}.0.0`),
    );
    assert.equal(unlisted, undefined, 'no line counting versions left out');
    assert.equal(versions.get('v1.0.0'), '/v1.0.0/operations/send/');
  });

  it('leaves every version to the changelog, and bounds what the script adds: the newest and the neighbours of the version read', () => {
    const changelog = readFileSync(join(out, 'changelog', 'index.html'), 'utf8');
    for (let n = 1; n <= FOLDERS; n++) assert.match(changelog, new RegExp(`id="version-v${n}\\.0\\.0"`), `the changelog lists v${n}.0.0`);
    // The script's list for a page of v5: the newest, v5, then its neighbours, within the bound.
    const listed = listedVersions(pages.versions.length, 4).map((at) => pages.versions[at]!.name);
    assert.equal(listed.length, SWITCHER_VERSIONS);
    assert.equal(listed[0], 'latest');
    for (const near of ['v1.0.0', 'v4.0.0', 'v5.0.0', 'v6.0.0', 'v13.0.0']) assert.ok(listed.includes(near), near);
    assert.ok(!listed.includes('v22.0.0'), 'far later versions are left out');
  });

  it("keeps an older version's switcher within the bound once its script adds the later versions, and counts the later ones it leaves out", async () => {
    const read = async (javaScriptEnabled: boolean): Promise<{ labels: string[]; unlisted: string[]; latest: string | null }> => {
      const context = await browser!.newContext({ javaScriptEnabled });
      try {
        const page = await context.newPage();
        await page.goto(`${site!.base}v5.0.0/operations/send/`);
        await page.locator('.version-switcher > summary').click();
        const links = page.locator('.version-switcher li[data-version] a');
        if (javaScriptEnabled) await page.locator('.version-switcher li[data-version="latest"]').waitFor({ timeout: 10_000 });
        return {
          labels: (await links.allTextContents()).map((text) => text.trim().split(/\s/)[0]!),
          unlisted: await page.locator('.version-switcher li.version-unlisted a').allTextContents(),
          latest: javaScriptEnabled ? await page.locator('.version-switcher li[data-version="latest"] a').getAttribute('href') : null,
        };
      } finally {
        await context.close();
      }
    };
    // Without script: the version read and those before it, as built.
    const built = await read(false);
    assert.deepEqual(built.labels, ['v5.0.0', 'v4.0.0', 'v3.0.0', 'v2.0.0', 'v1.0.0']);
    assert.deepEqual(built.unlisted, []);
    // With it: the newest and the nearest later versions added, within the bound, the others counted.
    const opened = await read(true);
    const expected = listedVersions(pages.versions.length, 4).map((at) => pages.versions[at]!.name);
    assert.deepEqual(opened.labels, expected);
    assert.equal(opened.labels.length, SWITCHER_VERSIONS);
    const later = pages.versions.length - 1 - 4 - expected.filter((name) => name === 'latest' || Number.parseInt(name.slice(1), 10) > 5).length;
    assert.deepEqual(opened.unlisted, [unlistedWords(0, later)]);
    assert.equal(later, 5, 'v20.0.0 to v24.0.0 left to the changelog');
    // The newest's link keeps the place through the rename.
    assert.equal(opened.latest, '/operations/sendorder/');
  });
});
