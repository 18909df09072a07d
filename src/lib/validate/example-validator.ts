/**
 * Validates example values against message schemas written in the document (with their
 * `$ref`s, across files, recursion included).
 *
 * JSON Schema through @cfworker/json-schema, which interprets a schema instead of compiling it.
 * Each schema here checks one or two examples, once: ajv's compiled code (the structural check
 * uses it, where one schema checks a whole document) cost 0.5–0.8 s at 100 channels, three
 * times the rest of validation, for 2.5 MB of generated code run once each.
 *
 * References are resolved by the document (ResolvedDoc), the authority on where a `$ref` leads:
 * each schema an example needs is copied once with its references replaced by a short id of
 * their target (only the objects on the way to a reference are copied), itself registered the
 * same way, and the validator looks the ids up. No file is handed over whole, so objects of the
 * document that are not schemas are never read as schemas.
 */
import type { OutputUnit, Schema } from '@cfworker/json-schema';
import type { Schema as AvroSchema, Type as AvroType } from 'avsc';
import { lazyModule } from '../../perf/lazy-module.ts';
import type { Location } from '../diagnostics/diagnostic.ts';
import { setOwn } from '../own-key.ts';
import { childPointer, escapeToken } from '../json-pointer.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { forEachSchemaChild } from '../resolve/schema-walk.ts';
import { BoundedExampleCheck } from './bounded-example-check.ts';
import { describeSchemaError, fieldName } from './example-errors.ts';
import { registeredSchemaErrors } from './registered-schema-check.ts';
import { avroValueFromJson } from '../schema/avro-json.ts';
import { payloadMessages, type ProtobufType, withEnumNumbers } from '../schema/protobuf-messages.ts';
import { schemaFormatKind, schemaReadingKind } from '../schema/schema-formats.ts';

const avro = lazyModule<typeof import('avsc')>('avsc');
/** Loaded once a schema has a pattern. */
const safeRegex = lazyModule<typeof import('safe-regex2')>('safe-regex2');

/** Checks that may time out are given up for the rest of the document after this many did. */
export const MAX_TIMEOUTS = 3;

/** A schema given an id, waiting to be copied with its references replaced by ids. */
interface Pending {
  schema: unknown;
  at: Location;
  id: string;
  location: string;
  dialect: Dialect;
}

/** JSON Schema (draft 07, the format's own Schema Object), or an OpenAPI 3.0 Schema Object (checked as the JSON Schema it means). */
export type Dialect = 'json-schema' | 'openapi';

/**
 * The discriminator's property and the name that selects the shape written at `shape`, when the
 * shape is a components entry (`/components/schemas/<name>`), the discriminator a property name.
 */
function selectingName(discriminator: unknown, shape: Location): { property: string; name: string } | undefined {
  const named = /^\/components\/schemas\/([^/]+)$/.exec(shape.pointer);
  if (typeof discriminator !== 'string' || !named) return undefined;
  return { property: discriminator, name: named[1]!.replace(/~1/g, '/').replace(/~0/g, '~') };
}

/** Whether the schema, or one of its inline allOf parts, fixes the property's value (a `const` or an `enum`). */
function fixesValue(schema: Record<string, unknown>, property: string): boolean {
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  return parts.some((part) => {
    const properties = isPlainObject(part) && isPlainObject(part.properties) ? part.properties : undefined;
    const prop = properties && Object.hasOwn(properties, property) ? properties[property] : undefined;
    return isPlainObject(prop) && (prop.const !== undefined || Array.isArray(prop.enum));
  });
}

/** What the id of a parent's own fields (without its shapes) is kept under, beside the parent's. */
const OWN_FIELDS = '|own-fields';

/** Keywords whose nested errors are about alternatives: the keyword's own error says more than each alternative's. */
const ALTERNATIVES = new Set(['anyOf', 'oneOf', 'not', 'if']);

export class ExampleValidator {
  readonly #avro = new Map<string, AvroType | string>();
  readonly #protobuf = new Map<string, ProtobufType[]>();
  /** Registered schemas by id (what references are rewritten to). */
  readonly #lookup: Record<string, Schema | boolean> = Object.create(null) as Record<string, Schema | boolean>;
  /** Where each registered schema is written → its id, or why it cannot be used. */
  readonly #ids = new Map<string, string | Error>();
  #nextId = 0;
  /** The ids each registered schema references. */
  readonly #refs = new Map<string, Set<string>>();
  /** Registered schemas with a pattern that may backtrack for an exponential time (see bounded-example-check.ts). */
  readonly #ownRiskyPattern = new Set<string>();
  readonly #reachesRisky = new Map<string, boolean>();
  #bounded: BoundedExampleCheck | undefined;
  #timeouts = 0;
  readonly #doc: ResolvedDoc;

  constructor(doc: ResolvedDoc) {
    this.#doc = doc;
  }

  /**
   * Reasons the value does not match the JSON Schema `schema`, found at `schemaAt`; empty when it
   * does (or when the schema cannot be used); 'too-deep' when its subschemas nest too deeply for
   * the validator's recursion; 'timeout' when a pattern of the schema took too
   * long on the value; 'skipped' when the schema has such a pattern and enough checks have
   * timed out already (each costs the time limit: a document must not make validation take
   * minutes with many of them).
   */
  jsonSchemaErrors(
    value: unknown,
    schema: unknown,
    schemaAt: Location,
    part = 'value',
    dialect: Dialect = 'json-schema',
  ): string[] | 'timeout' | 'skipped' | 'too-deep' {
    return this.#errors(value, schema, schemaAt, part, dialect, '');
  }

  /**
   * As jsonSchemaErrors, against the schema's own fields only (its oneOf/anyOf shapes and its
   * discriminator left out): a base schema's example whose discriminator value names the base
   * itself is a value of the base, not of one of its shapes.
   */
  ownFieldsErrors(value: unknown, schema: Record<string, unknown>, schemaAt: Location, part = 'value'): ReturnType<ExampleValidator['jsonSchemaErrors']> {
    const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _discriminator, ...own } = schema;
    return this.#errors(value, own, schemaAt, part, 'json-schema', OWN_FIELDS);
  }

  #errors(
    value: unknown,
    schema: unknown,
    schemaAt: Location,
    part: string,
    dialect: Dialect,
    variant: string,
  ): ReturnType<ExampleValidator['jsonSchemaErrors']> {
    let errors: OutputUnit[] | undefined;
    try {
      const root = this.#register(schema, schemaAt, dialect, variant);
      if (this.#mayBacktrackForLong(root)) {
        if (this.#timeouts >= MAX_TIMEOUTS) return 'skipped';
        this.#bounded ??= new BoundedExampleCheck();
        const outcome = this.#bounded.run(value, root, this.#reachableLookup(root));
        if (outcome === 'timeout') {
          this.#timeouts++;
          return outcome;
        }
        ({ errors } = outcome);
      } else {
        errors = registeredSchemaErrors(value, root, this.#lookup);
      }
    } catch (error) {
      // The validator follows references and allOf/anyOf/… recursively: a chain of a few hundred
      // (valid, if odd) exhausts the stack. Said so, rather than passing the example unchecked.
      if (error instanceof RangeError && /call stack/i.test(error.message)) return 'too-deep';
      // A reference that does not resolve: the reference is reported; examples are not checked.
    }
    // Undefined: a value or schema the validator cannot take (the schema rules say why).
    if (!errors) return [];
    const all = errors;
    return mostSpecific(all)
      .slice(0, 5)
      .map((e) => describeWithClosest(e, all, part, 0));
  }

  /** Stops the thread of bounded checks, if one was started. */
  close(): void {
    this.#bounded?.close();
  }

  /**
   * Reasons `value` does not match a message's `headers` or `payload` schema written at `site`,
   * in whatever format it is written: JSON Schema and the format's own Schema Object, OpenAPI 3.0,
   * Avro, Protocol Buffers. Other formats are not checked (empty). `reading: 'as-read'` also
   * checks a Schema Object of a version the SPEC does not list, as pages read it
   * (schemaReadingKind): generated examples are made from that reading; `validate` does not
   * judge a document's own examples by it.
   */
  messagePartErrors(
    value: unknown,
    schema: unknown,
    site: Location,
    part = 'value',
    reading: 'listed' | 'as-read' = 'listed',
  ): ReturnType<ExampleValidator['jsonSchemaErrors']> {
    const resolved = this.#doc.deref(schema, site);
    if (!resolved) return [];
    const s = resolved.value;
    if (!(isPlainObject(s) && ('schemaFormat' in s || 'schema' in s))) return this.jsonSchemaErrors(value, s, resolved.at, part);
    const kind = reading === 'as-read' ? schemaReadingKind(s.schemaFormat) : schemaFormatKind(s.schemaFormat);
    const inner = this.#doc.deref(s.schema, { file: resolved.at.file, pointer: childPointer(resolved.at.pointer, 'schema') });
    if (!inner) return [];
    switch (kind) {
      case 'apidesc':
        return this.jsonSchemaErrors(value, inner.value, inner.at, part);
      case 'openapi':
        return this.jsonSchemaErrors(value, inner.value, inner.at, part, 'openapi');
      case 'avro':
        return this.avroErrors(value, inner.value, inner.at, part);
      case 'protobuf':
        return typeof inner.value === 'string' ? this.protobufErrors(value, inner.value, inner.at) : [];
      default:
        return [];
    }
  }

  /** Reasons a value in the JSON mapping (enums by name) is not a message of the Protocol Buffers source (its payload message, src/lib/schema/protobuf-messages.ts). */
  protobufErrors(value: unknown, source: string, at: Location): string[] {
    const key = `${at.file}#${at.pointer}`;
    let messages = this.#protobuf.get(key);
    if (messages === undefined) {
      try {
        messages = payloadMessages(source);
      } catch {
        messages = [];
      }
      this.#protobuf.set(key, messages);
    }
    if (messages.length === 0) return [];
    const reasons = messages.map((m) => m.verify(withEnumNumbers(m, value) as { [k: string]: unknown }));
    if (reasons.some((r) => r === null)) return [];
    return [`(root): not a ${messages.map((m) => m.name).join(' or ')} message: ${protobufReason(reasons[0]!)}`];
  }

  avroErrors(value: unknown, schema: unknown, schemaAt: Location, part = 'value'): string[] {
    const key = `${schemaAt.file}#${schemaAt.pointer}`;
    let type = this.#avro.get(key);
    if (type === undefined) {
      try {
        const read: unknown = avro().Type.forSchema(schema as AvroSchema);
        // avsc looks a name up in a plain object: a schema named `constructor` or `toString` comes
        // back as Object's own function, not a type (the schema-format rule says what is wrong).
        type = read instanceof avro().Type ? read : 'unreadable';
      } catch {
        // The schema itself is reported by the schema-format rule; its examples are not checked.
        type = 'unreadable';
      }
      this.#avro.set(key, type);
    }
    if (typeof type === 'string') return [];
    if (type.isValid(value)) return [];
    // Bytes and fixed values are strings in JSON; a union's value is its branch's.
    const candidate = avroValueFromJson(type, value);
    const found: string[] = [];
    type.isValid(candidate, {
      errorHook: (path, _value, wanted) =>
        found.push(`${fieldName(`/${path.map(escapeToken).join('/')}`, `the ${part}`)} is not a valid ${avroTypeWord(wanted.typeName)} of the Avro schema`),
    });
    return found.slice(0, 5);
  }

  /**
   * The id of the schema written at `at`, registering it (and, in turn, every schema its
   * references reach) on first sight. Ids are given before copying, so recursion ends; the
   * schemas are copied one after the other, not recursively (a chain of thousands of references
   * must not overflow the stack, and then leave its examples unchecked). Throws when a reference
   * on the way does not resolve.
   */
  #register(schema: unknown, at: Location, dialect: Dialect, variant = ''): string {
    const batch: Pending[] = [];
    const id = this.#idOf(schema, at, batch, dialect, variant);
    const failed = new Map<string, Error>();
    for (let i = 0; i < batch.length; i++) {
      const { schema: s, at: where, id: sid, dialect: d } = batch[i]!;
      try {
        this.#lookup[sid] = this.#withIds(s, where, sid, batch, d) as Schema | boolean;
      } catch (error) {
        failed.set(sid, error instanceof Error ? error : new Error(String(error)));
      }
    }
    if (failed.size > 0) this.#unregister(batch, failed);
    const error = failed.get(id);
    if (error) throw error;
    return id;
  }

  /** The id of the schema at `at`; a new one is queued in `batch` to be copied. Throws when it could not be used before. */
  #idOf(schema: unknown, at: Location, batch: Pending[], dialect: Dialect, variant = ''): string {
    const location = `${dialect}:${at.file}#${at.pointer}${variant}`;
    const known = this.#ids.get(location);
    if (known instanceof Error) throw known;
    if (known !== undefined) return known;
    const id = `s${this.#nextId++}`;
    this.#ids.set(location, id);
    batch.push({ schema, at, id, location, dialect });
    return id;
  }

  /** The schemas of a batch that could not be copied, and those that reach them, are not usable. */
  #unregister(batch: Pending[], failed: Map<string, Error>): void {
    const users = new Map<string, string[]>();
    for (const { id } of batch) for (const target of this.#refs.get(id) ?? []) (users.get(target) ?? users.set(target, []).get(target)!).push(id);
    const stack = [...failed.keys()];
    while (stack.length > 0) {
      const target = stack.pop()!;
      for (const user of users.get(target) ?? []) {
        if (failed.has(user)) continue;
        failed.set(user, failed.get(target)!);
        stack.push(user);
      }
    }
    for (const { id, location } of batch) {
      const error = failed.get(id);
      if (!error) continue;
      this.#ids.set(location, error);
      delete this.#lookup[id];
    }
  }

  /** `schema` with its references naming registered ids: the objects on the way to a reference are copied, the rest is shared. */
  #withIds(schema: unknown, at: Location, id: string, batch: Pending[], dialect: Dialect, from?: { at: Location; schema: Record<string, unknown> }): unknown {
    if (isRefObject(schema)) {
      // The other properties of a Reference Object are ignored, as the document does (and warns).
      let target = this.#doc.deref(schema, at);
      // A reference to a components entry written as a Multi Format Schema Object means its schema.
      if (target && isPlainObject(target.value) && typeof target.value.schemaFormat === 'string' && 'schema' in target.value)
        target = this.#doc.deref(target.value.schema, { file: target.at.file, pointer: childPointer(target.at.pointer, 'schema') });
      if (!target) throw new Error(`${schema.$ref} does not resolve`);
      // A shape that extends the parent it is a shape of (`Base: {oneOf: [Car]}`, `Car: {allOf:
      // [Base, …]}`, as generators write polymorphism) means the parent's own fields: followed as
      // written, the check would go round Base → Car → Base for ever on the same value.
      if (from && isPlainObject(target.value) && this.#hasShape(target.value, target.at, from.at)) {
        const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _discriminator, ...own } = target.value;
        const ownId = this.#idOf(own, target.at, batch, dialect, OWN_FIELDS);
        this.#refs.get(id)?.add(ownId) ?? this.#refs.set(id, new Set([ownId]));
        // The parent's discriminator picks this shape by its name (SPEC, Schema Object): a value
        // of the shape holds it there, unless the shape fixes the property's value itself.
        const selecting = selectingName(target.value.discriminator, from.at);
        return selecting && !fixesValue(from.schema, selecting.property)
          ? { allOf: [{ $ref: ownId }, { properties: { [selecting.property]: { const: selecting.name } } }] }
          : { $ref: ownId };
      }
      const targetId = this.#idOf(target.value, target.at, batch, dialect);
      let refs = this.#refs.get(id);
      if (!refs) this.#refs.set(id, (refs = new Set()));
      refs.add(targetId);
      return { $ref: targetId };
    }
    if (!isPlainObject(schema)) return schema;
    if (hasRiskyPattern(schema)) this.#ownRiskyPattern.add(id);
    let copy: Record<string, unknown> | undefined = dialect === 'openapi' ? openApiAsJsonSchema(schema) : undefined;
    forEachSchemaChild(schema, (child, keyword, key) => {
      const pointer = key === undefined ? childPointer(at.pointer, keyword) : childPointer(childPointer(at.pointer, keyword), key);
      const replaced = this.#withIds(child, { file: at.file, pointer }, id, batch, dialect, keyword === 'allOf' ? { at, schema } : undefined);
      if (replaced === child) return;
      copy ??= { ...schema };
      if (key === undefined) {
        copy[keyword] = replaced;
        return;
      }
      // A map or list of subschemas (`properties`, `allOf`): copied once, then filled.
      if (copy[keyword] === schema[keyword]) copy[keyword] = Array.isArray(schema[keyword]) ? [...schema[keyword]] : { ...(schema[keyword] as object) };
      // A property may be named `__proto__`: set as a property, not as the prototype.
      setOwn(copy[keyword] as Record<string, unknown>, key, replaced);
    });
    // With a discriminator, the value's discriminating field picks its shape, as the readers'
    // tools read it: shapes that differ only in fields the value does not have (each extends the
    // same parent) are not "more than one match". Checked as "at least one shape".
    if (schema.discriminator !== undefined && Array.isArray(schema.oneOf)) {
      const shapes = (copy ?? schema).oneOf;
      const { oneOf: _oneOf, ...rest } = copy ?? schema;
      copy = { ...rest, allOf: [...(Array.isArray(rest.allOf) ? rest.allOf : []), { anyOf: shapes }] };
    }
    return copy ?? schema;
  }

  /** Whether `parent` lists, in its oneOf/anyOf, a reference to the schema written at `shape`. */
  #hasShape(parent: Record<string, unknown>, parentAt: Location, shape: Location): boolean {
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const list = parent[keyword];
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++) {
        if (!isRefObject(list[i])) continue;
        const target = this.#doc.deref(list[i], { file: parentAt.file, pointer: childPointer(childPointer(parentAt.pointer, keyword), String(i)) });
        if (target && target.at.file === shape.file && target.at.pointer === shape.pointer) return true;
      }
    }
    return false;
  }

  /** Whether the schema `id`, or one it reaches through references, has a risky pattern. */
  #mayBacktrackForLong(id: string): boolean {
    // Everything `id` reaches is registered by now: with no risky pattern among all registered
    // schemas (the usual case), there is nothing to look for.
    if (this.#ownRiskyPattern.size === 0) return false;
    const known = this.#reachesRisky.get(id);
    if (known !== undefined) return known;
    const reachable = this.#reachable(id);
    const risky = [...reachable].some((r) => this.#ownRiskyPattern.has(r));
    this.#reachesRisky.set(id, risky);
    return risky;
  }

  #reachable(id: string): Set<string> {
    const seen = new Set([id]);
    const stack = [id];
    while (stack.length > 0) {
      for (const next of this.#refs.get(stack.pop()!) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    return seen;
  }

  /** The registered schemas `id` needs, to send to the thread of bounded checks. */
  #reachableLookup(id: string): Record<string, Schema | boolean> {
    return Object.fromEntries([...this.#reachable(id)].map((r) => [r, this.#lookup[r]!]));
  }
}

/** avsc's name of a type as a reader says it: `int`, `record`, `union` (not `union:unwrapped`), `timestamp-millis` (not `logical:…`). */
function avroTypeWord(typeName: string): string {
  return typeName.startsWith('union') ? 'value of its union' : typeName.replace(/^logical:/, '');
}

const PROTOBUF_EXPECTED: Record<string, string> = {
  'integer|Long': 'an integer',
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  buffer: 'bytes (a base64 string)',
  'enum value': "one of its enum's values",
};

/** protobufjs's verdict (`a.b: integer|Long expected`) in this tool's words. */
function protobufReason(reason: string): string {
  const expected = /^(.*): (.+) expected$/.exec(reason);
  if (expected) return `${expected[1]} must be ${PROTOBUF_EXPECTED[expected[2]!] ?? expected[2]}`;
  const multiple = /^(.*): multiple values$/.exec(reason);
  if (multiple) return `more than one field of the oneof ${multiple[1]} is set`;
  return 'it does not match the message';
}

/**
 * An OpenAPI 3.0 Schema Object's keywords that JSON Schema reads otherwise, as JSON Schema says
 * them: `nullable: true` adds null to the type (and to an enum, which must list it to allow it,
 * as ajv reads it); `exclusiveMinimum: true` makes `minimum` exclusive. Undefined when the schema
 * has none of them (it is used as written).
 */
function openApiAsJsonSchema(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  const nullable = schema.nullable === true && typeof schema.type === 'string';
  const exclusive = typeof schema.exclusiveMinimum === 'boolean' || typeof schema.exclusiveMaximum === 'boolean';
  if (!nullable && !exclusive) return undefined;
  const copy: Record<string, unknown> = { ...schema };
  if (nullable) copy.type = [schema.type, 'null'];
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[flag] !== 'boolean') continue;
    delete copy[flag];
    if (schema[flag] === true && typeof schema[bound] === 'number') {
      copy[flag] = schema[bound];
      delete copy[bound];
    }
  }
  return copy;
}

/** A `pattern`, or a `patternProperties` key, with a quantified group inside a quantified group (star height above 1). */
function hasRiskyPattern(schema: Record<string, unknown>): boolean {
  if (typeof schema.pattern === 'string' && isRiskyPattern(schema.pattern)) return true;
  return isPlainObject(schema.patternProperties) && Object.keys(schema.patternProperties).some(isRiskyPattern);
}

/** Documents repeat their patterns (an id format on every message): each is analysed once. */
const riskyPatterns = new Map<string, boolean>();

function isRiskyPattern(pattern: string): boolean {
  let risky = riskyPatterns.get(pattern);
  if (risky === undefined) riskyPatterns.set(pattern, (risky = isValidRegExp(pattern) && !safeRegex()(pattern)));
  return risky;
}

/** What the validator compiles (`u` flag); one it cannot compile never runs, so it is no risk. */
function isValidRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/**
 * The errors worth showing: the validator reports each failing keyword with every keyword
 * around it ("Property "a" does not match schema", "A subschema had errors"). Keep those with
 * nothing more specific beneath them, except that a failed `anyOf`/`oneOf` (or `not`, `if`)
 * speaks for the alternatives it tried.
 */
function mostSpecific(errors: OutputUnit[]): OutputUnit[] {
  const alternatives = errors.filter((e) => ALTERNATIVES.has(e.keyword)).map((e) => e.keywordLocation + '/');
  const underAlternative = (e: OutputUnit): boolean => alternatives.some((prefix) => e.keywordLocation.startsWith(prefix));
  const kept = errors.filter((e) => !underAlternative(e));
  return kept.filter((e) => !kept.some((other) => other !== e && other.keywordLocation.startsWith(e.keywordLocation + '/')));
}

/** Alternatives followed into for the closest one's reasons: deeper, the keyword's own sentence is enough. */
const MAX_ALTERNATIVE_DEPTH = 3;

/**
 * A failed keyword in words; for alternatives none of which matched (anyOf, oneOf with no match),
 * also why the closest one failed (the one with the fewest reasons), so that the reader learns
 * which field to change rather than only that nothing matched.
 */
function describeWithClosest(unit: OutputUnit, errors: OutputUnit[], part: string, depth: number): string {
  const said = describeSchemaError(unit, part);
  const none = unit.keyword === 'anyOf' || (unit.keyword === 'oneOf' && /\(0 matches\)/.test(unit.error));
  if (!none || depth >= MAX_ALTERNATIVE_DEPTH) return said;
  const prefix = `${unit.keywordLocation}/`;
  const branches = new Map<string, OutputUnit[]>();
  for (const e of errors) {
    if (!e.keywordLocation.startsWith(prefix)) continue;
    const branch = e.keywordLocation.slice(prefix.length).split('/')[0]!;
    (branches.get(branch) ?? branches.set(branch, []).get(branch)!).push(e);
  }
  // The closest: the fewest reasons, and among those the fewest about the value as a whole (a
  // required field missing from it says it is of another shape; a field of the wrong type, not).
  const distance = (reasons: OutputUnit[]): number => reasons.length * 1000 + reasons.filter((r) => r.instanceLocation === unit.instanceLocation).length;
  let closest: [string, OutputUnit[]] | undefined;
  for (const [branch, found] of branches) {
    const reasons = mostSpecific(found);
    if (reasons.length > 0 && (!closest || distance(reasons) < distance(closest[1]))) closest = [branch, reasons];
  }
  if (!closest) return said;
  const reasons = closest[1].slice(0, 3).map((e) => describeWithClosest(e, under(errors, `${prefix}${closest[0]}/`), part, depth + 1));
  return `${said}; the closest, alternative ${Number(closest[0]) + 1}, fails because ${reasons.join(', and ')}`;
}

/** The errors found below a keyword location. */
const under = (errors: OutputUnit[], prefix: string): OutputUnit[] => errors.filter((e) => e.keywordLocation.startsWith(prefix));
