/**
 * The project's severities a review applies (the configuration's `diffSeverity`). Compared with a
 * git commit (`diff --base-ref`, `build --compare-ref`), they are the base's: the configuration as
 * that commit has it, read from the same temporary copy of the commit as the base documents
 * (src/lib/git/commit-tree.ts). A pull request cannot then re-classify its own breaking change by editing the
 * configuration in its branch: what it changes there is reported as a change of its own
 * (src/lib/diff/severity-changes.ts), and applies once merged.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import { severityChanges, type SeveritySettings } from '../lib/diff/severity-changes.ts';
import { applySeverityOverrides, type SeverityOverrides } from '../lib/diff/severity-overrides.ts';
import type { Change } from '../lib/diff/types.ts';
import { treeDisplay, type TreeView } from '../lib/git/commit-tree.ts';
import { DIFF_RULE_IDS } from '../lib/diff/rule-ids.ts';
import type { LoadLimits } from '../lib/load/limits.ts';
import { realPath, within } from '../lib/real-path.ts';
import { CONFIG_NAMES, loadConfig, type LoadedConfig } from './config-file.ts';

/** A commit's files in a temporary folder (`dir`), laid out as in `top` (the repository, or --root above it: src/lib/git/commit-tree.ts). */
type CommitFiles = Pick<TreeView, 'dir' | 'top'>;

/**
 * The configuration files the review may read from the commit (commit-tree.ts writes only what a
 * comparison reads): the one --config names, else the names looked for in the working folder.
 * Real paths, though they need not exist in the working tree any more.
 */
export function configCandidates(explicit: string | undefined, cwd: string): string[] {
  const real = (path: string): string => (existsSync(path) ? realPath(path) : join(realPath(dirname(path)), basename(path)));
  if (explicit !== undefined) {
    const path = resolve(cwd, explicit);
    return existsSync(dirname(path)) ? [real(path)] : [];
  }
  return CONFIG_NAMES.map((name) => join(realPath(cwd), name));
}

/** Only the rules this version of `diff` has (a base written for another version may name others). */
function known(overrides: SeverityOverrides | undefined): SeverityOverrides {
  return Object.fromEntries(Object.entries(overrides ?? {}).filter(([rule]) => DIFF_RULE_IDS.has(rule)));
}

function settingsOf(loaded: LoadedConfig, display: (file: string) => string): SeveritySettings {
  return {
    overrides: known(loaded.config.diffSeverity),
    ...(loaded.file && existsSync(loaded.file) ? { file: display(loaded.file) } : {}),
    lineOf: (pointer) => loaded.index?.find(pointer, true).line ?? 0,
  };
}

/** What the base's configuration adds to the review: its settings, and what could not be read of it. */
interface BaseSettings {
  /** `undefined`: the configuration is not part of the repository (outside it): the head's applies to both. */
  settings?: SeveritySettings;
  /** Problems of the base's configuration that may hide its diffSeverity (shown as warnings). */
  problems: Diagnostic[];
}

/** Files of the configuration that a commit's copy lacks (its images are not written): not problems of its diffSeverity. */
const ABOUT_OTHER_FILES = new Set(['config-missing-file', 'config-path-outside']);

/**
 * The configuration the commit has where the head's is: the file `--config` named (at its path
 * in the repository), else the one in the working folder's place in the commit.
 */
async function baseSettings(commit: CommitFiles, head: LoadedConfig, explicit: string | undefined, cwd: string, limits: LoadLimits): Promise<BaseSettings> {
  const { dir, top: repository } = commit;
  const display = treeDisplay(commit, cwd);
  const none: BaseSettings = { settings: { overrides: {}, lineOf: () => 0 }, problems: [] };
  let loaded: LoadedConfig;
  if (explicit !== undefined && head.file) {
    const real = existsSync(head.file) ? realPath(head.file) : head.file;
    if (!within(repository, real)) return { problems: [] };
    const inCommit = join(dir, relative(repository, real));
    if (!existsSync(inCommit)) return none;
    loaded = await loadConfig(dir, inCommit, limits);
  } else {
    const folder = realPath(cwd);
    if (!within(repository, folder)) return { problems: [] };
    const inCommit = join(dir, relative(repository, folder));
    if (!CONFIG_NAMES.some((name) => existsSync(join(inCommit, name)))) return none;
    loaded = await loadConfig(inCommit, undefined, limits);
  }
  const problems = loaded.diagnostics
    .filter((d) => d.severity === 'error' && !ABOUT_OTHER_FILES.has(d.code))
    .map((d) => ({ ...d, severity: 'warning' as const, file: loaded.file ? display(loaded.file) : d.file }));
  return { settings: settingsOf(loaded, display), problems };
}

/** The severities a review applies, the change of them since the base, and what could not be read of the base's. */
export interface ReviewSeverities {
  severities: SeverityOverrides;
  /** A change of the configuration's diffSeverity since the base (against a commit), reported as a change of its own. */
  changes: Change[];
  /** Problems of the base's configuration (baseSettings), for the caller to show. */
  problems: Diagnostic[];
}

/**
 * The project's severities (`diffSeverity` of the configuration `head`), or, against a git commit
 * (`commit`), the base's as that commit has them, with a change of them since then as a change of
 * its own; `flags` (--severity) over them.
 */
export async function reviewSeverities(
  commit: CommitFiles | undefined,
  head: LoadedConfig,
  flags: SeverityOverrides,
  explicit: string | undefined,
  cwd: string,
  limits: LoadLimits,
): Promise<ReviewSeverities> {
  const own = { ...head.config.diffSeverity, ...flags };
  if (!commit) return { severities: own, changes: [], problems: [] };
  const fromBase = await baseSettings(commit, head, explicit, cwd, limits);
  if (!fromBase.settings) return { severities: own, changes: [], problems: fromBase.problems };
  const severities = { ...fromBase.settings.overrides, ...flags };
  const changes = applySeverityOverrides(
    severityChanges(
      fromBase.settings,
      settingsOf(head, (file) => displayPath(file, cwd)),
    ),
    severities,
  );
  return { severities, changes, problems: fromBase.problems };
}
