/**
 * A sidebar entry is one line (Redocly's choice): a name longer than the line is cut with "…".
 * Cut at its end, `SpringKafkaDefaultHeaders-CustomsDeclarationDto` and `…-ParcelPayloadDto` would
 * read the same; so a long name whose last piece follows a separator is shown as a head that gives
 * way first (cut with "…") and an end that stays: `SpringKafka…CustomsDeclarationDto`,
 * `orders.Pet` beside `billing.Pet` (qualified-names.ts keeps the package segments that tell
 * them apart, and they are the head here).
 */

/** Names this short fit a sidebar line whole: one piece, nothing to keep. */
const SHORT = 20;

/** The head and the end of a long name, cut after its last separator; undefined where one piece reads better. */
export function nameEnd(name: string): { head: string; end: string } | undefined {
  if (name.length <= SHORT) return undefined;
  const lastSeparator = (before: number): number => Math.max(...['.', '-', '_', '$', '/', ':'].map((s) => name.lastIndexOf(s, before)));
  let at = lastSeparator(name.length - 1);
  // A number alone (springwolf's `-1309245871` hash) keeps the word before it.
  if (/^\d+$/.test(name.slice(at + 1)) && at > 0) at = lastSeparator(at - 1);
  // A head of a few letters has nothing to give, an end of a few says nothing alone.
  if (at < 3 || name.length - at - 1 < 3) return undefined;
  return { head: name.slice(0, at + 1), end: name.slice(at + 1) };
}
