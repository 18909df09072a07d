/**
 * A message's examples as its Examples panel lists them, with the panel's titles: its own
 * (`name`, else "Example N"), else the examples its schemas give ("The document's example")
 * followed by the generated ones that differ from them; in the document's order, except that the
 * first right one leads (example-order.ts). The panel (page-message.ts), the code samples
 * (page-samples.ts) and everything made from the page read this list, so that a sample sends and
 * names the example the panel opens.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Location } from '../diagnostics/diagnostic.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import type { Context } from './page-context.ts';
import { sub } from './page-context.ts';
import type { GeneratedExample, GeneratedExamples } from './generated-examples.ts';
import { type SchemaGivenExample, schemaGivenExamples } from './schema-given-examples.ts';
import { OWN_PAGE_EXAMPLES } from './shown-examples.ts';
import { rightFirst } from './example-order.ts';

export interface ListedExample {
  title: string;
  value: Record<string, unknown>;
  /** Where the document writes it (its own or a schema's example); absent for a generated one. */
  source?: Location;
  /** Made from the schemas, not written in the document. */
  made?: GeneratedExample;
  /** A schema's own example that `validate` finds wrong (schema-example-invalid, discriminator-example). */
  wrong?: true;
}

export interface MessageExampleList {
  /** The message's own `examples` (the list, whatever it holds), when it has any. */
  written: unknown[];
  examples: ListedExample[];
  /** The generated examples, when the message has none of its own (their `missing` reasons for the panel). */
  generated?: GeneratedExamples;
  /** Whether the schemas give examples (the panel then never says the examples are generated). */
  schemaGiven: boolean;
  /** The examples left out past OWN_PAGE_EXAMPLES (the message's own, else its schemas'): the panel says how many. */
  more?: number;
}

/** The message's examples (traits merged: `value` and `origin` as `merged` gives them) as its panel lists them. */
export function messageExampleList(ctx: Context, value: Record<string, unknown>, origin: Record<string, Location>, at: Location): MessageExampleList {
  const written = Array.isArray(value.examples) ? value.examples : [];
  // Where the examples are written (the message's, or a trait's): the validator's findings name that place.
  const examplesAt = sub(origin.examples ?? at, 'examples');
  if (written.length > 0) {
    // Numbered as written (as the validator's "example 2" does), whatever else the list holds.
    const listed = rightFirst(
      written.flatMap((ex, i) =>
        isPlainObject(ex) ? [{ title: typeof ex.name === 'string' ? ex.name : `Example ${i + 1}`, value: ex, source: sub(examplesAt, i) }] : [],
      ),
      (ex) => ctx.examplePartsAccepted(value, origin, at, ex.value),
    );
    // At most OWN_PAGE_EXAMPLES, the right one leading: a message with ten thousand examples gives a page of the same size, saying how many more it has (`validate` still checks them all).
    const more = listed.length - Math.min(listed.length, OWN_PAGE_EXAMPLES);
    return { written, schemaGiven: false, examples: listed.slice(0, OWN_PAGE_EXAMPLES), ...(more > 0 ? { more } : {}) };
  }
  // The schemas' own examples (the document's words) first; then the generated ones that differ from them.
  const given = schemaGivenExamples(ctx, value, origin, at);
  const generated = ctx.generatedExamples(value, origin, at);
  const made = generated.examples.filter((g) => !given.some((w) => isDeepStrictEqual(w.value.payload, g.value.payload)));
  // A wrong one (the validator's finding), and a made one that could not be checked (its panel says so), do not lead.
  // Judged lazily: up to the first right one, and the ones shown.
  const wrong = (w: SchemaGivenExample): boolean =>
    w.checkedBy !== undefined && !ctx.schemaExampleAccepted(w.value.payload, w.at, w.checkedBy.schema, w.checkedBy.at);
  const ordered = rightFirst<{ given: number } | { made: GeneratedExample }>(
    [...given.map((_, i) => ({ given: i })), ...made.map((g) => ({ made: g }))],
    (ex) => ('given' in ex ? !wrong(given[ex.given]!) : ex.made.unchecked === undefined),
  );
  // At most OWN_PAGE_EXAMPLES of the schemas': a payload schema with ten thousand examples gives a page of the same size, saying how many more it has.
  let kept = 0;
  const shown = ordered.filter((ex) => !('given' in ex) || kept++ < OWN_PAGE_EXAMPLES);
  const more = given.length - Math.min(given.length, OWN_PAGE_EXAMPLES);
  return {
    written,
    generated,
    schemaGiven: given.length > 0,
    examples: shown.map((ex) => {
      if (!('given' in ex)) return { title: ex.made.title, value: ex.made.value as Record<string, unknown>, made: ex.made };
      const w = given[ex.given]!;
      return {
        title: given.length === 1 ? "The document's example" : `The document's example ${ex.given + 1}`,
        value: w.value as Record<string, unknown>,
        source: w.at,
        ...(wrong(w) ? { wrong: true as const } : {}),
      };
    }),
    ...(more > 0 ? { more } : {}),
  };
}
