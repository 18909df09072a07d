/**
 * `apidesc-docs build`, stage by stage:
 *
 *   configuration and guides (src/project/site-options.ts, read-guides.ts)
 *   → output folder checked (output-folder.ts)
 *   → then, in build-stages.ts: the staging folder made,
 *     prepare stage, in a process of its own: load, validate, model, site data (prepare-stage.ts)
 *     → render stage, in a process of its own: the pages, as their data arrives (render-stage.ts)
 *     → the site's other files (site-extras.ts) and its search index, in a process of its own (search-stage.ts)
 *     → the staging folder swapped in for the output folder.
 *
 * The processes are started and watched by stage-processes.ts, and the site data goes from the
 * first to the second through prepare-channel.ts. An invalid document stops the build with its
 * diagnostics (exit 1); the route manifest `apidesc-routes.json` is written at the root.
 */
import { join, resolve } from 'node:path';
import type { BuildOptions } from './build-options.ts';
import { expandInputs } from '../lib/inputs/expand-inputs.ts';
import { EXIT } from '../lib/exit-codes.ts';
import type { Reporter } from '../lib/reporter.ts';
import { resolveSiteOptions, type ResolvedSiteOptions } from '../project/site-options.ts';
import { hasErrors, type Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { formatText } from '../lib/diagnostics/format-text.ts';
import { defaultLimits } from '../lib/load/limits.ts';
import { realPath } from '../lib/real-path.ts';
import { refRoot } from '../lib/resolve/ref-root.ts';
import { runBuildStages } from './build-stages.ts';
import { cacheFolderProblem } from './cache/build-cache.ts';

/** Where the build cache is kept when --cache names no folder: where CI caches usually are. */
export const DEFAULT_CACHE_DIR = 'node_modules/.cache/apidesc-docs';

/**
 * The build cache's folder: --cache's, else DEFAULT_CACHE_DIR in a working folder that has
 * `node_modules` (a project with its packages installed); else none. A folder of documents
 * alone (a checkout without install, a shared folder) gets no `node_modules` of the build's making.
 */
export function buildCacheDir(flag: string | undefined, cwd: string): string | undefined {
  if (flag !== undefined) return resolve(cwd, flag);
  return isFolder(join(cwd, 'node_modules')) ? resolve(cwd, DEFAULT_CACHE_DIR) : undefined;
}
import { outputFolderProblem, removeLeftovers, standardProtectedPaths, type ProtectedPath } from './output-folder.ts';
import { BuildClock } from './build-timings.ts';
import { removeDeadWorkFolders } from './work-folder.ts';
import { baseFromPath, baseFromRef, isFolder, type CompareBase } from '../lib/diff/compare-sides.ts';
import type { CommitTree } from '../lib/git/commit-tree.ts';
import { GitError } from '../lib/git/git.ts';
import { configCandidates, reviewSeverities, type ReviewSeverities } from '../project/review-severities.ts';

/** Builds the site of `inputs` into `options.outDir`; returns the exit code (src/lib/exit-codes.ts, EXIT). */
export async function buildSite(inputs: string[], options: BuildOptions, io: Reporter): Promise<number> {
  const clock = new BuildClock();
  const cwd = options.cwd ?? process.cwd();
  // The configuration and the guides are read first: the renderer needs the base path and the
  // guides to render, and a mistake in them stops the build before any work.
  const siteOptions = await resolveSiteOptions(
    inputs,
    { ...options.siteFlags, ...(options.base ? { base: options.base } : {}), ...(options.site ? { site: options.site } : {}) },
    cwd,
    options.limits ?? defaultLimits,
    options.root,
  );
  printDiagnostics(io, siteOptions.diagnostics, siteOptions.sources, options.color);
  if (hasErrors(siteOptions.diagnostics)) {
    io.err('Build stopped: fix the configuration above.');
    return EXIT.usage;
  }
  // The output folder is replaced as a whole: only an empty one, or a site this tool wrote, and
  // never one that holds what the build reads or the user works in (output-folder.ts).
  const outDir = realPath(resolve(cwd, options.outDir));
  // The build cache (src/pipeline/cache/): a folder of this tool's, which the output folder may not hold.
  const cache = buildCacheDir(options.cache, cwd);
  const cacheProblem = cache && cacheFolderProblem(cache, options.cache ?? DEFAULT_CACHE_DIR);
  if (cacheProblem) {
    io.err(`apidesc-docs: ${cacheProblem}`);
    return EXIT.usage;
  }
  const protectedPaths = [...buildInputs(inputs, options, cwd, siteOptions), ...(cache ? [{ path: cache, what: 'the build cache (--cache)' }] : [])];
  const outProblem = outputFolderProblem(outDir, options.outDir, protectedPaths);
  if (outProblem) {
    io.err(`apidesc-docs: ${outProblem}`);
    return EXIT.usage;
  }
  removeLeftovers(outDir);
  removeDeadWorkFolders();
  // Loaded only for guides: their Markdown, MDX and YAML parsers are about 100 modules, which a
  // build without guides would load before it starts its stages.
  const guides = siteOptions.guidesDir ? (await import('./read-guides.ts')).readGuides(siteOptions.guidesDir, cwd) : undefined;
  if (guides) {
    printDiagnostics(io, guides.diagnostics, guides.sources, options.color);
    if (hasErrors(guides.diagnostics) && !options.allowInvalid) {
      io.err('Build stopped: fix the guides above, or build a preview with --allow-invalid (guides with errors are left out of it).');
      return EXIT.invalid;
    }
  }
  // A shard's pages are those of a build of the whole only where no page shows another API's
  // page: a Changes page's badges and guides' reference components do (src/pipeline/shards/).
  if (options.shard && (options.compare !== undefined || options.compareRef !== undefined)) {
    io.err('apidesc-docs: --shard builds a published portal in parts, not a comparison: build --compare or --compare-ref without --shard.');
    return EXIT.usage;
  }
  if (options.shard && guides && guides.refs.length > 0) {
    io.err('apidesc-docs: --shard cannot build guides that show parts of reference pages (their components need every page): build without --shard.');
    return EXIT.usage;
  }
  // The base of --compare is found before anything is written: a wrong one is a usage error (exit 2).
  const compared = await compareBaseOf(inputs, options, cwd, io);
  if (typeof compared === 'number') return compared;
  const { tree } = compared;
  const review = compared.base ? await reviewOf(compared.base, siteOptions, options, cwd, io) : undefined;
  return runBuildStages(
    {
      inputs,
      options: { ...options, ...(cache ? { cache } : {}) },
      cwd,
      outDir,
      protectedPaths,
      siteOptions,
      ...(guides && siteOptions.guidesDir
        ? { guides: { files: { dir: siteOptions.guidesDir, files: guides.renderable }, settings: guides.guides, refs: guides.refs } }
        : {}),
      ...(compared.base && review ? { compare: { compare: compared.base, severities: review.severities, settingChanges: review.changes } } : {}),
      ...(tree ? { removeAtEnd: () => tree.remove() } : {}),
      clock,
    },
    io,
  );
}

/**
 * The base of `--compare <path>` or `--compare-ref <ref>` (src/lib/diff/compare-sides.ts), or the exit code 2
 * with the reason: a folder compared with a document, a folder without documents, a ref git does
 * not know. A commit's files go into a temporary folder outside the repository, which the caller
 * removes (`tree`).
 */
async function compareBaseOf(inputs: string[], options: BuildOptions, cwd: string, io: Reporter): Promise<{ base?: CompareBase; tree?: CommitTree } | number> {
  const headIsFolder = inputs.length === 1 && isFolder(resolve(cwd, inputs[0]!));
  if (options.compare !== undefined) {
    if (isFolder(resolve(cwd, options.compare)) !== headIsFolder)
      return compareProblem(io, `--compare ${options.compare}: compare a document with a document, or a folder with a folder`);
    const { base, diagnostics } = baseFromPath(options.compare, cwd, options.root);
    if (diagnostics.length > 0) {
      io.out(formatText(diagnostics, { sources: new Map(), color: options.color }));
      return compareProblem(io, `--compare ${options.compare}: the base cannot be read (above)`);
    }
    return options.compareAs
      ? { base: { ...base, label: options.compareAs.label, ...(options.compareAs.date ? { date: options.compareAs.date } : {}), published: true } }
      : { base };
  }
  if (options.compareRef === undefined) return {};
  if (inputs.length !== 1) return compareProblem(io, '--compare-ref compares one document or folder: build it alone');
  try {
    const { base, tree, diagnostics } = await baseFromRef(
      options.compareRef,
      inputs[0]!,
      cwd,
      options.root,
      options.limits ?? defaultLimits,
      configCandidates(options.siteFlags?.config, cwd),
    );
    if (diagnostics.length > 0) {
      tree.remove();
      io.out(formatText(diagnostics, { sources: new Map(), color: options.color }));
      return compareProblem(io, `--compare-ref ${options.compareRef}: the base cannot be read (above)`);
    }
    return { base, tree };
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    return compareProblem(io, `--compare-ref ${options.compareRef}: ${error.message}`);
  }
}

/**
 * The project's severities the Changes page applies: the configuration's, or, against a git
 * commit (--compare-ref), the configuration as that commit has it, and a change of it since then
 * as a change of its own (as `diff --base-ref` does); --severity over them.
 */
async function reviewOf(base: CompareBase, site: ResolvedSiteOptions, options: BuildOptions, cwd: string, io: Reporter): Promise<ReviewSeverities> {
  const review = await reviewSeverities(base.fromRef, site.loaded, options.severities ?? {}, options.siteFlags?.config, cwd, options.limits ?? defaultLimits);
  if (review.problems.length > 0) {
    printDiagnostics(io, review.problems, new Map(), options.color);
    io.err("The base's configuration has problems (above): its diffSeverity is read as far as it can be.");
  }
  return review;
}

function compareProblem(io: Reporter, message: string): number {
  io.err(`apidesc-docs: ${message}`);
  io.err('Build stopped: nothing was written.');
  return EXIT.usage;
}

/**
 * What the build reads and where the user works: the output folder may be none of them, nor hold
 * one (the files the documents reference are added once they are known).
 */
function buildInputs(inputs: string[], options: BuildOptions, cwd: string, site: ResolvedSiteOptions): ProtectedPath[] {
  const paths = standardProtectedPaths(cwd);
  for (const input of inputs) paths.push({ path: resolve(cwd, input), what: `the input ${input}` });
  for (const file of expandInputs(inputs, cwd).files)
    paths.push({ path: refRoot(file, cwd, options.root), what: options.root ? 'the --root folder' : "a document's folder, which its $refs read" });
  if (options.compare !== undefined) paths.push({ path: resolve(cwd, options.compare), what: 'the base of --compare' });
  if (site.configFile) paths.push({ path: site.configFile, what: 'the configuration file' });
  if (site.guidesDir) paths.push({ path: site.guidesDir, what: 'the guides folder' });
  for (const asset of site.assets) paths.push({ path: asset.from, what: `the file ${asset.from}` });
  return paths;
}

function printDiagnostics(io: Reporter, diagnostics: Diagnostic[], sources: Map<string, string>, color: boolean): void {
  if (diagnostics.length > 0) io.out(formatText(diagnostics, { sources, color }));
}
