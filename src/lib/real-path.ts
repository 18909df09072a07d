/** Paths compared as the file system sees them: symbolic links followed, so that none disguises where a path leads. */
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** The real path of `path`, following links as far as the path exists (the rest kept as named). */
export function realPath(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(realPath(parent), basename(absolute));
  }
}

/** Whether `inner` is `outer` or lies inside it, as written (no links followed). */
export function within(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Whether `path` really lies inside one of `folders` once every link is followed. */
export function reallyWithin(folders: readonly string[], path: string): boolean {
  const real = realPath(path);
  return folders.some((folder) => within(realPath(folder), real));
}
