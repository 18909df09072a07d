/**
 * Text of a document or a file name, safe to print on a terminal or into a CI log. A key, value
 * or file name can hold control characters: ESC sequences that clear the screen, retitle the
 * terminal or move the cursor, a carriage return that overwrites what a line showed, a line
 * break that starts a line of its own (a forged `::error::` annotation in a GitHub Actions log), a
 * right-to-left override that shows the text after it reversed. They are shown as escapes instead:
 * `\n`, `\r`, `\t`, `\u001b`, `\u202e`, …
 */

/**
 * C0 controls, DEL, C1 controls, the Unicode line and paragraph separators, and the bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): one of those in an id makes
 * the rest of a line read in another order than it is written ("Trojan Source").
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escaped(c: string): string {
  return NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Whether `text` holds a character escapeControls shows escaped. */
export function hasControls(text: string): boolean {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text);
}

/** `text` with every control character shown as an escape (`\n`, `\r`, `\t`, `\u001b`, `\u009b`, …). */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, escaped);
}

/** Colour and style of the tool's own output (SGR: `ESC [ … m`), the only escape sequence it writes. */
const OWN_SEQUENCE = /\u001b\[[0-9;]*m/y;

/**
 * What the tool writes, with every control character escaped except line breaks, tabs and colour
 * codes: the last line of defence for text that reached output without escapeControls (an error
 * message that quotes a file). Line breaks stay, so text from documents is escaped where it is
 * written all the same.
 */
export function escapeControlsInOutput(text: string): string {
  return text.replace(CONTROL, (c, offset: number) => {
    if (c === '\n' || c === '\t') return c;
    if (c === '\u001b') {
      OWN_SEQUENCE.lastIndex = offset;
      if (OWN_SEQUENCE.test(text)) return c;
    }
    return escaped(c);
  });
}
