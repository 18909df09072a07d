/**
 * Inline HTML (a rendered summary) cut to about a number of visible characters at a word's end,
 * "…" after it, every element left open closed again: a portal card's summary ends on a whole
 * word, where a CSS line clamp cuts inside one ("helping you build rea…"). The whole text is on
 * the page the card links to.
 */

/** A tag, an entity, or one character (a code point). */
const TOKEN = /<\/?([a-zA-Z][\w-]*)[^>]*>|&#?\w+;|[\s\S]/gu;
/** Elements without an end tag. */
const VOID = new Set(['br', 'img', 'wbr', 'hr']);

/**
 * `html` (well formed, as the Markdown renderer's sanitizer writes it) when its text is at most
 * `maxChars` characters; else its text up to the last space before that, "…" after it.
 */
export function cutInlineHtml(html: string, maxChars: number): string {
  const out: string[] = [];
  const open: string[] = [];
  let visible = 0;
  /** Where to cut: the output before the last space within the budget, and the elements open there. */
  let cut: { at: number; open: string[] } | undefined;
  for (const match of html.matchAll(TOKEN)) {
    const token = match[0];
    const tag = match[1]?.toLowerCase();
    if (tag !== undefined) {
      if (token.startsWith('</')) {
        if (open.at(-1) === tag) open.pop();
      } else if (!VOID.has(tag) && !token.endsWith('/>')) open.push(tag);
      out.push(token);
      continue;
    }
    if (/^\s$/.test(token)) cut = { at: out.length, open: [...open] };
    visible++;
    if (visible > maxChars) {
      // A single word longer than the budget: cut inside it rather than show it whole.
      const { at, open: openThere } = cut ?? { at: out.length, open: [...open] };
      // A separator before the ellipsis ("two,…") reads as a typo: left out (an entity is one token, never split).
      let end = at;
      while (end > 0 && /^[\s,;:]$/.test(out[end - 1]!)) end--;
      return `${out.slice(0, end).join('')}${openThere
        .reverse()
        .map((t) => `</${t}>`)
        .join('')}…`;
    }
    out.push(token);
  }
  return html;
}
