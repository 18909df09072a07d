/**
 * How deeply a Markdown text nests, found in one pass without parsing it (hostile input: marked
 * parses block quotes, lists and emphasis recursively, so `> > > …` a few thousand times
 * overflows the stack, and lists nested a few hundred levels take seconds). Texts nested deeper
 * than MAX_MARKDOWN_NESTING are shown as plain text (render-markdown.ts), and validation warns
 * about them (rules/markdown-depth.ts). Loaded by validation: it imports no Markdown renderer.
 */

/** Levels of block quotes, lists and emphasis a description may nest to be rendered as Markdown. */
export const MAX_MARKDOWN_NESTING = 32;

/**
 * An upper bound of the nesting of `text`: the block quotes and list items a line opens (a list
 * item nested by indentation counts a level per two columns before it), or the emphasis,
 * strike-through and brackets a paragraph opens and has not closed yet, whichever is more.
 * Fenced code is skipped. Never less than the depth marked recurses to; more only for odd text
 * (a list item indented 64 columns in indented code, 32 unclosed `*word` in one paragraph).
 * Stops counting once past `stopAt`.
 */
export function markdownNesting(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  let inline = 0;
  let fence = '';
  let start = 0;
  while (start <= text.length && deepest <= stopAt) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    // Containers opened at the start of the line: `>` and list markers, after indentation.
    let i = start;
    let levels = 0;
    let indent = 0;
    for (;;) {
      let spaces = 0;
      while (i < end && (text[i] === ' ' || text[i] === '\t')) spaces += text[i++] === '\t' ? 4 : 1;
      const marker = listMarker(text, i, end);
      if (text[i] === '>') {
        // The space after `>` belongs to the marker, not to the indentation of what follows.
        i += text[i + 1] === ' ' ? 2 : 1;
      } else if (marker > 0) {
        i += marker;
      } else break;
      levels++;
      indent += spaces;
    }
    const rest = text.slice(i, Math.min(end, i + 3 + 1));
    if (fence === '') {
      if (rest.startsWith('```') || rest.startsWith('~~~')) {
        fence = rest.slice(0, 3);
        inline = 0;
      } else if (i === end || /^\s*$/.test(text.slice(i, end))) {
        // A blank line ends the paragraph: what it opened can no longer close.
        inline = 0;
      } else {
        const opened = openedInline(text, i, end, inline);
        inline = opened.open;
        deepest = Math.max(deepest, opened.deepest);
      }
      deepest = Math.max(deepest, levels + Math.floor(indent / 2));
    } else if (rest.startsWith(fence)) fence = '';
    start = end + 1;
  }
  return deepest;
}

/** Length of a list marker (`-`, `+`, `*`, `1.`, `1)`) with its space at `i`, or 0. */
function listMarker(text: string, i: number, end: number): number {
  let j = i;
  const c = text[j];
  if (c === '-' || c === '+' || c === '*') j++;
  else {
    while (j < end && j - i < 9 && text[j]! >= '0' && text[j]! <= '9') j++;
    if (j === i || (text[j] !== '.' && text[j] !== ')')) return 0;
    j++;
  }
  if (j < end && text[j] !== ' ' && text[j] !== '\t') return 0;
  return j - i + (j < end ? 1 : 0);
}

const WHITESPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;

/**
 * The emphasis (`*`, `_`, `~` runs) and brackets open after the line from `i` to `end`, with
 * `open` open before it, and the most open at any point of it (CommonMark's flanking rules
 * decide whether a run opens or closes).
 */
function openedInline(text: string, i: number, end: number, open: number): { open: number; deepest: number } {
  let depth = open;
  let max = open;
  for (let j = i; j < end; j++) {
    const c = text[j]!;
    if (c === '\\') {
      j++;
    } else if (c === '[') {
      max = Math.max(max, ++depth);
    } else if (c === ']') {
      if (depth > 0) depth--;
    } else if (c === '*' || c === '_' || c === '~') {
      let k = j;
      while (k < end && text[k] === c) k++;
      const before = j > 0 ? text[j - 1]! : ' ';
      const after = k < end ? text[k]! : ' ';
      const beforeSpace = WHITESPACE.test(before);
      const afterSpace = WHITESPACE.test(after);
      const left = !afterSpace && (!PUNCTUATION.test(after) || beforeSpace || PUNCTUATION.test(before));
      const right = !beforeSpace && (!PUNCTUATION.test(before) || afterSpace || PUNCTUATION.test(after));
      // `***` may open emphasis and strong emphasis at once.
      const levels = k - j >= 3 ? 2 : 1;
      // A run that may do both (`a*b`) closes what is open, else opens; `_` inside a word does neither.
      const opens = left && (!right || (c !== '_' && depth === 0));
      const closes = right && (!left || (c !== '_' && depth > 0));
      if (opens) {
        depth += levels;
        max = Math.max(max, depth);
      } else if (closes) depth = Math.max(0, depth - levels);
      j = k - 1;
    }
  }
  return { open: depth, deepest: max };
}
