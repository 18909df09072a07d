/**
 * What a schema row says in place of "e.g." when every example the document gives of it fails its
 * check (rule schema-example): the values, so a reader who meets them elsewhere knows them, and
 * that they are not what the field takes. Quiet, as under a wrong message example (ExampleWarning).
 */
import type { SchemaRow } from '../lib/model/types.ts';

/** Values named in the sentence at most; the others are counted. */
const NAMED = 3;
/** A value longer than this (as JSON) is counted, not written out in the sentence. */
const SHORT = 24;

/**
 * The sentence, with `code` writing a value as code and `text` escaping the words. Empty when the
 * row has no wrong examples.
 */
export function wrongExamplesNote(row: SchemaRow, code: (json: string) => string, text: (words: string) => string = (w) => w): string {
  const wrong = row.wrongExamples ?? [];
  if (wrong.length === 0) return '';
  const named = wrong
    .map((v) => JSON.stringify(v) ?? '')
    .filter((json) => json.length <= SHORT)
    .slice(0, NAMED);
  const more = wrong.length - named.length;
  const subject = row.name === '' || row.alternative ? 'this schema' : 'this field';
  const list = named.map(code).join(', ');
  // Spaces between the pieces, outside `text`: an escaper may trim the words it is given.
  const lead =
    named.length === 0
      ? wrong.length === 1
        ? "The document's example"
        : `The document's ${wrong.length} examples`
      : wrong.length === 1
        ? "The document's example"
        : "The document's examples";
  const values = named.length === 0 ? '' : ` ${list}${more > 0 ? ` ${text(`and ${more} more`)}` : ''}`;
  return `${text(lead)}${values} ${text(`${wrong.length === 1 ? 'does' : 'do'} not satisfy ${subject}.`)}`;
}
