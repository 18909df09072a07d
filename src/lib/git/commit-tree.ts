/**
 * The files of a git commit that a comparison can read, for `diff --base-ref` and `build
 * --compare-ref`: the compared document (or the documents of the compared folder) and every file
 * their `$ref`s reach, followed from file to file, written into a new temporary folder at their
 * place in the repository. The base is then loaded exactly as a checkout would be (the loader, the
 * `$ref` root and its refusals are those of `validate`), while a repository's other files (assets,
 * data, other projects) are never copied: only their names are read, from the commit's trees (listTree).
 *
 * The temporary folder stands for `top`: the repository, or the `--root` folder when that lies
 * above it. Files of the repository come from the commit (`git cat-file --batch`, run without a
 * shell, streamed to disk as they arrive); files outside the repository but inside `--root` are
 * not versioned by it and are read from the working tree (the same file on both sides). Nothing
 * is read around the temporary folder: the base's `$ref` root is `--root` inside it.
 *
 * Only regular files are written: a path the commit holds as a symbolic link (or below one) or as
 * a submodule is not followed, and is reported as such where a `$ref` names it. Nothing is written
 * into the repository; the folder is removed by the caller, and at the latest when the process
 * exits (a stop signal included, src/lib/interrupt.ts).
 */
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { displayPath } from '../diagnostics/to-diagnostic.ts';
import { pathInRoot } from '../diagnostics/message-path.ts';
import type { LoadLimits } from '../load/limits.ts';
import { readRegularFile } from '../load/regular-file.ts';
import { loadSourceFile } from '../load/source-file.ts';
import { onlyLocalRefs } from '../load/only-local-refs.ts';
import { reallyWithin, within } from '../real-path.ts';
import { targetOf } from '../resolve/ref-target.ts';
import { SITE_STAMP } from '../site-stamp.ts';
import { CatFile, git, GitError } from './git.ts';

/** Most bytes written for one commit: the documents compared and the files they reference. */
const MAX_TREE_BYTES = 1024 * 1024 * 1024;
/** Files a folder search reads (src/lib/inputs/expand-inputs.ts). */
const FOLDER_DOCUMENT = /\.(ya?ml|json)$/i;

/**
 * What the base's side needs to show its files and diagnostics in the user's terms; plain data,
 * as it crosses from the build's command to its prepare process.
 */
export interface TreeView {
  /** The temporary folder. */
  dir: string;
  /** The folder `dir` stands for: the repository, or `--root` when it lies above it. */
  top: string;
  /** The ref as given, e.g. `origin/main`. */
  ref: string;
  /**
   * Paths a `$ref` named that the commit holds as a symbolic link or in a submodule, as messages
   * name them (relative to the root, message-path.ts): what each is, in words.
   */
  unread: [string, string][];
}

export interface CommitTree extends TreeView {
  commit: string;
  /** The commit's date (committer date, YYYY-MM-DD): when the base was written, as a reader dates a version. */
  date?: string;
  /** The folder, in `dir`, that the base's file `$ref`s may not leave: `--root` (default: the repository). */
  root: string;
  /** Where a path of the working tree (inside `top`) is in `dir`. */
  inTree(path: string): string;
  /** Where a path in `dir` is in the working tree (inside `top`): inTree's inverse. */
  fromTree(path: string): string;
  /** Removes the folder. */
  remove(): void;
}

interface CommitTreeOptions {
  /** Real path of the document or folder compared (it need not exist in the working tree any more). */
  compared: string;
  /** Real path of `--root`; default: the repository. */
  root?: string;
  /** The loader's limits: a file larger than `maxBytes` is written as a file of that size holding nothing (the loader refuses it by its size). */
  limits: LoadLimits;
  /** Real paths of other files to write when the commit has them, their `$ref`s not followed: the configuration a review reads its severities from. */
  also?: string[];
  /**
   * The commit `ref` names and its date, already read from git (`build --versions` lists its tags
   * with theirs in one command): not asked again, two processes fewer for each version.
   */
  resolved?: { commit: string; date?: string };
  /**
   * A `git cat-file --batch` of the repository that the caller opened and closes: `build
   * --versions` reads every version's files through one process rather than one per version.
   */
  catFile?: CatFile;
}

/** Where a path in the temporary folder is in the working tree. */
function outOfTree(view: Pick<TreeView, 'dir' | 'top'>, path: string): string {
  return join(view.top, relative(view.dir, path));
}

/** A file as a temporary folder's path shows it: at its place in the working tree, relative to `cwd` when inside it. */
export function treeDisplay(view: Pick<TreeView, 'dir' | 'top'>, cwd: string): (file: string) => string {
  return (file) => (within(view.dir, file) ? displayPath(outOfTree(view, file), cwd) : file);
}

/**
 * A diagnostic about the base in the user's terms: a `$ref` to what the commit holds as a link or
 * a submodule says so (instead of "does not exist"), and the temporary folder is named as the
 * folder it stands for.
 */
export function treeDiagnostic(view: TreeView): <D extends { message: string; hint?: string }>(d: D) => D {
  const named = (text: string): string => text.split(view.dir).join(view.top);
  return (d) => {
    const unread = view.unread.find(([path]) => d.message.includes(`the file ${path} does not exist`));
    if (!unread) return { ...d, message: named(d.message), ...(d.hint !== undefined ? { hint: named(d.hint) } : {}) };
    const [path, what] = unread;
    return {
      ...d,
      message: named(d.message.replace(`the file ${path} does not exist`, `the file ${path} ${what}`)),
      hint: 'Only the regular files of the commit are read: a symbolic link could lead out of the repository, and a submodule is another repository.',
    };
  };
}

/** A path of the commit as `git ls-tree -r` shows it: its mode (canonical, six digits), its type and its object. */
interface Entry {
  mode: string;
  type: string;
  oid: string;
}

/** Temporary folders not removed yet: removed when the process exits, however it exits. */
const live = new Set<string>();
let exitHook = false;
function track(dir: string): void {
  live.add(dir);
  if (exitHook) return;
  exitHook = true;
  process.on('exit', () => {
    for (const d of live) rmSync(d, { recursive: true, force: true });
  });
}

/**
 * A short name that names two refs (a tag `origin/main` beside the remote branch `origin/main`)
 * is refused: git would take the tag, which anyone who can push a tag chooses. The full name says
 * which is meant.
 */
async function refuseAmbiguous(repository: string, ref: string): Promise<void> {
  if (ref.startsWith('refs/')) return;
  const candidates = [`refs/tags/${ref}`, `refs/heads/${ref}`, `refs/remotes/${ref}`, `refs/remotes/${ref}/HEAD`];
  const listed = await git(repository, ['for-each-ref', '--format=%(refname)', ...candidates]).catch(() => '');
  const found = listed.split('\n').filter((name) => candidates.includes(name));
  if (found.length > 1) throw new GitError(`"${ref}" names more than one ref (${found.join(', ')}): give the full name of the one to compare against`);
}

/** The commit `ref` names (one ref only) and its date, from git. */
async function resolveCommit(repository: string, ref: string): Promise<{ commit: string; date: string }> {
  await refuseAmbiguous(repository, ref);
  const commit = (await git(repository, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => '')).trim();
  if (!/^[0-9a-f]{40,64}$/.test(commit)) return { commit, date: '' };
  return { commit, date: (await git(repository, ['show', '-s', '--format=%cs', commit]).catch(() => '')).trim() };
}

export async function checkoutCommit(repository: string, ref: string, options: CommitTreeOptions): Promise<CommitTree> {
  // A ref that starts with '-' would be read as an option.
  if (ref.startsWith('-') || /[\u0000-\u001f]/.test(ref)) throw new GitError(`"${ref}" is not a git ref`);
  const { commit, date } = options.resolved ?? (await resolveCommit(repository, ref));
  if (!/^[0-9a-f]{40,64}$/.test(commit)) throw new GitError(`no commit named "${ref}" in the repository (fetch it first, e.g. git fetch origin main)`);
  // The commit's files listed through the `git cat-file --batch` that then reads them: one process
  // for every version of `build --versions`, not a `git ls-tree` of each.
  const cat = options.catFile ?? new CatFile(repository);
  // Until the writer holds it, a failure closes our own process here: left open, it would keep the command from exiting.
  const closeOwn = (): void => {
    if (!options.catFile) cat.close();
  };
  let entries: Map<string, Entry>;
  let dir: string;
  try {
    entries = await listTree(cat, commit);
    dir = mkdtempSync(join(tmpdir(), 'apidesc-diff-'));
  } catch (error) {
    closeOwn();
    throw error;
  }

  const rootReal = options.root ?? repository;
  // The temporary folder stands for the repository, or for the root when that holds the repository.
  let top = repository;
  while (!within(top, rootReal) && dirname(top) !== top) top = dirname(top);
  track(dir);
  const remove = (): void => {
    rmSync(dir, { recursive: true, force: true });
    live.delete(dir);
  };
  const inTree = (path: string): string => join(dir, relative(top, path));
  const fromTree = (path: string): string => outOfTree({ dir, top }, path);
  const tree: CommitTree = {
    dir,
    top,
    ref,
    unread: [],
    commit,
    ...(date !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(date) ? { date } : {}),
    root: inTree(rootReal),
    inTree,
    fromTree,
    remove,
  };
  const writer = new TreeWriter(repository, tree, entries, rootReal, options.limits, cat, options.catFile === undefined);
  try {
    await writer.write(options.compared, options.also ?? []);
  } catch (error) {
    remove();
    throw error;
  } finally {
    writer.close();
  }
  return tree;
}

/** Writes the compared path, then every file a written file's `$ref`s reach, once each. */
class TreeWriter {
  readonly #repository: string;
  readonly #tree: CommitTree;
  readonly #entries: Map<string, Entry>;
  readonly #root: string;
  readonly #limits: LoadLimits;
  readonly #done = new Set<string>();
  readonly #cat: CatFile;
  /** Whether #cat is this writer's own, closed with it (not the caller's). */
  readonly #ownCat: boolean;
  #total = 0;

  constructor(repository: string, tree: CommitTree, entries: Map<string, Entry>, root: string, limits: LoadLimits, cat: CatFile, ownCat: boolean) {
    this.#repository = repository;
    this.#cat = cat;
    this.#ownCat = ownCat;
    this.#tree = tree;
    this.#entries = entries;
    this.#root = root;
    this.#limits = limits;
  }

  close(): void {
    if (this.#ownCat) this.#cat.close();
  }

  async write(compared: string, also: string[]): Promise<void> {
    const inRepo = relative(this.#repository, compared).split(sep).join('/');
    const ref = this.#tree.ref;
    const special = this.#special(inRepo);
    if (special) throw new GitError(`${inRepo} is ${special.what} in ${ref}, which is not read`);
    let queue: string[];
    const entry = this.#entries.get(inRepo);
    if (entry && isRegular(entry)) queue = [compared];
    else {
      // A folder: the files a folder search reads (src/lib/inputs/expand-inputs.ts), with what tells it a built site.
      const prefix = inRepo === '' ? '' : `${inRepo}/`;
      queue = [];
      for (const [path, e] of this.#entries) {
        if (!path.startsWith(prefix) || !isRegular(e)) continue;
        const parts = path.slice(prefix.length).split('/');
        const name = parts.pop()!;
        if (parts.some((p) => p.startsWith('.') || p === 'node_modules')) continue;
        if (name === SITE_STAMP || (FOLDER_DOCUMENT.test(name) && !this.#inSite(prefix, parts))) queue.push(join(this.#repository, ...path.split('/')));
      }
    }
    // Round by round: each round's files are asked of git together, then read for their $refs.
    while (queue.length > 0) {
      const round = queue.filter((path) => !this.#done.has(path));
      for (const path of round) this.#done.add(path);
      const written = (await Promise.all(round.map((path) => this.#materialise(path)))).filter((p): p is string => p !== undefined);
      queue = written.flatMap((file) => this.#referenced(file));
    }
    for (const path of also) if (!this.#done.has(path)) await this.#materialise(path);
  }

  /** Whether the folder `parts` (under `prefix`) of the compared folder, or one above it below `prefix`, is a site this tool built. */
  #inSite(prefix: string, parts: string[]): boolean {
    for (let i = 1; i <= parts.length; i++) if (this.#entries.has(`${prefix}${[...parts.slice(0, i), SITE_STAMP].join('/')}`)) return true;
    return false;
  }

  /** The path (or the folder above it) as a symbolic link or a submodule of the commit. */
  #special(inRepo: string): { at: string; what: string } | undefined {
    const parts = inRepo === '' ? [] : inRepo.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const at = parts.slice(0, i).join('/');
      const e = this.#entries.get(at);
      const kind = e?.mode === '120000' ? 'a symbolic link' : e?.type === 'commit' ? 'a submodule' : undefined;
      if (kind) return { at, what: i === parts.length ? kind : `inside ${at}, ${kind}` };
    }
    return undefined;
  }

  /** Writes one file (a path of the working tree) into the folder; its path there when written. */
  async #materialise(path: string): Promise<string | undefined> {
    const target = this.#tree.inTree(path);
    if (!within(this.#tree.dir, target) || target === this.#tree.dir) return undefined;
    if (within(this.#repository, path)) {
      const inRepo = relative(this.#repository, path).split(sep).join('/');
      const entry = this.#entries.get(inRepo);
      if (!entry || !isRegular(entry)) {
        const special = this.#special(inRepo);
        if (special) this.#tree.unread.push([pathInRoot(target, this.#tree.root), `is ${special.what} in ${this.#tree.ref}, which is not read`]);
        return undefined;
      }
      mkdirSync(dirname(target), { recursive: true });
      // Its size is known as git sends it: a file over the limit is not written, but made of its size.
      const { size, written } = await this.#cat.write(entry.oid, target, this.#limits.maxBytes);
      if (!written) return sized(target, size);
      this.#count(size);
      return target;
    }
    // Inside --root, outside the repository: not versioned by it, the working tree's file (read as the loader reads).
    if (!reallyWithin([this.#root], path)) return undefined;
    const read = readRegularFile(path, this.#limits.maxBytes);
    if (!('data' in read) && read.reason !== 'too-large') return undefined;
    mkdirSync(dirname(target), { recursive: true });
    if (!('data' in read)) return sized(target, read.size);
    this.#count(read.data.length);
    writeFileSync(target, read.data, { flag: 'wx' });
    return target;
  }

  #count(size: number): void {
    this.#total += size;
    if (this.#total > MAX_TREE_BYTES) throw new GitError(`the files the comparison reads from ${this.#tree.ref} are larger than ${MAX_TREE_BYTES} bytes`);
  }

  /** The working-tree paths of the files a written file's `$ref`s name (inside the root: what the resolver may read). */
  #referenced(file: string): string[] {
    // Most documents refer only inside themselves: seen in their text, without parsing them.
    const read = readRegularFile(file, this.#limits.maxBytes);
    if (!('data' in read) || onlyLocalRefs(read.data)) return [];
    const loaded = loadSourceFile(file, this.#limits);
    if (!loaded.file) return [];
    const policy = { root: this.#tree.root, allowRemote: false };
    const out: string[] = [];
    const stack: unknown[] = [loaded.file.value];
    while (stack.length > 0) {
      const value = stack.pop();
      if (Array.isArray(value)) stack.push(...value);
      else if (typeof value === 'object' && value !== null) {
        const ref = (value as { $ref?: unknown }).$ref;
        if (typeof ref === 'string') {
          const target = targetOf(ref, file, policy);
          if (target.kind === 'file') out.push(this.#tree.fromTree(target.document));
        }
        for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) stack.push(v);
      }
    }
    return out.filter((path) => !this.#done.has(path));
  }
}

/**
 * Every path of `commit` below its trees, as `git ls-tree -r --full-tree` lists them (in its
 * order, each mode as git canonicalises it), read through `cat`: the trees of each depth asked
 * for together. Paths with a `..`, `.`, `.git` or empty part are left out (nothing is written there).
 */
export async function listTree(cat: CatFile, commit: string): Promise<Map<string, Entry>> {
  const root = await cat.read(`${commit}^{tree}`);
  if (root?.type !== 'tree') throw new GitError(`no tree in the commit ${commit}`);
  const trees = new Map<string, TreeEntry[]>([['', treeEntries(root.bytes, root.oid.length / 2)]]);
  let level = [''];
  while (level.length > 0) {
    const below = level.flatMap((folder) =>
      trees
        .get(folder)!
        .filter((e) => e.type === 'tree')
        .map((e) => ({ path: `${folder}${e.name}/`, oid: e.oid })),
    );
    const read = await Promise.all(below.map(({ oid }) => cat.read(oid)));
    for (const [index, { path }] of below.entries()) {
      const object = read[index];
      if (object?.type !== 'tree') throw new GitError(`the tree ${below[index]!.oid} of the commit ${commit} cannot be read`);
      trees.set(path, treeEntries(object.bytes, object.oid.length / 2));
    }
    level = below.map(({ path }) => path);
  }
  const entries = new Map<string, Entry>();
  const walk = (folder: string): void => {
    for (const { name, mode, type, oid } of trees.get(folder)!) {
      const path = `${folder}${name}`;
      if (type === 'tree') walk(`${path}/`);
      else if (!path.split('/').some((part) => part === '..' || part === '.git' || part === '' || part === '.')) entries.set(path, { mode, type, oid });
    }
  };
  walk('');
  return entries;
}

interface TreeEntry extends Entry {
  name: string;
}

/** The entries of a tree object: `<mode> <name>\0<id>` each, the id `idBytes` bytes long. */
function treeEntries(bytes: Buffer, idBytes: number): TreeEntry[] {
  const out: TreeEntry[] = [];
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(32, at);
    const nul = bytes.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > bytes.length) throw new GitError('a tree of the commit cannot be read');
    const mode = Number.parseInt(bytes.toString('latin1', at, space), 8);
    const name = bytes.toString('utf8', space + 1, nul);
    const oid = bytes.toString('hex', nul + 1, nul + 1 + idBytes);
    at = nul + 1 + idBytes;
    // As git canonicalises a mode (canon_mode): a regular file is 644 or 755, whatever its bits.
    const kind = mode & 0o170000;
    if (kind === 0o040000) out.push({ name, mode: '040000', type: 'tree', oid });
    else if (kind === 0o120000) out.push({ name, mode: '120000', type: 'blob', oid });
    else if (kind === 0o160000) out.push({ name, mode: '160000', type: 'commit', oid });
    else if (kind === 0o100000) out.push({ name, mode: mode & 0o100 ? '100755' : '100644', type: 'blob', oid });
  }
  return out;
}

const isRegular = (e: Entry): boolean => e.type === 'blob' && (e.mode === '100644' || e.mode === '100755');

/** A file of `size` bytes holding nothing (sparse): the loader refuses it by its size, as it would the real one. */
function sized(target: string, size: number): string {
  const fd = openSync(target, 'wx');
  try {
    ftruncateSync(fd, size);
  } finally {
    closeSync(fd);
  }
  return target;
}
