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
    // Break after the last separator past the first third of the line; else before a capital of
    // camelCase in its second half; else anywhere. A separator first: a value such as
    // "OrderPlaced" reads as one word, and breaking it inside reads as two ("Order / Placed").
    const separator = lastIndex(start + Math.floor(maxChars / 3), end, (i) => BREAK_AFTER.test(chars[i]!));
    const capital = lastIndex(start + Math.floor(maxChars / 2), end, (i) => /[A-Z]/.test(chars[i]!) && /[a-z]/.test(chars[i - 1]!));
    if (separator !== undefined) end = separator + 1;
    else if (capital !== undefined) end = capital;
    lines.push(chars.slice(start, end).join('').trimEnd());
    start = end;
    while (chars[start] === ' ') start++;
  }
  return lines.length > 0 ? lines : [''];
}

/** The last index in (from, to) where `test` holds, searching backwards. */
function lastIndex(from: number, to: number, test: (i: number) => boolean): number | undefined {
  for (let i = to - 1; i > from; i--) if (test(i)) return i;
  return undefined;
}
