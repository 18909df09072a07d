/**
 * Text in boxes of a diagram drawn without a browser: widths are estimated from the number of
 * characters (no font metrics at build time), generously, and long names are cut where they
 * read best, so that no text leaves its box whatever the document calls things.
 */

/** Average advance of a character, in em, on the high side for the system font stacks of site.css. */
const CHAR_EM = 0.6;

export function textWidth(text: string, fontPx: number): number {
  return [...text].length * CHAR_EM * fontPx;
}

/** Characters of `fontPx` text that fit `widthPx`. */
export function charsFitting(widthPx: number, fontPx: number): number {
  return Math.max(4, Math.floor(widthPx / (CHAR_EM * fontPx)));
}

/** Where a long name breaks best: after a separator of ids, paths and addresses, or before a capital of camelCase. */
const BREAK_AFTER = /[/.:_\-\s,]/;

/**
 * `text` on at most `maxLines` lines of at most `maxChars` characters each, broken after a
 * separator where there is one, the last line ending in "…" when the text is longer.
 */
export function fitLines(text: string, maxChars: number, maxLines: number): string[] {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  const lines: string[] = [];
  let start = 0;
  while (start < chars.length && lines.length < maxLines) {
    const rest = chars.length - start;
    if (rest <= maxChars) {
      lines.push(chars.slice(start).join(''));
      start = chars.length;
      break;
    }
    if (lines.length === maxLines - 1) {
      lines.push(`${chars.slice(start, start + maxChars - 1).join('')}…`);
      start = chars.length;
      break;
    }
    let end = start + maxChars;
    // Break after the last separator in the second half of the line, else before a capital, else anywhere.
    for (let i = end - 1; i > start + maxChars / 2; i--) {
      if (BREAK_AFTER.test(chars[i]!)) {
        end = i + 1;
        break;
      }
      if (/[A-Z]/.test(chars[i]!) && /[a-z]/.test(chars[i - 1]!)) {
        end = i;
        break;
      }
    }
    lines.push(chars.slice(start, end).join('').trimEnd());
    start = end;
    while (chars[start] === ' ') start++;
  }
  return lines.length > 0 ? lines : [''];
}
