/** The site data stream: what the prepare step writes, the renderer reads back unchanged, each page as its line comes. */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import type { Page } from '../lib/model/page-types.ts';
import { contentLine, headLine, lineReader, READ_AHEAD_PAGES, readSiteStream, summaryLine, wholeSiteLines } from './site-stream.ts';
import { DEFAULT_SETTINGS, type SiteApi, type SiteData } from './site-data-types.ts';

const page = (id: string, title: string): Page => ({
  kind: 'channel',
  id,
  url: `channels/${id}/`,
  pointer: `/channels/${id}`,
  source: { file: 'a.yaml', pointer: `/channels/${id}`, line: 3 },
  title,
  usedBy: [],
  tags: [],
  protocols: ['sns'],
  badges: [],
  facts: [],
  sections: [],
});

const withContent = (p: Page, text: string): Page => ({
  ...p,
  descriptionHtml: `<p>${text}</p>`,
  facts: [{ label: 'Address', text }],
  sections: [{ type: 'facts', heading: 'More', anchor: 'more', facts: [] }],
});

const api = (slug: string, pages: Page[], extra: Partial<SiteApi> = {}): SiteApi => ({
  slug,
  title: slug.toUpperCase(),
  version: '1',
  infoFacts: [],
  prefix: `${slug}/`,
  counts: {},
  downloads: [],
  catalog: { protocols: [], tags: [] },
  pages,
  ...extra,
});

/** Whether `promise` has settled after the stream had a moment to deliver what it was given. */
const settled = async (promise: Promise<unknown>): Promise<boolean> => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((ready) => setTimeout(ready, 20));
  return done;
};

/** A site of two APIs whose channel pages come as summaries and the server page whole, with the lines that carry it. */
function streamedFixture(): { site: SiteData; pages: Page[]; summaries: string; content: string[] } {
  const pages = [
    withContent(page('one', 'One'), 'first \u2028 line\nbreak'),
    withContent(page('two', 'Two'), 'second'),
    withContent({ ...page('srv', 'Server'), kind: 'server', url: 'servers/srv/' }, 'whole'),
    withContent(page('three', 'Three'), 'third'),
  ];
  // A page without a description.
  delete pages[1]!.descriptionHtml;
  const site: SiteData = { apis: [api('a', structuredClone(pages.slice(0, 3))), api('b', structuredClone(pages.slice(3)))] };
  const whole = (p: Page): boolean => p.kind === 'server';
  const all = site.apis.flatMap((a) => a.pages);
  return {
    site,
    pages,
    summaries: headLine(site) + all.map((p) => summaryLine(p, whole(p))).join(''),
    content: all.filter((p) => !whole(p)).map(contentLine),
  };
}

describe('site data stream', () => {
  it('reads back exactly what was written: several APIs, settings, text with line breaks and any character', async () => {
    const site: SiteData = {
      settings: { ...DEFAULT_SETTINGS, title: 'Portal' },
      apis: [
        api('a', [page('one', 'Line\nbreak \u2028 and \u00e9\u6f22\u{1f680}'), page('two', '"quoted" \\ back')], { counts: { channels: 2 } }),
        api('b', []),
        api('c', [page('three', 'Three')], { errorCount: 1 }),
      ],
    };
    const lines = wholeSiteLines(site);
    assert.equal(lines.length, 1 + 3, 'a head line, then a line per page');
    // Cut into chunks of 7 bytes: lines and characters cut in two are joined whole.
    const bytes = Buffer.from(lines.join(''), 'utf8');
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const read = await readSiteStream(chunks);
    assert.deepEqual(read.site, site);
    await read.allPageContent();
  });

  it('refuses a stream that ends before the summaries, or in the middle of a line', async () => {
    const lines = wholeSiteLines({ apis: [api('a', [page('one', 'One')])] });
    await assert.rejects(readSiteStream([lines[0]!]), /ended before every page summary/);
    await assert.rejects(readSiteStream([lines[0]!, lines[1]!.slice(0, 10)]), /middle of a line/);
  });

  it('gives the summaries at once and each page its content when its line comes, in order', async () => {
    const { pages, summaries, content } = streamedFixture();
    const stream = new PassThrough();
    stream.write(summaries);
    const source = await readSiteStream(stream);
    const read = source.site.apis.flatMap((a) => a.pages);
    assert.equal(read[0]!.title, 'One', 'the summary is there at once');
    assert.deepEqual(read[0]!.sections, [], 'a page has nothing to show before its content');
    assert.deepEqual(read[2], pages[2], 'a page that decides routes comes whole');
    assert.equal(await settled(source.pageContent(read[2]!)), true, 'and waits for nothing');
    const second = source.pageContent(read[1]!);
    const all = source.allPageContent();
    // The first line, and half of the second.
    stream.write(content[0]! + content[1]!.slice(0, 5));
    assert.equal(await settled(source.pageContent(read[0]!)), true);
    assert.deepEqual(read[0], pages[0]);
    assert.equal(await settled(second), false, 'a page waits until its whole line has come');
    stream.write(content[1]!.slice(5));
    assert.equal(await settled(second), true);
    assert.equal('descriptionHtml' in read[1]!, false, 'a page without a description has none, as before');
    assert.equal(await settled(all), false, 'the last page of the other API is still to come');
    stream.end(content[2]!);
    await all;
    assert.deepEqual(read, pages);
  });

  it('fails the pages still waiting when the stream ends early (the prepare step stopped), instead of leaving them hanging', async () => {
    const { summaries, content } = streamedFixture();
    const source = await readSiteStream([summaries, content[0]!]);
    const read = source.site.apis.flatMap((a) => a.pages);
    await source.pageContent(read[0]!);
    await assert.rejects(source.pageContent(read[1]!), /ended before the content of the page channels\/two\//);
    await assert.rejects(source.allPageContent(), /ended before/);
  });

  it("reads content no further than a few pages past the furthest page asked for, and lets a page's content go once it is released", async () => {
    const count = READ_AHEAD_PAGES * 3;
    const pages = Array.from({ length: count }, (_, i) => withContent(page(`c${i}`, `C${i}`), `text ${i}`));
    const site: SiteData = { apis: [api('a', structuredClone(pages))] };
    const all = site.apis[0]!.pages;
    // Every line is there at once, as in a file: only the renderer's demand decides how far it is read.
    const source = await readSiteStream([headLine(site) + all.map((p) => summaryLine(p, false)).join('') + all.map(contentLine).join('')]);
    const read = source.site.apis[0]!.pages;
    const filled = (): number => read.filter((p) => p.sections.length > 0).length;
    await new Promise((ready) => setTimeout(ready, 20));
    assert.equal(filled(), READ_AHEAD_PAGES, 'before any page is asked for, only the pages read ahead');
    await source.pageContent(read[10]!);
    await new Promise((ready) => setTimeout(ready, 20));
    assert.equal(filled(), 10 + 1 + READ_AHEAD_PAGES);
    assert.deepEqual(read[10], pages[10]);
    source.release?.(read[10]!);
    assert.deepEqual(read[10]!.sections, [], 'released: its content is gone');
    assert.equal('descriptionHtml' in read[10]!, false);
    assert.equal(read[10]!.title, 'C10', 'and its summary stays');
    await source.allPageContent();
    assert.deepEqual(read[count - 1], pages[count - 1], 'every page is read once all are asked for');
  });

  it('splits lines of any length across chunks', async () => {
    const long = 'x'.repeat(100_000);
    const lines: string[] = [];
    for await (const line of lineReader([`a\n${long.slice(0, 10)}`, long.slice(10), '\n\nb\n'])) lines.push(line);
    assert.deepEqual(lines, ['a', long, '', 'b']);
  });
});
