/**
 * Inline HTML (a rendered summary) cut to about a number of visible characters at a sentence's,
 * a clause's or else a word's end, every element left open closed again: a portal card's summary ends on a whole
 * word, where a CSS line clamp cuts inside one ("helping you build rea…"). The whole text is on
 * the page the card links to.
 */

/** A tag, an entity, or one character (a code point). */
const TOKEN = /<\/?([a-zA-Z][\w-]*)[^>]*>|&#?\w+;|[\s\S]/gu;
/** Elements without an end tag. */
const VOID = new Set(['br', 'img', 'wbr', 'hr']);

/** A sentence's end before a space (a closing quote or bracket may follow the stop). */
const SENTENCE_END = /[.!?]["'”’)\]]?$/;
/** A clause's end before a space. */
const CLAUSE_END = /[,;:]$/;
/**
 * A cut at a sentence's or a clause's end only when it keeps this share of the budget or more: a
 * card that says one short sentence of four lines' worth reads as empty.
 */
const SENTENCE_SHARE = 0.3;
const CLAUSE_SHARE = 0.5;

interface Cut {
  /** Tokens of the output before the space. */
  at: number;
  open: string[];
  /** Visible characters before it. */
  visible: number;
}

/**
 * `html` (well formed, as the Markdown renderer's sanitizer writes it) when its text is at most
 * `maxChars` characters; else its text cut within that: after the last sentence within it (no
 * "…": it reads whole, and the card's link leads to the rest), else at the last clause's end,
 * else at the last word's end, "…" after either ("declared on the…" reads as a mistake where
 * "…to an SNS topic." does not).
 */
export function cutInlineHtml(html: string, maxChars: number): string {
  const out: string[] = [];
  const open: string[] = [];
  let visible = 0;
  /** The text's last visible character so far (tags aside). */
  let last = '';
  let word: Cut | undefined;
  let clause: Cut | undefined;
  let sentence: Cut | undefined;
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
    if (/^\s$/.test(token)) {
      const here = { at: out.length, open: [...open], visible };
      word = here;
      if (SENTENCE_END.test(last)) sentence = here;
      else if (CLAUSE_END.test(last)) clause = here;
    }
    visible++;
    if (visible > maxChars) {
      const closeAt = (cut: Cut): string =>
        cut.open
          .slice()
          .reverse()
          .map((t) => `</${t}>`)
          .join('');
      if (sentence && sentence.visible >= maxChars * SENTENCE_SHARE) return `${out.slice(0, sentence.at).join('')}${closeAt(sentence)}`;
      // A single word longer than the budget: cut inside it rather than show it whole.
      const cut = (clause && clause.visible >= maxChars * CLAUSE_SHARE ? clause : word) ?? { at: out.length, open: [...open], visible };
      // A separator before the ellipsis ("two,…") reads as a typo: left out (an entity is one token, never split).
      let end = cut.at;
      while (end > 0 && /^[\s,;:]$/.test(out[end - 1]!)) end--;
      return `${out.slice(0, end).join('')}${closeAt(cut)}…`;
    }
    out.push(token);
    // An entity (`&amp;`) ends no sentence or clause (its `;` is no semicolon).
    last = token.length === 1 ? token : '';
  }
  return html;
}
