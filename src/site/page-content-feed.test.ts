/** The renderer waiting for each page's content while the prepare step appends it. */
import assert from 'node:assert/strict';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../../test/helpers.ts';
import type { Page } from '../lib/model/page-types.ts';
import type { EntityKind } from '../lib/model/types.ts';
import { PageContentFeed } from './page-content-feed.ts';
import { contentLine, readSummaries, summaryLine } from './site-data-file-format.ts';

const page = (id: string, kind: EntityKind = 'channel'): Page => ({
  kind,
  id,
  url: `${kind}s/${id}/`,
  pointer: `/${kind}s/${id}`,
  source: { file: 'a.yaml', pointer: `/${kind}s/${id}`, line: 3 },
  title: id,
  usedBy: [],
  tags: [],
  protocols: [],
  badges: [],
  descriptionHtml: `<p>${id} \u00e9\u6f22</p>`,
  facts: [{ label: 'Id', text: id }],
  sections: [],
});

/** Pages as the renderer reads them from summaries, and their content lines as the prepare step writes them. */
function fixture(ids: string[], whole: string[] = []): { pages: Page[]; waiting: Page[]; lines: string[]; file: string } {
  const originals = ids.map((id) => page(id, whole.includes(id) ? 'server' : 'channel'));
  const head =
    JSON.stringify({ apis: [{ slug: 'a', title: 'A', version: '1', infoFacts: [], prefix: '', counts: {}, downloads: [], pageCount: ids.length }] }) + '\n';
  const { site, waiting } = readSummaries(Buffer.from(head + originals.map((p) => summaryLine(p, whole.includes(p.id))).join(''), 'utf8'));
  const file = join(tempDir('apidesc-feed-'), 'site.json.content');
  writeFileSync(file, '');
  return { pages: site.apis[0]!.pages, waiting, lines: originals.filter((p) => !whole.includes(p.id)).map(contentLine), file };
}

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((ready) => setTimeout(ready, 40));
  return done;
};

describe('page content feed', () => {
  it('lets a page wait until its line is complete, filling the pages before it on the way', async () => {
    const { pages, waiting, lines, file } = fixture(['one', 'two', 'three']);
    const feed = new PageContentFeed(file, waiting, () => {});
    const third = feed.arrived(pages[2]!);
    appendFileSync(file, lines[0]! + lines[1]!);
    assert.equal(await settled(third), false, 'the third line is not written yet');
    assert.deepEqual(pages[0]!.facts, [{ label: 'Id', text: 'one' }], 'the first page has its content');
    assert.throws(() => pages[2]!.facts, /before it arrived/);
    appendFileSync(file, lines[2]!.slice(0, 20));
    assert.equal(await settled(third), false, 'half a line is not a line');
    appendFileSync(file, lines[2]!.slice(20));
    await third;
    assert.equal(pages[2]!.descriptionHtml, '<p>three \u00e9\u6f22</p>');
    await feed.all();
  });

  it('resolves at once for a page that came whole, and all() once the last line is in', async () => {
    const { pages, waiting, lines, file } = fixture(['srv', 'one'], ['srv']);
    const feed = new PageContentFeed(file, waiting, () => {});
    assert.equal(await settled(feed.arrived(pages[0]!)), true);
    const all = feed.all();
    assert.equal(await settled(all), false);
    appendFileSync(file, lines[0]!);
    await all;
    assert.deepEqual(pages[1]!.facts, [{ label: 'Id', text: 'one' }]);
  });

  it('reads a file found whole in small parts the same (lines cut across reads)', async () => {
    const { pages, waiting, lines, file } = fixture(['one', 'two', 'three']);
    appendFileSync(file, lines.join(''));
    await new PageContentFeed(file, waiting, () => {}, 7).all();
    assert.deepEqual(
      pages.map((p) => p.facts),
      [[{ label: 'Id', text: 'one' }], [{ label: 'Id', text: 'two' }], [{ label: 'Id', text: 'three' }]],
    );
    assert.equal(pages[1]!.descriptionHtml, '<p>two \u00e9\u6f22</p>');
  });

  it('stops waiting when told the file will not be written on (the build ended)', async () => {
    const { pages, waiting, file } = fixture(['one']);
    let gone = false;
    const feed = new PageContentFeed(file, waiting, () => {
      if (gone) throw new Error('the build that started this renderer has ended');
    });
    const first = feed.arrived(pages[0]!);
    gone = true;
    await assert.rejects(first, /has ended/);
  });

  it('refuses a content file with more lines than pages', async () => {
    const { pages, waiting, lines, file } = fixture(['one']);
    appendFileSync(file, lines[0]! + lines[0]!);
    await assert.rejects(new PageContentFeed(file, waiting, () => {}).arrived(pages[0]!), /more lines than pages/);
  });
});
