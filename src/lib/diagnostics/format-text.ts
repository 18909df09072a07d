/**
 * Human output: `file:line:col  severity  code  message`, a code frame, and the hint. File names,
 * messages, hints and the lines of the frame quote the documents: their control characters are
 * shown escaped (src/lib/terminal-text.ts), tabs in the frame as spaces.
 */
import { escapeControls, hasControls } from '../terminal-text.ts';
import type { Diagnostic } from './diagnostic.ts';

export interface TextOptions {
  /** Source text by displayed file name, for code frames. */
  sources?: Map<string, string>;
  color?: boolean;
}

const paint = (on: boolean, code: string, s: string): string => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

export function formatText(diagnostics: Diagnostic[], options: TextOptions = {}): string {
  const color = options.color ?? false;
  const out: string[] = [];
  // Split each file into lines once: a large document can have thousands of diagnostics.
  const lines = new Map<string, string[]>();
  for (const d of diagnostics) {
    const file = escapeControls(d.file);
    const where = d.line > 0 ? `${file}:${d.line}:${d.column}` : file;
    const sev = paint(color, d.severity === 'error' ? '31' : d.severity === 'warning' ? '33' : '36', d.severity);
    out.push(`${where}  ${sev}  ${d.code}  ${escapeControls(d.message)}`);
    const text = options.sources?.get(d.file);
    if (text !== undefined && d.line > 0) {
      let fileLines = lines.get(d.file);
      if (!fileLines) lines.set(d.file, (fileLines = text.split('\n')));
      out.push(codeFrame(fileLines, d.line, d.column));
    }
    if (d.hint) out.push(`  ${paint(color, '2', 'hint:')} ${escapeControls(d.hint)}`);
  }
  return out.join('\n');
}

/** The lines a code frame shows on each side of a finding's line. */
export const CODE_FRAME_CONTEXT = 1;

export function codeFrame(lines: readonly string[], line: number, column: number, context = CODE_FRAME_CONTEXT): string {
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const frame: string[] = [];
  for (let n = first; n <= last; n++) {
    const shown = frameLine((lines[n - 1] ?? '').replace(/\r$/, ''), n === line ? column : 1);
    frame.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${shown.text}`);
    if (n === line) frame.push(`  ${' '.repeat(width)} | ${' '.repeat(shown.caret)}^`);
  }
  return frame.join('\n');
}

/** Longest line of a frame, in characters shown (longer lines end in `…`). */
const FRAME_WIDTH = 160;

/**
 * A line of a code frame as shown: tabs as spaces, other control characters escaped, cut at
 * FRAME_WIDTH; `caret`: the offset under which the (1-based) column is shown.
 */
function frameLine(content: string, column: number): { text: string; caret: number } {
  const head = content.slice(0, FRAME_WIDTH + 1);
  if (!hasControls(head)) {
    return { text: content.length > FRAME_WIDTH ? head.slice(0, FRAME_WIDTH) + '…' : content, caret: Math.max(0, Math.min(column, FRAME_WIDTH + 1) - 1) };
  }
  let text = '';
  let caret = column <= 1 ? 0 : -1;
  for (let i = 0; i < content.length; i++) {
    if (i === column - 1) caret = text.length;
    const c = content[i]!;
    const shown = c === '\t' ? ' ' : escapeControls(c);
    if (text.length + shown.length > FRAME_WIDTH) return { text: text + '…', caret: caret >= 0 ? caret : text.length };
    text += shown;
  }
  // The column after the end of the line (a missing value): as far right as it is.
  return { text, caret: caret >= 0 ? caret : Math.min(FRAME_WIDTH, text.length + Math.max(0, column - 1 - content.length)) };
}

export function summaryLine(diagnostics: Diagnostic[], files: number): string {
  const count = (s: string): number => diagnostics.filter((d) => d.severity === s).length;
  return `${files} document${files === 1 ? '' : 's'}: ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} note(s)`;
}
