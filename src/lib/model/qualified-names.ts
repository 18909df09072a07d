/**
 * Package-qualified names (`io.github.acme.orders.PaymentApplication.Pet`, as Java, Kotlin and C#
 * generators name schemas and messages) read by their end: lists and navigation show the last
 * segment, with as many segments before it as it takes to tell the names of a group apart
 * (`orders.Pet` and `billing.Pet`); the page shows the whole name.
 */

/** Three or more identifier segments joined by dots. */
const QUALIFIED = /^(?:[A-Za-z_$][\w$]*\.){2,}[A-Za-z_$][\w$]*$/;

export function isQualifiedName(id: string): boolean {
  return QUALIFIED.test(id);
}

/** The short name of each qualified id of a group (ids that are not qualified names are left out). */
export function shortNames(ids: Iterable<string>): Map<string, string> {
  const qualified = [...new Set(ids)].filter(isQualifiedName).map((id) => ({ id, segments: id.split('.') }));
  const out = new Map<string, string>();
  const tail = (segments: string[], n: number): string => segments.slice(-n).join('.');
  for (const { id, segments } of qualified) {
    let n = 1;
    while (n < segments.length && qualified.some((o) => o.id !== id && tail(o.segments, n) === tail(segments, n))) n++;
    out.set(id, tail(segments, n));
  }
  return out;
}
