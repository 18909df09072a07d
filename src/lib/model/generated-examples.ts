/**
 * Examples for messages that have none, made from the normalised views of their headers and
 * payload (src/lib/schema/example-value.ts), whatever format those are written in, and in
 * whatever file: one per alternative of a payload's top-level `oneOf`/`anyOf`, so each shape gets
 * its own example.
 *
 * Each value is checked with the format's own validator (ExampleValidator: JSON Schema, OpenAPI,
 * Avro, Protocol Buffers), the same check `validate` applies to the document's own examples. A
 * value that fails it is made again from the constraints alone (a schema's `examples` or
 * `default` may disagree with it); if that fails too, the page says that no example could be made
 * and why, instead of showing one a consumer would reject.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { childPointer } from '../json-pointer.ts';
import type { ResolvedDoc } from '../resolve/resolved-doc.ts';
import { type Annotations, exampleValue } from '../schema/example-value.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import { type SchemaViews, schemaViewsOf } from '../schema/schema-views.ts';
import type { ExampleValidator } from '../validate/example-validator.ts';
import { type MessageSchemas, withOwnHeaders } from './own-message-values.ts';
import { type AlternativeNaming, alternativeName } from './alternative-name.ts';
import { isQualifiedName } from './qualified-names.ts';

export interface GeneratedExample {
  title: string;
  value: { headers?: unknown; payload?: unknown };
  /** Why the example could not be checked against its schema, when it could not. */
  unchecked?: string;
  /** Headers whose value was guessed from their name alone (example-value.ts): a command wants a placeholder there. */
  guessedHeaders?: string[];
  /** Made with values the document gives (its fields' examples, defaults): the page does not say the document gives none. */
  authored?: true;
}

export interface GeneratedExamples {
  examples: GeneratedExample[];
  /** Why a part has no generated example (a sentence each, for the page). */
  missing: string[];
}

/** Alternatives of a payload given an example each, at most. */
const MAX_ALTERNATIVES = 10;

type Part = 'headers' | 'payload';

export function generateExamples(
  doc: ResolvedDoc,
  validator: ExampleValidator,
  message: Record<string, unknown>,
  origin: Record<string, Location>,
  at?: Location,
  naming: AlternativeNaming = {},
): GeneratedExamples {
  const views = schemaViewsOf(doc);
  const missing: string[] = [];
  const site = (part: Part): Location | undefined => origin[part] && { file: origin[part].file, pointer: childPointer(origin[part].pointer, part) };
  const make = (part: Part, alternative?: number): { value: unknown; guessed: string[]; authored: boolean; unchecked?: string } | undefined => {
    const at = site(part);
    if (message[part] === undefined || !at) return undefined;
    const view = views.view(message[part], at);
    if (!view.root) {
      // Plain text: the page shows the sentence as it is (no Markdown).
      missing.push(`No ${part} example: its schema ${view.format ? `format ${view.format} ` : ''}is shown as written.`);
      return undefined;
    }
    const about = typeof message.title === 'string' ? message.title : typeof message.name === 'string' ? message.name : part;
    const outcome = checkedValue(views, validator, view.root, message[part], at, alternative, about);
    if ('reason' in outcome) {
      missing.push(`No ${part} example could be made${alternative !== undefined ? ` for shape ${alternative + 1}` : ''}: ${outcome.reason}.`);
      return undefined;
    }
    return outcome;
  };
  const headers = make('headers');
  const payloadAt = site('payload');
  const root = message.payload !== undefined && payloadAt ? views.view(message.payload, payloadAt).root : undefined;
  const alternatives = root?.choices[0] && root.choices[0].options.length > 1 ? Math.min(root.choices[0].options.length, MAX_ALTERNATIVES) : 0;
  const payloads: { title: string; value?: { value: unknown; authored: boolean; unchecked?: string } }[] =
    alternatives > 0
      ? Array.from({ length: alternatives }, (_, i) => ({
          title: `Generated example, ${alternativeTitle(views, root!, i, naming)}`,
          value: make('payload', i),
        }))
      : [{ title: 'Generated example', value: make('payload') }];
  const headersAt = site('headers');
  const schemas: MessageSchemas = {
    views,
    ...(headersAt && message.headers !== undefined ? { headers: views.view(message.headers, headersAt).root } : {}),
    ...(root ? { payload: root } : {}),
    names: messageNames(message, at),
  };
  // The headers the message decides (its own name where a header lists it, a field's value where
  // a header's description names the field), kept only where the headers' schema still accepts them.
  const ownHeaders = (payload: unknown): { value: unknown; guessed: string[]; authored: boolean } | undefined => {
    if (!headers || !headersAt || typeof headers.value !== 'object' || headers.value === null || Array.isArray(headers.value)) return headers;
    const own = withOwnHeaders(schemas, headers.value as Record<string, unknown>, payload);
    if (own.decided.length === 0) return headers;
    const errors = validator.messagePartErrors(own.headers, message.headers, headersAt, 'value', 'as-read');
    if (!Array.isArray(errors) || errors.length > 0) return headers;
    return { value: own.headers, guessed: headers.guessed.filter((name) => !own.decided.includes(name)), authored: headers.authored };
  };
  const examples = payloads
    .filter((p) => p.value !== undefined || headers !== undefined)
    .map((p) => {
      const unchecked = p.value?.unchecked ?? headers?.unchecked;
      const shown = ownHeaders(p.value?.value);
      return {
        title: p.title,
        value: { ...(shown ? { headers: shown.value } : {}), ...(p.value ? { payload: p.value.value } : {}) },
        ...(unchecked ? { unchecked } : {}),
        ...(shown && shown.guessed.length > 0 ? { guessedHeaders: shown.guessed } : {}),
        ...(p.value?.authored || shown?.authored ? { authored: true as const } : {}),
      };
    });
  return { examples, missing };
}

/** The names a message goes by: its `name`, and its id (the last segment of where it is written). */
export function messageNames(message: Record<string, unknown>, at: Location | undefined): string[] {
  const id = at?.pointer.split('/').pop()?.replace(/~1/g, '/').replace(/~0/g, '~');
  return [...new Set([...(typeof message.name === 'string' ? [message.name] : []), ...(id ? [id] : [])])];
}

/**
 * Examples of a schema on its own (a component schema's page): made and checked as a message's
 * payload is, one per alternative of its top-level oneOf/anyOf (so a discriminator holds the value
 * that selects each), or why none could be made. A schema shown only as written gets none.
 */
export function generateSchemaExample(
  doc: ResolvedDoc,
  validator: ExampleValidator,
  schema: unknown,
  at: Location,
  naming: AlternativeNaming = {},
): GeneratedExamples {
  const views = schemaViewsOf(doc);
  const root = views.view(schema, at).root;
  if (!root) return { examples: [], missing: [] };
  const alternatives = root.choices[0] && root.choices[0].options.length > 1 ? Math.min(root.choices[0].options.length, MAX_ALTERNATIVES) : 0;
  const made = (alternative?: number): { title: string; outcome: ReturnType<typeof checkedValue> } => ({
    title: alternative === undefined ? 'Generated example' : `Generated example, ${alternativeTitle(views, root, alternative, naming)}`,
    outcome: checkedValue(views, validator, root, schema, at, alternative),
  });
  const all = alternatives > 0 ? Array.from({ length: alternatives }, (_, i) => made(i)) : [made()];
  const examples: GeneratedExample[] = [];
  const missing: string[] = [];
  for (const { title, outcome } of all) {
    if ('reason' in outcome)
      missing.push(`No example could be made${all.length > 1 ? ` for ${title.replace('Generated example, ', '')}` : ''}: ${outcome.reason}.`);
    else
      examples.push({
        title,
        value: { payload: outcome.value },
        ...(outcome.unchecked ? { unchecked: outcome.unchecked } : {}),
        ...(outcome.authored ? { authored: true as const } : {}),
      });
  }
  return { examples, missing };
}

/** A value of the node that the format's validator accepts, or why there is none. */
function checkedValue(
  views: SchemaViews,
  validator: ExampleValidator,
  root: SchemaNode,
  schema: unknown,
  at: Location,
  alternative: number | undefined,
  name?: string,
): { value: unknown; guessed: string[]; authored: boolean; unchecked?: string } | { reason: string } {
  let last: string | undefined;
  // The document's values first: all of them, then without the root's example, then without the
  // fields' placeholders, then none; the first value the validator accepts is shown.
  const tried: string[] = [];
  for (const annotations of ['all', 'fields', 'real-fields', 'none'] satisfies Annotations[]) {
    const outcome = exampleValue(views, root, { annotations, ...(alternative !== undefined ? { alternative } : {}), ...(name ? { name } : {}) });
    if ('reason' in outcome) return outcome;
    // The same value again (nothing of the document's to leave out at this step): its check is known.
    const key = JSON.stringify(outcome.value) ?? '';
    if (tried.includes(key)) continue;
    tried.push(key);
    const errors = validator.messagePartErrors(outcome.value, schema, at, 'value', 'as-read');
    // A schema the validator cannot follow to the end (references and allOf/oneOf nested, or referring to themselves, past its depth): shown, and said.
    if (errors === 'too-deep') return { ...outcome, unchecked: 'its schema refers to itself more levels deep than a check can follow' };
    if (errors === 'timeout' || errors === 'skipped') return { ...outcome, unchecked: 'checking it against a pattern of the schema took too long' };
    if (errors.length === 0) return outcome;
    last = errors[0];
  }
  if (last && /matches \d+ of the schema's alternatives, where exactly one must match/.test(last))
    return {
      reason:
        'a value of this shape also matches another of its shapes, and the schema allows exactly one (oneOf): the shapes need a field that tells them apart',
    };
  return { reason: `the values made from the schema do not satisfy it (${last})` };
}

/**
 * The shape's name in an example's title: its title where no other shape has the same one, else
 * the name the schema table gives it (alternative-name.ts: the discriminator's value, the
 * component's name). Shapes that extend one base with `allOf` all carry the base's title, and two
 * examples titled alike cannot be told apart.
 */
function alternativeTitle(views: SchemaViews, root: SchemaNode, index: number, naming: AlternativeNaming): string {
  const choice = root.choices[0]!;
  const options = choice.options.map((id) => views.node(id));
  const option = options[index]!;
  const alike = (title: string | undefined): number => options.filter((o) => o.title === title).length;
  if (option.title && alike(option.title) === 1) return option.title;
  const named = alternativeName(views, root, choice.discriminator, option, index, naming);
  if (named === option.title) return `${named}, shape ${index + 1}`;
  // A class name says its last part, as the table's heading of the shape does (schema-tree-html.ts).
  return isQualifiedName(named) ? named.slice(named.lastIndexOf('.') + 1) : named;
}
