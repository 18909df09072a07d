/**
 * Document text written into Markdown (the twins, llms.txt): every value of a document is data,
 * so it is escaped where it lands. A name cannot start a heading, a list or a quote, open a link
 * or raw HTML, or end the code span or fenced block it sits in; and its control characters (C0,
 * DEL, C1: an ESC sequence, a BEL) are shown as escapes (`\u001b`), as diff's outputs show them,
 * never written raw into a file that a terminal, an editor or a model will read.
 */
import { escapeControls, hasControls } from '../../lib/terminal-text.ts';

/** Control characters shown as escapes; most text has none, and is returned as it is. */
const controlsShown = (text: string): string => (hasControls(text) ? escapeControls(text) : text);

/**
 * What would be read as inline markup: the characters that start it (CommonMark lets any ASCII
 * punctuation be escaped), and the starts of the bare URLs and e-mail addresses GFM turns into
 * links (its autolink extension: `https://…`, `www.…`, `name@host.example`).
 */
const INLINE_SIGNIFICANT = /[\\`*_[\]<>|~&]|:\/\/|\bwww\.|(?<=[\w.+-])@(?=[\w-])/gi;

/**
 * Text on one line, with what would be read as inline markup escaped; a URL in it stays text too
 * (GitHub's Markdown links bare `https://…` and `www.…`): only our own links are links.
 */
export function escapeInline(text: string): string {
  // Escapes first: their backslash is then escaped as text, and reads back as written (`\u001b`).
  return controlsShown(oneLine(text)).replace(INLINE_SIGNIFICANT, (m) => (m.length === 1 ? `\\${m}` : m.startsWith(':') ? '\\://' : `${m.slice(0, 3)}\\.`));
}

/**
 * Markdown that starts a line (a paragraph, a list item's content) with what only means something
 * there escaped: a heading, a quote, a list item, a setext underline. Our own markup never starts
 * with these, so only text is changed.
 */
export function lineStart(markdown: string): string {
  // Most lines start with a letter, a backtick or our own `**` / `[`: nothing to look at.
  if (!/^[#>+=\d-]/.test(markdown)) return markdown;
  return markdown.replace(/^([#>+=-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
}

/** An ATX heading; a `#` run at its end would be read as a closing sequence and dropped, so it is escaped. */
export function heading(level: number, markdown: string): string {
  return `${'#'.repeat(level)} ${markdown.replace(/(^|\s)(#+)(\s*)$/, '$1\\$2$3')}`;
}

/** Text with its line breaks and runs of white space as single spaces: a value never opens a new block. */
export function oneLine(text: string): string {
  // Most values are one line already: only then is the text copied.
  return /\s\s|[^\S ]|^ | $/.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}

/** `text` as a code span whose fence is longer than any run of backticks inside it. */
export function codeSpan(text: string): string {
  return fencedSpan(controlsShown(text.replace(/[\r\n]+/g, ' ')));
}

/**
 * `text` as a code span inside a GFM table cell, where a `|` ends the cell even inside
 * backticks unless it is escaped (the escape is then taken out of the code): each `|` is
 * written `\|`. GFM renderers differ only on a `|` that follows an odd run of backslashes
 * (marked counts the backslashes, cmark-gfm does not), so the span is closed before such a `|`,
 * which is written as escaped text between two spans.
 */
export function tableCellCodeSpan(text: string): string {
  const line = controlsShown(text.replace(/[\r\n]+/g, ' '));
  if (!line.includes('|')) return fencedSpan(line);
  const pieces: string[] = [];
  let start = 0;
  for (const m of line.matchAll(/(\\*)\|/g)) {
    if (m[1]!.length % 2 === 0) continue;
    pieces.push(line.slice(start, m.index + m[1]!.length));
    start = m.index + m[0].length;
  }
  pieces.push(line.slice(start));
  return pieces.map((piece) => (piece === '' ? '' : fencedSpan(piece).replace(/\|/g, '\\|'))).join('\\|');
}

function fencedSpan(line: string): string {
  if (line.trim() === '') return '`\u00a0`';
  const fence = '`'.repeat(longestRun(line, '`') + 1);
  // A span that starts or ends with a backtick (or a space) needs a space inside its fence.
  const pad = /^[` ]|[` ]$/.test(line) ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** A fenced code block whose fence is longer than any run of backticks in `code`. */
export function fencedBlock(code: string, language = ''): string {
  // Line breaks and tabs are the code's own; every other control character is shown escaped.
  code = hasControls(code) ? code.replace(/[^\n\t]+/g, escapeControls) : code;
  const fence = '`'.repeat(Math.max(3, longestRun(code, '`') + 1));
  // The info string is the language only: letters, digits, `+`, `-`, `_`.
  const info = language.replace(/[^\w+-]/g, '');
  return `${fence}${info}\n${code.replace(/\n$/, '')}\n${fence}`;
}

/** A link; the destination percent-encodes what would end it early (spaces, parentheses, angle brackets). */
export function markdownLink(text: string, url: string): string {
  return `[${escapeInline(text) || escapeInline(url)}](${linkDestination(url)})`;
}

/** Percent-encodes what would end the destination early, and `|`, which would end a table cell. */
export function linkDestination(url: string): string {
  return url.replace(/[\s()<>\\|]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A JSON value (an enum member, a default) as a code span. */
export function jsonSpan(value: unknown): string {
  return codeSpan(JSON.stringify(value) ?? String(value));
}

/**
 * A list item's lines: the first after its marker, the others indented to stay inside it. Its first
 * line is text (lineStart) unless `blocks` says it is Markdown blocks already (a nested list).
 */
export function listItem(lines: string[], indent: string, marker = '- ', blocks = false): string[] {
  const inner = indent + ' '.repeat(marker.length);
  return lines.map((line, i) => (i === 0 ? indent + marker + (blocks ? line : lineStart(line)) : line === '' ? '' : inner + line));
}

function longestRun(text: string, char: string): number {
  // Most text has none: no walk over its characters.
  if (!text.includes(char)) return 0;
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
