/**
 * Whether two channel addresses name the same place (issue 22, flows across a portal's APIs).
 * An address may hold `{parameter}` expressions (SPEC "Channel Address Expressions"), each
 * standing for one value the application chooses at run time: `orders.{region}.created` meets
 * `orders.eu.created`, and `orders.{id}.created` meets `orders.{orderId}.created`.
 *
 * An address of parameters only (`{queue}`) meets only itself. A parameter matches one or more characters other than `/`, the separator of path-like
 * addresses (MQTT topics, HTTP paths), so `user/{id}` does not meet `user/1/settings`. Matching
 * is a scan over the address's literal parts, never a regular expression built from document
 * text, so a hostile address cannot make it backtrack.
 */

export type AddressMatch = 'address' | 'address pattern';

/** Addresses longer than this, or with more parameters, meet only when written the same. */
const MAX_PATTERN_LENGTH = 2_000;
const MAX_PARAMETERS = 32;

/** An address split at its parameters: the literal text around them (one more part than parameters). */
export function literalParts(address: string): string[] | undefined {
  const parts = address.split(/\{[^{}]*\}/);
  if (parts.length === 1 || address.length > MAX_PATTERN_LENGTH || parts.length - 1 > MAX_PARAMETERS) return undefined;
  // An address that is parameters only (`{queue}`: a name chosen at run time) says nothing of
  // where it is: it meets only an address written the same.
  if (parts.every((p) => p === '')) return undefined;
  return parts;
}

/**
 * How `a` and `b` meet: written the same, through a parameter of either, or not at all.
 * `partsA` and `partsB`: their literalParts, when the caller has them already.
 */
export function addressesMeet(a: string, b: string, partsA = literalParts(a), partsB = literalParts(b)): AddressMatch | undefined {
  if (a === b) return 'address';
  if (!partsA && !partsB) return undefined;
  // A parameter on the other side stands for some value: any one character that is not a separator.
  const sample = (parts: string[]): string => parts.join('\u0001');
  if (partsA && fits(partsA, partsB ? sample(partsB) : b)) return 'address pattern';
  if (partsB && fits(partsB, partsA ? sample(partsA) : a)) return 'address pattern';
  return undefined;
}

/**
 * Whether `text` is the template of `parts` with each parameter replaced by one or more
 * characters other than `/`: the first and last parts anchor the ends, the middle parts are
 * found from the left, each as early as it can be (which leaves the most room for the rest).
 */
export function fits(parts: string[], text: string): boolean {
  const last = parts.length - 1;
  const head = parts[0]!;
  const tail = parts[last]!;
  if (!text.startsWith(head) || !text.endsWith(tail) || head.length + tail.length + last > text.length) return false;
  const end = text.length - tail.length;
  let pos = head.length;
  for (let i = 1; i < last; i++) {
    const part = parts[i]!;
    const at = text.indexOf(part, pos + 1);
    if (at < 0 || at + part.length >= end) return false;
    if (text.slice(pos, at).includes('/')) return false;
    pos = at + part.length;
  }
  return end > pos && !text.slice(pos, end).includes('/');
}
