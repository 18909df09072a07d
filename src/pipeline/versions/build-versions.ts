/**
 * `build --versions <pattern|list>`: a site of every version of the documents that git has under
 * the matching tags (or the refs listed), plus the working tree as the newest.
 *
 * - Each version is read from git's objects (src/lib/git/commit-tree.ts, as `--compare-ref` reads
 *   its base): the documents and the files their `$ref`s reach, into a temporary folder; the work
 *   tree is never touched.
 * - Each is built as a site of its own under `/<version>/` (`buildSite`), compared with the
 *   version before (its Changes page and the badges of its changed pages); the working tree is
 *   built at the root, compared with the newest tag: the URLs of the site before versions stay
 *   those of the newest, and an older version's URLs never change as versions are added.
 * - A version whose documents, the one before it and the site's settings are unchanged is copied
 *   from the build cache (`versions/<version>` entries, keyed by all of it), not built again.
 * - Then every page gets the version switcher (switcher-html.ts, version-map.ts), and the root the
 *   changelog, its Markdown twin, its line in `llms.txt` and the Atom feed (changelog.ts).
 *
 * Each version has its own search index. The search page merges them all, each with the filter
 * "version" (versions.json lists them): scoped to the version a reader is in by default, the
 * newest's results first when widened. A
 * repository that keeps its older versions in folders names them with the configuration's
 * `versionFolders` (each subfolder a version) instead of tags: the same build, without commits.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { EXIT } from '../../lib/exit-codes.ts';
import type { Reporter } from '../../lib/reporter.ts';
import { checkoutCommit, type CommitTree } from '../../lib/git/commit-tree.ts';
import { CatFile, GitError, repositoryRoot } from '../../lib/git/git.ts';
import { sortVersions, versionRefs, type VersionRef } from '../../lib/git/version-refs.ts';
import { isFolder } from '../../lib/diff/compare-sides.ts';
import { cleanUpOnStop } from '../../lib/interrupt.ts';
import { defaultLimits } from '../../lib/load/limits.ts';
import { realPath } from '../../lib/real-path.ts';
import type { RouteManifest } from '../../lib/model/types.ts';
import type { BuildOptions } from '../build-options.ts';
import { buildCacheDir, buildSite, DEFAULT_CACHE_DIR } from '../pipeline.ts';
import { BuildCache, cacheFolderProblem, filesBelow, replaceFile } from '../cache/build-cache.ts';
import { toolFingerprint } from '../cache/api-cache-key.ts';
import { builtRenames } from './version-renames.ts';
import { STAND_IN_BASE, withBase } from '../../perf/stand-in-base.ts';
import { expandInputs } from '../../lib/inputs/expand-inputs.ts';
import { fromPagesFile, listedVersions, type PagesFile, switchTarget, toPagesEntry, type VersionPages, type VersionRoute } from '../../site/version-map.ts';
import { switcherHtml, withSwitcher, type SwitcherEntry } from './switcher-html.ts';
import { versionScript } from './version-script.ts';
import {
  compareVersions,
  metUnresolved,
  openComparedInput,
  TO_LATEST_URL,
  writeToLatestPage,
  type ComparedInput,
  type OpenedInput,
} from './compare-to-latest.ts';
import { groupsByApi, type SiteTitles, withApiTitles } from '../../site/changes-view.ts';
import { CHANGELOG_URL, changelogArticle, changelogFeed, changelogMarkdown, changelogPage, FEED_FILE, type ChangelogVersion } from './changelog.ts';

/** The label of the working tree's version, at the root of the site. */
export const LATEST = 'latest';
/** The script the switcher's note runs, at the site's root. */
const NOTE_SCRIPT_FILE = 'versions.js';
/** The list of the versions beside it, read by the search page. */
const VERSIONS_FILE = 'versions.json';

/** A version built (or copied from the cache) into a folder of its own. */
interface BuiltVersion {
  label: string;
  /** Its folder in the site (`v1.2.0`), '' for the root. */
  slug: string;
  /** Its documents' fingerprint (treeFingerprint). */
  files: string;
  ref?: VersionRef;
  /** Where its site was built. */
  dir: string;
  /** Renames since the version before, as diff pairs them. */
  renamed: [string, string][];
  /** Its documents and the folder their files are named from, for its comparison with the newest. */
  source: ComparedInput;
  /** What the switcher reads of its pages (version-map.ts). */
  pages: VersionPages;
  /** The working tree's: it holds the documents of this version (the newest tag's label). */
  sameAs?: string;
}

/** The folder a version's pages are under: its name, with what a URL path does not carry well replaced by `-`. */
export function versionSlug(name: string): string {
  const slug = name.replace(/^refs\/(?:tags|heads)\//, '').replace(/[^A-Za-z0-9._-]+/g, '-');
  return /^[.-]*$/.test(slug) ? `version-${createHash('sha256').update(name).digest('hex').slice(0, 8)}` : slug.replace(/^[._-]+/, '');
}

function problem(io: Reporter, message: string): number {
  io.err(`apidesc-docs: ${message}`);
  io.err('Build stopped: nothing was written.');
  return EXIT.usage;
}

/** Where the older versions come from: git refs (`--versions`), or the subfolders of a folder (the configuration's `versionFolders`). */
export type VersionsFrom = { refs: string } | { folders: string };

/** One older version, before it is read. */
interface VersionSource {
  name: string;
  /** Its commit, for a version read from git. */
  ref?: VersionRef;
  /** Its documents (the input's counterpart) and the folder its `$ref`s stay in; undefined when the version does not have them. Throws GitError. */
  open(): Promise<{ input: string; root: string; files: string; tree?: CommitTree } | undefined>;
}

/** Builds the older versions and the working tree into `options.outDir`; returns the exit code. */
export async function buildVersions(inputs: string[], from: VersionsFrom, options: BuildOptions, io: Reporter): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const flag = 'refs' in from ? '--versions' : 'versionFolders';
  if (inputs.length !== 1) return problem(io, `${flag}: the versions of one document or folder are built: name it alone`);
  const input = resolve(cwd, inputs[0]!);
  if (!existsSync(input)) return problem(io, `${flag}: ${inputs[0]} does not exist in the working tree`);
  const inputReal = realPath(input);
  const trees: CommitTree[] = [];
  /** One `git cat-file --batch` for every version's files, opened when the first is read. */
  const cat: { file?: CatFile } = {};
  const sources = 'refs' in from ? await gitSources(inputs[0]!, inputReal, from.refs, options, cwd, trees, cat) : folderSources(inputReal, from.folders);
  if (typeof sources === 'string') return problem(io, sources);
  const slugs = new Map<string, string>();
  for (const { name } of sources) {
    const slug = versionSlug(name);
    const other = slugs.get(slug);
    if (other !== undefined) return problem(io, `${flag}: ${other} and ${name} would both be served under /${slug}/: name one of them differently`);
    if (slug === CHANGELOG_URL.slice(0, -1) || slug === LATEST)
      return problem(io, `${flag}: ${name} would be served under /${slug}/, which the site uses for itself`);
    slugs.set(slug, name);
  }
  const cacheDir = buildCacheDir(options.cache, cwd);
  const cacheProblem = cacheDir && cacheFolderProblem(cacheDir, options.cache ?? DEFAULT_CACHE_DIR);
  if (cacheProblem) return problem(io, cacheProblem);
  const cache = cacheDir ? new BuildCache(cacheDir) : undefined;
  const work = mkdtempSync(join(tmpdir(), 'apidesc-versions-'));
  const removeAll = (): void => {
    cat.file?.close();
    for (const tree of trees) tree.remove();
    rmSync(work, { recursive: true, force: true });
  };
  return cleanUpOnStop(removeAll, async () => {
    try {
      return await buildAll({ inputs, input: inputReal, sources, flag, options, cwd, io, work, cache });
    } finally {
      removeAll();
    }
  });
}

/** The refs `spec` names, each read from git when its turn comes (commit-tree.ts); or why there are none, in words. */
async function gitSources(
  shown: string,
  input: string,
  spec: string,
  options: BuildOptions,
  cwd: string,
  trees: CommitTree[],
  cat: { file?: CatFile },
): Promise<VersionSource[] | string> {
  let repository: string;
  let refs: VersionRef[];
  try {
    repository = realPath(await repositoryRoot(isFolder(input) ? input : dirname(input)));
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    return `--versions: ${shown} is not in a git repository, where versions are read from (git: ${error.message})`;
  }
  try {
    refs = await versionRefs(repository, spec);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    return `--versions ${spec}: ${error.message}`;
  }
  return refs.map((ref) => ({
    name: ref.name,
    ref,
    open: async () => {
      const tree = await checkoutCommit(repository, ref.ref, {
        compared: input,
        ...(options.root !== undefined ? { root: realPath(resolve(cwd, options.root)) } : {}),
        limits: options.limits ?? defaultLimits,
        // Its commit and date were listed with the refs.
        resolved: { commit: ref.commit, date: ref.date },
        catFile: (cat.file ??= new CatFile(repository)),
      });
      trees.push(tree);
      const versionInput = tree.inTree(input);
      return existsSync(versionInput) ? { input: versionInput, root: tree.root, files: treeFingerprint(tree.dir), tree } : undefined;
    },
  }));
}

/**
 * The subfolders of `folder`, one version each, named by the subfolder, in the order of their
 * names as versions (sortVersions; without commits, names that are not versions are in name order).
 * A version's documents are the whole subfolder when the input is a folder, else its file of the input's name.
 */
function folderSources(input: string, folder: string): VersionSource[] | string {
  let names: string[];
  try {
    names = readdirSync(folder, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => e.name);
  } catch {
    return `versionFolders: the folder ${folder} cannot be read`;
  }
  if (names.length === 0)
    return `versionFolders: the folder ${folder} has no subfolder: put each older version in a folder of its own, named by it (e.g. v1.0.0/)`;
  const refs = sortVersions(names.map((name) => ({ name, ref: name, commit: '', date: '', time: 0 })));
  return refs.map(({ name }) => ({
    name,
    open: async () => {
      const dir = join(folder, name);
      const versionInput = isFolder(input) ? dir : join(dir, basename(input));
      return existsSync(versionInput) ? { input: versionInput, root: dir, files: treeFingerprint(dir) } : undefined;
    },
  }));
}

interface Plan {
  inputs: string[];
  input: string;
  sources: VersionSource[];
  flag: string;
  options: BuildOptions;
  cwd: string;
  io: Reporter;
  work: string;
  cache: BuildCache | undefined;
}

async function buildAll(plan: Plan): Promise<number> {
  const { options, io, cwd } = plan;
  const base = (options.base ?? '/').replace(/\/?$/, '/');
  const settings = settingsFingerprint(options, cwd);
  // Every version renders through the stand-in base's bundle (src/perf/stand-in-base.ts): the tool
  // is fingerprinted once for all of them, each version's base named beside it. (Once per version,
  // reading and hashing the renderer's sources, it was a tenth of adding a version.)
  const tool = toolFingerprint(STAND_IN_BASE, options.site);
  const built: BuiltVersion[] = [];
  /** Where the time went, said at the end: a version added should cost about one build, and this shows whether it did. */
  const spent = { reused: 0, built: 0, pairing: 0, comparing: 0, pages: 0 };
  const since = (start: number): number => (performance.now() - start) / 1000;
  let previous: Previous | undefined;
  /** The version before the newest tag: what the root is compared with when the working tree is that tag. */
  let beforeNewest: Previous | undefined;
  /** The newest tag, built with the root when the working tree has its documents (builtWithRoot). */
  let deferred: { source: VersionSource; slug: string; key: string; input: string; root: string; files: string } | undefined;
  let workingTreeIsNewest = false;
  for (const [index, source] of plan.sources.entries()) {
    let opened: Awaited<ReturnType<VersionSource['open']>>;
    try {
      opened = await source.open();
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      return problem(io, `${plan.flag}: ${source.name}: ${error.message}`);
    }
    if (!opened) {
      io.err(`${source.name} has no ${plan.inputs[0]}: left out of the versions.`);
      continue;
    }
    const { ref } = source;
    const versionInput = opened.input;
    const slug = versionSlug(source.name);
    const dir = join(plan.work, slug);
    const { files } = opened;
    const key = hashOf([
      tool,
      `${base}${slug}/`,
      settings,
      source.name,
      ref?.commit ?? '',
      files,
      // Every version before it: its pages' switchers list them.
      ...built.map((v) => `${v.label} ${v.ref?.commit ?? ''} ${v.files}`),
    ]);
    // The working tree is usually the newest tag itself: then one build serves both (builtWithRoot).
    // Not for a tag alone: the root is then compared with it, its Changes page the changelog's frame.
    const newest = index === plan.sources.length - 1 && previous !== undefined && opened.tree !== undefined && sameAsWorkingTree(opened.tree, plan.inputs, cwd);
    if (newest) {
      workingTreeIsNewest = true;
      beforeNewest = previous;
    }
    // Hard-linked from the cache where the file systems allow (no byte written), each file checked
    // against its hash as placed; nothing of the site writes into these files in place (replaceFile).
    const hit = plan.cache?.place('versions', slug, key, dir, isCachedVersion);
    if (newest && typeof hit !== 'object') {
      io.err(`Version ${source.name}${ref ? ` (${ref.commit.slice(0, 12)}, ${ref.date})` : ''}: the working tree's documents, built once for both.`);
      deferred = { source, slug, key, input: versionInput, root: opened.root, files };
      previous = { input: versionInput, label: source.name, ...(ref ? { date: ref.date, commit: ref.commit } : {}), files };
      continue;
    }
    io.err(
      `Version ${source.name}${ref ? ` (${ref.commit.slice(0, 12)}, ${ref.date})` : ''}${typeof hit === 'object' ? ': unchanged, copied from the build cache.' : ':'}`,
    );
    if (typeof hit === 'object') {
      const data = hit.data as CachedVersion;
      built.push({
        label: source.name,
        slug,
        files,
        ...(ref ? { ref } : {}),
        dir,
        renamed: data.renamed,
        source: { input: versionInput, root: opened.root },
        pages: fromPagesFile({ versions: [data.pages] })[0]!,
      });
      spent.reused++;
    } else {
      const code = await buildSite(
        [versionInput],
        {
          ...options,
          outDir: dir,
          base: `${base}${slug}/`,
          // One renderer bundle for every version's base path, not one made for each new tag.
          standInBase: true,
          root: opened.root,
          ...(plan.cache ? { cache: plan.cache.dir } : {}),
          ...(previous ? { compare: previous.input, compareAs: comparedAs(previous), renamesFile: join(plan.work, `${slug}.renames.json`) } : {}),
        },
        io,
      );
      if (code !== EXIT.ok) {
        io.err(`Build stopped: version ${source.name} could not be built (above).`);
        return code;
      }
      spent.built++;
      const pairing = performance.now();
      const renamed = previous ? [...(await builtRenames(join(plan.work, `${slug}.renames.json`), previous.input, versionInput, options, cwd))] : [];
      spent.pairing += since(pairing);
      const version = withSwitchers(
        built,
        { label: source.name, slug, files, ...(ref ? { ref } : {}), dir, renamed, source: { input: versionInput, root: opened.root } },
        base,
      );
      keepVersion(plan.cache, slug, key, dir, { renamed, pages: toPagesEntry(version.pages, rootOf(base, version)) });
      built.push(version);
    }
    previous = { input: versionInput, label: source.name, ...(ref ? { date: ref.date, commit: ref.commit } : {}), files };
  }
  if (!previous) return problem(io, `${plan.flag}: none of the versions has ${plan.inputs[0]}`);
  io.err(
    workingTreeIsNewest
      ? `The working tree, the newest version, at the root (the documents of ${previous.label}, compared as it is):`
      : 'The working tree, the newest version, at the root:',
  );
  const outDir = realPath(resolve(cwd, options.outDir));
  const titlesFile = join(plan.work, 'newest-titles.json');
  /** The renames the root's comparison finds: from the version before it (the newest tag's, when the working tree is that tag). */
  const rootRenamesFile = join(plan.work, 'the root.renames.json'); // a space: no version's slug has one
  // The working tree equal to the newest tag is that tag at the root: compared with the version
  // before it, as the tag is, whether the tag's pages were built now or copied from the cache.
  const rootCompared = workingTreeIsNewest ? beforeNewest : previous;
  const code = await buildSite(
    plan.inputs,
    {
      ...options,
      ...(rootCompared ? { compare: rootCompared.input, compareAs: comparedAs(rootCompared), renamesFile: rootRenamesFile } : {}),
      titlesFile,
      // Rendered once under the stand-in base when the newest tag's pages are made from the root's.
      ...(deferred ? { base: STAND_IN_BASE, standInBase: false } : {}),
    },
    io,
  );
  if (code !== EXIT.ok) return code;
  const newestTitles = JSON.parse(readFileSync(titlesFile, 'utf8')) as SiteTitles;
  const newest = previous;
  /** The working tree's version, at the root. */
  const latestOf = (dir: string, renamed: Iterable<[string, string]>): Omit<BuiltVersion, 'pages'> => ({
    label: LATEST,
    slug: '',
    files: '',
    dir,
    renamed: [...renamed],
    ...(workingTreeIsNewest ? { sameAs: newest.label } : {}),
    source: { input: plan.input, root: options.root !== undefined ? realPath(resolve(cwd, options.root)) : realPath(cwd) },
  });
  /** The root's switchers, when they were written with the newest tag's pages (builtWithRoot). */
  let deferredRoot: VersionSwitchers | undefined;
  if (deferred) {
    const { source } = deferred;
    if (existsSync(join(outDir, deferred.slug))) {
      io.err(`apidesc-docs: version ${source.name} would be served under /${deferred.slug}/, where the site already has pages: name the tag differently.`);
      return EXIT.usage;
    }
    const dir = join(outDir, deferred.slug);
    spent.built++;
    const pairing = performance.now();
    // The root was compared with the version before the newest tag, whose documents it has.
    const renamed = beforeNewest ? [...(await builtRenames(rootRenamesFile, beforeNewest.input, deferred.input, options, cwd))] : [];
    spent.pairing += since(pairing);
    // Both read from the root's pages, as built under the stand-in base; then each file written once per target.
    const tag = versionSwitchers(
      built,
      {
        label: source.name,
        slug: deferred.slug,
        files: deferred.files,
        ...(source.ref ? { ref: source.ref } : {}),
        dir,
        renamed,
        source: { input: deferred.input, root: deferred.root },
      },
      outDir,
      base,
    );
    deferredRoot = versionSwitchers([...built, tag.version], latestOf(outDir, []), outDir, base);
    builtWithRoot(outDir, [
      { dir, base: `${base}${deferred.slug}/`, switchers: tag },
      { dir: outDir, base, switchers: deferredRoot },
    ]);
    keepVersion(plan.cache, deferred.slug, deferred.key, dir, { renamed, pages: toPagesEntry(tag.version.pages, rootOf(base, tag.version)) });
    built.push(tag.version);
  }
  const pairing = performance.now();
  // The same documents pair nothing.
  const rootRenames = workingTreeIsNewest ? [] : await builtRenames(rootRenamesFile, previous.input, plan.input, options, cwd);
  spent.pairing += since(pairing);
  const latest = deferredRoot?.version ?? withSwitchers(built, latestOf(outDir, rootRenames), base);
  built.push(latest);
  const taken = built.find((v) => v.slug !== '' && v.dir !== join(outDir, v.slug) && existsSync(join(outDir, v.slug)));
  if (taken) {
    io.err(`apidesc-docs: version ${taken.label} would be served under /${taken.slug}/, where the site already has pages: name the tag differently.`);
    return EXIT.usage;
  }
  for (const version of built) if (version.slug !== '' && version.dir !== join(outDir, version.slug)) moveFolder(version.dir, join(outDir, version.slug));
  const pages = performance.now();
  await writeVersionLists(built, outDir, base, plan.cache);
  const comparing = performance.now();
  await addComparisonsWithLatest(built, newestTitles, outDir, base, options, cwd);
  spent.comparing = since(comparing);
  addChangelog(built, outDir, base, options.site);
  spent.pages = since(pages);
  io.err(`Built ${built.length} versions (${built.map((v) => v.label).join(', ')}) into ${outDir}; changelog at ${base}${CHANGELOG_URL}.`);
  io.err(
    `Versions: ${spent.reused} copied from the build cache, ${spent.built} built and the working tree${deferred ? ` (${deferred.source.name} and the working tree in one build)` : ''}; pairing renames ${spent.pairing.toFixed(1)} s, comparing with the newest ${spent.comparing.toFixed(1)} s, switchers and changelog ${spent.pages.toFixed(1)} s.`,
  );
  return EXIT.ok;
}

/** A version before the one being read: its documents and how the next one's Changes page names it. */
interface Previous {
  input: string;
  label: string;
  date?: string;
  commit?: string;
  files: string;
}

/**
 * Whether the working tree has the documents of a tag's tree: every file the tag's documents
 * reach (all that was read from its commit) the same bytes in the working tree, and no document
 * of the working tree's that the tag has not. The same documents make the same pages but for
 * their base path: the root and the tag's folder are then one build (builtWithRoot).
 */
function sameAsWorkingTree(tree: CommitTree, inputs: readonly string[], cwd: string): boolean {
  const inTree = new Set(filesBelow(tree.dir).map((path) => join(tree.dir, path)));
  for (const document of expandInputs([...inputs], cwd).files) if (!inTree.has(tree.inTree(resolve(cwd, document)))) return false;
  for (const file of inTree) {
    let working: Buffer;
    try {
      working = readFileSync(tree.fromTree(file));
    } catch {
      return false;
    }
    if (!working.equals(readFileSync(file))) return false;
  }
  return true;
}

/**
 * The root, built under the stand-in base (src/perf/stand-in-base.ts), made the pages of each
 * target: its files written with each target's base and each page with that target's switcher,
 * into the target's folder (the root in place): one write for each file of each target. Every
 * file of the build names its base only through the stand-in, so each target's files are those
 * of a build for its own base, byte for byte.
 */
function builtWithRoot(root: string, targets: readonly { dir: string; base: string; switchers: VersionSwitchers }[]): void {
  const made = new Set<string>();
  for (const path of filesBelow(root)) {
    const bytes = readFileSync(join(root, path));
    for (const { dir, base, switchers } of targets) {
      const rebased = withBase(bytes, base);
      const content = switchers.pages.has(path) ? switchers.withSwitcher(path, rebased.toString('utf8')) : rebased;
      const file = join(dir, path);
      if (dir === root) {
        // Replaced, not written in place: a page may be one file with the build cache's (BuildCache.place).
        if (content !== bytes) replaceFile(file, content);
        continue;
      }
      const folder = dirname(file);
      if (!made.has(folder)) mkdirSync(folder, { recursive: true });
      made.add(folder);
      // A new file in a new folder (the caller made sure it was not there).
      writeFileSync(file, content, { flag: 'wx' });
    }
  }
}

/**
 * Moves a version's folder into the site: a rename where the temporary folder and the site are on
 * one file system (no file written twice, nothing left to remove), else a copy. For ten versions
 * of a small API the copy and the removal of the temporary copies were a third of the build.
 */
function moveFolder(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true });
  }
}

/** How a version's Changes page names the version before: its name, and its commit and date when it comes from git. */
function comparedAs(previous: { label: string; commit?: string; date?: string }): { label: string; date?: string } {
  return {
    label: previous.commit ? `${previous.label} (${previous.commit.slice(0, 12)})` : previous.label,
    ...(previous.date ? { date: previous.date } : {}),
  };
}

const rootOf = (base: string, version: Pick<BuiltVersion, 'slug'>): string => `${base}${version.slug === '' ? '' : `${version.slug}/`}`;

/** Each older version's page against the newest (compare-to-latest.ts). */
async function addComparisonsWithLatest(
  built: readonly BuiltVersion[],
  newestTitles: SiteTitles,
  outDir: string,
  base: string,
  options: BuildOptions,
  cwd: string,
): Promise<void> {
  const newest = built.at(-1)!;
  // The newest read once for all of them (each comparison read it again: most of their cost).
  let head: ComparedInput | OpenedInput = await openComparedInput(newest.source, options, cwd);
  for (const version of built.slice(0, -1)) {
    const changes = await compareVersions(version.source, head, `${version.label} → ${newest.label}`, options, cwd);
    if ('side' in head && metUnresolved(head)) head = newest.source;
    if (!changes) continue;
    const folder = join(outDir, version.slug);
    // Its objects link into the newest: named and grouped as the newest's own Changes page names and groups them.
    writeToLatestPage(
      folder,
      withApiTitles(changes, newestTitles.apis),
      { from: { label: version.label, root: rootOf(base, version) }, to: { label: newest.label, root: rootOf(base, newest) } },
      groupsByApi(newestTitles),
    );
  }
}

/** What the build cache keeps of a version besides its files. */
interface CachedVersion {
  renamed: [string, string][];
  pages: PagesFile['versions'][number];
}

/**
 * Keeps a version's folder, its switchers written, in the build cache: each file hard-linked where
 * the file systems allow, not copied. Nothing writes into a version's files in place afterwards
 * (its page against the newest is a new file, its `llms.txt` is replaced: replaceFile), and a
 * site is swapped in whole, so the cache's copy stays as written (and is checked when placed).
 */
function keepVersion(cache: BuildCache | undefined, slug: string, key: string, dir: string, data: CachedVersion): void {
  cache?.tryWrite('versions', slug, key, dir, data, undefined, { link: true });
}

/** Whether an entry's data is a CachedVersion (an entry of another shape is rebuilt, never read). */
function isCachedVersion(data: unknown): data is CachedVersion {
  if (typeof data !== 'object' || data === null) return false;
  const { renamed, pages } = data as Partial<CachedVersion>;
  return (
    Array.isArray(renamed) &&
    typeof pages === 'object' &&
    pages !== null &&
    Array.isArray(pages.routes) &&
    Array.isArray(pages.otherPages) &&
    Array.isArray(pages.renamed) &&
    typeof pages.name === 'string'
  );
}

/** The file of every version's pages, at the site's root, that the switcher's script reads. */
const PAGES_FILE = 'version-pages.json';

/**
 * `version` with its pages read, after each of its pages got the switcher (versionSwitchers):
 * each page read and replaced once more.
 */
function withSwitchers(older: readonly BuiltVersion[], version: Omit<BuiltVersion, 'pages'>, base: string): BuiltVersion {
  const switchers = versionSwitchers(older, version, version.dir, base);
  for (const page of switchers.pages) {
    const file = join(version.dir, page);
    // Replaced, not written in place: a page may be one file with the build cache's (BuildCache.place).
    replaceFile(file, switchers.withSwitcher(page, readFileSync(file, 'utf8')));
  }
  return switchers.version;
}

/** A version with its pages read, and each of its pages' switcher. */
interface VersionSwitchers {
  version: BuiltVersion;
  /** The files of its pages (relative to its folder) that get a switcher. */
  pages: ReadonlySet<string>;
  /** The page `file` (one of `pages`) with its switcher. */
  withSwitcher(file: string, html: string): string;
}

/**
 * The switcher of each page of `version` (its pages read from `folder`, which holds them under
 * any base): this version and the nearest ones before it (`older`), at most SWITCHER_VERSIONS,
 * the others counted; each link found by version-map.ts;
 * the versions after it are added by the switcher's script. What a page lists is known once its
 * version is built, so adding a version later leaves these pages as they are (and the build
 * cache keeps them so).
 */
function versionSwitchers(older: readonly BuiltVersion[], version: Omit<BuiltVersion, 'pages'>, folder: string, base: string): VersionSwitchers {
  const versionSlugs = new Set(older.map((v) => v.slug));
  const own = pagesOf(folder, version, versionSlugs);
  const built: BuiltVersion = { ...version, pages: own };
  const versions = [...older, built];
  const all = versions.map((v) => v.pages);
  const from = versions.length - 1;
  // The same versions for every page: this one and its nearest earlier ones (the later ones are the script's).
  const listed = listedVersions(versions.length, from);
  const scriptUrl = `${base}${NOTE_SCRIPT_FILE}`;
  const toLatest = version.slug === '' ? undefined : `${rootOf(base, version)}${TO_LATEST_URL}`;
  const urls = new Map(own.files.map((page) => [page.file, page.url]));
  return {
    version: built,
    pages: new Set(urls.keys()),
    withSwitcher(file, html) {
      const url = urls.get(file)!;
      // Newest first, as a reader looks for it; a place found only for the versions listed.
      const entries: SwitcherEntry[] = listed.map((to) => ({
        label: versions[to]!.label,
        root: rootOf(base, versions[to]!),
        target: to === from ? { url } : switchTarget(all, from, to, url),
        current: to === from,
      }));
      const place = { page: url, pagesFile: `${base}${PAGES_FILE}` };
      return withSwitcher(html, switcherHtml(entries, versions.length - listed.length, `${base}${CHANGELOG_URL}`, place, toLatest), scriptUrl);
    },
  };
}

/** At the site's root: the switcher's script, the versions' pages it reads, and the list of versions the search page reads. */
async function writeVersionLists(built: readonly BuiltVersion[], outDir: string, base: string, cache: BuildCache | undefined): Promise<void> {
  writeFileSync(join(outDir, NOTE_SCRIPT_FILE), (await versionScript(cache)).text);
  const file: PagesFile = { versions: built.map((v) => toPagesEntry(v.pages, rootOf(base, v))) };
  writeFileSync(join(outDir, PAGES_FILE), `${JSON.stringify(file)}\n`);
  // The versions, newest first, for the search page: it merges their indexes (public/search-page.js).
  const list = [...built].reverse().map((v) => ({ label: v.label, root: rootOf(base, v) }));
  writeFileSync(join(outDir, VERSIONS_FILE), `${JSON.stringify(list, null, 2)}\n`);
}

/** A version's pages: its routes (with each operation's and message's channel), its other pages, and their files. */
function pagesOf(
  folder: string,
  version: Pick<BuiltVersion, 'label' | 'renamed'>,
  versionSlugs: ReadonlySet<string>,
): VersionPages & { files: { file: string; url: string }[] } {
  const manifest = JSON.parse(readFileSync(join(folder, 'apidesc-routes.json'), 'utf8')) as RouteManifest;
  const byUrl = new Map(manifest.routes.map((r) => [r.url, r]));
  const routes: VersionRoute[] = manifest.routes.map((r) => {
    const channel =
      r.kind === 'message'
        ? /^\/channels\/([^/]+)\/messages\//.exec(r.pointer)?.[1]
        : r.kind === 'operation'
          ? operationChannel(folder, r.url, byUrl)
          : undefined;
    const decoded = channel?.replace(/~1/g, '/').replace(/~0/g, '~');
    return { api: r.api, kind: r.kind, id: r.id, url: r.url, ...(decoded !== undefined ? { channel: decoded } : {}) };
  });
  const files = filesBelow(folder)
    .filter((f) => f.endsWith('index.html') || f === '404.html')
    .filter((f) => !versionSlugs.has(f.split('/')[0]!) && !f.startsWith(CHANGELOG_URL) && !f.startsWith('pagefind/') && !f.startsWith('_astro/'))
    .map((file) => ({ file, url: file === '404.html' ? '' : file.slice(0, -'index.html'.length) }));
  const otherPages = new Set(files.map((f) => f.url).filter((url) => !byUrl.has(url)));
  return { name: version.label, routes, otherPages, renamedFromPrevious: new Map(version.renamed), files };
}

/** The channel an operation's page names: the first link of its content to a channel's page. */
function operationChannel(folder: string, url: string, byUrl: ReadonlyMap<string, RouteManifest['routes'][number]>): string | undefined {
  let html: string;
  try {
    html = readFileSync(join(folder, url, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
  const content = html.slice(Math.max(0, html.indexOf('<main')));
  for (const match of content.matchAll(/href="[^"]*?\/((?:[^/"]+\/)?channels\/[^/"]+\/)"/g)) {
    const route = byUrl.get(match[1]!) ?? byUrl.get(match[1]!.replace(/^[^/]+\//, ''));
    if (route?.kind === 'channel') return route.id;
  }
  return undefined;
}

/** The changelog page, its twin, its line in llms.txt and the feed, at the root. */
function addChangelog(built: readonly BuiltVersion[], outDir: string, base: string, origin: string | undefined): void {
  const read = (file: string): string | undefined => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  const versions: ChangelogVersion[] = built.map((v) => {
    const folder = v.slug === '' ? outDir : join(outDir, v.slug);
    const changesHtml = read(join(folder, 'changes', 'index.html'));
    const changesMarkdown = read(join(folder, 'changes', 'index.md'));
    return {
      label: v.label,
      root: `${base}${v.slug === '' ? '' : `${v.slug}/`}`,
      ...(v.ref ? { date: v.ref.date, commit: v.ref.commit } : {}),
      ...(changesHtml !== undefined ? { changesHtml } : {}),
      ...(changesMarkdown !== undefined ? { changesMarkdown } : {}),
      ...(v.sameAs !== undefined ? { sameAs: v.sameAs } : {}),
      ...(v.slug !== '' && existsSync(join(folder, TO_LATEST_URL, 'index.html')) ? { toLatest: `${rootOf(base, v)}${TO_LATEST_URL}` } : {}),
    };
  });
  const frame = read(join(outDir, 'changes', 'index.html'));
  if (frame === undefined) return;
  const title =
    /<title>([\s\S]*?)<\/title>/
      .exec(frame)?.[1]
      ?.replace(/^Changes · /, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"') ?? 'the API';
  mkdirSync(join(outDir, CHANGELOG_URL), { recursive: true });
  writeFileSync(join(outDir, CHANGELOG_URL, 'index.html'), changelogPage(frame, changelogArticle(versions, title), title, base));
  writeFileSync(join(outDir, CHANGELOG_URL, 'index.md'), changelogMarkdown(versions, title));
  writeFileSync(join(outDir, FEED_FILE), changelogFeed(versions, title, origin, base));
  const llms = read(join(outDir, 'llms.txt'));
  if (llms !== undefined) {
    const line = `- [Changelog](${base}${CHANGELOG_URL}index.md): every version (${versions.length}), newest first, with what each changed since the one before`;
    replaceFile(join(outDir, 'llms.txt'), `${llms.trimEnd()}\n\n## Versions\n\n${line}\n`);
  }
}

/** Every file of a version's temporary folder, its path and bytes: what its pages are made from. */
function treeFingerprint(dir: string): string {
  const hash = createHash('sha256');
  for (const path of filesBelow(dir)) {
    const bytes = readFileSync(join(dir, path));
    hash.update(`${path}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/** What every version's pages share besides their documents: the build's options, the configuration and the guides as they are now. */
function settingsFingerprint(options: BuildOptions, cwd: string): string {
  const parts: string[] = [
    JSON.stringify({
      allowInvalid: options.allowInvalid ?? false,
      strict: options.strict ?? false,
      siteFlags: options.siteFlags ?? {},
      severities: options.severities ?? {},
      site: options.site ?? '',
      allowRemoteRefs: options.allowRemoteRefs ?? false,
    }),
  ];
  for (const name of readdirSync(cwd)
    .filter((n) => n.startsWith('apidesc-docs.config.'))
    .sort())
    parts.push(name, readFileSync(join(cwd, name), 'utf8'));
  const config = options.siteFlags?.config;
  if (config !== undefined && existsSync(resolve(cwd, config))) parts.push(readFileSync(resolve(cwd, config), 'utf8'));
  const guides = options.siteFlags?.guides;
  if (guides !== undefined && isFolder(resolve(cwd, guides))) parts.push(treeFingerprint(resolve(cwd, guides)));
  return hashOf(parts);
}

function hashOf(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}\0${part}`);
  return hash.digest('hex');
}
