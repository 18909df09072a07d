/**
 * The output folder of `build`, handled so that no build ever deletes what it did not write
 * (the manual, docs/manual/security.md, "What the output folder may replace").
 *
 * - A folder is replaced only when it is empty or holds the stamp file (SITE_STAMP) that every
 *   site this tool writes carries; a file, or a folder of anything else, stops the build.
 * - It may not be, or contain, a folder or file the build reads or the user works in (the
 *   working folder, the home folder, the reference root, the inputs, the configuration, …),
 *   compared as real paths so that a symbolic link cannot disguise one.
 * - The new site is made in a sibling `<out>.partial-<pid>-<random>` (stamped first) and swapped
 *   in with two renames; the old one goes to `<out>.old-<pid>-<random>` and is then removed,
 *   its stamp last. A build killed at any point leaves only folders named after its process id
 *   and stamped (or empty), which the next build into the same folder removes once that process
 *   is gone.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { realPath, within } from '../lib/real-path.ts';
import { processAlive } from '../perf/render-lock.ts';
import { isOurSite, SITE_STAMP, stampText } from '../lib/site-stamp.ts';

/** A path the output folder must not be or contain, and what to call it in the message. */
export interface ProtectedPath {
  path: string;
  what: string;
}

/** The places the build reads or the user lives in, which no output folder may hold. */
export function standardProtectedPaths(cwd: string): ProtectedPath[] {
  return [
    { path: cwd, what: 'the working folder' },
    { path: homedir(), what: 'your home folder' },
  ];
}

/**
 * Why `target` cannot be the output folder, or undefined when it can. `named` is the path as the
 * user wrote it, for the message.
 */
export function outputFolderProblem(target: string, named: string, protectedPaths: ProtectedPath[]): string | undefined {
  const real = realPath(target);
  if (dirname(real) === real) return `--out ${named} is the root of the file system. Choose a folder of its own for the site, e.g. --out dist.`;
  for (const { path, what } of protectedPaths) {
    if (within(real, realPath(path))) {
      const relation = realPath(path) === real ? 'is' : 'holds';
      return `--out ${named} ${relation} ${what} (${path}); the build replaces its output folder as a whole. Choose a folder of its own for the site, e.g. --out dist.`;
    }
  }
  let stat: Stats;
  try {
    stat = lstatSync(real);
  } catch {
    return undefined; // Nothing there yet.
  }
  if (!stat.isDirectory()) return `--out ${named} is a file, not a folder; the build never replaces a file. Choose a folder for the site.`;
  if (isOurSite(real) || readdirSync(real).length === 0) return undefined;
  return (
    `--out ${named} is a folder that apidesc-docs did not write (it has files and no ${SITE_STAMP} stamp), and the build replaces its output folder as a whole. ` +
    `Choose an empty or new folder, or remove this one yourself if you are sure it holds nothing you need (sites built before the stamp existed have to be removed once by hand).`
  );
}

/** A uniquely named sibling of `target` that names this process: `<out>.<kind>-<pid>-<random>`. */
function siblingName(target: string, kind: 'partial' | 'old'): string {
  return `${target}.${kind}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Makes the folder the new site is written into, beside `target`, stamped before anything else. */
export function makeStaging(target: string, base = '/'): string {
  mkdirSync(dirname(target), { recursive: true });
  const staging = siblingName(target, 'partial');
  // Not recursive: the name is new, and an existing folder of that name must not be adopted.
  mkdirSync(staging);
  writeFileSync(join(staging, SITE_STAMP), stampText(base), { flag: 'wx' });
  return staging;
}

/**
 * Puts `staging` where `target` is. Synchronous from the first rename to the second, so no
 * signal handler can run between them; the old site is removed only once the new one is in place.
 */
export function swapIn(staging: string, target: string): void {
  let old: string | undefined;
  try {
    lstatSync(target);
    old = siblingName(target, 'old');
  } catch {
    // Nothing to replace.
  }
  if (old) renameSync(target, old);
  try {
    renameSync(staging, target);
  } catch (error) {
    if (old) renameSync(old, target);
    throw error;
  }
  if (old) removeOurFolder(old);
}

/**
 * Removes a folder of ours: everything but the stamp, then the stamp, then the folder, so that a
 * removal cut short still leaves a folder that says whose it is. A folder without the stamp is
 * left alone unless it is empty.
 */
export function removeOurFolder(dir: string): void {
  let entries: string[];
  try {
    if (!lstatSync(dir).isDirectory()) return;
    entries = readdirSync(dir);
  } catch {
    return;
  }
  if (entries.length > 0 && !isOurSite(dir)) return;
  for (const entry of entries) if (entry !== SITE_STAMP) rmSync(join(dir, entry), { recursive: true, force: true });
  rmSync(join(dir, SITE_STAMP), { force: true });
  try {
    rmdirSync(dir);
  } catch {
    // Something was written into it meanwhile; a later build removes it.
  }
}

/**
 * Removes what builds into `target` that were killed left beside it: `<out>.partial-<pid>-…` and
 * `<out>.old-<pid>-…` folders whose process is gone, and only when they are ours (stamped) or empty.
 */
export function removeLeftovers(target: string): string[] {
  const parent = dirname(target);
  const pattern = new RegExp(`^${escapeRegExp(basename(target))}\\.(?:partial|old)-(\\d+)-[0-9a-f]{8}$`);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = pattern.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || processAlive(Number(pid))) continue;
    const dir = join(parent, name);
    try {
      removeOurFolder(dir);
    } catch {
      // Not removable now (a read-only file system): left for a later build; this one says what it cannot write.
    }
    if (!exists(dir)) removed.push(dir);
  }
  return removed;
}

const exists = (path: string): boolean => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
