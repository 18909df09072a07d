/**
 * `build --compare`: the documents being built compared with the base by `diff` itself
 * (diffSides, the same rules, messages and order), for the Changes page and the badges of
 * changed pages (src/site/changes-view.ts). The head is not read again: the documents the build
 * validated are handed over. A base that cannot be read stops the build with exit 2, as `diff`
 * exits, before any page is written; a base (or a head) with errors is not compared, as `diff`
 * does not compare it, and the Changes page says so.
 */
import type { BuildOptions } from '../cli/build-options.ts';
import { EXIT, type CliIO } from '../cli/io.ts';
import { hasErrors, type Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { formatText } from '../lib/diagnostics/format-text.ts';
import { diffSides } from '../lib/diff/compare-inputs.ts';
import type { SeverityOverrides } from '../lib/diff/severity-overrides.ts';
import type { Change } from '../lib/diff/types.ts';
import { defaultLimits } from '../lib/load/limits.ts';
import type { ResolvedDoc } from '../lib/resolve/resolved-doc.ts';
import { changesView } from '../site/changes-view.ts';
import { escapeControls } from '../lib/terminal-text.ts';
import type { SiteChanges } from '../site/site-data-types.ts';
import { baseSide, headSide, type CompareBase } from './compare-sides.ts';

export async function compareWithBase(
  base: CompareBase,
  inputs: string[],
  docs: { file: string; doc: ResolvedDoc; diagnostics: Diagnostic[] }[],
  options: BuildOptions,
  cwd: string,
  io: CliIO,
  severities?: SeverityOverrides,
  settingChanges: Change[] = [],
): Promise<SiteChanges | number> {
  // `diff` compares valid documents only; a preview of invalid ones (--allow-invalid) says so.
  if (docs.some((d) => hasErrors(d.diagnostics)))
    return {
      against: escapeControls(base.label),
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
      against: escapeControls(base.label),
      counts: { breaking: 0, 'non-breaking': 0, info: 0 },
      groups: [],
      badges: [],
      unavailable: `The base (${escapeControls(base.label)}) has errors, as apidesc-docs validate finds them: it was not compared. Fix the base, or compare with another.`,
      notCompared: 'the base has errors',
    };
  }
  const view = changesView(outcome.report, base.label);
  const { counts } = view;
  io.err(
    `Compared with ${base.label}: ${counts.breaking} breaking, ${counts['non-breaking']} non-breaking, ${counts.info} info (${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );
  return view;
}
