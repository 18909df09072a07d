/**
 * Where a long id may wrap in narrow places (the sidebar, a code block's long string): `receiveOrderEventsInWarehouse` or
 * `smartylighting.streetlights.1.0.event.lighting.measured` is cut into the pieces a reader sees
 * in it, and the page puts a `<wbr>` between them, so that a line ends after `/`, `.`, `_`, `$`, `-`,
 * `:` or between the words of camelCase, never inside a word (CSS alone cannot say where: it
 * breaks anywhere or nowhere).
 */

/** Words shorter than this fit a sidebar line and are left whole: no `<wbr>` where none is needed. */
export const LONG_WORD = 16;

/** After a separator, or between a lower-case letter or digit and an upper-case letter. */
const BOUNDARY = /(?<=[/._:$-])(?=[^/._:$-])|(?<=[a-z0-9])(?=[A-Z])/;

/** `text` cut at the places a long word of it may wrap; the pieces joined are `text`. */
export function wrapPoints(text: string): string[] {
  const pieces: string[] = [''];
  for (const word of text.split(/(\s+)/)) {
    const parts = word.length >= LONG_WORD ? word.split(BOUNDARY) : [word];
    pieces[pieces.length - 1] += parts[0]!;
    pieces.push(...parts.slice(1));
  }
  return pieces;
}
