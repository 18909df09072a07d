/**
 * What `diff <base> <head>` and `diff --base-ref <git ref> <head>` do below the command line: the
 * project's severities read (the configuration's `diffSeverity`, or with --base-ref the base's),
 * both sides found (src/lib/diff/compare-sides.ts), loaded, checked and compared
 * (src/lib/diff/compare-inputs.ts). Returns what came of it; the command prints it and picks
 * the exit code. A commit's files live in a temporary folder only while this runs, a stop
 * signal included.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import { diffSides, type SideInput } from '../lib/diff/compare-inputs.ts';
import { baseFromRef, baseSide, isFolder, sideFiles } from '../lib/diff/compare-sides.ts';
import type { NotCompared } from '../lib/diff/format-diff.ts';
import type { CommitTree } from '../lib/git/commit-tree.ts';
import { GitError } from '../lib/git/git.ts';
import type { SeverityOverrides } from '../lib/diff/severity-overrides.ts';
import type { DiffReport } from '../lib/diff/types.ts';
import { cleanUpOnStop } from '../lib/interrupt.ts';
import type { LoadLimits } from '../lib/load/limits.ts';
import { loadConfig, type LoadedConfig } from '../project/config-file.ts';
import { configCandidates, reviewSeverities } from '../project/review-severities.ts';

export interface CompareVersionsRequest {
  /** The base and the head, or with `baseRef` the head alone (documents or folders). */
  args: string[];
  baseRef?: string;
  root?: string;
  /** `--config`: the configuration whose `diffSeverity` applies (default: the one in the working folder, if any). */
  config?: string;
  /** `--severity` flags, over the configuration's `diffSeverity`. */
  severities: SeverityOverrides;
  allowRemoteRefs: boolean;
  limits: LoadLimits;
  cwd: string;
  /** Work out the preview pages of each change (`--preview-url`). */
  pages: boolean;
}

export type ComparisonOutcome =
  /** The report: the command maps it to its exit code (--fail-on). */
  | { kind: 'compared'; report: DiffReport }
  /** An input that cannot be read, or a side with errors: nothing was compared. */
  | { kind: 'not-compared'; why: NotCompared }
  /** The project's configuration has errors: its settings would silently not apply. */
  | { kind: 'configuration-errors'; diagnostics: Diagnostic[]; sources: Map<string, string> }
  /** A wrong command line, or a ref git does not know: the message says which. */
  | { kind: 'usage'; message: string };

export interface Comparison {
  outcome: ComparisonOutcome;
  /** Problems of the base's configuration (--base-ref), shown before the outcome: its diffSeverity is read as far as it can be. */
  baseConfigProblems: Diagnostic[];
}

export async function compareVersions(request: CompareVersionsRequest): Promise<Comparison> {
  const { cwd } = request;
  const project = await projectConfiguration(request);
  if ('outcome' in project) return { outcome: project.outcome, baseConfigProblems: [] };
  /** The configuration's severities, or with --base-ref the base's and a change of them since then (a change of its own). */
  let review = await reviewSeverities(undefined, project.loaded, request.severities, request.config, cwd, request.limits);
  let baseConfigProblems: Diagnostic[] = [];
  const shownHere = (file: string): string => displayPath(file, cwd);
  const diagnostics: Diagnostic[] = [];
  let tree: CommitTree | undefined;
  const remove = (): void => tree?.remove();
  const done = (outcome: ComparisonOutcome): Comparison => ({ outcome, baseConfigProblems });
  return cleanUpOnStop(remove, async () => {
    try {
      let base: SideInput;
      let head: SideInput;
      const { args } = request;
      if (request.baseRef !== undefined) {
        if (args.length !== 1)
          return done({ kind: 'usage', message: 'with --base-ref, give the one document or folder to compare: apidesc-docs diff --base-ref origin/main api/' });
        let fromRef: Awaited<ReturnType<typeof baseFromRef>>;
        try {
          fromRef = await baseFromRef(request.baseRef, args[0]!, cwd, request.root, request.limits, configCandidates(request.config, cwd));
        } catch (error) {
          if (!(error instanceof GitError)) throw error;
          return done({ kind: 'usage', message: `--base-ref ${request.baseRef}: ${error.message}` });
        }
        tree = fromRef.tree;
        // The severities the base has: a pull request cannot re-classify its own changes by editing the configuration.
        review = await reviewSeverities(tree, project.loaded, request.severities, request.config, cwd, request.limits);
        baseConfigProblems = review.problems;
        // A document or folder deleted since the ref: its APIs are removed (base has them, head has nothing).
        // (Head's path gone, the base has the path when it found a document there, or a folder.)
        const target = resolve(cwd, args[0]!);
        const inBase = fromRef.base.files.length > 0 || fromRef.base.folder !== undefined;
        head =
          !existsSync(target) && inBase
            ? { files: [], ...(fromRef.base.folder ? { folder: target } : {}), display: shownHere }
            : sideOf(args[0]!, cwd, shownHere, diagnostics, request.root);
        diagnostics.push(...fromRef.diagnostics);
        // A file of the commit is shown at its path in the repository (the temporary copy is an
        // implementation detail); a document the base does not have yet: every API of head is new.
        base = baseSide(fromRef.base, cwd);
      } else {
        if (args.length !== 2)
          return done({
            kind: 'usage',
            message: 'give two documents or two folders, the base first: apidesc-docs diff <base> <head> (or diff --base-ref <git ref> <head>)',
          });
        const [b, h] = args.map((a) => resolve(cwd, a));
        if (isFolder(b!) !== isFolder(h!)) return done({ kind: 'usage', message: 'compare a document with a document, or a folder with a folder' });
        base = sideOf(args[0]!, cwd, shownHere, diagnostics, request.root);
        head = sideOf(args[1]!, cwd, shownHere, diagnostics, request.root);
      }
      if (diagnostics.length > 0) return done({ kind: 'not-compared', why: { kind: 'unreadable', reason: 'an input cannot be read', diagnostics } });
      const outcome = await diffSides(base, head, {
        limits: request.limits,
        allowRemoteRefs: request.allowRemoteRefs,
        cwd,
        pages: request.pages,
        severities: review.severities,
        changes: review.changes,
      });
      if (outcome.unreadable)
        return done({ kind: 'not-compared', why: { kind: 'unreadable', reason: 'an input cannot be read', diagnostics: outcome.diagnostics } });
      // A version with errors is not compared: what it says is not what it means (a list written
      // as a map reads as "no longer restricted"), as `build --compare` does not compare it either.
      if (outcome.invalid)
        return done({ kind: 'not-compared', why: { kind: 'invalid', reason: invalidReason(outcome.invalid), diagnostics: outcome.diagnostics } });
      return done({ kind: 'compared', report: outcome.report });
    } finally {
      remove();
    }
  });
}

/** One side from a file or folder argument; problems with the folder become diagnostics (found as `build --compare` finds its base). */
function sideOf(arg: string, cwd: string, display: (file: string) => string, diagnostics: Diagnostic[], root?: string): SideInput {
  const side = sideFiles(resolve(cwd, arg), cwd, display);
  diagnostics.push(...side.diagnostics);
  return { files: side.files, ...(side.folder ? { folder: side.folder } : {}), display, ...(root ? { root } : {}) };
}

/**
 * The project's configuration, for its `diffSeverity`; one with errors stops the comparison
 * (exit 2), as it stops a build: its settings would silently not apply.
 */
async function projectConfiguration(request: CompareVersionsRequest): Promise<{ loaded: LoadedConfig } | { outcome: ComparisonOutcome }> {
  const root = request.root !== undefined ? resolve(request.cwd, request.root) : undefined;
  const loaded = await loadConfig(request.cwd, request.config, request.limits, root);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return { loaded };
  const sources = new Map(loaded.file && loaded.text !== undefined ? [[displayPath(loaded.file, request.cwd), loaded.text]] : []);
  return { outcome: { kind: 'configuration-errors', diagnostics: errors, sources } };
}

/** "the base has errors", "the head has errors", "the base and the head have errors". */
function invalidReason(sides: readonly ('base' | 'head')[]): string {
  return sides.length > 1 ? 'the base and the head have errors' : `the ${sides[0]} has errors`;
}
