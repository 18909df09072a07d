/**
 * Orders for strings, the same on every machine. `String#localeCompare` without a locale
 * follows the machine's locale (LANG), so a site or a report could come out in a different
 * order elsewhere; its first call also loads ICU's collator (about 8 ms, a noticeable share of
 * validating a small document).
 */

/** UTF-16 code-unit order: for identifiers, paths, URLs and codes, where no reader sees the order as prose. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

let englishCollator: Intl.Collator | undefined;

/** English collation (case and accents second), fixed whatever the machine's locale: for names readers scan in lists. */
export function byEnglishTitle(a: string, b: string): number {
  englishCollator ??= new Intl.Collator('en');
  return englishCollator.compare(a, b);
}
