/**
 * The allowed values a page lists at most (a schema row's "one of", a parameter's values, on the
 * page and in its Markdown twin): an enum of thousands stays one line, which says how many more
 * the document allows. The data keeps them all (the sns tester and "Never receives" read the
 * schema, not this list); only what is written is cut. A hundred: a reader looking for their value
 * (a market's symbol, a country) finds it in every list of the real documents we know (the
 * largest, 63 symbols, is listed whole), while a list of thousands costs at most a few kilobytes.
 */
export const VALUES_SHOWN = 100;

/** The values listed, and how many more the document gives past them. */
export function shownValues<T>(values: readonly T[]): { shown: T[]; more: number } {
  return { shown: values.slice(0, VALUES_SHOWN), more: Math.max(0, values.length - VALUES_SHOWN) };
}

/** What follows the values listed: "and 4,980 more values", or nothing when all are listed. */
export function moreValuesWords(more: number): string {
  return more > 0 ? `and ${more} more ${more === 1 ? 'value' : 'values'}` : '';
}
