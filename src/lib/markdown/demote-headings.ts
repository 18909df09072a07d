/**
 * Headings inside a description that is itself part of something smaller than a section (a
 * schema field's description): a Markdown `### Title` there would print larger than the field's
 * name and break the page's outline (a heading level under no heading of its own). Each becomes
 * a paragraph marked `md-heading` (bold, the text's size). The HTML is the sanitized output of
 * the Markdown renderer, so its heading tags are plain `<hN …>` and `</hN>`.
 */
export function demoteHeadings(html: string): string {
  return html.replace(/<h[1-6](?=[\s>])([^>]*)>/gi, '<p class="md-heading"$1>').replace(/<\/h[1-6]\s*>/gi, '</p>');
}
