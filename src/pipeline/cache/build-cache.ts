/**
 * The build cache of a portal (issue 37): per API, the files a build wrote under the API's
 * folder (its pages, Markdown twins, llms files and source copies), kept under the key of what
 * they were made from (api-cache-key.ts), so that a later build of an unchanged API copies them
 * instead of making them again.
 *
 * Layout of the cache folder (default `node_modules/.cache/apidesc-docs`, `--cache <folder>`):
 *
 *   apidesc-docs-cache.json          the mark that this tool owns the folder's `apis/` and `search/`
 *   apis/<api slug>/manifest.json    the key, and every file with its size and SHA-256
 *   apis/<api slug>/files/…          the files, as under the API's folder of the site
 *   search/<part>/…                  the same for each part of the search index (search-groups.ts)
 *   summaries/<api slug>/manifest.json  an API's first-pass summary, no files (api-summary.ts)
 *
 * An entry is never trusted blindly: each file is read and its hash compared with the manifest
 * before anything of it is used, and an entry that fails (truncated, edited, of another key,
 * another layout) is rebuilt, never published. An entry placed by hard links (place) may instead
 * show each file unchanged by what the file system keeps of it, as git's index does: the file
 * it links is the very one that was hashed (its device and inode), of the same size, last
 * written at the same moment, which was before the hashing began (settledStats); anything else
 * is read and hashed. The cache only ever removes what it wrote: an
 * entry it replaces is one of its own folder, and a folder that holds files of someone else is
 * refused as a whole (cacheFolderProblem). Deleting the folder is always safe: the next build
 * makes every API again.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { processAlive } from '../../perf/render-lock.ts';
import { linkOrCopy, tryLink } from '../link-or-copy.ts';

/** The file that marks a folder as this tool's cache. */
export const CACHE_MARK = 'apidesc-docs-cache.json';
/** Bumped whenever an entry's layout or meaning changes: entries of another layout are rebuilt. */
const LAYOUT = 3;
const MARK_TEXT = `${JSON.stringify({ tool: 'apidesc-docs', layout: LAYOUT, what: 'build cache: safe to delete' })}\n`;

/** The kinds of entries: an API's files, a part of the search index, a version's site (build --versions), a bundled script (version-script.ts). */
export type EntryKind = 'apis' | 'search' | 'versions' | 'summaries' | 'scripts';

/** What an entry's manifest holds. */
export interface EntryManifest {
  tool: 'apidesc-docs';
  layout: number;
  /** The API's key when its files were written (api-cache-key.ts). */
  key: string;
  /** Each file relative to the API's folder (with `/`), its size in bytes and its SHA-256 (hex). */
  files: [path: string, size: number, sha256: string][];
  /**
   * Beside each of `files`, in its order, when the entry's file is the one that was hashed and
   * was last written before the hashing began: its device, inode and time of last change
   * (nanoseconds, as decimal text); null for a file that must be read to be checked.
   */
  settled?: (FileStamp | null)[];
  /** What the build needs of the entry besides its files (an API's page fingerprints, a search part's page count). */
  data: unknown;
}

/** A file of an entry, read and checked. */
export interface CachedFile {
  path: string;
  bytes: Buffer;
}

/** An entry found good: its files and its data. */
export interface CacheHit {
  files: CachedFile[];
  data: unknown;
}

/** An entry found good and placed into a folder (BuildCache.place): its files' paths and its data. */
export interface PlacedEntry {
  paths: string[];
  data: unknown;
}

/** What the file system keeps of a file that shows it unchanged since it was hashed: device, inode, last change (ns). */
export type FileStamp = [dev: string, ino: string, mtimeNs: string];

/** Why an entry was not used. */
export type CacheMiss = 'new' | 'changed' | 'damaged';

/**
 * The names of this tool's other files in its cache folder: renderer bundles (`renderer-<key>`),
 * the start-up bundle (`cli-<hash>.cjs`, its manifest and code caches) and the compiled validators
 * (`structural-<hash>.cjs`, src/lib/validate/structural-validators.ts).
 */
const TOOL_FILES = /^(?:renderer|cli|structural)-[0-9a-f]{16}(?:[.-]|$)/;

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Why `dir` cannot be the build cache, or undefined when it can: a folder that does not exist
 * yet, an empty one, one this tool marked, or one that holds only this tool's other files (run
 * from the package's own folder, the default folder is where it keeps its renderer bundles, its
 * start-up bundle and its compiled validators: TOOL_FILES). A folder of
 * anything else is refused: the cache would write beside, and later replace, what it did not write.
 */
export function cacheFolderProblem(dir: string, shown: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return `--cache ${shown} is a file, not a folder: name a folder for the build cache`;
    return `--cache ${shown} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  if (names.includes(CACHE_MARK) || names.every((name) => TOOL_FILES.test(name))) return undefined;
  return `--cache ${shown} holds files this tool did not write; name an empty or new folder for the build cache`;
}

/** The build cache in `dir` (a folder that passed cacheFolderProblem). */
export class BuildCache {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  get dir(): string {
    return this.#dir;
  }

  #entryDir(kind: EntryKind, name: string): string {
    return join(this.#dir, kind, name);
  }

  /**
   * The entry `name` of `kind` when it was written under `key` and every file is as its manifest
   * says; otherwise why not. Every byte is read and hashed: nothing of a damaged entry reaches a site.
   */
  read(kind: EntryKind, name: string, key: string): CacheHit | CacheMiss {
    const dir = this.#entryDir(kind, name);
    const read = manifestIn(dir);
    if (read === 'new' || read === 'damaged') return read;
    const manifest = read.manifest;
    if (!validManifest(manifest)) return 'damaged';
    if (manifest.key !== key) return 'changed';
    const files: CachedFile[] = [];
    for (const [path, size, hash] of manifest.files) {
      if (!safeRelative(path)) return 'damaged';
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(dir, 'files', path));
      } catch {
        return 'damaged';
      }
      if (bytes.length !== size || sha256(bytes) !== hash) return 'damaged';
      files.push({ path, bytes });
    }
    return { files, data: manifest.data };
  }

  /**
   * The data the entry `name` of `kind` was written with, whatever its key, unchecked: for a
   * caller whose key is made from it (the files a bundle was made of: version-script.ts), which
   * then reads the entry under that key (read), so that data that is not the entry's own finds
   * no entry.
   */
  unkeyedData(kind: EntryKind, name: string): unknown {
    const read = manifestIn(this.#entryDir(kind, name));
    return typeof read === 'object' && validManifest(read.manifest) ? read.manifest.data : undefined;
  }

  /**
   * Puts the files of the entry `name` of `kind` into `target` (a folder this build is making)
   * when it was written under `key`, `accept` takes its data, and every file is as its manifest
   * says; otherwise why not, with nothing of it left in `target`. Each file is hard-linked where
   * the file system allows (no bytes written; the cache is on the same disk as the site by
   * default) and copied otherwise; then the file as placed is read and hashed, so that what the
   * site holds is what the manifest read under `key` lists, even if another build swapped the
   * entry meanwhile. A site's file and its entry's may so be one file on disk: nothing writes
   * into either in place (entries are replaced whole, sites swapped in whole), and an entry
   * changed all the same fails this check next time and is rebuilt.
   *
   * A file placed by a link to the very file that was hashed (same device and inode), of the
   * size and time of last change the manifest keeps (`settled`), is not read again: any write
   * into it changes its time, any replacement its inode, and a copy of the cache (another disk,
   * a cache restored elsewhere) has new inodes, so is read and hashed whole. What this does not
   * see is a change made with the file's time set back on purpose, or bytes rotting on disk:
   * the build trusts its file system as git trusts its index.
   */
  place(kind: EntryKind, name: string, key: string, target: string, accept: (data: unknown) => boolean = () => true): PlacedEntry | CacheMiss {
    const dir = this.#entryDir(kind, name);
    const read = manifestIn(dir);
    if (read === 'new' || read === 'damaged') return read;
    const manifest = read.manifest;
    if (!validManifest(manifest) || (manifest.key === key && !accept(manifest.data))) return 'damaged';
    if (manifest.key !== key) return 'changed';
    if (!manifest.files.every(([path]) => safeRelative(path))) return 'damaged';
    const placed: string[] = [];
    const made: string[] = [];
    const madeSet = new Set<string>();
    const undo = (): 'damaged' => {
      for (const file of placed) rmSync(file, { force: true });
      // Deepest first: the folders made for the entry, each only if nothing else came into it.
      for (const folder of made.sort((a, b) => b.length - a.length)) {
        try {
          rmdirSync(folder);
        } catch {
          // Not empty (the site's own files) or gone: left as it is.
        }
      }
      return 'damaged';
    };
    const settled = manifest.settled;
    for (const [index, [path, size, hash]] of manifest.files.entries()) {
      const to = join(target, path);
      const folder = dirname(to);
      if (!madeSet.has(folder)) {
        const first = mkdirSync(folder, { recursive: true });
        if (first !== undefined) for (let f = folder; f.length >= first.length; f = dirname(f)) made.push(f);
        madeSet.add(folder);
      }
      try {
        linkOrCopy(join(dir, 'files', path), to);
      } catch {
        return undo();
      }
      placed.push(to);
      const stamp = settled?.[index];
      if (stamp && sameStamp(to, size, stamp)) continue;
      const bytes = readFileSync(to);
      if (bytes.length !== size || sha256(bytes) !== hash) return undo();
    }
    return { paths: manifest.files.map(([path]) => path), data: manifest.data };
  }

  /**
   * Keeps the files under `from` (an API's folder of a site just built, a part of its search
   * index) as the entry `name` of `kind` under `key`, with `data`; `keep` chooses the files (by
   * their path relative to `from`). Written beside, then swapped in: a build that stops halfway
   * leaves the old entry or none, and a half-written folder that a later write removes. With
   * `link`, each file is hard-linked rather than copied where the file system allows (for files
   * nothing writes into again: an API's pages, a search part; see place()).
   */
  write(
    kind: EntryKind,
    name: string,
    key: string,
    from: string | undefined,
    data: unknown,
    keep: (path: string) => boolean = () => true,
    { link = false }: { link?: boolean } = {},
  ): void {
    this.#markFolder(kind);
    const entry = this.#entryDir(kind, name);
    const partial = `${entry}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    const files: EntryManifest['files'] = [];
    const settled: (FileStamp | null)[] = [];
    // Each folder made once (a recursive mkdir of a folder that is there costs a call per level).
    const made = new Set<string>();
    // An entry of data alone (an API's first-pass summary: api-summary.ts) has no folder of files.
    const source = from ?? '';
    // Only a file last written before this moment (by the file system's clock) is stamped: one
    // written again later, even within the same tick of that clock, has a later time.
    const started = link ? fileSystemNow(partial) : undefined;
    for (const path of from === undefined ? [] : filesBelow(from).filter(keep)) {
      const file = join(source, path);
      // Taken before the bytes are read: a change after it shows in the file's time.
      const before = started === undefined ? undefined : statSync(file, { bigint: true });
      const bytes = readFileSync(file);
      const target = join(partial, 'files', path);
      const folder = dirname(target);
      if (!made.has(folder)) mkdirSync(folder, { recursive: true });
      made.add(folder);
      const linked = link && tryLink(file, target);
      if (!linked) writeFileSync(target, bytes);
      files.push([path, bytes.length, sha256(bytes)]);
      settled.push(
        linked && before && started !== undefined && before.mtimeNs < started ? [String(before.dev), String(before.ino), String(before.mtimeNs)] : null,
      );
    }
    const manifest: EntryManifest = {
      tool: 'apidesc-docs',
      layout: LAYOUT,
      key,
      files,
      ...(settled.some((s) => s !== null) ? { settled } : {}),
      data,
    };
    mkdirSync(partial, { recursive: true });
    writeFileSync(join(partial, 'manifest.json'), `${JSON.stringify(manifest)}\n`);
    const old = `${entry}.old-${process.pid}`;
    try {
      if (existsSync(entry)) renameSync(entry, old);
      renameSync(partial, entry);
    } finally {
      // Another build of the same cache that swapped its entry in first keeps it; this one's goes.
      rmSync(partial, { recursive: true, force: true });
      rmSync(old, { recursive: true, force: true });
    }
  }

  /**
   * write(), for a build that goes on without the entry when it cannot be written (a full disk,
   * another build swapping the same entry in): returns why not, or undefined when written. What
   * it had written of it is removed.
   */
  tryWrite(...args: Parameters<BuildCache['write']>): string | undefined {
    try {
      this.write(...args);
      return undefined;
    } catch (error) {
      rmSync(`${this.#entryDir(args[0], args[1])}.partial-${process.pid}`, { recursive: true, force: true });
      return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    }
  }

  /** Removes what builds that ended without cleaning up left in `apis/` and `search/` (their process is gone). */
  removeLeftovers(): void {
    for (const kind of ['apis', 'search', 'versions', 'summaries', 'scripts'] as const) {
      let names: string[];
      try {
        names = readdirSync(join(this.#dir, kind));
      } catch {
        continue;
      }
      for (const name of names) {
        const pid = /\.(?:partial|old)-(\d+)$/.exec(name)?.[1];
        if (pid !== undefined && !processAlive(Number(pid))) rmSync(join(this.#dir, kind, name), { recursive: true, force: true });
      }
    }
  }

  #markFolder(kind: EntryKind): void {
    mkdirSync(join(this.#dir, kind), { recursive: true });
    const mark = join(this.#dir, CACHE_MARK);
    if (!existsSync(mark)) writeFileSync(mark, MARK_TEXT);
  }
}

/**
 * The file system's clock now, as it stamps files (coarser than the process's clocks, and the
 * only one a file's time can be compared with): the time of a file written for the purpose in
 * `folder` (made when missing), which is removed.
 */
function fileSystemNow(folder: string): bigint {
  mkdirSync(folder, { recursive: true });
  const probe = join(folder, `.now-${process.pid}`);
  writeFileSync(probe, '');
  try {
    return statSync(probe, { bigint: true }).mtimeNs;
  } finally {
    rmSync(probe, { force: true });
  }
}

/** Whether the file `file` (just linked from an entry) is the one stamped, unchanged since: device, inode, size and time. */
function sameStamp(file: string, size: number, [dev, ino, mtimeNs]: FileStamp): boolean {
  const now = lstatSync(file, { bigint: true });
  return now.isFile() && String(now.dev) === dev && String(now.ino) === ino && now.size === BigInt(size) && String(now.mtimeNs) === mtimeNs;
}

/**
 * Writes `content` as `file`, a file of a site that may be one file on disk with an entry of the
 * build cache (BuildCache.place, write with `link`): a new file renamed over it, so that neither
 * the cache's copy nor another site's changes with it.
 */
export function replaceFile(file: string, content: string | Uint8Array): void {
  const fresh = `${file}.new-${process.pid}`;
  try {
    writeFileSync(fresh, content);
    renameSync(fresh, file);
  } finally {
    rmSync(fresh, { force: true });
  }
}

/** Every file below `dir`, relative to it with `/`, sorted. */
export function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** A manifest's path stays inside the entry: no `..`, no absolute path, no empty segment. */
function safeRelative(path: string): boolean {
  return path !== '' && !path.startsWith('/') && !path.includes('\\') && path.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

function validManifest(value: unknown): value is EntryManifest {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Partial<EntryManifest>;
  return (
    m.tool === 'apidesc-docs' &&
    m.layout === LAYOUT &&
    typeof m.key === 'string' &&
    Array.isArray(m.files) &&
    m.files.every((f) => Array.isArray(f) && typeof f[0] === 'string' && typeof f[1] === 'number' && typeof f[2] === 'string') &&
    (m.settled === undefined ||
      (Array.isArray(m.settled) &&
        m.settled.length === m.files.length &&
        m.settled.every((s) => s === null || (Array.isArray(s) && s.length === 3 && s.every((part) => typeof part === 'string'))))) &&
    'data' in m
  );
}

/** The manifest of the entry in `dir` as written (checked by the caller), 'new' when there is none, 'damaged' when it cannot be read. */
function manifestIn(dir: string): { manifest: EntryManifest } | 'new' | 'damaged' {
  try {
    return { manifest: JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as EntryManifest };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'new' : 'damaged';
  }
}
