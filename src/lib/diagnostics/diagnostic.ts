/**
 * A problem found in an input document. Diagnostics are values, never exceptions:
 * every stage (load, resolve, validate) returns them so one bad field never hides the others.
 */
import { byCodeUnits } from '../text-order.ts';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Stable rule identifier, e.g. `load-syntax`, `spec-required`, `sns-consumers-required`. */
  code: string;
  severity: Severity;
  message: string;
  /** How to fix it, one sentence. Printed under the code frame. */
  hint?: string;
  /** Path of the file as given by the user (relative to the working folder when possible). */
  file: string;
  /** JSON pointer of the node inside `file` ('' for the whole document). */
  pointer: string;
  /** 1-based; 0 when the file has no usable position (e.g. unreadable). */
  line: number;
  /** 1-based; 0 when unknown. */
  column: number;
}

/** Where a node was written: filled with line and column only when a diagnostic is printed. */
export interface Location {
  /** Absolute path of the file. */
  file: string;
  pointer: string;
}

/** A diagnostic before line and column are looked up (positions are found lazily, see load/positions.ts). */
export interface Problem {
  code: string;
  severity: Severity;
  message: string;
  hint?: string;
  at: Location;
  /** For problems found by the parser itself, the exact position (1-based). */
  position?: { line: number; column: number };
  /** Point at the key of the node rather than its value (e.g. an unknown field). */
  atKey?: boolean;
}

export const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function hasErrors(diagnostics: readonly { severity: Severity }[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Stable order: file, line, column, then code, so output is deterministic. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    byCodeUnits(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    severityRank[a.severity] - severityRank[b.severity] ||
    byCodeUnits(a.code, b.code) ||
    byCodeUnits(a.message, b.message)
  );
}
