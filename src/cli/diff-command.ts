/**
 * `apidesc-docs diff <base> <head>` and `diff --base-ref <git ref> <head>`: what a change of the
 * documents breaks, and for whom (src/lib/diff/). Reads its arguments, prints the report, maps it
 * to the exit code: 1 when something breaks (--fail-on), 2 for input that cannot be read.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { formatText as formatDiagnostics } from '../lib/diagnostics/format-text.ts';
import type { SeverityOverrides } from '../lib/diff/severity-overrides.ts';
import { loadConfig, type LoadedConfig } from '../project/config-file.ts';
import { configCandidates, reviewSeverities } from '../project/review-severities.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import type { LoadLimits } from '../lib/load/limits.ts';
import { diffSides, type SideInput } from '../lib/diff/compare-inputs.ts';
import { formatJson, formatMarkdown, formatNotCompared, formatSarif, formatText, summary, type DiffFormat, type NotCompared } from '../lib/diff/format-diff.ts';
import { GitError, type CommitTree } from '../lib/diff/git-tree.ts';
import type { DiffReport } from '../lib/diff/types.ts';
import { baseFromRef, baseSide, isFolder, sideFiles } from '../lib/diff/compare-sides.ts';
import { cleanUpOnStop } from '../lib/interrupt.ts';
import { EXIT } from '../lib/exit-codes.ts';
import type { Reporter } from '../lib/reporter.ts';

export type FailOn = 'breaking' | 'any' | 'none';

export interface DiffCommandOptions {
  format: DiffFormat;
  failOn: FailOn;
  baseRef?: string;
  previewUrl?: string;
  root?: string;
  /** `--config`: the configuration whose `diffSeverity` applies (default: the one in the working folder, if any). */
  config?: string;
  /** `--severity` flags, over the configuration's `diffSeverity`. */
  severities: SeverityOverrides;
  allowRemoteRefs: boolean;
  limits: LoadLimits;
  cwd: string;
  color: boolean;
  version: string;
}

/** One side from a file or folder argument; problems with the folder become diagnostics (found as `build --compare` finds its base). */
function sideOf(arg: string, cwd: string, display: (file: string) => string, diagnostics: Diagnostic[], root?: string): SideInput {
  const side = sideFiles(resolve(cwd, arg), cwd, display);
  diagnostics.push(...side.diagnostics);
  return { files: side.files, ...(side.folder ? { folder: side.folder } : {}), display, ...(root ? { root } : {}) };
}

export async function diffCommand(args: string[], options: DiffCommandOptions, io: Reporter): Promise<number> {
  const { cwd } = options;
  const project = await projectSeverities(options, io);
  if (typeof project === 'number') return project;
  /** The configuration's severities, or with --base-ref the base's and a change of them since then (a change of its own). */
  let review = await reviewSeverities(undefined, project.loaded, options.severities, options.config, cwd, options.limits);
  const shownHere = (file: string): string => displayPath(file, cwd);
  const diagnostics: Diagnostic[] = [];
  let tree: CommitTree | undefined;
  const remove = (): void => tree?.remove();
  return cleanUpOnStop(remove, async () => {
    try {
      let base: SideInput;
      let head: SideInput;
      if (options.baseRef !== undefined) {
        if (args.length !== 1) return usage(io, 'with --base-ref, give the one document or folder to compare: apidesc-docs diff --base-ref origin/main api/');
        let fromRef: Awaited<ReturnType<typeof baseFromRef>>;
        try {
          fromRef = await baseFromRef(options.baseRef, args[0]!, cwd, options.root, options.limits, configCandidates(options.config, cwd));
        } catch (error) {
          if (!(error instanceof GitError)) throw error;
          io.err(`apidesc-docs diff: --base-ref ${options.baseRef}: ${error.message}`);
          return EXIT.usage;
        }
        tree = fromRef.tree;
        // The severities the base has: a pull request cannot re-classify its own changes by editing the configuration.
        review = await reviewSeverities(tree, project.loaded, options.severities, options.config, cwd, options.limits);
        if (review.problems.length > 0) {
          io.err(formatDiagnostics(review.problems, { sources: new Map(), color: options.color }));
          io.err("apidesc-docs diff: the base's configuration has problems (above): its diffSeverity is read as far as it can be");
        }
        // A document or folder deleted since the ref: its APIs are removed (base has them, head has nothing).
        // (Head's path gone, the base has the path when it found a document there, or a folder.)
        const target = resolve(cwd, args[0]!);
        const inBase = fromRef.base.files.length > 0 || fromRef.base.folder !== undefined;
        head =
          !existsSync(target) && inBase
            ? { files: [], ...(fromRef.base.folder ? { folder: target } : {}), display: shownHere }
            : sideOf(args[0]!, cwd, shownHere, diagnostics, options.root);
        diagnostics.push(...fromRef.diagnostics);
        // A file of the commit is shown at its path in the repository (the temporary copy is an
        // implementation detail); a document the base does not have yet: every API of head is new.
        base = baseSide(fromRef.base, cwd);
      } else {
        if (args.length !== 2)
          return usage(io, 'give two documents or two folders, the base first: apidesc-docs diff <base> <head> (or diff --base-ref <git ref> <head>)');
        const [b, h] = args.map((a) => resolve(cwd, a));
        if (isFolder(b!) !== isFolder(h!)) return usage(io, 'compare a document with a document, or a folder with a folder');
        base = sideOf(args[0]!, cwd, shownHere, diagnostics, options.root);
        head = sideOf(args[1]!, cwd, shownHere, diagnostics, options.root);
      }
      if (diagnostics.length > 0) return notCompared(io, { kind: 'unreadable', reason: 'an input cannot be read', diagnostics }, options);
      const outcome = await diffSides(base, head, {
        limits: options.limits,
        allowRemoteRefs: options.allowRemoteRefs,
        cwd,
        pages: options.previewUrl !== undefined,
        severities: review.severities,
        changes: review.changes,
      });
      if (outcome.unreadable) return notCompared(io, { kind: 'unreadable', reason: 'an input cannot be read', diagnostics: outcome.diagnostics }, options);
      // A version with errors is not compared: what it says is not what it means (a list written
      // as a map reads as "no longer restricted"), as `build --compare` does not compare it either.
      if (outcome.invalid) return notCompared(io, { kind: 'invalid', reason: invalidReason(outcome.invalid), diagnostics: outcome.diagnostics }, options);
      const { report } = outcome;
      print(report, options, io);
      const failed = options.failOn === 'breaking' ? report.breaking > 0 : options.failOn === 'any' ? report.changes.length > 0 : false;
      return failed ? EXIT.invalid : EXIT.ok;
    } finally {
      remove();
    }
  });
}

function print(report: DiffReport, options: DiffCommandOptions, io: Reporter): void {
  switch (options.format) {
    case 'json':
      io.out(formatJson(report));
      return;
    case 'sarif':
      io.out(formatSarif(report, options.version));
      return;
    case 'markdown':
      io.out(formatMarkdown(report, options.previewUrl));
      return;
    default:
      if (report.changes.length > 0) io.out(formatText(report));
      else io.out(summary(report));
  }
}

/**
 * The configuration's `diffSeverity` with the --severity flags over it; a configuration with
 * errors stops the command (exit 2), as it stops a build: its settings would silently not apply.
 */
async function projectSeverities(options: DiffCommandOptions, io: Reporter): Promise<{ loaded: LoadedConfig } | number> {
  const root = options.root !== undefined ? resolve(options.cwd, options.root) : undefined;
  const loaded = await loadConfig(options.cwd, options.config, options.limits, root);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    const sources = new Map(loaded.file && loaded.text !== undefined ? [[displayPath(loaded.file, options.cwd), loaded.text]] : []);
    io.err(formatDiagnostics(errors, { sources, color: options.color }));
    return usage(io, 'the configuration has errors (above); nothing was compared');
  }
  return { loaded };
}

/** "the base has errors", "the head has errors", "the base and the head have errors". */
function invalidReason(sides: readonly ('base' | 'head')[]): string {
  return sides.length > 1 ? 'the base and the head have errors' : `the ${sides[0]} has errors`;
}

/**
 * Nothing was compared: the located diagnostics on stderr, and on stdout a report in the format
 * asked for that says so (JSON, SARIF and Markdown stay parseable; a pull-request comment says
 * "Not compared"); exit 2.
 */
function notCompared(io: Reporter, why: NotCompared, options: DiffCommandOptions): number {
  io.err(formatDiagnostics(why.diagnostics, { sources: new Map(), color: options.color }));
  const fix = why.kind === 'unreadable' ? '' : '; fix them (apidesc-docs validate lists them) and run diff again';
  io.err(`apidesc-docs diff: not compared: ${why.reason} (above)${fix}; nothing was compared`);
  const report = formatNotCompared(why, options.format, options.version);
  if (report !== undefined) io.out(report);
  return EXIT.usage;
}

function usage(io: Reporter, message: string): number {
  io.err(`apidesc-docs diff: ${message}`);
  return EXIT.usage;
}
