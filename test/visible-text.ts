/**
 * The words a reader sees in an HTML fragment of a built page: scripts and styles left out, tags
 * as spaces, a `<wbr>` as nothing (a wrap point inside a name is no space), entities decoded,
 * spaces collapsed, trimmed. What the page-reading tests compare sentences with.
 */
import { unescapeText } from '../src/lib/html-text.ts';

export function visibleText(html: string): string {
  return unescapeText(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
      .replace(/<wbr>/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
