/**
 * A schema's examples said once on a page: where the page's panel shows an example whole, a row
 * of its table does not say again what that example says ("e.g." under the schema's name
 * repeating the whole example, "e.g." under each field repeating its value there). A row keeps
 * the example values that the example shown does not hold: they add something; but a shape's
 * example whole is left to the shape's own page.
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';
import type { SchemaRow } from './types.ts';

/** Examples a page's panel shows of a message shown on another object's page, at most (the rest are on the message's page). */
export const PANEL_EXAMPLES = 3;

/** The document's examples a page shows whole at most where it shows them on their own (a component schema's page, a message's page when only its schemas give examples): the page says how many more. */
export const OWN_PAGE_EXAMPLES = 10;

/** Example values a schema table's row shows as "e.g." at most: it says how many more the document gives. */
export const ROW_EXAMPLES = 3;

/** The values the examples shown hold, by the name of the field that holds them ('' for an example whole). */
function valuesByField(examples: unknown[]): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (name: string, value: unknown): void => {
    const set = found.get(name) ?? new Set<string>();
    set.add(JSON.stringify(value));
    found.set(name, set);
  };
  const visit = (value: unknown, depth: number): void => {
    if (depth > 32) return;
    if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (isPlainObject(value))
      for (const [name, v] of Object.entries(value)) {
        add(name, v);
        visit(v, depth + 1);
      }
  };
  for (const example of examples) {
    add('', example);
    visit(example, 0);
  }
  return found;
}

/** Removes from the rows the example values that the examples shown beside them already hold. */
export function dropShownExamples(rows: SchemaRow[], examples: unknown[]): void {
  if (examples.length === 0) return;
  const shown = valuesByField(examples);
  const whole = shown.get('')!;
  for (const row of rows) {
    // A field's values where the examples hold it; a shape or the schema itself may repeat an example whole.
    const field = row.depth === 0 ? undefined : shown.get(row.name);
    // A shape's (or the schema's) own example whole is its page's to show, where a warning meets it if it is wrong.
    const wholeRow = row.depth === 0 || row.alternative === true;
    // The wrong ones too: an example shown beside the table carries its own warning there.
    for (const key of ['examples', 'wrongExamples'] as const) {
      const fresh = row[key]?.filter(
        (v) => !(wholeRow && typeof v === 'object' && v !== null) && !whole.has(JSON.stringify(v)) && !field?.has(JSON.stringify(v)),
      );
      if (fresh?.length) row[key] = fresh;
      else delete row[key];
    }
  }
}

/**
 * A row's examples past its few, when the few are all in the page's example (dropShownExamples
 * takes them off the row): "2 more examples in the document", so the count is not lost with them.
 */
export function moreExamplesWords(more: number): string {
  return `${more} more ${more === 1 ? 'example' : 'examples'} in the document`;
}
