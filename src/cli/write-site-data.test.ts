/** The site data as the build writes it, summaries first and content after, read back as the renderer reads it. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../../test/helpers.ts';
import { PageContentFeed } from '../site/page-content-feed.ts';
import { contentFileOf, readSummaries } from '../site/site-data-file-format.ts';
import { validateDocument } from '../lib/validate/validate-document.ts';
import { buildSiteData, CodeHighlighter, completePagesOnRead, highlightSite } from './site-data-file.ts';
import { writeSiteData } from './write-site-data.ts';

const repo = resolve(import.meta.dirname, '../..');
const file = join(repo, 'content/orders.apidesc.yaml');

async function docs(): Promise<{ file: string; doc: NonNullable<Awaited<ReturnType<typeof validateDocument>>['doc']>; diagnostics: [] }[]> {
  const { doc } = await validateDocument(file, { cwd: repo });
  assert.ok(doc);
  return [{ file, doc, diagnostics: [] }];
}

describe('writeSiteData', () => {
  for (const batchPages of [1, 25, 1000]) {
    it(`gives the renderer the same site as a model built whole (batches of ${batchPages})`, async () => {
      const whole = buildSiteData(await docs(), repo);
      await highlightSite(whole.site);
      const model = buildSiteData(await docs(), repo, { deferPages: true });
      completePagesOnRead(model);
      const dataFile = join(tempDir('apidesc-write-'), 'site.json');
      const highlighter = new CodeHighlighter({ parallel: false });
      let digests: Map<string, string>;
      try {
        digests = await writeSiteData(dataFile, model.site, highlighter, batchPages);
      } finally {
        await highlighter.close();
      }
      const { site, waiting } = readSummaries(readFileSync(dataFile));
      const servers = site.apis[0]!.pages.filter((p) => p.kind === 'server');
      assert.ok(servers.length > 0 && servers.every((p) => !waiting.includes(p)), 'servers come whole: their paged lists are routes');
      assert.equal(waiting.length, site.apis[0]!.pages.length - servers.length);
      assert.equal(readFileSync(contentFileOf(dataFile), 'utf8').split('\n').length - 1, waiting.length, 'a content line per other page');
      await new PageContentFeed(contentFileOf(dataFile), waiting, () => {}).all();
      assert.deepEqual(site, whole.site);
      assert.ok(JSON.stringify(site).includes('<pre class=\\"hl\\"'), 'the code is highlighted');
      assert.equal(digests.size, site.apis[0]!.pages.length, 'a digest per page');
    });
  }
});
