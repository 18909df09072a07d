/**
 * Highlights code with shiki: code in a language, and the fenced code blocks of rendered
 * descriptions. These run on HTML that is already sanitized: `<pre><code class="language-x">`
 * blocks are replaced with highlighted HTML (code-html.ts), which escapes the code itself.
 * Unknown languages stay plain. The colours are classes, for the light and the dark theme alike.
 */
import { EncodedTokenMetadata, INITIAL, type StateStack } from '@shikijs/vscode-textmate';
import {
  applyColorReplacements,
  createHighlighter,
  resolveColorReplacements,
  splitLines,
  type BundledLanguage,
  type BundledTheme,
  type Highlighter,
  type ThemedToken,
} from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { cachedRegexConstructor } from '../../perf/grammar-regex-cache.ts';
import { LINE_MEMO_CHARS, LineMemo, MemoBudget } from '../../perf/line-memo.ts';
import { mechanismOn } from '../../perf/switches.ts';
import { unescapeText } from '../html-text.ts';
import { CODE_THEME, CODE_THEME_NAME, lineHtml, linesToHtml, tokensToHtml } from './code-html.ts';
import { lineElement } from './code-lines.ts';

/** The languages the highlighter loads; other fences are shown without colours. */
export const HIGHLIGHTED_LANGUAGES = [
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

/**
 * Every name a highlighter with HIGHLIGHTED_LANGUAGES loaded answers to: their aliases, and the
 * languages they embed (graphql brings jsx and tsx). A fence or a code block in one of these is
 * highlighted, in any other shown plain (src/perf/lazy-grammars.test.ts compares it with the names
 * a highlighter with all of them loaded gives).
 */
export const HIGHLIGHTED_NAMES: ReadonlySet<string> = new Set([
  ...['bash', 'cjs', 'css', 'cts', 'go', 'gql', 'graphql', 'html', 'http', 'java', 'javascript', 'js', 'json', 'jsx', 'mjs', 'mts'],
  ...['proto', 'protobuf', 'py', 'python', 'sh', 'shell', 'shellscript', 'sql', 'ts', 'tsx', 'typescript', 'xml', 'yaml', 'yml', 'zsh'],
]);

let highlighter: Promise<Highlighter> | undefined;
let lazyHighlighter: Promise<Highlighter> | undefined;

/** The JavaScript regular-expression engine, its patterns converted once per installation (src/perf/grammar-regex-cache.ts). */
const engine = (): ReturnType<typeof createJavaScriptRegexEngine> =>
  createJavaScriptRegexEngine(mechanismOn('grammar-regex-cache') ? { regexConstructor: cachedRegexConstructor() } : {});

/** The highlighter with every grammar loaded, created once (loading grammars and themes is the slow part). */
export function loadHighlighter(): Promise<Highlighter> {
  // The JavaScript regular-expression engine: about a quarter faster than the WebAssembly
  // Oniguruma one on the JSON examples that make up most of the code (bench/README.md).
  highlighter ??= createHighlighter({ themes: [CODE_THEME], langs: HIGHLIGHTED_LANGUAGES, engine: engine() });
  return highlighter;
}

/**
 * A highlighter that loads a grammar only once code in its language comes (`loadLanguages` of the
 * `languagesIn` a batch, before it is highlighted): a site's code is in four or five of the sixteen
 * languages, and loading the others was a tenth of a second of every build (the `lazy-grammars`
 * mechanism, src/perf/README.md). Without the mechanism, the highlighter with every grammar.
 */
export function loadLazyHighlighter(): Promise<Highlighter> {
  if (!mechanismOn('lazy-grammars')) return loadHighlighter();
  lazyHighlighter ??= createHighlighter({ themes: [CODE_THEME], langs: [], engine: engine() });
  return lazyHighlighter;
}

/** The languages of HIGHLIGHTED_NAMES that `code` (a language and its code) or `html` (fenced blocks) asks for. */
export function languagesIn(task: { kind: 'html' | 'code'; text: string; lang: string }): string[] {
  if (task.kind === 'code') return HIGHLIGHTED_NAMES.has(task.lang) ? [task.lang] : [];
  if (!task.text.includes('><code class="language-')) return [];
  return [...task.text.matchAll(BLOCK)].map((match) => match[2]!).filter((lang) => HIGHLIGHTED_NAMES.has(lang));
}

/** Loads into `h` the grammars of `langs` it does not have yet (with the languages they embed). */
export async function loadLanguages(h: Highlighter, langs: Iterable<string>): Promise<void> {
  const loaded = new Set(h.getLoadedLanguages());
  const missing = [...new Set(langs)].filter((lang) => !loaded.has(lang));
  // Names of the bundled languages, aliases included (HIGHLIGHTED_NAMES holds no other).
  if (missing.length > 0) await h.loadLanguage(...(missing as BundledLanguage[]));
}

/** Rendered HTML with its fenced code blocks highlighted (a loaded highlighter: pages are completed synchronously while rendering). */
export function highlightWith(h: Highlighter, html: string): string {
  if (!html.includes('><code class="language-')) return html;
  return html.replace(BLOCK, (whole, unindexed: string | undefined, lang: string, code: string) => {
    if (!HIGHLIGHTED_NAMES.has(lang)) return whole;
    const highlighted = highlightCode(h, unescapeText(code).replace(/\n$/, ''), lang);
    return unindexed ? highlighted.replace('<pre ', `<pre${unindexed} `) : highlighted;
  });
}

/** Highlighted HTML of a code block; a language the highlighter does not know shows as plain text. */
export function codeHtml(h: Highlighter, code: string, lang: string): string {
  return highlightCode(h, code, HIGHLIGHTED_NAMES.has(lang) ? lang : 'text');
}

function highlightCode(h: Highlighter, code: string, lang: string): string {
  if (LINE_MEMO_ON && lang !== 'text') return memoizedCodeHtml(h, code, lang);
  return shikiCodeHtml(h, code, lang);
}

/** shiki's own tokenization of the whole code (and the reference the line memo is tested against). */
export function shikiCodeHtml(h: Highlighter, code: string, lang: string): string {
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

const LINE_MEMO_ON = mechanismOn('line-memo');
/** One memo per grammar (src/perf/line-memo.ts), all of them within one budget. */
const lineMemos = new WeakMap<object, LineMemo>();
const lineMemoBudget = new MemoBudget(LINE_MEMO_CHARS);

/**
 * The same HTML as shikiCodeHtml, with each different (state, line) tokenized once per process.
 * The loop is shiki's (`tokenizeWithTheme` in @shikijs/primitive) for these options: an empty
 * line has no tokens and leaves the state as it was, as does a line of the maximum length or
 * more (shown plain); a token's colour is the theme's colour of its foreground.
 */
export function memoizedCodeHtml(h: Highlighter, code: string, lang: string): string {
  const { theme, colorMap } = h.setTheme(CODE_THEME_NAME);
  // The CSS-variables theme names its colours through replacements (#00000004 → var(--hl-token-string)).
  const replacements = resolveColorReplacements(theme, {});
  const grammar = h.getLanguage(lang);
  let memo = lineMemos.get(grammar);
  if (!memo) lineMemos.set(grammar, (memo = new LineMemo(lineMemoBudget)));
  const lines: string[] = [];
  let state: StateStack = INITIAL;
  for (const [line] of splitLines(code)) {
    if (line === '') lines.push('');
    else if (line.length >= TOKENIZE_LIMITS.tokenizeMaxLineLength) lines.push(lineElement(lineHtml([{ content: line, color: '', fontStyle: 0 }]), line));
    else {
      const start = state;
      const result = memo.line(start, line, () => {
        const tokenized = grammar.tokenizeLine2(line, start, TOKENIZE_LIMITS.tokenizeTimeLimit);
        return { html: lineElement(lineHtml(themedTokens(line, tokenized.tokens, colorMap, replacements)), line), end: tokenized.ruleStack };
      });
      lines.push(result.html);
      state = result.end;
    }
  }
  return linesToHtml(lines);
}

/** A line's binary tokens (start, metadata pairs) as shiki's themed tokens. */
function themedTokens(
  line: string,
  binary: Uint32Array,
  colorMap: string[],
  replacements: Record<string, string | undefined>,
): Pick<ThemedToken, 'content' | 'color' | 'fontStyle'>[] {
  const tokens: Pick<ThemedToken, 'content' | 'color' | 'fontStyle'>[] = [];
  const count = binary.length / 2;
  for (let j = 0; j < count; j++) {
    const start = binary[2 * j]!;
    const next = j + 1 < count ? binary[2 * j + 2]! : line.length;
    if (start === next) continue;
    const metadata = binary[2 * j + 1]!;
    tokens.push({
      content: line.substring(start, next),
      color: applyColorReplacements(colorMap[EncodedTokenMetadata.getForeground(metadata)], replacements),
      fontStyle: EncodedTokenMetadata.getFontStyle(metadata),
    });
  }
  return tokens;
}
