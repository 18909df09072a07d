/**
 * The search index: Pagefind over the built pages, written to `pagefind/` in the site. Run as part
 * of every build, so a missing or empty index fails it. Characters that ids and addresses are
 * made of (`user/signedup`, `lighting.measured`, `{tenantId}`) are kept inside words, so they
 * can be found as typed.
 */
import { join } from 'node:path';
import * as pagefind from 'pagefind';

export async function writeSearchIndex(siteDir: string): Promise<number> {
  const { index, errors } = await pagefind.createIndex({ includeCharacters: '_-./@:{}$#', forceLanguage: 'en' });
  try {
    if (!index) throw new Error(`the search index could not be created: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: siteDir });
    if (added.errors.length > 0) throw new Error(`indexing failed: ${added.errors.join('; ')}`);
    if (added.page_count === 0) throw new Error('the search index is empty: no page has data-pagefind-body');
    const written = await index.writeFiles({ outputPath: join(siteDir, 'pagefind') });
    if (written.errors.length > 0) throw new Error(`the search index could not be written: ${written.errors.join('; ')}`);
    return added.page_count;
  } finally {
    await pagefind.close();
  }
}
