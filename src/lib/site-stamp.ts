/**
 * The stamp file at the root of every site this tool writes: what lets a later build replace the
 * folder (src/pipeline/output-folder.ts), a folder argument skip it (its `source/` holds copies
 * of the documents), and `preview` serve it at its base.
 */
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file every site of this tool carries at its root: what makes a folder ours to replace. */
export const SITE_STAMP = '.apidesc-docs';
/** What the stamp says: whose the folder is, and the path the site is served from (`preview` serves it there). */
interface Stamp {
  note: string;
  base: string;
}

export const stampText = (base: string): string =>
  JSON.stringify({ note: 'A site written by apidesc-docs; a later build may replace this folder as a whole.', base } satisfies Stamp) + '\n';

/** The path a site of ours is served from, as its stamp says (`/` when it does not say). */
export function siteBase(dir: string): string {
  try {
    const stamp = JSON.parse(readFileSync(join(dir, SITE_STAMP), 'utf8')) as Partial<Stamp>;
    return typeof stamp.base === 'string' && /^\/(?![/\\])/.test(stamp.base) ? stamp.base.replace(/\/?$/, '/') : '/';
  } catch {
    return '/';
  }
}

/** Whether `dir` is a folder this tool wrote: its stamp is a regular file (not a link to one). */
export function isOurSite(dir: string): boolean {
  try {
    return lstatSync(join(dir, SITE_STAMP)).isFile();
  } catch {
    return false;
  }
}
