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
import { validate as validateJsonSchema, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type { Schema as AvroSchema, Type as AvroType } from 'avsc';
import { lazyModule } from '../lazy-module.ts';
import type { Location } from '../diagnostics/diagnostic.ts';
import { joinPointer } from '../resolve/json-pointer.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { schemaChildren } from '../resolve/schema-walk.ts';

const avro = lazyModule<typeof import('avsc')>('avsc');

/** Keywords whose nested errors are about alternatives: the keyword's own error says more than each alternative's. */
const ALTERNATIVES = new Set(['anyOf', 'oneOf', 'not', 'if']);

export class ExampleValidator {
  readonly #avro = new Map<string, AvroType | string>();
  /** Registered schemas by id (what references are rewritten to). */
  readonly #lookup: Record<string, Schema | boolean> = Object.create(null) as Record<string, Schema | boolean>;
  /** Where each registered schema is written → its id; a string that is not an id says why it cannot be used. */
  readonly #ids = new Map<string, string | Error>();
  #nextId = 0;
  readonly #doc: ResolvedDoc;

  constructor(doc: ResolvedDoc) {
    this.#doc = doc;
  }

  /** Reasons the value does not match the JSON Schema `schema`, found at `schemaAt`; empty when it does (or when the schema cannot be used). */
  jsonSchemaErrors(value: unknown, schema: unknown, schemaAt: Location): string[] {
    let errors: OutputUnit[];
    try {
      const root = this.#lookup[this.#register(schema, schemaAt)]!;
      ({ errors } = validateJsonSchema(value, root, '7', this.#lookup, false));
    } catch {
      // A reference that does not resolve, or a value the validator cannot take: the schema
      // rules report the schema; examples are then not checked.
      return [];
    }
    return mostSpecific(errors).slice(0, 5).map((e) => `${e.instanceLocation.replace(/^#/, '') || '(root)'}: ${e.error.replace(/\.$/, '')}`);
  }

  avroErrors(value: unknown, schema: unknown, schemaAt: Location): string[] {
    const key = `${schemaAt.file}#${schemaAt.pointer}`;
    let type = this.#avro.get(key);
    if (type === undefined) {
      try {
        type = avro().Type.forSchema(schema as AvroSchema);
      } catch (error) {
        type = String(error);
      }
      this.#avro.set(key, type);
    }
    if (typeof type === 'string') return [];
    const paths: string[] = [];
    type.isValid(value, { errorHook: (path) => paths.push('/' + path.join('/')) });
    return paths.slice(0, 5).map((p) => `${p === '/' ? '(root)' : p} does not match the Avro schema`);
  }

  /**
   * The id of the schema written at `at`, registering it (and, in turn, every schema its
   * references reach) on first sight. Ids are given before copying, so recursion ends.
   * Throws when a reference on the way does not resolve.
   */
  #register(schema: unknown, at: Location): string {
    const location = `${at.file}#${at.pointer}`;
    const known = this.#ids.get(location);
    if (known instanceof Error) throw known;
    if (known !== undefined) return known;
    const id = `s${this.#nextId++}`;
    this.#ids.set(location, id);
    try {
      this.#lookup[id] = this.#withIds(schema, at) as Schema | boolean;
    } catch (error) {
      this.#ids.set(location, error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    return id;
  }

  /** `schema` with its references naming registered ids: the objects on the way to a reference are copied, the rest is shared. */
  #withIds(schema: unknown, at: Location): unknown {
    if (isRefObject(schema)) {
      // The other properties of a Reference Object are ignored, as the document does (and warns).
      const target = this.#doc.deref(schema, at);
      if (!target) throw new Error(`${schema.$ref} does not resolve`);
      return { $ref: this.#register(target.value, target.at) };
    }
    if (!isPlainObject(schema)) return schema;
    let copy: Record<string, unknown> | undefined;
    for (const [keywords, child] of schemaChildren(schema)) {
      const replaced = this.#withIds(child, { file: at.file, pointer: joinPointer(at.pointer, ...keywords) });
      if (replaced === child) continue;
      copy ??= { ...schema };
      if (keywords.length === 1) {
        copy[keywords[0]!] = replaced;
        continue;
      }
      // A map or list of subschemas (`properties`, `allOf`): copied once, then filled.
      const [container, entry] = keywords as [string, string];
      if (copy[container] === schema[container]) copy[container] = Array.isArray(schema[container]) ? [...schema[container]] : { ...(schema[container] as object) };
      (copy[container] as Record<string, unknown>)[entry] = replaced;
    }
    return copy ?? schema;
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
