/**
 * A diff report as text (terminal), JSON, SARIF (annotations on the changed lines) and Markdown
 * (a pull-request comment). Text of documents is escaped for where it goes: control characters
 * for the terminal and SARIF, Markdown syntax, mentions and links for the comment.
 */
import { codeSpan, linkDestination, markdownText } from '../markdown-text.ts';
import { escapeControls } from '../terminal-text.ts';
import { SEVERITY_TITLES, type Change, type ChangeSeverity, type DiffReport } from './types.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { diagnosticResult, sarifLog, type SarifResult } from '../diagnostics/format-sarif.ts';
import { boundedText } from '../bounded-text.ts';

export type DiffFormat = 'text' | 'json' | 'sarif' | 'markdown';

function counts(report: DiffReport): Record<ChangeSeverity, number> {
  const out: Record<ChangeSeverity, number> = { breaking: 0, 'non-breaking': 0, info: 0 };
  for (const c of report.changes) out[c.severity]++;
  return out;
}

export function summary(report: DiffReport): string {
  if (report.changes.length === 0) return 'no changes';
  const n = counts(report);
  return `${n.breaking} breaking, ${n['non-breaking']} non-breaking, ${n.info} info`;
}

export function formatJson(report: DiffReport): string {
  const changes = report.changes.map((c) => ({
    severity: c.severity,
    rule: c.rule,
    api: c.api,
    object: c.object,
    pointer: c.pointer,
    file: c.file,
    line: c.line,
    side: c.side,
    direction: c.direction,
    message: c.message,
    ...(c.ruleSeverity !== undefined ? { ruleSeverity: c.ruleSeverity } : {}),
  }));
  return JSON.stringify({ changes, breaking: report.breaking }, null, 2);
}

/** Re-classifications listed by rule, at most: the rest are counted. */
const RECLASSIFIED_LISTED = 10;

/**
 * How many changes the project's severities (diffSeverity, --severity) re-classified, and how
 * (`1 breaking → info: schema-enum-value-added`), or undefined when none was: a reviewer sees it
 * first, even when the changes themselves are folded away as wording.
 */
function reclassified(report: DiffReport, code: (text: string) => string = (t) => t): string | undefined {
  const moves = new Map<string, { count: number; rules: Set<string> }>();
  for (const c of report.changes) {
    if (c.ruleSeverity === undefined) continue;
    const key = `${c.ruleSeverity} → ${c.severity}`;
    const move = moves.get(key) ?? { count: 0, rules: new Set<string>() };
    move.count++;
    move.rules.add(c.rule);
    moves.set(key, move);
  }
  if (moves.size === 0) return undefined;
  const total = [...moves.values()].reduce((n, m) => n + m.count, 0);
  const parts = [...moves].map(([key, m]) => {
    const rules = [...m.rules].sort();
    const listed = rules.slice(0, RECLASSIFIED_LISTED).map(code).join(', ');
    return `${m.count} ${key} (${listed}${rules.length > RECLASSIFIED_LISTED ? `, and ${rules.length - RECLASSIFIED_LISTED} more rules` : ''})`;
  });
  return `${total} change${total === 1 ? '' : 's'} re-classified by this project's settings: ${parts.join('; ')}`;
}

export function formatText(report: DiffReport): string {
  const several = new Set(report.changes.map((c) => c.api)).size > 1;
  const lines: string[] = [];
  for (const c of report.changes) {
    const where = `${c.file}:${c.line}${c.side === 'base' ? ' (base)' : ''}`;
    lines.push(`${c.severity.padEnd(12)} ${escapeControls(where)}  ${several ? `${escapeControls(c.api)} › ` : ''}${escapeControls(c.object)}  [${c.rule}]`);
    lines.push(`  ${escapeControls(c.message)}`);
  }
  const moved = reclassified(report);
  if (moved) lines.push(moved);
  lines.push(summary(report));
  return lines.join('\n');
}

/** Characters of one change's message in an annotation: GitHub shows the first lines of it, and a log of 20,000 quoted values would be megabytes. */
const SARIF_MESSAGE_CHARS = 4000;

/**
 * SARIF: every change on a line head has, as GitHub's code scanning wants (a result without a
 * location makes it refuse the whole file): the change itself; for what head no longer has, the
 * nearest object head still has, or, for an API whose document was deleted, the first line of
 * head's nearest document; only when head has no document at all, where it was in the base.
 */
export function formatSarif(report: DiffReport, toolVersion: string): string {
  const level = (s: ChangeSeverity): SarifResult['level'] => (s === 'breaking' ? 'error' : s === 'non-breaking' ? 'warning' : 'note');
  return sarifLog(
    'apidesc-docs diff',
    toolVersion,
    report.changes.map((c) => {
      const anchor = c.annotation ?? { file: c.file, line: c.line };
      const elsewhere =
        c.side === 'base' && c.annotation && c.annotation.file !== c.file ? `; annotated on ${c.annotation.file}, the nearest document head has` : '';
      const where = c.side === 'base' ? ` (removed; was at ${c.file}:${c.line} in base${elsewhere})` : '';
      return {
        rule: c.rule,
        level: level(c.severity),
        text: escapeControls(
          `${c.severity}: ${c.object}: ${boundedText(c.message, SARIF_MESSAGE_CHARS, '`apidesc-docs diff --format json` has it whole')}${where}`,
        ),
        file: anchor.file,
        // A region on every result: the file's first line when the line is not known.
        line: Math.max(1, anchor.line),
        pointer: c.pointer,
      };
    }),
  );
}

/** Changes listed per section, for a comment one can read. */
const LISTED = 150;
/**
 * Size limits of the comment. GitHub refuses a comment longer than 65,536 characters, and one
 * change can quote 20,000 enum values: each text is cut at its own limit, and the comment stops
 * listing changes before its budget (room left for the lines that close it and count the rest).
 */
const MARKDOWN_LIMITS = { message: 1000, name: 300, link: 2000, comment: 60_000 } as const;

const WHOLE = '`--format json` has it whole';

export function formatMarkdown(report: DiffReport, previewUrl?: string): string {
  const n = counts(report);
  const out = ['### API change review', ''];
  if (report.changes.length === 0) {
    out.push('No changes to the API description.');
    return out.join('\n');
  }
  out.push(`**${n.breaking} breaking**, ${n['non-breaking']} non-breaking, ${n.info} wording only.`);
  // Visible at the top, folded or not: a setting that makes a break read as wording is policy, to be reviewed.
  const moved = reclassified(report, codeSpan);
  if (moved) out.push('', `**${moved}.** Each says so after its reason.`);
  const several = new Set(report.changes.map((c) => c.api)).size > 1;
  const name = (text: string): string => markdownText(boundedText(text, MARKDOWN_LIMITS.name, WHOLE));
  let size = out.join('\n').length;
  // What the lines after the budget need: each section's heading, its count of what is left, its end.
  const reserve = 1000;
  let full = false;
  for (const severity of ['breaking', 'non-breaking', 'info'] as const) {
    const list = report.changes.filter((c) => c.severity === severity);
    if (list.length === 0) continue;
    const folded = severity !== 'breaking';
    const section = [
      '',
      folded ? `<details><summary>${SEVERITY_TITLES[severity]} (${list.length})</summary>` : `#### ${SEVERITY_TITLES[severity]} (${list.length})`,
      '',
    ];
    size += section.join('\n').length + 1;
    let api: string | undefined;
    let object: string | undefined;
    let listed = 0;
    for (const c of list) {
      if (full || listed >= LISTED) break;
      const lines: string[] = [];
      if (several && c.api !== api) lines.push(`**${name(c.api)}**`, '');
      const newObject = c.object !== object || (several && c.api !== api);
      if (newObject) {
        const href = link(c, previewUrl);
        lines.push(href ? `- [${name(c.object)}](${linkDestination(href)})` : `- ${name(c.object)}`);
      }
      const where = codeSpan(boundedText(`${c.file}:${c.line}`, MARKDOWN_LIMITS.name, WHOLE));
      lines.push(`  - ${markdownText(boundedText(c.message, MARKDOWN_LIMITS.message, WHOLE))} ${where}${c.side === 'base' ? ' (base)' : ''}`);
      const added = lines.join('\n').length + 1;
      if (size + added + reserve > MARKDOWN_LIMITS.comment) {
        full = true;
        break;
      }
      section.push(...lines);
      size += added;
      api = c.api;
      object = c.object;
      listed++;
    }
    if (listed < list.length) section.push(`- … and ${list.length - listed} more (${moreWhere(previewUrl)})`);
    if (folded) section.push('', '</details>');
    out.push(...section);
    size = out.join('\n').length;
  }
  return out.join('\n');
}

/** Where the changes a comment leaves out are: the preview's Changes page, when there is a preview, and the JSON. */
function moreWhere(previewUrl: string | undefined): string {
  const changes = previewUrl ? new URL('changes/', previewUrl.replace(/\/?$/, '/')).href : undefined;
  return changes && /^https?:/i.test(changes)
    ? `see the preview's [Changes page](${linkDestination(changes)}); \`--format json\` lists them all`
    : '`--format json` lists them all';
}

function link(c: Change, previewUrl: string | undefined): string | undefined {
  if (!previewUrl || !c.url) return undefined;
  const href = new URL(c.url, previewUrl.replace(/\/?$/, '/')).href;
  return /^https?:/i.test(href) && href.length <= MARKDOWN_LIMITS.link ? href : undefined;
}

/** Why nothing was compared (a side with errors, an input that cannot be read), and the located diagnostics that say so. */
export interface NotCompared {
  /** An input that cannot be read, or a side with errors (which validate lists, to be fixed). */
  kind: 'unreadable' | 'invalid';
  /** "the head has errors", … */
  reason: string;
  diagnostics: Diagnostic[];
}

/** Diagnostics a comment lists when nothing was compared; the job's log has them all. */
const NOT_COMPARED_LISTED = 20;

/**
 * A diff that compared nothing, in the format asked for, so that what reads it still parses it
 * and says so: JSON with `notCompared` and `breaking: null` (never a 0 that reads as "nothing
 * breaks"), SARIF with the diagnostics as results and a failed invocation, Markdown saying
 * "Not compared" at the top of the comment. Text prints nothing here: the diagnostics go to stderr.
 */
export function formatNotCompared(notCompared: NotCompared, format: DiffFormat, toolVersion: string): string | undefined {
  const { reason, diagnostics } = notCompared;
  switch (format) {
    case 'json':
      return JSON.stringify(
        {
          notCompared: reason,
          diagnostics: diagnostics.map((d) => ({
            severity: d.severity,
            code: d.code,
            file: d.file,
            line: d.line,
            column: d.column,
            pointer: d.pointer,
            message: d.message,
            ...(d.hint ? { hint: d.hint } : {}),
          })),
          changes: [],
          breaking: null,
        },
        null,
        2,
      );
    case 'sarif':
      return sarifLog(
        'apidesc-docs diff',
        toolVersion,
        diagnostics.map((d) => {
          // As validate's, its text bounded, on line 1 at least, a column only when known.
          const { column, ...result } = diagnosticResult(d);
          return {
            ...result,
            text: boundedText(result.text, SARIF_MESSAGE_CHARS, 'the job log has it whole'),
            line: Math.max(1, d.line),
            ...(d.column > 0 ? { column } : {}),
          };
        }),
        `Not compared: ${reason}`,
      );
    case 'markdown': {
      const out = [
        '### API change review',
        '',
        `**Not compared**: ${markdownText(reason)}; nothing of this change was reviewed. \`apidesc-docs validate\` lists what to fix:`,
      ];
      if (diagnostics.length > 0) out.push('');
      for (const d of diagnostics.slice(0, NOT_COMPARED_LISTED)) {
        const where = codeSpan(boundedText(`${d.file}:${d.line}${d.column > 0 ? `:${d.column}` : ''}`, MARKDOWN_LIMITS.name, 'the job log has it whole'));
        out.push(`- ${where} ${codeSpan(d.code)} ${markdownText(boundedText(d.message, MARKDOWN_LIMITS.message, 'the job log has it whole'))}`);
      }
      if (diagnostics.length > NOT_COMPARED_LISTED) out.push(`- … and ${diagnostics.length - NOT_COMPARED_LISTED} more (the job log lists them all)`);
      return out.join('\n');
    }
    default:
      return undefined;
  }
}
