/**
 * A value a schema accepts, made from its normalised view (schema-node.ts), for a message that
 * gives no example. What the schema says a value looks like comes first: `const`, then the first
 * `enum` value, then its `examples` and `default` (when `annotations` is on); then a value built
 * from the type and its constraints. Strings with a `format` or a `pattern` come from
 * json-schema-faker (a well-kept generator with a seeded random source, so the same schema gives
 * the same value in every build); a string the schema says nothing more of is read by its
 * field's name and description (name-hints.ts: a URL, an email address, an id, a date-time, a
 * currency); numbers are the simplest value the bounds allow, or one the name suggests. No
 * string holds a control character (a pattern's `\s` would give a newline or a tab): readers
 * copy these values.
 *
 * Every property the schema names is filled in, required or not, unless the value would grow
 * past MAX_VALUES values; then only required properties are. A schema whose smallest value is
 * still larger, or that no value can satisfy, gets a reason instead of a value. The caller checks
 * the value with the format's own validator and says so when it fails (src/lib/model/generated-examples.ts).
 */
import { generateSync } from 'json-schema-faker';
import { nameHint, nameWords, numberHint } from './name-hints.ts';
import { admitsType, type JsonType, type SchemaNode, shapeOf } from './schema-node.ts';
import type { SchemaViews } from './schema-views.ts';

/**
 * A value, and the top-level fields whose value was guessed from their name alone (the schema
 * gives no value, format or pattern): a command a reader runs wants a placeholder there instead.
 */
export type ExampleOutcome = { value: unknown; guessed: string[]; authored: boolean } | { reason: string };

/**
 * Which of the document's own values a value is made of. `all`: the schema's examples (the
 * root's unless a generator's placeholder) and defaults, and each field's own example: the first
 * that is no placeholder, else the first without the text "string" (a field's "e.g." on the page
 * is what the example holds, even `{"hp":0,"torque":0}`). `fields`: the same without the root's example (it failed its
 * check); `real-fields`: fields' examples that are no placeholders only; `none`: made from the
 * constraints alone.
 */
export type Annotations = 'all' | 'fields' | 'real-fields' | 'none';

export interface ExampleOptions {
  /** Use the schema's own `examples` and `default` (first choice; true is `all`); off, to make a value from the constraints alone. */
  annotations: boolean | Annotations;
  /** What the value is of (a message's title, its part), for a text at the top the schema names nothing of. */
  name?: string;
  /** Which option of the root's first `oneOf`/`anyOf` to take (one example per alternative). */
  alternative?: number;
}

/** A string the schema says nothing more of than its type: the placeholder a reader reads as "some text". */
export const PLAIN_STRING = 'string';

/** Values (each object, array and leaf counts one) an example may hold. */
export const MAX_VALUES = 500;
/** Levels of objects and arrays an example goes down. */
const MAX_DEPTH = 12;
/** Items an array of the example holds at most (`minItems` asking for more: no example). */
const MAX_ITEMS = 50;
const MAX_STRING = 2_000;

class Failure {
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

/** Thrown when an example with every property grows past MAX_VALUES: made again with the required ones. */
const TOO_LARGE = new Failure('too large');

interface Walk {
  views: SchemaViews;
  annotations: Annotations;
  /** Whether a value of the document's (an example, a default) was taken. */
  authored: boolean;
  /** The depth the whole value is made at: one deeper for each alternative merged into it. */
  wholeDepth: number;
  /** Values made so far. */
  count: number;
  /** Only required properties from here on: the optional ones would make the example too large. */
  requiredOnly: boolean;
  /** Optional properties only above this depth. */
  optionalDepth: number;
  /** Values guessed from a field's name so far. */
  guesses: number;
  /** Top-level fields holding a guessed value. */
  guessed: Set<string>;
}

export function exampleValue(views: SchemaViews, root: SchemaNode, options: ExampleOptions): ExampleOutcome {
  const walk: Walk = {
    views,
    annotations: options.annotations === true ? 'all' : options.annotations === false ? 'none' : options.annotations,
    authored: false,
    wholeDepth: 0,
    count: 0,
    requiredOnly: false,
    optionalDepth: Number.POSITIVE_INFINITY,
    guesses: 0,
    guessed: new Set(),
  };
  let node = root;
  let option: SchemaNode | undefined;
  if (options.alternative !== undefined && root.choices.length > 0) {
    const choice = root.choices[0]!;
    option = views.node(choice.options[Math.min(options.alternative, choice.options.length - 1)]!);
    node = withOption(views, root, options.alternative);
  }
  const made = (): unknown => {
    walk.guessed.clear();
    walk.authored = false;
    walk.wholeDepth = 0;
    // A text at the top (a schema that is a string) is read by the schema's title or name, as a field's by its name.
    const value = make(walk, node, 0, new Set(), 0, root.title ?? schemaName(root) ?? options.name);
    return option ? withDiscriminator(views, value, root.choices[0]!.discriminator ?? root.discriminator, option) : value;
  };
  try {
    // Too large with every property: with the optional ones of the first levels only, then with the required ones.
    for (const optionalDepth of [Number.POSITIVE_INFINITY, 2, 1]) {
      walk.count = 0;
      walk.optionalDepth = optionalDepth;
      try {
        const value = made();
        return { value, guessed: [...walk.guessed], authored: walk.authored };
      } catch (error) {
        if (error !== TOO_LARGE) throw error;
      }
    }
    walk.count = 0;
    walk.requiredOnly = true;
    const value = made();
    return { value, guessed: [...walk.guessed], authored: walk.authored };
  } catch (error) {
    if (error instanceof Failure) return { reason: error.reason };
    throw error;
  }
}

/**
 * The document's example for a node, if the walk takes one. A generator's placeholder (springwolf
 * and Swagger write "string" for every text field) is no example of the whole: the root's is made
 * from the schema instead. A field's is the value its row shows as "e.g.": taken as the author
 * wrote it, all zeros too, unless it holds the text "string" or a value with it failed its check
 * (`real-fields`).
 */
function authorExample(annotations: Annotations, examples: readonly unknown[] | undefined, whole: boolean): { value: unknown } | undefined {
  if (annotations === 'none' || !examples || examples.length === 0) return undefined;
  if (whole) {
    if (annotations !== 'all') return undefined;
    const real = examples.find((e) => !holdsPlaceholder(e));
    return real === undefined ? undefined : { value: real };
  }
  const real = examples.find((e) => !holdsPlaceholder(e));
  if (real !== undefined) return { value: real };
  // Zeros are values a reader may send; the text "string" is none (a reader copies it).
  const zeros = annotations === 'real-fields' ? undefined : examples.find((e) => !holdsPlainString(e));
  return zeros === undefined ? undefined : { value: zeros };
}

/** The root with one of its alternatives merged in (allOf-style): a value of that shape. */
function withOption(views: SchemaViews, node: SchemaNode, index: number): SchemaNode {
  const [first, ...rest] = node.choices;
  const option = first!.options[Math.min(index, first!.options.length - 1)]!;
  const base = views.define(`${node.id}~without-${first!.kind}`, () => ({ ...node, id: `${node.id}~without-${first!.kind}`, choices: rest }));
  return views.node(views.both(base, option));
}

/** `name`: the field the value is for (its name hints at what it looks like), when it is one. */
function make(walk: Walk, node: SchemaNode, depth: number, path: ReadonlySet<string>, variant: number, name?: string): unknown {
  // Stop as soon as the example is too large: a fan-out of references would otherwise be made whole first.
  if (++walk.count > MAX_VALUES) throw walk.requiredOnly ? new Failure(`the smallest value the schema allows holds more than ${MAX_VALUES} values`) : TOO_LARGE;
  // Why is said where the schema is shown (its table): not repeated here.
  if (node.unresolved) throw new Failure('part of its schema could not be read, as its table says');
  if (node.boolean === false || node.types?.length === 0) throw new Failure('the schema allows no value');
  if (node.const) return node.const.value;
  if (node.enum) {
    const allowed = node.enum.filter((v) => fits(node, v));
    if (allowed.length === 0) throw new Failure('none of the values its enum lists has the type it asks for');
    return allowed[variant % allowed.length];
  }
  if (node.knownValues && node.knownValues.length > 0) return node.knownValues[variant % node.knownValues.length];
  const example = authorExample(walk.annotations, node.examples, depth <= walk.wholeDepth);
  if (example !== undefined) {
    walk.authored = true;
    return example.value;
  }
  if (walk.annotations !== 'none' && node.default) {
    walk.authored = true;
    return node.default.value;
  }
  if (node.choices.length > 0) {
    // A shape that is made of its own alternatives again (a base listing subtypes that extend it) goes round once per level.
    if (depth >= MAX_DEPTH) throw new Failure(`its alternatives nest more than ${MAX_DEPTH} levels deep`);
    // The whole value with an alternative merged in is still the whole: the root's example, not a field's.
    if (depth === walk.wholeDepth) walk.wholeDepth = depth + 1;
    const value = make(walk, withOption(walk.views, node, 0), depth + 1, path, variant, name);
    return withDiscriminator(walk.views, value, node.choices[0]!.discriminator ?? node.discriminator, walk.views.node(node.choices[0]!.options[0]!));
  }
  const type = chooseType(node);
  switch (type) {
    case 'object':
      return makeObject(walk, node, depth, path, variant, name);
    case 'array':
      return makeArray(walk, node, depth, path, variant, name);
    case 'string':
      return makeString(walk, node, variant, name);
    case 'integer':
    case 'number':
      return makeNumber(node, type, variant, name);
    case 'boolean':
      return variant % 2 === 0;
    default:
      return null;
  }
}

/**
 * The value of a subtype says which it is: its discriminator property holds the subtype's name
 * (SPEC, Schema Object, polymorphism rule 2), unless the subtype fixes it with a const or an enum.
 */
function withDiscriminator(views: SchemaViews, value: unknown, property: string | undefined, subtype: SchemaNode): unknown {
  if (!property || typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, property)) return value;
  const edge = subtype.properties.find((p) => p.name === property);
  const schema = edge && views.node(edge.node);
  if (schema?.const || schema?.enum) return value;
  const name = schemaName(subtype);
  if (name === undefined) return value;
  const out = { ...(value as Record<string, unknown>) };
  setValue(out, property, name);
  return out;
}

/** The name of a schema written as a components entry (`/components/schemas/<name>`). */
function schemaName(node: SchemaNode): string | undefined {
  const m = /^\/components\/schemas\/([^/]+)$/.exec(node.at.pointer);
  return m ? m[1]!.replaceAll('~1', '/').replaceAll('~0', '~') : undefined;
}

function fits(node: SchemaNode, value: unknown): boolean {
  const t =
    value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  return admitsType(node.types, t as JsonType);
}

/** The type of the value: the first the schema allows, preferring what says most (an object, then an array, …, null last). */
function chooseType(node: SchemaNode): JsonType {
  const order: JsonType[] = ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'];
  if (node.types) return order.find((t) => node.types!.includes(t))!;
  if (node.inferredObject || node.properties.length > 0 || node.additionalProperties !== undefined) return 'object';
  if (node.items !== undefined || node.tupleItems) return 'array';
  if (node.patterns.length > 0 || node.format || node.minLength !== undefined || node.maxLength !== undefined) return 'string';
  if (Object.keys(node.numbers).length > 0) return 'number';
  return 'string';
}

function makeObject(walk: Walk, node: SchemaNode, depth: number, path: ReadonlySet<string>, variant: number, name?: string): Record<string, unknown> {
  if (depth >= MAX_DEPTH) {
    if (node.properties.some((p) => p.required) || node.requiredOnly.length > 0)
      throw new Failure(`its required fields nest more than ${MAX_DEPTH} levels deep`);
    return {};
  }
  const out: Record<string, unknown> = {};
  const shape = shapeOf(node);
  const inner = new Set(path).add(shape);
  const groups = new Set<string>();
  for (const p of node.properties) {
    const child = walk.views.node(p.node);
    // One field of a group that excludes the others (a Protocol Buffers oneof): the first.
    if (p.exclusiveGroup !== undefined) {
      if (groups.has(p.exclusiveGroup)) continue;
      groups.add(p.exclusiveGroup);
    }
    if (!p.required) {
      // Optional: left out where it would recurse, or grow the example past its size.
      if (walk.requiredOnly || depth >= walk.optionalDepth || inner.has(shapeOf(child)) || child.boolean === false || child.types?.length === 0) continue;
      const before = walk.count;
      try {
        setValue(out, p.name, field(walk, child, depth, inner, variant, p.name));
      } catch (error) {
        if (!(error instanceof Failure) || error === TOO_LARGE) throw error;
        walk.count = before;
      }
      continue;
    }
    if (inner.has(shapeOf(child)) && depth + 1 >= MAX_DEPTH) throw new Failure(`the required field ${p.name} contains itself`);
    setValue(out, p.name, field(walk, child, depth, inner, variant, p.name));
  }
  agreeWithSiblings(walk, node, out);
  const others = node.additionalProperties === false ? undefined : node.additionalProperties;
  for (const name of node.requiredOnly) setValue(out, name, others ? field(walk, walk.views.node(others), depth, inner, variant, name) : 'value');
  // A map (no named properties): one entry, or as many as it must have.
  const wanted = Math.max(node.minProperties ?? 0, node.properties.length === 0 && (others || node.patternProperties.length > 0) ? 1 : 0);
  for (let i = 0; Object.keys(out).length < wanted && i < MAX_ITEMS; i++) {
    const pattern = node.patternProperties[i % Math.max(1, node.patternProperties.length)];
    const key = pattern ? patternString(pattern.pattern, i) : `key${i + 1}`;
    if (key === undefined || Object.hasOwn(out, key)) continue;
    const schema = pattern ? pattern.node : others;
    // A map's value is read by the map's name, one of them (`icons` → "Icon").
    setValue(out, key, schema ? make(walk, walk.views.node(schema), depth + 1, inner, i, name?.replace(/s$/, '')) : 'value');
  }
  if (Object.keys(out).length < (node.minProperties ?? 0)) throw new Failure(`it needs at least ${node.minProperties} properties`);
  return node.discriminator && node.choices.length === 0 ? (withDiscriminator(walk.views, out, node.discriminator, node) as Record<string, unknown>) : out;
}

/** Booleans that say all went well (`available`, `ok`, `valid`…), and lists of what went wrong (`missing`, `errors`…). */
const ALL_WELL = new Set(['available', 'ok', 'success', 'succeeded', 'successful', 'valid', 'complete', 'completed', 'accepted', 'passed', 'found']);
const WENT_WRONG = new Set(['missing', 'errors', 'failures', 'failed', 'rejected', 'unavailable', 'invalid', 'violations', 'problems', 'unknown']);

/**
 * An example that does not contradict itself: where a boolean says all went well (`available`
 * true), a list of what went wrong beside it (`missing`) is empty, when its schema allows it
 * ({"available": true, "missing": ["string"]} reads as a contradiction).
 */
function agreeWithSiblings(walk: Walk, node: SchemaNode, out: Record<string, unknown>): void {
  const well = node.properties.some((p) => out[p.name] === true && ALL_WELL.has(nameWords(p.name).at(-1) ?? ''));
  if (!well) return;
  for (const p of node.properties) {
    const value = out[p.name];
    if (Array.isArray(value) && value.length > 0 && WENT_WRONG.has(nameWords(p.name).at(-1) ?? '') && (walk.views.node(p.node).minItems ?? 0) === 0)
      setValue(out, p.name, []);
  }
}

/** The value of a field of an object at `depth`: a top-level field whose value is guessed from a name is noted. */
function field(walk: Walk, node: SchemaNode, depth: number, path: ReadonlySet<string>, variant: number, name: string): unknown {
  const before = walk.guesses;
  const value = make(walk, node, depth + 1, path, variant, name);
  if (depth === 0 && walk.guesses > before) walk.guessed.add(name);
  return value;
}

/** `name`: the array's field; its items are read by it too (`callbackUrls` holds URLs). */
function makeArray(walk: Walk, node: SchemaNode, depth: number, path: ReadonlySet<string>, variant: number, name?: string): unknown[] {
  const tuple = node.tupleItems ?? [];
  const min = node.minItems ?? 0;
  if (min > MAX_ITEMS) throw new Failure(`it needs at least ${min} items`);
  const max = node.maxItems ?? Number.POSITIVE_INFINITY;
  const count = Math.min(Math.max(min, tuple.length, node.items !== undefined || tuple.length > 0 ? 1 : 0), max);
  if (depth >= MAX_DEPTH) {
    if (min > 0) throw new Failure(`its items nest more than ${MAX_DEPTH} levels deep`);
    return [];
  }
  const inner = new Set(path).add(shapeOf(node));
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const id = tuple[i] ?? (i >= tuple.length && node.additionalItems !== undefined && tuple.length > 0 ? node.additionalItems || undefined : node.items);
    if (id === undefined) {
      if (i < min) throw new Failure('its items are not allowed, yet it needs some');
      break;
    }
    out.push(make(walk, walk.views.node(id), depth + 1, inner, node.uniqueItems ? variant + i : variant, name?.replace(/s$/, '')));
  }
  return out;
}

function makeString(walk: Walk, node: SchemaNode, variant: number, name: string | undefined): string {
  const min = node.minLength ?? 0;
  const max = node.maxLength ?? Number.POSITIVE_INFINITY;
  if (min > MAX_STRING) throw new Failure(`it needs a string of at least ${min} characters`);
  let text: string | undefined;
  const schema: Record<string, unknown> = { type: 'string' };
  if (node.minLength !== undefined) schema.minLength = node.minLength;
  if (node.maxLength !== undefined) schema.maxLength = node.maxLength;
  if (node.patterns.length > 0 || node.format) {
    if (node.patterns[0] !== undefined) schema.pattern = node.patterns[0];
    if (node.format) schema.format = node.format;
    // A pattern the name's value fits reads as that value (`currency` of `^[A-Z]{3}$`: "EUR",
    // not three random capitals); else the pattern's own string.
    // (Not counted as a guess: the schema's pattern holds it, as it holds the pattern's own string.)
    text = (node.format ? undefined : hintFitting(nameHint(name, node.description), node.patterns, min, max, variant)) ?? fakeString(schema, variant);
  } else {
    const hint = nameHint(name, node.description);
    if (hint) {
      text = 'format' in hint ? fakeString({ ...schema, format: hint.format }, variant) : hint.value(variant);
      if (text !== undefined) walk.guesses++;
    }
  }
  // A name that says nothing more than what it is: its words as the text (`powerSource` →
  // "Power source"), which reads as a value where "string" reads as a placeholder.
  if (text === undefined) {
    text = plainText(name, variant);
    // Made from the name alone: a command a reader runs puts a placeholder there (sns-hands-on.ts).
    if (text !== PLAIN_STRING && !text.startsWith(`${PLAIN_STRING} `)) walk.guesses++;
  }
  if (text.length < min) text = text.padEnd(min, 'x');
  if (text.length > max) text = text.slice(0, max);
  return text;
}

/** The value a name hint makes, when every pattern of the string accepts it and its length fits; else undefined. */
function hintFitting(hint: ReturnType<typeof nameHint>, patterns: readonly string[], min: number, max: number, variant: number): string | undefined {
  if (hint === undefined || 'format' in hint) return undefined;
  const text = hint.value(variant);
  return text.length >= min && text.length <= max && patterns.every((p) => safeTest(p, text)) ? text : undefined;
}

/** A text for a field the schema says nothing more of: its name's words ("Power source", "Power source 2"), else "string". */
function plainText(name: string | undefined, variant: number): string {
  const words = name ? nameWords(name).join(' ') : '';
  const text = words === '' ? PLAIN_STRING : words.charAt(0).toUpperCase() + words.slice(1);
  return variant === 0 ? text : `${text} ${variant + 1}`;
}

/** A string of the pattern (a key of `patternProperties`); undefined when none could be made. */
function patternString(pattern: string, variant: number): string | undefined {
  const text = fakeString({ type: 'string', pattern }, variant);
  return text !== undefined && safeTest(pattern, text) ? text : undefined;
}

/** Seeds tried for a string without control characters before giving up. */
const SEEDS_TRIED = 4;
/** Characters a reader cannot see or copy as they are: C0 and C1 controls (newline, tab, …), line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/**
 * A string json-schema-faker makes for the schema (seeded), without control characters: a
 * pattern's `\s` gives newlines and tabs, which a reader would copy as they are. Those are left
 * out, or made plain spaces, when the pattern still matches; else other seeds are tried.
 */
function fakeString(schema: Record<string, unknown>, variant: number): string | undefined {
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  for (let attempt = 0; attempt < SEEDS_TRIED; attempt++) {
    let value: unknown;
    try {
      value = generateSync(schema, { seed: 1 + variant + attempt * 1000 });
    } catch {
      return undefined;
    }
    if (typeof value !== 'string') return undefined;
    if (!CONTROL.test(value)) return value;
    for (const plain of [value.replace(CONTROLS, ''), value.replace(CONTROLS, ' ')]) {
      if (pattern === undefined || safeTest(pattern, plain)) return plain;
    }
  }
  return undefined;
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}

function makeNumber(node: SchemaNode, type: 'integer' | 'number', variant: number, name: string | undefined): number {
  const n = node.numbers;
  const integer = type === 'integer';
  let low = n.minimum ?? Number.NEGATIVE_INFINITY;
  let lowOpen = false;
  if (n.exclusiveMinimum !== undefined && n.exclusiveMinimum >= low) {
    low = n.exclusiveMinimum;
    lowOpen = true;
  }
  let high = n.maximum ?? Number.POSITIVE_INFINITY;
  let highOpen = false;
  if (n.exclusiveMaximum !== undefined && n.exclusiveMaximum <= high) {
    high = n.exclusiveMaximum;
    highOpen = true;
  }
  const step = stepOf(n.multipleOf ?? [], integer);
  // What the name suggests, else a value that reads as a reading (not 0, which looks like a
  // placeholder): the middle of the bounds when both are given, else one the name picks, above
  // the minimum; else the first multiple of the step inside the bounds.
  const preferred = (numberHint(name, type) ?? typicalNumber(low, high, step, name)) + variant;
  const inside = (v: number): boolean => (lowOpen ? v > low : v >= low) && (highOpen ? v < high : v <= high);
  if (inside(preferred) && isMultiple(preferred, step)) return preferred;
  const start = Number.isFinite(low) ? low : Number.isFinite(high) ? high - step * 10 : 0;
  let candidate = Math.ceil(start / step) * step;
  if (lowOpen && candidate <= low) candidate += step;
  for (let i = 0; i < 3; i++, candidate += step) if (inside(candidate)) return roundFloat(candidate);
  throw new Failure(`no ${type} lies within its bounds${step !== 1 ? ` as a multiple of ${step}` : ''}`);
}

/**
 * Readings a field's name picks when nothing else says what it holds: fields of one example read
 * apart (not every number 10), and a field reads the same in every build.
 */
const READINGS = [10, 12, 25, 40, 8, 15, 30, 5, 20, 60];

/** One of READINGS by the name's letters (a sum: stable, and no two neighbours' names need collide). */
function readingOf(name: string | undefined): number {
  let sum = 0;
  for (const c of name ?? '') sum += c.charCodeAt(0);
  return READINGS[sum % READINGS.length]!;
}

/** A value inside the bounds that reads as a real one, on the step: the middle of both bounds, else a reading the name picks above the lower, below the upper, or alone. */
function typicalNumber(low: number, high: number, step: number, name: string | undefined): number {
  const reading = readingOf(name);
  const typical =
    Number.isFinite(low) && Number.isFinite(high) ? (low + high) / 2 : Number.isFinite(low) ? low + reading : Number.isFinite(high) ? high - reading : reading;
  return roundFloat(Math.round(typical / step) * step);
}

/**
 * Whether an example is a generator's placeholder, not a value (springwolf and Swagger fill every
 * text field with "string" and every number with 0): it holds the text "string" anywhere, or it
 * is an object or a list whose every value is 0.
 */
export function holdsPlaceholder(value: unknown): boolean {
  const leaves = leavesOf(value);
  if (leaves.includes(PLAIN_STRING)) return true;
  return typeof value === 'object' && value !== null && leaves.length > 0 && leaves.every((leaf) => leaf === 0);
}

/** Whether a value holds the text "string" anywhere: a generator's placeholder no reader should copy. */
export function holdsPlainString(value: unknown): boolean {
  return leavesOf(value).includes(PLAIN_STRING);
}

function leavesOf(value: unknown): unknown[] {
  const leaves: unknown[] = [];
  const collect = (v: unknown, depth: number): void => {
    if (typeof v === 'object' && v !== null && depth <= MAX_DEPTH) for (const inner of Object.values(v)) collect(inner, depth + 1);
    else leaves.push(v);
  };
  collect(value, 0);
  return leaves;
}

/** The step values move by: the least common multiple of the `multipleOf`s, 1 for an integer, 0.5 for a number without one. */
function stepOf(multiples: number[], integer: boolean): number {
  if (multiples.length === 0) return integer ? 1 : 0.5;
  let step = multiples[0]!;
  for (const m of multiples.slice(1)) step = lcm(step, m);
  if (integer && !Number.isInteger(step)) step = lcm(step, 1);
  return step;
}

function lcm(a: number, b: number): number {
  // Decimals: in units of the finer one's last digit.
  const scale = 10 ** Math.max(decimals(a), decimals(b));
  const x = Math.round(a * scale);
  const y = Math.round(b * scale);
  const gcd = (p: number, q: number): number => (q === 0 ? p : gcd(q, p % q));
  return ((x / gcd(x, y)) * y) / scale;
}

function decimals(n: number): number {
  const text = String(n);
  return text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
}

function isMultiple(value: number, step: number): boolean {
  const q = value / step;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

function roundFloat(n: number): number {
  return Number.parseFloat(n.toPrecision(12));
}

function setValue(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  else out[key] = value;
}
