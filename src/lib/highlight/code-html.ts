/**
 * Highlighted code as HTML, from shiki's tokens in one theme whose colours are classes.
 *
 * Why not shiki's own `codeToHtml` with a light and a dark theme: it tokenizes the code once per
 * theme and builds an HTML syntax tree before it writes the HTML. The code of a 100-channel
 * document (352 JSON examples, 368 KB) took 404–597 ms that way and takes 129–151 ms this way
 * (one tokenization, the HTML written directly); the HTML is a third of the size (3.12 → 0.99
 * MB), as a token names a class rather than two colours (bench/README.md, "Build, eighth round").
 *
 * The theme is shiki's CSS-variables theme: its colours are `var(--hl-token-<kind>)`, one per
 * kind of token (keyword, string, constant, …). Each kind becomes a class `hl-<kind>`, coloured
 * for both themes in src/styles/site.css. Plain text and punctuation carry no class: they take
 * the code block's own colour.
 */
import { createCssVariablesTheme, type ThemedToken } from 'shiki';
import { CODE_CLOSE, CODE_OPEN, codeTextHtml, lineElement } from './code-lines.ts';

export const CODE_THEME_NAME = 'apidesc-code';

/** The theme the highlighter loads (highlight-html.ts). */
export const CODE_THEME = createCssVariablesTheme({ name: CODE_THEME_NAME, variablePrefix: '--hl-' });

/** Class of each kind of token the theme colours; kinds not listed are shown as plain text. */
const KIND_CLASS: Readonly<Record<string, string>> = {
  'token-keyword': 'hl-keyword',
  'token-string': 'hl-string',
  'token-string-expression': 'hl-string',
  'token-constant': 'hl-constant',
  'token-comment': 'hl-comment',
  'token-function': 'hl-function',
  'token-parameter': 'hl-parameter',
  'token-link': 'hl-link',
  'token-inserted': 'hl-inserted',
  'token-deleted': 'hl-deleted',
  'token-changed': 'hl-changed',
};

/** shiki's FontStyle flags (italic 1, bold 2, underline 4, strikethrough 8) as classes. */
const FONT_STYLE_CLASSES: readonly [number, string][] = [
  [1, 'hl-italic'],
  [2, 'hl-bold'],
  [4, 'hl-underline'],
  [8, 'hl-strike'],
];

const COLOUR_KIND = /^var\(--hl-([a-z-]+)\)$/;

/** The classes of a token, '' for plain text. */
export function tokenClass(token: Pick<ThemedToken, 'color' | 'fontStyle'>): string {
  const kind = token.color ? COLOUR_KIND.exec(token.color)?.[1] : undefined;
  const classes = kind && KIND_CLASS[kind] ? [KIND_CLASS[kind]] : [];
  const style = token.fontStyle ?? 0;
  if (style > 0) for (const [flag, name] of FONT_STYLE_CLASSES) if (style & flag) classes.push(name);
  return classes.join(' ');
}

/** One line of tokens; neighbours of the same classes share a span. */
export function lineHtml(tokens: readonly Pick<ThemedToken, 'content' | 'color' | 'fontStyle'>[]): string {
  let html = '';
  let open = '';
  let text = '';
  const flush = (): void => {
    if (text !== '') html += open ? `<span class="${open}">${codeTextHtml(text)}</span>` : codeTextHtml(text);
    text = '';
  };
  for (const token of tokens) {
    // Whitespace shows no colour: it joins whatever span it is next to.
    const classes = token.content.trim() === '' ? open : tokenClass(token);
    if (classes !== open) {
      flush();
      open = classes;
    }
    text += token.content;
  }
  flush();
  return html;
}

/**
 * A code block: `<pre class="hl">`, a line per element. Focusable, so that a keyboard can scroll
 * a box that is cut to a height (a guide's card).
 */
export function tokensToHtml(lines: ThemedToken[][]): string {
  return linesToHtml(lines.map((tokens) => lineElement(lineHtml(tokens), tokens.map((t) => t.content).join(''))));
}

/** A code block of lines already written as their elements (lineElement). */
export function linesToHtml(lines: readonly string[]): string {
  return `${CODE_OPEN}${lines.join('\n')}${CODE_CLOSE}`;
}
