/** The site data files: what the prepare step writes, the renderer reads back unchanged. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from '../lib/model/page-types.ts';
import { completeOnRead } from '../cli/site-data-file.ts';
import { contentLine, fillContent, headLine, readSummaries, summaryLine, writeSiteLines } from './site-data-file-format.ts';
import { DEFAULT_SETTINGS, type SiteData } from './site-data-types.ts';

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

describe('site data file', () => {
  it('reads back exactly what was written: several APIs, settings, text with line breaks and any character', () => {
    const site: SiteData = {
      settings: { ...DEFAULT_SETTINGS, title: 'Portal' },
      apis: [
        {
          slug: 'a',
          title: 'A',
          version: '1',
          infoFacts: [],
          prefix: 'a/',
          counts: { channels: 2 },
          downloads: [],
          catalog: { protocols: [], tags: [] },
          pages: [page('one', 'Line\nbreak \u2028 and \u00e9\u6f22\u{1f680}'), page('two', '"quoted" \\ back')],
        },
        { slug: 'b', title: 'B', version: '2', infoFacts: [], prefix: 'b/', counts: {}, downloads: [], catalog: { protocols: [], tags: [] }, pages: [] },
        {
          slug: 'c',
          title: 'C',
          version: '3',
          infoFacts: [],
          prefix: 'c/',
          counts: {},
          downloads: [],
          catalog: { protocols: [], tags: [] },
          pages: [page('three', 'Three')],
          errorCount: 1,
        },
      ],
    };
    const chunks: string[] = [];
    writeSiteLines(site, (c) => chunks.push(c));
    assert.equal(chunks.length, 1 + 3, 'a head line, then a line per page');
    const read = readSummaries(Buffer.from(chunks.join(''), 'utf8'));
    assert.deepEqual(read.site, site);
    assert.deepEqual(read.waiting, [], 'whole pages wait for nothing');
  });

  it('refuses a file cut short', () => {
    const chunks: string[] = [];
    writeSiteLines(
      {
        apis: [
          {
            slug: 'a',
            title: 'A',
            version: '1',
            infoFacts: [],
            prefix: '',
            counts: {},
            downloads: [],
            catalog: { protocols: [], tags: [] },
            pages: [page('one', 'One')],
          },
        ],
      },
      (c) => chunks.push(c),
    );
    assert.throws(() => readSummaries(Buffer.from(chunks[0]!, 'utf8')), /ends early/);
  });

  it('sends pages as summaries first and their content after; read before it arrived, a page throws', () => {
    const pages = [
      withContent(page('one', 'One'), 'first \u2028 line\nbreak'),
      withContent(page('two', 'Two'), 'second'),
      withContent({ ...page('srv', 'Server'), kind: 'server', url: 'servers/srv/' }, 'whole'),
    ];
    // A page without a description.
    delete pages[1]!.descriptionHtml;
    const site: SiteData = {
      apis: [
        {
          slug: 'a',
          title: 'A',
          version: '1',
          infoFacts: [],
          prefix: '',
          counts: {},
          downloads: [],
          catalog: { protocols: [], tags: [] },
          pages: structuredClone(pages),
        },
      ],
    };
    const whole = (p: Page): boolean => p.kind === 'server';
    const summaries = headLine(site) + site.apis[0]!.pages.map((p) => summaryLine(p, whole(p))).join('');
    const content = site.apis[0]!.pages.filter((p) => !whole(p)).map(contentLine);

    const { site: read, waiting } = readSummaries(Buffer.from(summaries, 'utf8'));
    const readPages = read.apis[0]!.pages;
    assert.deepEqual(
      waiting.map((p) => p.id),
      ['one', 'two'],
      'the pages still to come, in order',
    );
    assert.deepEqual(readPages[2], pages[2], 'a page that decides routes comes whole');
    assert.equal(readPages[0]!.title, 'One', 'the summary is there at once');
    assert.throws(() => readPages[0]!.sections, /content of the page channels\/one\/ was read before it arrived/);
    assert.throws(() => readPages[1]!.descriptionHtml, /before it arrived/);

    waiting.forEach((p, i) => {
      fillContent(p, content[i]!.trimEnd());
    });
    assert.deepEqual(readPages, pages);
    assert.equal('descriptionHtml' in readPages[1]!, false, 'a page without a description has none, as before');
  });

  it('writes the summary of a page that completes itself on read without completing it', () => {
    const lazy = page('lazy', 'Lazy');
    let completed = 0;
    completeOnRead(lazy, (p) => {
      completed++;
      Object.assign(p, withContent(p, 'late'));
    });
    const line = summaryLine(lazy, false);
    assert.equal(completed, 0);
    assert.equal(JSON.parse(line).sections, undefined);
    assert.deepEqual(JSON.parse(contentLine(lazy)).facts, [{ label: 'Address', text: 'late' }]);
    assert.equal(completed, 1);
  });
});
