/** Human output: `file:line:col  severity  code  message`, a code frame, and the hint. */
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
    const where = d.line > 0 ? `${d.file}:${d.line}:${d.column}` : d.file;
    const sev = paint(color, d.severity === 'error' ? '31' : d.severity === 'warning' ? '33' : '36', d.severity);
    out.push(`${where}  ${sev}  ${d.code}  ${d.message}`);
    const text = options.sources?.get(d.file);
    if (text !== undefined && d.line > 0) {
      let fileLines = lines.get(d.file);
      if (!fileLines) lines.set(d.file, (fileLines = text.split('\n')));
      out.push(codeFrame(fileLines, d.line, d.column));
    }
    if (d.hint) out.push(`  ${paint(color, '2', 'hint:')} ${d.hint}`);
  }
  return out.join('\n');
}

export function codeFrame(lines: readonly string[], line: number, column: number, context = 1): string {
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const frame: string[] = [];
  for (let n = first; n <= last; n++) {
    const content = (lines[n - 1] ?? '').replace(/\r$/, '');
    const shown = content.length > 160 ? content.slice(0, 160) + '…' : content;
    frame.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${shown}`);
    if (n === line) frame.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, Math.min(column, 161) - 1))}^`);
  }
  return frame.join('\n');
}

export function summaryLine(diagnostics: Diagnostic[], files: number): string {
  const count = (s: string): number => diagnostics.filter((d) => d.severity === s).length;
  return `${files} document${files === 1 ? '' : 's'}: ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} note(s)`;
}
