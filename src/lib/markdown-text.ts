/**
 * Text of documents in Markdown written for pull-request comments: shown as written, adding
 * nothing (no heading, list, table row, link, image, HTML, mention or issue reference).
 */
import { escapeControls } from './terminal-text.ts';

/**
 * `s` as Markdown text: control characters escaped (no line of its own, so no heading, list or
 * table row), every ASCII punctuation character backslash-escaped (no link, image, HTML, code,
 * emphasis, table cell or entity), and a zero-width joiner after `@` and `#` (GitHub links
 * `@name` mentions and `#123` issues in text, escaped or not), in `GH-123` and in `www.` and
 * `://` (bare URLs).
 */
export function markdownText(s: string): string {
  return escapeControls(s)
    .replace(/[@#]/g, '$&\u200d')
    .replace(/\b(gh-)(?=\d)/gi, '$1\u200d')
    .replace(/\b(www)(?=\.)/gi, '$1\u200d')
    .replace(/:(?=\/\/)/g, ':\u200d')
    .replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/** `s` as a Markdown code span: fenced by more backticks than it holds in a row, control characters escaped. */
export function codeSpan(s: string): string {
  const text = escapeControls(s);
  const fence = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A link destination: parentheses and backslashes percent-encoded, so that the URL cannot end the link or escape a character. */
export const linkDestination = (href: string): string => href.replace(/[()\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
