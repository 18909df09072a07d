/**
 * A portal built in shards (issue 37, src/pipeline/shards/): `build --shard i/n` builds the pages
 * of its share of the APIs, `merge` puts the shards together, and the site is the same, byte for
 * byte (its search index too), as a build of the whole; `merge` refuses shards that are not all
 * of one build, and never replaces a folder it did not write.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { runIn } from './helpers.ts';
import { BILLING, FourApiPortal } from './portal-pair.ts';
import { assertSameSite } from './same-site.ts';

/** The URLs of the pages the search index holds, read from its fragments (gzip of `pagefind_dcd` and JSON). */
function indexedUrls(site: string): string[] {
  const folder = join(site, 'pagefind/fragment');
  return readdirSync(folder).map((name) => {
    const text = gunzipSync(readFileSync(join(folder, name))).toString('utf8');
    assert.ok(text.startsWith('pagefind_dcd'), name);
    return (JSON.parse(text.slice('pagefind_dcd'.length)) as { url: string }).url;
  });
}

interface ShardFile {
  shard: number;
  of: number;
  apis: string[];
}
const shardFile = (dir: string): ShardFile => JSON.parse(readFileSync(join(dir, 'apidesc-shard.json'), 'utf8')) as ShardFile;

describe('a portal built in shards and merged', { timeout: 600_000 }, () => {
  let portal: FourApiPortal;
  let dir = '';
  const build = (extra: string[]): Promise<string> => portal.build(extra);
  const merge = (args: string[]): Promise<{ code: number; said: string }> => portal.merge(args);

  before(async () => {
    portal = new FourApiPortal();
    dir = portal.dir;
    await build(['--out', 'whole']);
  });
  after(() => portal.remove());

  it('in 2 shards: each holds only the pages of its APIs, and the merge is the site of the whole, byte for byte', async () => {
    const first = await build(['--shard', '1/2', '--out', 'two-1']);
    assert.match(first, /^Built shard 1 of 2: \d of the portal's 4 API\(s\), into two-1 in /m);
    await build(['--shard', '2/2', '--out', 'two-2']);
    const [one, two] = [shardFile(join(dir, 'two-1')), shardFile(join(dir, 'two-2'))];
    assert.deepEqual([...one.apis, ...two.apis].sort(), ['billing/', 'orders/', 'rpc-client/', 'rpc-server/']);
    assert.ok(one.apis.length > 0 && two.apis.length > 0, 'each shard builds some APIs');
    // A shard has its own APIs' pages, none of the others', and no search index.
    for (const [folder, own, others] of [
      ['two-1', one.apis, two.apis],
      ['two-2', two.apis, one.apis],
    ] as const) {
      for (const api of own) assert.ok(existsSync(join(dir, folder, api, 'index.html')), `${folder} has ${api}`);
      for (const api of others) assert.ok(!existsSync(join(dir, folder, api)), `${folder} has nothing of ${api}`);
      assert.ok(!existsSync(join(dir, folder, 'pagefind')), `${folder} has no search index`);
    }
    const merged = await portal.ok(['merge', 'two-1', 'two-2', '--out', 'merged-2']);
    assert.match(merged, /^Merged 2 shard\(s\), 4 API\(s\), \d+ pages \(search index: \d+\), into merged-2 in [\d.]+ s\.$/m);
    assertSameSite(join(dir, 'merged-2'), join(dir, 'whole'));
  });

  it("shows on each page what the other shards' APIs do with it, and its search finds the pages of every shard", () => {
    const site = join(dir, 'merged-2');
    // Orders and Billing meet at orders.created: each side's operation page names the other.
    assert.match(readFileSync(join(site, 'orders/operations/publishordercreated/index.html'), 'utf8'), /Billing/);
    assert.match(readFileSync(join(site, 'billing/operations/billorder/index.html'), 'utf8'), /Orders/);
    const urls = indexedUrls(site);
    for (const api of ['billing/', 'orders/', 'rpc-client/', 'rpc-server/'])
      assert.ok(
        urls.some((url) => url.startsWith(`/${api}`)),
        `the index has pages of ${api}`,
      );
  });

  it('in 3 shards, named to merge in any order: the same site', async () => {
    for (const i of [1, 2, 3]) await build(['--shard', `${i}/3`, '--out', `three-${i}`]);
    await portal.ok(['merge', 'three-3', 'three-1', 'three-2', '--out', 'merged-3']);
    assertSameSite(join(dir, 'merged-3'), join(dir, 'whole'));
    // Merged again into its own output: a site of this tool's, replaced.
    await portal.ok(['merge', 'three-1', 'three-2', 'three-3', '--out', 'merged-3']);
    assertSameSite(join(dir, 'merged-3'), join(dir, 'whole'));
  });

  it("links the shards' files into the merged site where the file system allows, else copies them: the same site", async () => {
    // Two shards exist from the first test; on one file system each page is one file with its shard's.
    const page = 'orders/index.html';
    const shardOf = ['two-1', 'two-2'].find((folder) => existsSync(join(dir, folder, page)))!;
    assert.equal(statSync(join(dir, 'merged-2', page)).ino, statSync(join(dir, shardOf, page)).ino, "the merged page is the shard's file, linked");
    // Shards on another file system (a CI job's downloaded artifacts on a RAM disk, say): copied.
    const elsewhere = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'apidesc-shards-'));
    try {
      for (const folder of ['two-1', 'two-2']) cpSync(join(dir, folder), join(elsewhere, folder), { recursive: true });
      await portal.ok(['merge', join(elsewhere, 'two-1'), join(elsewhere, 'two-2'), '--out', 'merged-across']);
      assertSameSite(join(dir, 'merged-across'), join(dir, 'whole'));
      if (statSync(elsewhere).dev !== statSync(dir).dev)
        assert.notEqual(statSync(join(dir, 'merged-across', page)).ino, statSync(join(elsewhere, shardOf, page)).ino, 'copied across file systems');
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('a shard built again with its cache copies its APIs from it: the same shard', async () => {
    await portal.ok(['build', 'apis', '--shard', '1/2', '--cache', 'shard-cache', '--out', 'cached-1']);
    const again = await portal.ok(['build', 'apis', '--shard', '1/2', '--cache', 'shard-cache', '--out', 'cached-1b']);
    const owned = shardFile(join(dir, 'two-1')).apis.length;
    assert.match(again, new RegExp(`^Build cache shard-cache: ${owned} of ${owned} APIs reused\\.$`, 'm'));
    assertSameSite(join(dir, 'cached-1b'), join(dir, 'two-1'));
  });

  it('refuses shards that are missing, given twice, of another split, or not shards, and writes nothing', async () => {
    const refusals: [string[], RegExp][] = [
      [['two-1'], /^apidesc-docs: shard 2 of 2 is missing: name the folders of all 2 shards$/m],
      [['three-1', 'three-3'], /^apidesc-docs: shard 2 of 3 is missing: name the folders of all 3 shards$/m],
      [['two-1', 'two-1'], /^apidesc-docs: two-1 is named twice \(as two-1 too\)$/m],
      [['two-1', 'three-2'], /^apidesc-docs: three-2 is shard 2 of 3, and two-1 is shard 1 of 2: merge the shards of one build$/m],
      [['two-1', 'whole'], /^apidesc-docs: whole: it has no apidesc-shard\.json: it is not the output of apidesc-docs build --shard i\/n$/m],
      [
        ['two-1', 'apis'],
        /^apidesc-docs: apis is not a folder apidesc-docs wrote \(it has no \.apidesc-docs stamp\): name the folders that build --shard wrote$/m,
      ],
      [['two-1', 'nowhere'], /^apidesc-docs: nowhere: no such folder$/m],
      [[], /^apidesc-docs: merge needs the folders of the shards: apidesc-docs merge shard-1 shard-2 … --out dist$/m],
    ];
    for (const [shards, message] of refusals) {
      const r = await merge([...shards, '--out', 'refused']);
      assert.equal(r.code, 2, r.said);
      assert.match(r.said, message);
      assert.match(r.said, /^Merge stopped: nothing was written\.$/m);
      assert.ok(!existsSync(join(dir, 'refused')), `nothing written for ${shards.join(' ')}`);
    }
  });

  it('refuses shards built from different documents', async () => {
    writeFileSync(join(dir, 'apis/billing.yaml'), BILLING.replace('Bills orders.', 'Bills every order once.'));
    try {
      await build(['--shard', '2/2', '--out', 'edited-2']);
      const r = await merge(['two-1', 'edited-2', '--out', 'refused']);
      assert.equal(r.code, 2, r.said);
      assert.match(
        r.said,
        /^apidesc-docs: edited-2 and two-1 were built from different documents, configuration or options: build every shard from the same commit with the same options$/m,
      );
      assert.ok(!existsSync(join(dir, 'refused')));
    } finally {
      writeFileSync(join(dir, 'apis/billing.yaml'), BILLING);
    }
  });

  it('refuses shards built by another version', async () => {
    const manifest = join(dir, 'two-2/apidesc-shard.json');
    const text = readFileSync(manifest, 'utf8');
    writeFileSync(manifest, text.replace(/"version": "[^"]*"/, '"version": "9.9.9"'));
    try {
      const r = await merge(['two-1', 'two-2', '--out', 'refused']);
      assert.equal(r.code, 2, r.said);
      assert.match(r.said, /^apidesc-docs: two-2 was built by apidesc-docs 9\.9\.9 and two-1 by [\d.]+: build every shard with the same version$/m);
      assert.ok(!existsSync(join(dir, 'refused')));
    } finally {
      writeFileSync(manifest, text);
    }
  });

  it('refuses shards whose pages of the whole differ, as a shard changed by hand', async () => {
    const root = join(dir, 'two-2/index.html');
    const text = readFileSync(root, 'utf8');
    writeFileSync(root, text.replace('</body>', '<p>added</p></body>'));
    try {
      const r = await merge(['two-1', 'two-2', '--out', 'refused']);
      assert.equal(r.code, 2, r.said);
      assert.match(r.said, /^apidesc-docs: index\.html differs between the shards two-1 and two-2, which every shard makes the same/m);
      // Nor its staging folder: what was copied is removed.
      assert.deepEqual(
        readdirSync(dir).filter((name) => name.startsWith('refused')),
        [],
      );
    } finally {
      writeFileSync(root, text);
    }
  });

  it('never replaces a folder it did not write, nor a shard, nor the working folder', async () => {
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine/notes.txt'), 'keep me');
    const cases: [string, RegExp][] = [
      ['mine', /^apidesc-docs: --out mine is a folder that apidesc-docs did not write/m],
      ['two-1', /^apidesc-docs: --out two-1 is the shard two-1 /m],
      ['two-1/site', /^apidesc-docs: --out two-1\/site is inside the shard two-1, which merge reads/m],
      ['.', /^apidesc-docs: --out \. is the working folder /m],
    ];
    for (const [out, message] of cases) {
      const r = await merge(['two-1', 'two-2', '--out', out]);
      assert.equal(r.code, 2, r.said);
      assert.match(r.said, message);
    }
    assert.equal(readFileSync(join(dir, 'mine/notes.txt'), 'utf8'), 'keep me');
    assert.deepEqual(readdirSync(join(dir, 'mine')), ['notes.txt']);
    assert.ok(!existsSync(join(dir, 'two-1/site')));
    assert.equal(shardFile(join(dir, 'two-1')).shard, 1);
  });

  it('says what is wrong with --shard, and where it does not belong', async () => {
    const usages: [string[], RegExp][] = [
      [['build', 'apis', '--shard', '3/2'], /^apidesc-docs: --shard 3\/2: the shard must be between 1 and 2 \(shards are counted from 1\)$/m],
      [['build', 'apis', '--shard', 'half'], /^apidesc-docs: --shard must be i\/n, e\.g\. --shard 1\/4 \(the first of four shards\), not "half"$/m],
      [['validate', 'apis', '--shard', '1/2'], /^apidesc-docs: --shard belongs to build$/m],
      [
        ['build', 'apis/orders.yaml', '--shard', '1/2', '--compare', 'apis/orders.yaml', '--out', 'refused'],
        /^apidesc-docs: --shard builds a published portal in parts, not a comparison/m,
      ],
    ];
    for (const [args, message] of usages) {
      const r = await runIn(dir, args);
      assert.equal(r.code, 2, r.out + r.err);
      assert.match(r.err, message);
    }
    assert.ok(!existsSync(join(dir, 'refused')));
  });
});
