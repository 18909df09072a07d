/**
 * CommonMark descriptions → safe HTML. marked renders (GitHub-flavoured tables included);
 * sanitize-html, which parses with htmlparser2 and needs no DOM per call (TOOLCHAIN.md: a DOM
 * per snippet is what makes the official template quadratic), keeps only an allowlist: no
 * script, no event handlers, no `javascript:`/`data:`/`vbscript:` URLs, no inline styles.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'strong', 'em', 'b', 'i', 'u', 's', 'del', 'ins', 'mark', 'sub', 'sup', 'small', 'kbd', 'abbr',
    'code', 'pre', 'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'details', 'summary', 'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    // Links written by document authors leave the site: never hand them the opener.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    // Headings inside descriptions must not break the page outline (the page owns h1–h2).
    h1: 'h3',
    h2: 'h4',
  },
};

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE).trim();
}

/** Inline Markdown (summaries, titles of examples): no block elements. */
export function renderInlineMarkdown(markdown: string): string {
  const html = marked.parseInline(markdown) as string;
  return sanitizeHtml(html, SANITIZE).trim();
}
