/**
 * Writes the lists of the site's addresses that its 404 page reads to suggest the page an
 * address meant (src/site/route-list.ts): from the pages as written, so that every page is in
 * them (section lists, their later pages, used-by pages and guides too) and nothing else is.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { ROUTE_LIST_FOLDER, routeListFiles } from '../site/route-list.ts';

/** Folders at the root of a site that hold no page: the search index, bundled assets, the documents' files, the lists themselves. */
const NOT_PAGES = new Set(['pagefind', '_astro', 'source', ROUTE_LIST_FOLDER]);

export function writeRouteLists(siteDir: string): void {
  for (const [path, file] of routeListFiles(pageFolders(siteDir))) {
    const target = join(siteDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(file) + '\n');
  }
}

/** Every folder of the site with an `index.html`, relative to the site's root, with `/`. */
function pageFolders(siteDir: string): string[] {
  const folders: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!(dir === siteDir && NOT_PAGES.has(entry.name))) walk(join(dir, entry.name));
      } else if (entry.name === 'index.html') {
        folders.push(relative(siteDir, dir).split(sep).join('/'));
      }
    }
  };
  walk(siteDir);
  return folders;
}
