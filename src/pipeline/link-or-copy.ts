/**
 * A file placed in a second folder without copying its bytes: a hard link where the file system
 * allows one, else a copy (a copy-on-write clone where the file system has them). The build cache
 * places its entries into a site this way (cache/build-cache.ts), and `merge` the shards' files
 * into the merged site (shards/merge-shards.ts): copying a portal's 100,000 files was most of a
 * merge's time. Whoever writes such a file afterwards replaces it (build-cache.ts `replaceFile`)
 * rather than writing into it, so that the other folder's file never changes with it.
 */
import { constants, copyFileSync, linkSync } from 'node:fs';

/** Why a file system refuses a hard link where a copy would do. */
const LINK_REFUSED = new Set(['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP', 'EOPNOTSUPP', 'EACCES', 'ENOSYS']);

/** Hard-links `from` as `to`; false when the file system does not allow it (another disk, no links, too many links). */
export function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if (LINK_REFUSED.has((error as NodeJS.ErrnoException).code ?? '')) return false;
    throw error;
  }
}

/** `from` placed as `to` (a new file): linked, else copied. */
export function linkOrCopy(from: string, to: string): void {
  if (!tryLink(from, to)) copyFileSync(from, to, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL);
}
