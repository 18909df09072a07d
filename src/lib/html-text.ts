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
