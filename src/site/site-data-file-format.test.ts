/** The site data file: what the prepare step writes, the renderer reads back unchanged. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from '../lib/model/pages.ts';
import { readSiteLines, writeSiteLines } from './site-data-file-format.ts';
import { DEFAULT_SETTINGS, type SiteData } from './site-data.ts';

const page = (id: string, title: string): Page => ({ kind: 'channel', id, url: `channels/${id}/`, pointer: `/channels/${id}`, source: { file: 'a.yaml', pointer: `/channels/${id}`, line: 3 }, title, usedBy: [], tags: [], protocols: ['sns'], badges: [], facts: [], sections: [] });

describe('site data file', () => {
  it('reads back exactly what was written: several APIs, settings, text with line breaks and any character', () => {
    const site: SiteData = {
      settings: { ...DEFAULT_SETTINGS, title: 'Portal' },
      apis: [
        { slug: 'a', title: 'A', version: '1', infoFacts: [], prefix: 'a/', counts: { channels: 2 }, downloads: [], pages: [page('one', 'Line\nbreak \u2028 and \u00e9\u6f22\u{1f680}'), page('two', '"quoted" \\ back')] },
        { slug: 'b', title: 'B', version: '2', infoFacts: [], prefix: 'b/', counts: {}, downloads: [], pages: [] },
        { slug: 'c', title: 'C', version: '3', infoFacts: [], prefix: 'c/', counts: {}, downloads: [], pages: [page('three', 'Three')], errorCount: 1 },
      ],
    };
    const chunks: string[] = [];
    writeSiteLines(site, (c) => chunks.push(c));
    assert.equal(chunks.length, 1 + 3, 'a head line, then a line per page');
    assert.deepEqual(readSiteLines(Buffer.from(chunks.join(''), 'utf8')), site);
  });

  it('refuses a file cut short', () => {
    const chunks: string[] = [];
    writeSiteLines({ apis: [{ slug: 'a', title: 'A', version: '1', infoFacts: [], prefix: '', counts: {}, downloads: [], pages: [page('one', 'One')] }] }, (c) => chunks.push(c));
    assert.throws(() => readSiteLines(Buffer.from(chunks[0]!, 'utf8')), /ends early/);
  });
});
