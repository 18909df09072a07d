/**
 * The lines of a code block, each its own element, so that a long line (an ARN, a broker's
 * address, a long string) wraps under itself instead of scrolling sideways: site.css hangs a
 * continuation past the line's own indentation, which each line gives as `--indent` in columns.
 * The newline between lines stays text between the elements, so the code's text (what a copy
 * button or a selection copies) is the code as written; an empty line is only its newline.
 * A long word of code (a Java class name, a URL, a topic in a string) may wrap only where a
 * reader expects it to, after a `.`, `/`, `-`, `_` or between camelCase words (wrap-points.ts),
 * marked by a `<wbr>`, which adds no character to what is copied; a long word with no such place
 * stays whole and the block scrolls sideways (site.css): a wrap inside a word would read as two.
 * No dependency on the highlighter: schema trees write values out with it too.
 */
import { escapeAttribute, escapeText } from '../html-text.ts';
import { LONG_WORD, wrapPoints } from '../wrap-points.ts';

/** How a code block opens: focusable, so that a keyboard can scroll a box cut to a height (a guide's card). */
export const CODE_OPEN = '<pre class="hl" tabindex="0"><code>';
export const CODE_CLOSE = '</code></pre>';

/**
 * A code block that scrolls sideways instead of wrapping (the code samples': site.css), named as
 * the scroll region it is, so that a screen reader says what the focus that scrolls it is on.
 */
export function asScrollRegion(blockHtml: string, label: string): string {
  return blockHtml.startsWith(CODE_OPEN)
    ? `<pre class="hl" tabindex="0" role="region" aria-label="${escapeAttribute(label)}"><code>${blockHtml.slice(CODE_OPEN.length)}`
    : blockHtml;
}

/** Columns of the whitespace a line starts with, a tab to the next multiple of 8 as `pre` draws it. */
function indentColumns(text: string): number {
  let columns = 0;
  for (const c of text) {
    if (c === ' ') columns += 1;
    else if (c === '\t') columns += 8 - (columns % 8);
    else break;
  }
  return columns;
}

/** A line's HTML (`html`, of the line's `text`) as its element; nothing for an empty line. */
export function lineElement(html: string, text: string): string {
  if (html === '') return '';
  const indent = indentColumns(text);
  return `<span class="line"${indent > 0 ? ` style="--indent:${indent}"` : ''}>${html}</span>`;
}

/** Code text as HTML, a `<wbr>` at each place a long word of it may wrap. */
export function codeTextHtml(text: string): string {
  // Most runs of code are short: no split, no allocation.
  if (text.length < LONG_WORD) return escapeText(text);
  return wrapPoints(text).map(escapeText).join('<wbr>');
}

/** Code without colours (a value written out), as the lines of a code block's `<code>`. */
export function plainLinesHtml(code: string): string {
  return code
    .split('\n')
    .map((line) => lineElement(codeTextHtml(line), line))
    .join('\n');
}

/** A code block of code shown without colours (no highlighter ran), in the same lines as highlighted code. */
export function plainCodeHtml(code: string): string {
  return `${CODE_OPEN}${plainLinesHtml(code)}${CODE_CLOSE}`;
}
