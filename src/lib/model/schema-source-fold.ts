/**
 * Whether a schema's source (a format this site reads but does not draw as a table alone, such
 * as Avro) is folded: always when a table above it already shows its fields, and when it is long
 * even without one (a screen of raw JSON reads worse than its summary). Shared by the message's
 * own page and the operation pages that show the message inline.
 */

/** A source longer than this many lines is folded even when no table shows it. */
export const LONG_SOURCE = 30;

export const sourceLineCount = (code: string): number => code.split('\n').length;

/** "12 lines", "1 line": said in the fold's summary. */
export const sourceLines = (code: string): string => `${sourceLineCount(code)} ${sourceLineCount(code) === 1 ? 'line' : 'lines'}`;

export const sourceFolded = (s: { folded?: boolean; code: string }): boolean => s.folded === true || sourceLineCount(s.code) > LONG_SOURCE;
