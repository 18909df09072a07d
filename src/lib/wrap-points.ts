/**
 * Where a long id may wrap in narrow places (the sidebar, a code block's long string): `receiveOrderEventsInWarehouse` or
 * `smartylighting.streetlights.1.0.event.lighting.measured` is cut into the pieces a reader sees
 * in it, and the page puts a `<wbr>` between them, so that a line ends after `/`, `.`, `_`, `$`, `-`,
 * `:` or between the words of camelCase, never inside a word nor inside a token (CSS alone cannot
 * say where: it breaks anywhere or nowhere).
 */

/** Words shorter than this fit a sidebar line and are left whole: no `<wbr>` where none is needed. */
export const LONG_WORD = 16;

/** After a separator. */
const SEPARATOR = /(?<=[/._:$-])(?=[^/._:$-])/;
/** Between a lower-case letter or digit and an upper-case letter that starts a word (a letter follows it): between camelCase words. */
const HUMP = /(?<=[a-z0-9])(?=[A-Z][A-Za-z])/;
/** A change from letter to digit or back. */
const LETTER_DIGIT = /(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/g;
/**
 * A run between separators that goes from letters to digits and back this often is a token (an
 * upper-case UUID's `3F2A9C1E`, a queue's receipt handle, a key), not words: its capitals are no
 * word starts, and a cut before one would split the token at a random character. `S3Bucket` or
 * `Sha256Digest` change twice and still read as words.
 */
const TOKEN_CHANGES = 3;

/**
 * A run between separators, cut between its camelCase words unless it is a token: one with no
 * small letter (an upper-case UUID's `9A51`, an acronym) has no camelCase words.
 */
function humps(run: string): string[] {
  if (!/[a-z]/.test(run) || (run.match(LETTER_DIGIT)?.length ?? 0) >= TOKEN_CHANGES) return [run];
  return run.split(HUMP);
}

/**
 * `text` cut at the places a long word of it may wrap; the pieces joined are `text`. `longWord`:
 * how long a word is to be cut, shorter where the text follows words it is kept on a line with
 * (a sidebar name after its family's "…Headers-").
 */
export function wrapPoints(text: string, longWord = LONG_WORD): string[] {
  const pieces: string[] = [''];
  for (const word of text.split(/(\s+)/)) {
    const parts = word.length >= longWord ? word.split(SEPARATOR).flatMap(humps) : [word];
    pieces[pieces.length - 1] += parts[0]!;
    pieces.push(...parts.slice(1));
  }
  return pieces;
}
