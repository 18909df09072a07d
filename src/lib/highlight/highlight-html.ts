/**
 * Highlights the fenced code blocks of rendered descriptions with shiki, in the site's light and
 * dark themes. Runs on HTML that is already sanitized: it replaces `<pre><code class="language-x">`
 * blocks with shiki's output, which escapes the code itself. Unknown languages stay plain.
 */
import { createHighlighter, type Highlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

const LANGUAGES = ['json', 'yaml', 'javascript', 'typescript', 'shell', 'bash', 'xml', 'html', 'css', 'sql', 'python', 'java', 'go', 'proto', 'graphql', 'http'];
const BLOCK = /<pre><code class="language-([\w-]+)">([\s\S]*?)<\/code><\/pre>/g;

let highlighter: Promise<Highlighter> | undefined;

function unescapeHtml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/** The highlighter, created once (loading grammars and themes is the slow part). */
export function loadHighlighter(): Promise<Highlighter> {
  // The JavaScript regular-expression engine: about a quarter faster than the WebAssembly
  // Oniguruma one on the JSON examples that make up most of the code (bench/README.md).
  highlighter ??= createHighlighter({ themes: ['github-light', 'github-dark'], langs: LANGUAGES, engine: createJavaScriptRegexEngine() });
  return highlighter;
}

/** Rendered HTML with its fenced code blocks highlighted (a loaded highlighter: pages are completed synchronously while rendering). */
export function highlightWith(h: Highlighter, html: string): string {
  if (!html.includes('<pre><code class="language-')) return html;
  const loaded = new Set(h.getLoadedLanguages());
  return html.replace(BLOCK, (whole, lang: string, code: string) => {
    if (!loaded.has(lang)) return whole;
    return h.codeToHtml(unescapeHtml(code).replace(/\n$/, ''), { lang, themes: { light: 'github-light', dark: 'github-dark' } });
  });
}

/** Highlighted HTML of a code block, in the site's light and dark themes. */
export function codeHtml(h: Highlighter, code: string, lang: string): string {
  const known = h.getLoadedLanguages().includes(lang);
  return h.codeToHtml(code, { lang: known ? lang : 'text', themes: { light: 'github-light', dark: 'github-dark' } });
}
