/**
 * Where a text cut to a number of UTF-16 code units ends, for every output that cuts what a
 * document says (a schema row's value, a pull-request comment's message, a quoted pointer): a cut
 * between the two halves of a surrogate pair would leave half a character, which shows as a
 * replacement mark and which no UTF-8 file can hold.
 */

/** The end of `text` cut to at most `max` characters: `max`, or one less where that would split a surrogate pair. */
export function cutPoint(text: string, max: number): number {
  const code = text.charCodeAt(max - 1);
  // A high surrogate last: its low half lies past the cut.
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}
