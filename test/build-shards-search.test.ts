/**
 * A portal whose search index is in parts of whole APIs, built in shards (issue 37): each shard
 * is dealt whole parts and indexes them itself, the very parts a build of the whole makes; `merge`
 * places them side by side without indexing anything again, and the merged site, its search
 * index too, is the same bytes as a build of the whole, cold or from the cache, with or without
 * the cache. A part that no shard has stops the merge.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FourApiPortal } from './portal-pair.ts';
import { assertSameSite } from './same-site.ts';

/** The folders of the index's parts in a site: `''` for `pagefind/` itself when it holds a part. */
function partsIn(site: string): string[] {
  const folder = join(site, 'pagefind');
  const parts = readdirSync(folder).filter((name) => /^part-\d+$/.test(name) && existsSync(join(folder, name, 'pagefind-entry.json')));
  return [...(existsSync(join(folder, 'pagefind-entry.json')) ? [''] : []), ...parts.sort()];
}

describe('a portal built in shards, each indexing its own parts of the search index', { timeout: 600_000 }, () => {
  let portal: FourApiPortal;
  let dir = '';

  before(async () => {
    portal = new FourApiPortal();
    dir = portal.dir;
    // Parts of one API each (src/pipeline/cache/search-group-plan.ts), as a large portal's hold several.
    process.env.APIDESC_SEARCH_PAGES_PER_INDEX = '1';
    await portal.build(['--out', 'whole']);
  });
  after(() => {
    delete process.env.APIDESC_SEARCH_PAGES_PER_INDEX;
    portal.remove();
  });

  it('each shard indexes the parts of its APIs only, and merge places them: the site of the whole, search index included', async () => {
    assert.deepEqual(partsIn(join(dir, 'whole')), ['', 'part-2', 'part-3', 'part-4']);
    const shards = ['two-1', 'two-2'];
    for (const [i, out] of shards.entries()) {
      const said = await portal.build(['--shard', `${i + 1}/2`, '--out', out]);
      assert.match(said, /^Search index: \d+ pages of this shard's APIs, in their parts of the portal's index\.$/m);
    }
    const [one, two] = shards.map((out) => partsIn(join(dir, out)));
    assert.ok(one!.length > 0 && two!.length > 0, `each shard has parts: ${one} / ${two}`);
    assert.deepEqual([...one!, ...two!].sort(), ['', 'part-2', 'part-3', 'part-4'], 'each part in one shard');
    const merged = await portal.ok(['merge', ...shards, '--out', 'merged']);
    assert.match(merged, /^Merged 2 shard\(s\), 4 API\(s\), \d+ pages \(search index: \d+\), into merged in [\d.]+ s\.$/m);
    // Indexed again by the merge, the index would be made whole (in parts of one page here), not of these parts.
    assertSameSite(join(dir, 'merged'), join(dir, 'whole'));
  });

  it('the same index built without the cache, and from the cache', async () => {
    await portal.ok(['build', 'apis', '--out', 'no-cache']);
    assertSameSite(join(dir, 'no-cache'), join(dir, 'whole'));
    const again = await portal.ok(['build', 'apis', '--cache', 'cache-1', '--out', 'from-cache']);
    assert.match(again, /^Search index parts: 4 of 4 reused from the build cache\.$/m);
    assertSameSite(join(dir, 'from-cache'), join(dir, 'whole'));
  });

  it('a shard built again with its cache copies its parts from it', async () => {
    const again = await portal.ok(['build', 'apis', '--shard', '1/2', '--cache', 'cache-2', '--out', 'two-1-again']);
    const parts = partsIn(join(dir, 'two-1')).length;
    assert.match(again, new RegExp(`^Search index parts: ${parts} of ${parts} reused from the build cache\\.$`, 'm'));
    assertSameSite(join(dir, 'two-1-again'), join(dir, 'two-1'));
  });

  it('refuses a merge where a part of the index is in no shard, and writes nothing', async () => {
    const damaged = 'two-2-damaged';
    cpSync(join(dir, 'two-2'), join(dir, damaged), { recursive: true });
    const [part] = partsIn(join(dir, damaged));
    rmSync(join(dir, damaged, 'pagefind', part!, 'pagefind-entry.json'));
    const r = await portal.merge(['two-1', damaged, '--out', 'refused']);
    assert.equal(r.code, 2, r.said);
    const named = part === '' ? 'first part' : `part ${part}`;
    assert.match(
      r.said,
      new RegExp(`^apidesc-docs: no shard has the search index's ${named}: build every shard again with the same version and options$`, 'm'),
    );
    assert.ok(!existsSync(join(dir, 'refused')));
  });
});
