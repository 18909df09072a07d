/**
 * CommonMark descriptions → safe HTML. marked renders (GitHub-flavoured tables included);
 * sanitize-html, which parses with htmlparser2 and needs no DOM per call (TOOLCHAIN.md: a DOM
 * per snippet is what makes the official template quadratic), keeps only an allowlist: no
 * script, no event handlers, no `javascript:`/`data:`/`vbscript:` URLs, no inline styles.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeText } from '../html-text.ts';
import { MAX_MARKDOWN_NESTING, markdownNesting } from './markdown-nesting.ts';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'sub',
    'sup',
    'small',
    'kbd',
    'abbr',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'details',
    'summary',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/], span: ['image-alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    // Links written by document authors leave the site: never hand them the opener.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    // An image the page cannot load (a path relative to the document, `./assets/logo.png`, which
    // the site does not publish; or an http:, data: or protocol-relative source, which it refuses)
    // would show as a broken image: its alt text stands in its place instead.
    img: (tagName, attribs) =>
      /^https:\/\/[^/]/i.test(attribs.src ?? '') ? { tagName, attribs } : { tagName: 'span', attribs: { class: 'image-alt' }, text: attribs.alt ?? '' },
    // Headings inside descriptions must not break the page outline (the page owns h1–h2).
    h1: 'h3',
    h2: 'h4',
  },
};

/**
 * Rendered text by source. The same description is rendered many times: a schema's property
 * descriptions on every message page that shows the schema, a trait's on every operation that
 * applies it. Rendering is a pure function of the text, so results are kept; the cache is
 * emptied when it grows large, which bounds its memory on documents full of distinct texts.
 */
const CACHE_LIMIT = 20_000;
const blockCache = new Map<string, string>();
const inlineCache = new Map<string, string>();

function cached(cache: Map<string, string>, markdown: string, render: (text: string) => string): string {
  let html = cache.get(markdown);
  if (html === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    html = render(markdown);
    cache.set(markdown, html);
  }
  return html;
}

export function renderMarkdown(markdown: string): string {
  return cached(blockCache, markdown, (text) =>
    safely(text, () => unindexedCode(sanitizeHtml(marked.parse(text) as string, SANITIZE).trim()), plainParagraphs),
  );
}

/**
 * A description's code blocks stay out of the search index: an excerpt made of braces and quoted
 * keys ("like this: { "MessageGroupId": …") says less than the sentences around it, which are
 * indexed; the objects' own names stay searchable on their pages. (After the sanitizer, which
 * allows no attribute on `pre`.)
 */
function unindexedCode(html: string): string {
  return html.includes('<pre>') ? html.replaceAll('<pre>', '<pre data-pagefind-ignore>') : html;
}

/** Inline Markdown (summaries, titles of examples): no block elements. */
export function renderInlineMarkdown(markdown: string): string {
  return cached(inlineCache, markdown, (text) => safely(text, () => sanitizeHtml(marked.parseInline(text) as string, SANITIZE).trim(), escapeText));
}

/**
 * marked parses nested block quotes, lists and emphasis recursively: a text nested deeper than
 * MAX_MARKDOWN_NESTING (hostile, or broken) is shown as plain text instead of being parsed
 * (validation warns about it: markdown-too-deep). Should marked still fail on a text, the text
 * is shown plain too: a description never stops a build.
 */
function safely(text: string, render: () => string, plain: (text: string) => string): string {
  if (markdownNesting(text, MAX_MARKDOWN_NESTING) > MAX_MARKDOWN_NESTING) return plain(text);
  try {
    return render();
  } catch {
    return plain(text);
  }
}

/** The text as written, escaped, a paragraph per block of lines. */
function plainParagraphs(text: string): string {
  return text
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${escapeText(block)}</p>`)
    .join('\n');
}
