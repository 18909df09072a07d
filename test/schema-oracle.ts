/**
 * The format's own validator of a message's headers or payload, or of a components schema, for
 * the schema property test (schema-property.test.ts): ajv for JSON Schema and the Schema Object
 * (draft 07; OpenAPI 3.0 with ajv's own `nullable`), avsc for Avro, protobufjs for Protocol
 * Buffers. Each also makes instances of its own, independently of this tool's view: json-schema-
 * faker for JSON Schema, avsc's `random()` for Avro, protobufjs's reflection for Protobuf.
 *
 * A JSON Schema is bundled into one self-contained schema for ajv and json-schema-faker: every
 * schema a reference reaches becomes a definition named by where it is written, and a reference
 * to a Multi Format Schema Object means its schema, as the format says.
 */
import Ajv from 'ajv';
import avro from 'avsc';
import { generateSync } from 'json-schema-faker';
import type { Location } from '../src/lib/diagnostics/diagnostic.ts';
import { childPointer } from '../src/lib/json-pointer.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../src/lib/resolve/resolved-doc.ts';
import { avroValueFromJson } from '../src/lib/schema/avro-json.ts';
import { payloadMessages, type ProtobufType, withEnumNumbers } from '../src/lib/schema/protobuf-messages.ts';
import { schemaFormatKind } from '../src/lib/schema/schema-formats.ts';

export interface Oracle {
  format: 'json-schema' | 'openapi' | 'avro' | 'protobuf';
  /** Whether the validator accepts the value; undefined when it cannot decide (a schema it cannot follow to the end). */
  accepts(value: unknown): boolean | undefined;
  /** Instances of the validator's own making (deterministic for a seed); each is checked with `accepts` by the caller. */
  instances(seed: number): unknown[];
}

/** Definitions a bundle may hold: a schema graph larger than this is not bundled (the test says so). */
const MAX_DEFINITIONS = 2_000;

export function oracleFor(doc: ResolvedDoc, raw: unknown, site: Location): Oracle | undefined {
  const resolved = doc.deref(raw, site);
  if (!resolved) return undefined;
  const value = resolved.value;
  if (isPlainObject(value) && 'schema' in value && (typeof value.schemaFormat === 'string' || Object.keys(value).length === 1)) {
    const kind = schemaFormatKind(value.schemaFormat);
    const inner = doc.deref(value.schema, { file: resolved.at.file, pointer: childPointer(resolved.at.pointer, 'schema') });
    if (!inner) return undefined;
    if (kind === 'apidesc') return jsonOracle(doc, inner.value, inner.at, 'json-schema');
    if (kind === 'openapi') return jsonOracle(doc, inner.value, inner.at, 'openapi');
    if (kind === 'avro') return avroOracle(inner.value);
    if (kind === 'protobuf' && typeof inner.value === 'string') return protobufOracle(inner.value);
    return undefined;
  }
  return jsonOracle(doc, value, resolved.at, 'json-schema');
}

function jsonOracle(doc: ResolvedDoc, schema: unknown, at: Location, format: 'json-schema' | 'openapi'): Oracle | undefined {
  const bundle = bundled(doc, schema, at, format);
  if (!bundle) return undefined;
  const ajv = new Ajv({ strict: false, validateSchema: false, validateFormats: false, allErrors: false });
  let check: (value: unknown) => boolean | undefined;
  try {
    const compiled = ajv.compile(bundle as object);
    check = (value) => {
      try {
        return compiled(value) === true;
      } catch {
        // A schema that is made of itself without a way out (a base listing the subtypes that extend it) overflows ajv's recursion: undecided.
        return undefined;
      }
    };
  } catch {
    return undefined;
  }
  // A schema made of itself through allOf/oneOf/anyOf (a base listing the subtypes that extend it)
  // has no finite expansion: json-schema-faker would expand it until memory runs out.
  const endless = combinatorCycle(bundle as Record<string, unknown>);
  const forFaker = bundle;
  return {
    format,
    accepts: check,
    instances(seed) {
      const out: unknown[] = [];
      if (endless) return out;
      for (const optionals of [0.5, 1]) {
        try {
          out.push(generateSync(forFaker as never, { seed, maxDepth: 4, maxDefaultItems: 2, optionalsProbability: optionals, refDepthMax: 2 }));
        } catch {
          // The generator cannot make a value of every schema (an unsatisfiable one, a pattern it cannot read).
        }
      }
      return out;
    },
  };
}

/**
 * `schema` with every reference replaced by `#/$defs/d<N>` (N: the target's place in
 * the order first reached), the targets copied into `$defs` the same way. OpenAPI's
 * boolean `exclusiveMinimum`/`exclusiveMaximum` become draft 07's numbers, which ajv reads
 * (`nullable` ajv reads itself).
 */
function bundled(doc: ResolvedDoc, schema: unknown, at: Location, format: 'json-schema' | 'openapi'): unknown {
  const ids = new Map<string, string>();
  const definitions: Record<string, unknown> = {};
  const queue: { value: unknown; at: Location; id: string }[] = [];
  const idOf = (target: { value: unknown; at: Location }): string => {
    const key = `${target.at.file}#${target.at.pointer}`;
    let id = ids.get(key);
    if (!id) {
      id = `d${ids.size}`;
      ids.set(key, id);
      queue.push({ value: target.value, at: target.at, id });
    }
    return id;
  };
  const copy = (value: unknown, where: Location, depth: number): unknown => {
    if (depth > 200) return true;
    if (isRefObject(value)) {
      let target = doc.deref(value, where);
      if (target && isPlainObject(target.value) && typeof target.value.schemaFormat === 'string' && 'schema' in target.value)
        target = doc.deref(target.value.schema, { file: target.at.file, pointer: childPointer(target.at.pointer, 'schema') });
      return target ? { $ref: `#/$defs/${idOf(target)}` } : true;
    }
    if (Array.isArray(value)) return value.map((v, i) => copy(v, { file: where.file, pointer: childPointer(where.pointer, String(i)) }, depth + 1));
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      // Values (enum, const, default, examples) are data, not schemas: copied as written.
      const data = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' || key === 'example';
      const child = data ? value[key] : copy(value[key], { file: where.file, pointer: childPointer(where.pointer, key) }, depth + 1);
      Object.defineProperty(out, key, { value: child, enumerable: true, writable: true, configurable: true });
    }
    if (format === 'openapi') {
      for (const [flag, bound] of [
        ['exclusiveMinimum', 'minimum'],
        ['exclusiveMaximum', 'maximum'],
      ] as const) {
        if (typeof out[flag] !== 'boolean') continue;
        const exclusive = out[flag] === true;
        delete out[flag];
        if (exclusive && typeof out[bound] === 'number') {
          out[flag] = out[bound];
          delete out[bound];
        }
      }
    }
    return out;
  };
  const root = copy(schema, at, 0);
  while (queue.length > 0) {
    if (ids.size > MAX_DEFINITIONS) return undefined;
    const next = queue.shift()!;
    definitions[next.id] = copy(next.value, next.at, 0);
  }
  // Under `$defs`, which both ajv and json-schema-faker read (a schema's own `definitions` stay where they are, and mean nothing to either).
  return isPlainObject(root) ? { ...root, $defs: definitions } : { allOf: [root], $defs: definitions };
}

const COMBINATORS = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else'];

/** Whether a definition of the bundle reaches itself through combinators and references alone (no property or item on the way). */
function combinatorCycle(bundle: Record<string, unknown>): boolean {
  const definitions = isPlainObject(bundle.$defs) ? bundle.$defs : {};
  const edges = new Map<string, string[]>();
  const collect = (schema: unknown, out: string[], depth: number): void => {
    if (depth > 50 || !isPlainObject(schema)) return;
    if (typeof schema.$ref === 'string') out.push(schema.$ref.replace('#/$defs/', ''));
    for (const k of COMBINATORS) {
      const v = schema[k];
      if (Array.isArray(v)) for (const x of v) collect(x, out, depth + 1);
      else collect(v, out, depth + 1);
    }
  };
  for (const [id, schema] of Object.entries(definitions)) {
    const out: string[] = [];
    collect(schema, out, 0);
    edges.set(id, out);
  }
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string): boolean => {
    if (state.get(id) === 'open') return true;
    if (state.get(id) === 'done') return false;
    state.set(id, 'open');
    for (const next of edges.get(id) ?? []) if (visit(next)) return true;
    state.set(id, 'done');
    return false;
  };
  return [...edges.keys()].some(visit);
}

function avroOracle(schema: unknown): Oracle | undefined {
  let type: avro.Type;
  try {
    type = avro.Type.forSchema(schema as avro.Schema);
  } catch {
    return undefined;
  }
  return {
    format: 'avro',
    accepts: (value) => type.isValid(value) || type.isValid(avroValueFromJson(type, value)),
    instances() {
      const out: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        try {
          // As JSON: bytes and fixed as strings, as a JSON example writes them.
          out.push(JSON.parse(JSON.stringify(type.random(), (_k, v: unknown) => (isBufferJson(v) ? Buffer.from(v.data).toString('latin1') : v))));
        } catch {
          // A record that holds itself without a way out (no null in its union) has no finite value.
        }
      }
      return out;
    },
  };
}

function isBufferJson(v: unknown): v is { type: 'Buffer'; data: number[] } {
  return isPlainObject(v) && v.type === 'Buffer' && Array.isArray(v.data);
}

function protobufOracle(source: string): Oracle | undefined {
  let messages: ProtobufType[];
  try {
    messages = payloadMessages(source);
  } catch {
    return undefined;
  }
  return {
    format: 'protobuf',
    accepts: (value) => messages.some((m) => m.verify(withEnumNumbers(m, value) as { [k: string]: unknown }) === null),
    instances(seed) {
      return messages.map((m) => protobufInstance(m, seed, 0));
    },
  };
}

/** A message value in the JSON mapping, every field set (a field of a oneof: the first of its group). */
function protobufInstance(type: ProtobufType, seed: number, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const oneofTaken = new Set<string>();
  for (const field of type.fieldsArray) {
    field.resolve();
    if (field.partOf) {
      if (oneofTaken.has(field.partOf.name)) continue;
      oneofTaken.add(field.partOf.name);
    }
    const one = (): unknown => {
      const resolved = field.resolvedType;
      if (resolved && 'fieldsArray' in resolved) return depth > 3 ? undefined : protobufInstance(resolved as ProtobufType, seed, depth + 1);
      if (resolved && 'values' in resolved) {
        const names = Object.keys((resolved as import('protobufjs').Enum).values);
        return names[seed % names.length];
      }
      switch (field.type) {
        case 'string':
          return `s${seed}`;
        case 'bytes':
          return 'AAE=';
        case 'bool':
          return seed % 2 === 0;
        case 'double':
        case 'float':
          return seed + 0.5;
        default:
          return seed;
      }
    };
    const value = one();
    if (value === undefined) continue;
    const key = 'keyType' in field && field.keyType === 'string' ? 'key' : '1';
    out[field.name] = field.map ? { [key]: value } : field.repeated ? [value] : value;
  }
  return out;
}
