/** The site data of several documents: each API under a folder of its own that no site folder takes. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { validateDocument } from '../lib/validate/validate-document.ts';
import { MINIMAL, tempTree } from '../../test/helpers.ts';
import { buildSiteData } from './site-data-file.ts';

describe('portal folders', () => {
  it('never gives an API the name of a folder the site itself uses (search/, guides/, pagefind/, …)', async () => {
    const dir = tempTree({ 'search.yaml': MINIMAL, 'guides.yaml': MINIMAL, 'orders.yaml': MINIMAL });
    const docs = [];
    for (const name of ['search.yaml', 'guides.yaml', 'orders.yaml']) {
      const file = join(dir, name);
      const { doc } = await validateDocument(file, { cwd: dir });
      docs.push({ file, doc: doc! });
    }
    const { site } = buildSiteData(docs, dir);
    assert.deepEqual(site.apis.map((a) => a.prefix), ['search-api/', 'guides-api/', 'orders/']);
  });
});
