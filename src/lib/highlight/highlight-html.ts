/**
 * Highlights code with shiki: code in a language, and the fenced code blocks of rendered
 * descriptions. These run on HTML that is already sanitized: `<pre><code class="language-x">`
 * blocks are replaced with highlighted HTML (code-html.ts), which escapes the code itself.
 * Unknown languages stay plain. The colours are classes, for the light and the dark theme alike.
 */
import { createHighlighter, type BundledLanguage, type BundledTheme, type Highlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { unescapeText } from '../html-text.ts';
import { CODE_THEME, CODE_THEME_NAME, tokensToHtml } from './code-html.ts';

const LANGUAGES = [
  'json',
  'yaml',
  'javascript',
  'typescript',
  'shell',
  'bash',
  'xml',
  'html',
  'css',
  'sql',
  'python',
  'java',
  'go',
  'proto',
  'graphql',
  'http',
];
/** A fenced block as the Markdown renderer writes it (render-markdown.ts: left out of the search index, which the highlighted block keeps). */
const BLOCK = /<pre( data-pagefind-ignore)?><code class="language-([\w-]+)">([\s\S]*?)<\/code><\/pre>/g;

let highlighter: Promise<Highlighter> | undefined;

/** The highlighter, created once (loading grammars and themes is the slow part). */
export function loadHighlighter(): Promise<Highlighter> {
  // The JavaScript regular-expression engine: about a quarter faster than the WebAssembly
  // Oniguruma one on the JSON examples that make up most of the code (bench/README.md).
  highlighter ??= createHighlighter({ themes: [CODE_THEME], langs: LANGUAGES, engine: createJavaScriptRegexEngine() });
  return highlighter;
}

/** Rendered HTML with its fenced code blocks highlighted (a loaded highlighter: pages are completed synchronously while rendering). */
export function highlightWith(h: Highlighter, html: string): string {
  if (!html.includes('><code class="language-')) return html;
  const loaded = new Set(h.getLoadedLanguages());
  return html.replace(BLOCK, (whole, unindexed: string | undefined, lang: string, code: string) => {
    if (!loaded.has(lang)) return whole;
    const highlighted = highlightCode(h, unescapeText(code).replace(/\n$/, ''), lang);
    return unindexed ? highlighted.replace('<pre ', `<pre${unindexed} `) : highlighted;
  });
}

/** Highlighted HTML of a code block; a language the highlighter does not know shows as plain text. */
export function codeHtml(h: Highlighter, code: string, lang: string): string {
  const known = h.getLoadedLanguages().includes(lang);
  return highlightCode(h, code, known ? lang : 'text');
}

function highlightCode(h: Highlighter, code: string, lang: string): string {
  // Both are loaded by name (loadHighlighter, and callers check the language); shiki's types only
  // know the names it bundles. A theme object here would be prepared anew on every call.
  return tokensToHtml(h.codeToTokensBase(code, { lang: lang as BundledLanguage, theme: CODE_THEME_NAME as BundledTheme, ...TOKENIZE_LIMITS }));
}

/**
 * The same code gives the same colours on any machine under any load. shiki gives up a line
 * after 500 ms by default, which on a busy machine split a token differently from one build to
 * the next; without a time limit the work is bounded by the length of the line instead (longer
 * lines are shown plain, which they are always the same way).
 */
const TOKENIZE_LIMITS = { tokenizeTimeLimit: 0, tokenizeMaxLineLength: 5_000 } as const;
