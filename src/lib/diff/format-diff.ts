/**
 * A diff report as text (terminal), JSON, SARIF (annotations on the changed lines) and Markdown
 * (a pull-request comment). Text of documents is escaped for where it goes: control characters
 * for the terminal and SARIF, Markdown syntax, mentions and links for the comment.
 */
import { codeSpan, linkDestination, markdownText } from '../markdown-text.ts';
import { escapeControls } from '../terminal-text.ts';
import type { Change, ChangeSeverity, DiffReport } from './types.ts';
import { sarifLog, type SarifResult } from '../diagnostics/format-sarif.ts';

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
  }));
  return JSON.stringify({ changes, breaking: report.breaking }, null, 2);
}

export function formatText(report: DiffReport): string {
  const several = new Set(report.changes.map((c) => c.api)).size > 1;
  const lines: string[] = [];
  for (const c of report.changes) {
    const where = `${c.file}:${c.line}${c.side === 'base' ? ' (base)' : ''}`;
    lines.push(`${c.severity.padEnd(12)} ${escapeControls(where)}  ${several ? `${escapeControls(c.api)} › ` : ''}${escapeControls(c.object)}  [${c.rule}]`);
    lines.push(`  ${escapeControls(c.message)}`);
  }
  lines.push(summary(report));
  return lines.join('\n');
}

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
      const elsewhere = c.side === 'base' && c.annotation && c.annotation.file !== c.file ? `; annotated on ${c.annotation.file}, the nearest document head has` : '';
      const where = c.side === 'base' ? ` (removed; was at ${c.file}:${c.line} in base${elsewhere})` : '';
      return {
        rule: c.rule,
        level: level(c.severity),
        text: escapeControls(`${c.severity}: ${c.object}: ${c.message}${where}`),
        file: anchor.file,
        // A region on every result: the file's first line when the line is not known.
        line: Math.max(1, anchor.line),
        pointer: c.pointer,
      };
    }),
  );
}

/** Changes listed per section: a comment longer than GitHub's limit (65,536 characters) is refused. */
const LISTED = 150;

const TITLES: Record<ChangeSeverity, string> = { breaking: 'Breaking', 'non-breaking': 'Non-breaking', info: 'Wording only' };

export function formatMarkdown(report: DiffReport, previewUrl?: string): string {
  const n = counts(report);
  const out = ['### API change review', ''];
  if (report.changes.length === 0) {
    out.push('No changes to the API description.');
    return out.join('\n');
  }
  out.push(`**${n.breaking} breaking**, ${n['non-breaking']} non-breaking, ${n.info} wording only.`);
  const several = new Set(report.changes.map((c) => c.api)).size > 1;
  for (const severity of ['breaking', 'non-breaking', 'info'] as const) {
    const list = report.changes.filter((c) => c.severity === severity);
    if (list.length === 0) continue;
    const folded = severity !== 'breaking';
    out.push('');
    out.push(folded ? `<details><summary>${TITLES[severity]} (${list.length})</summary>` : `#### ${TITLES[severity]} (${list.length})`);
    out.push('');
    let api: string | undefined;
    let object: string | undefined;
    for (const c of list.slice(0, LISTED)) {
      if (several && c.api !== api) {
        out.push(`**${markdownText(c.api)}**`, '');
        object = undefined;
      }
      api = c.api;
      if (c.object !== object) {
        const href = link(c, previewUrl);
        out.push(href ? `- [${markdownText(c.object)}](${linkDestination(href)})` : `- ${markdownText(c.object)}`);
        object = c.object;
      }
      out.push(`  - ${markdownText(c.message)} ${codeSpan(`${c.file}:${c.line}`)}${c.side === 'base' ? ' (base)' : ''}`);
    }
    if (list.length > LISTED) out.push(`- … and ${list.length - LISTED} more (\`--format json\` lists them all)`);
    if (folded) out.push('', '</details>');
  }
  return out.join('\n');
}

function link(c: Change, previewUrl: string | undefined): string | undefined {
  if (!previewUrl || !c.url) return undefined;
  const href = new URL(c.url, previewUrl.replace(/\/?$/, '/')).href;
  return /^https?:/i.test(href) ? href : undefined;
}
