/**
 * `apidesc-docs diff <base> <head>` and `diff --base-ref <git ref> <head>`: what a change of the
 * documents breaks, and for whom (src/pipeline/compare-versions.ts, src/lib/diff/). Prints the
 * report or why nothing was compared, and maps it to the exit code: 1 when something breaks
 * (--fail-on), 2 for input that cannot be read.
 */
import { formatText as formatDiagnostics } from '../lib/diagnostics/format-text.ts';
import { formatJson, formatMarkdown, formatNotCompared, formatSarif, formatText, summary, type DiffFormat, type NotCompared } from '../lib/diff/format-diff.ts';
import type { DiffReport } from '../lib/diff/types.ts';
import { EXIT } from '../lib/exit-codes.ts';
import type { Reporter } from '../lib/reporter.ts';
import { compareVersions, type CompareVersionsRequest } from '../pipeline/compare-versions.ts';

export type FailOn = 'breaking' | 'any' | 'none';

export interface DiffCommandOptions extends Omit<CompareVersionsRequest, 'args' | 'pages'> {
  format: DiffFormat;
  failOn: FailOn;
  previewUrl?: string;
  color: boolean;
  version: string;
}

export async function diffCommand(args: string[], options: DiffCommandOptions, io: Reporter): Promise<number> {
  const { outcome, baseConfigProblems } = await compareVersions({ ...options, args, pages: options.previewUrl !== undefined });
  if (baseConfigProblems.length > 0) {
    io.err(formatDiagnostics(baseConfigProblems, { sources: new Map(), color: options.color }));
    io.err("apidesc-docs diff: the base's configuration has problems (above): its diffSeverity is read as far as it can be");
  }
  switch (outcome.kind) {
    case 'usage':
      return usage(io, outcome.message);
    case 'configuration-errors':
      io.err(formatDiagnostics(outcome.diagnostics, { sources: outcome.sources, color: options.color }));
      return usage(io, 'the configuration has errors (above); nothing was compared');
    case 'not-compared':
      return notCompared(io, outcome.why, options);
    case 'compared': {
      const { report } = outcome;
      print(report, options, io);
      const failed = options.failOn === 'breaking' ? report.breaking > 0 : options.failOn === 'any' ? report.changes.length > 0 : false;
      return failed ? EXIT.invalid : EXIT.ok;
    }
  }
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
