/**
 * The first sentence of a description, for lists that show each object in a line or two (a
 * schema has a description but rarely a summary): the first paragraph's first sentence, at most
 * MAX_CHARS characters cut at a word. Nothing when the description starts with a heading, a
 * list, a table, code or HTML: no sentence to show.
 */
const MAX_CHARS = 180;

/** Abbreviations that end with a dot inside a sentence. */
const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|incl)|\b[A-Z])\.$/i;

export function leadSentence(markdown: string): string | undefined {
  const paragraph = markdown
    .trim()
    .split(/\n\s*\n/)[0]
    ?.trim();
  if (!paragraph || /^(#|[-*+] |\d+\. |\||```|~~~|<|>)/.test(paragraph)) return undefined;
  const text = paragraph.replace(/\s*\n\s*/g, ' ');
  let end = text.length;
  // A sentence ends at ".", "!" or "?" followed by a space, outside `code`.
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '`') inCode = !inCode;
    else if (!inCode && /[.!?]/.test(c) && (i === text.length - 1 || text[i + 1] === ' ') && !ABBREVIATIONS.test(text.slice(0, i + 1))) {
      end = i + 1;
      break;
    }
  }
  const sentence = text.slice(0, end);
  if (sentence.length <= MAX_CHARS) return sentence;
  const cut = sentence.slice(0, MAX_CHARS);
  const space = cut.lastIndexOf(' ');
  const kept = (space > MAX_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '');
  // An inline code span cut open would swallow the rest: close it.
  return `${kept}${(kept.match(/`/g) ?? []).length % 2 === 1 ? '`' : ''}…`;
}
