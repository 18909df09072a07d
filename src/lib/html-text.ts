/**
 * Text in and out of HTML: the characters that would start markup, as entities, and back. For
 * element content only (an attribute value needs its quote escaped too).
 */

/** `&`, `<` and `>` as entities. */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The entities a sanitizer or Markdown renderer writes in code (`&lt;` `&gt;` `&quot;` `&#39;` `&amp;`), as characters. */
export function unescapeText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Text as element content the way Astro writes an expression's string: `&`, `<`, `>`, `'` and `"`
 * as entities, so that HTML written by a function reads byte for byte as a component's would.
 */
export function escapeHtml(text: string): string {
  // Most names and values hold none of them: a test is cheaper than a replace that finds nothing.
  return MARKUP.test(text) ? text.replace(MARKUP_ALL, (c) => HTML_ENTITIES[c]!) : text;
}

const MARKUP = /[&<>'"]/;
const MARKUP_ALL = /[&<>'"]/g;
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '"': '&quot;' };

/** An attribute value between double quotes, the way Astro writes one: `&` and `"` as entities. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
