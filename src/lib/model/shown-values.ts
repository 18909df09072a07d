import { cutPoint } from '../cut-point.ts';

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

/**
 * The most characters of one value a page writes as JSON (a field's `const` or `default`, one of
 * its allowed values, an example in its row): a default of a megabyte stays a few lines, which say
 * how much of it is left out. Three hundred: more than any such value of the real documents we know
 * (their longest are sentences and small objects), about five lines of the table's text column.
 */
export const VALUE_CHARS = 300;

/** `value` as JSON, cut after VALUE_CHARS characters (never inside a surrogate pair), and how many characters were left out. */
export function shownJson(value: unknown): { json: string; cut: number } {
  const json = JSON.stringify(value) ?? String(value);
  if (json.length <= VALUE_CHARS) return { json, cut: 0 };
  const end = cutPoint(json, VALUE_CHARS);
  return { json: `${json.slice(0, end)}…`, cut: json.length - end };
}

/** What follows a value cut by shownJson: "(1204 more characters)", or nothing. */
export function moreCharactersWords(cut: number): string {
  return cut > 0 ? `(${cut} more ${cut === 1 ? 'character' : 'characters'})` : '';
}

/** The most characters of an object or array a row shows indented, a member a line: about thirty lines. */
export const PRETTY_CHARS = 1200;

/**
 * `value` as indented JSON, cut at the end of the last line within PRETTY_CHARS (inside a line
 * when that line is most of it: one long string), and how many characters were left out.
 */
export function shownPrettyJson(value: unknown): { json: string; cut: number } {
  const json = JSON.stringify(value, null, 2) ?? String(value);
  if (json.length <= PRETTY_CHARS) return { json, cut: 0 };
  const lineEnd = json.lastIndexOf('\n', PRETTY_CHARS);
  const end = lineEnd >= PRETTY_CHARS / 2 ? lineEnd : cutPoint(json, PRETTY_CHARS);
  return { json: `${json.slice(0, end)}\n…`, cut: json.length - end };
}
