/**
 * Document values written into code: a POSIX shell word (single quotes, a quote inside written
 * as '\''), and a single-quoted string literal that JavaScript and Python read alike (backslash,
 * quote, line breaks and the two line separators JavaScript ends lines at, escaped). Nothing a
 * document holds can end the quoting early.
 */

export function shellWord(text: string): string {
  // Words made only of these need no quotes, and read better without them.
  if (/^[A-Za-z0-9@%+=:,./_-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export function codeString(text: string): string {
  const escaped = text
    .replaceAll('\\', '\\\\')
    .replaceAll("'", "\\'")
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  return `'${escaped}'`;
}

/** JSON text as shown in a snippet: on one line when it fits the reference panel (40 characters), else indented. */
export function jsonText(value: unknown): string {
  const line = JSON.stringify(value);
  return line.length <= 40 ? line : JSON.stringify(value, null, 2);
}

/**
 * A string of several lines as code that JavaScript (`joiner` ' +') and Python (implicit
 * concatenation, `joiner` '') read alike: one quoted piece per line, each ending with its line
 * break, so that a long JSON body reads as JSON in the snippet instead of one line cut at the
 * edge of its box. `indent` is put before every piece.
 */
export function codeLines(text: string, indent: string, joiner: ' +' | ''): string {
  const pieces = text.split(/(?<=\n)/);
  return pieces.map((piece, i) => `${indent}${codeString(piece)}${i < pieces.length - 1 ? joiner : ''}`).join('\n');
}
