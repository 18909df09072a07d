/**
 * `build --compare`: the documents being built compared with the base by `diff` itself
 * (diffSides, the same rules, messages and order), for the Changes page and the badges of
 * changed pages (src/site/changes-view.ts). The head is not read again: the documents the build
 * validated are handed over. A base that cannot be read stops the build with exit 2, as `diff`
 * exits, before any page is written; a base (or a head) with errors is not compared, as `diff`
 * does not compare it, and the Changes page says so.
 */
import { writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative } from 'node:path';
import type { BuildOptions } from './build-options.ts';
import { EXIT } from '../lib/exit-codes.ts';
import type { Reporter } from '../lib/reporter.ts';
import { hasErrors, type Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { publishedPath } from '../lib/diagnostics/to-diagnostic.ts';
import { formatText } from '../lib/diagnostics/format-text.ts';
import { diffSides } from '../lib/diff/compare-inputs.ts';
import type { SeverityOverrides } from '../lib/diff/severity-overrides.ts';
import type { Change } from '../lib/diff/types.ts';
import { defaultLimits } from '../lib/load/limits.ts';
import type { ResolvedDoc } from '../lib/resolve/resolved-doc.ts';
import { changesView } from '../site/changes-view.ts';
import { escapeControls } from '../lib/terminal-text.ts';
import type { SiteChanges } from '../site/site-data-types.ts';
import { baseSide, headSide, isFolder, type CompareBase } from '../lib/diff/compare-sides.ts';

export async function compareWithBase(
  base: CompareBase,
  inputs: string[],
  docs: { file: string; doc: ResolvedDoc; diagnostics: Diagnostic[] }[],
  options: BuildOptions,
  cwd: string,
  io: Reporter,
  severities?: SeverityOverrides,
  settingChanges: Change[] = [],
): Promise<SiteChanges | number> {
  // `diff` compares valid documents only; a preview of invalid ones (--allow-invalid) says so.
  const names = publishedNames(base, cwd, options.root);
  if (docs.some((d) => hasErrors(d.diagnostics)))
    return {
      against: escapeControls(names.against),
      counts: { breaking: 0, 'non-breaking': 0, info: 0 },
      groups: [],
      badges: [],
      unavailable: 'The documents have errors (shown on their pages): fix them to see what this version changes.',
      notCompared: 'the documents have errors',
    };
  const started = performance.now();
  const outcome = await diffSides(baseSide(base, cwd), headSide(inputs, docs, cwd, options.root), {
    limits: options.limits ?? defaultLimits,
    allowRemoteRefs: options.allowRemoteRefs ?? false,
    cwd,
    pages: true,
    ...(severities ? { severities } : {}),
    changes: settingChanges,
  });
  if (outcome.unreadable) {
    io.out(formatText(outcome.diagnostics, { sources: new Map(), color: options.color }));
    io.err(`Build stopped: the base of the comparison (${base.label}) cannot be read (above); nothing was written.`);
    return EXIT.usage;
  }
  // A base that validate rejects is not compared, as `diff` does not compare it: the preview says so.
  if (outcome.invalid) {
    io.out(formatText(outcome.diagnostics, { sources: new Map(), color: options.color }));
    io.err(`Not compared with ${base.label}: the base has errors (above); the Changes page says so.`);
    return {
      against: escapeControls(names.against),
      counts: { breaking: 0, 'non-breaking': 0, info: 0 },
      groups: [],
      badges: [],
      unavailable: `The base (${escapeControls(names.against)}) has errors, as apidesc-docs validate finds them: it was not compared. Fix the base, or compare with another.`,
      notCompared: 'the base has errors',
    };
  }
  if (options.renamesFile !== undefined)
    writeFileSync(options.renamesFile, JSON.stringify(outcome.report.changes.filter((change) => change.rule.endsWith('-renamed'))));
  const report = { ...outcome.report, changes: outcome.report.changes.map((c) => ({ ...c, file: names.file(c.file, c.side) })) };
  // The versions compared, as a reader names them: each side's info.version (one API each).
  const [baseVersion] = outcome.versions?.base ?? [];
  const [headVersion] = outcome.versions?.head ?? [];
  const oneEach = outcome.versions?.base.length === 1 && outcome.versions.head.length === 1;
  const view = changesView(
    report,
    names.against,
    oneEach && baseVersion !== undefined && headVersion !== undefined ? { base: baseVersion, head: headVersion } : undefined,
  );
  if (base.date !== undefined) view.baseDate = base.date;
  // Where each change is written (file:line, pointer) is for the authors of a preview they asked
  // for (--allow-invalid, as the pull request's Action builds it); a site built to be read says
  // what changed for its readers only, as a version of a site of every version does.
  if (base.published || options.allowInvalid !== true) view.published = true;
  const { counts } = view;
  io.err(
    `Compared with ${base.label}: ${counts.breaking} breaking, ${counts['non-breaking']} non-breaking, ${counts.info} info (${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );
  return view;
}

/**
 * The base's name and the files of the changes as a published page shows them: never an absolute
 * path of the machine that built it (a CI runner's work folder). A path given relative stays as
 * given. An absolute one is shown relative to the working folder when it is inside it, else by
 * the base's own folder ("old/orders.yaml", "old/"); so is a file of the base, under that folder's
 * name; a file of the head outside the working folder as the pages show it (publishedPath).
 */
function publishedNames(base: CompareBase, cwd: string, root: string | undefined): { against: string; file: (file: string, side: 'base' | 'head') => string } {
  const baseFolder = base.folder ?? (base.files[0] !== undefined ? dirname(base.files[0]) : undefined);
  const inside = (path: string, folder: string): string | undefined => {
    const rel = relative(folder, path);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split('\\').join('/') : undefined;
  };
  const fromBase = (path: string): string =>
    inside(path, cwd) ??
    (baseFolder !== undefined && inside(path, baseFolder) !== undefined ? `${basename(baseFolder)}/${inside(path, baseFolder)}` : basename(path));
  const against =
    base.fromRef || !isAbsolute(base.label)
      ? base.label
      : (inside(base.label, cwd) ?? (isFolder(base.label) ? `${basename(base.label)}/` : `${basename(dirname(base.label))}/${basename(base.label)}`));
  return {
    against,
    file: (file, side) => (/^https?:/i.test(file) || !isAbsolute(file) ? file : side === 'base' ? fromBase(file) : publishedPath(file, cwd, root ?? cwd)),
  };
}
