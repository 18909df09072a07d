/**
 * What is wrong with an Avro schema, in this tool's words and at the place it is wrong (issue 33:
 * "the Avro schema is malformed: Cannot read properties of undefined (reading 'logicalType')" was
 * avsc's crash on a field without a type). The Avro 1.9 specification's rules for types, names,
 * fields, unions and defaults are checked here, in the order avsc reads a schema, naming the field
 * or type concerned; avsc then parses what passed, and a refusal of its own is put in words too
 * (never its text: its messages print `undefined` and whole JSON values, and a few are crashes).
 */
import type { Schema } from 'avsc';
import { lazyModule } from '../../perf/lazy-module.ts';
import { ownValue } from '../own-key.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';

const avro = lazyModule<typeof import('avsc')>('avsc');

const PRIMITIVES = ['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string'];
const NAMED = ['record', 'error', 'enum', 'fixed'];
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Deeper than any real schema: the check stops there (avsc then has the last word). */
const MAX_DEPTH = 200;

/** Quoted for a message: a short JSON value, else its kind. */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value);
  return json.length <= 40 ? `\`${json}\`` : Array.isArray(value) ? 'a list' : isPlainObject(value) ? 'an object' : 'a long value';
}

/** The first problem of an Avro schema, or undefined when it is a valid one. */
export function avroSchemaProblem(schema: unknown): string | undefined {
  const walk = new AvroWalk();
  const found = walk.type(schema, 'the schema', '', 0);
  if (found) return found;
  try {
    avro().Type.forSchema(schema as Schema);
    return undefined;
  } catch (error) {
    return avscRefusal(error instanceof Error ? error.message : '');
  }
}

/** avsc's refusals this walk does not foresee, in words; the rest said without its text. */
function avscRefusal(message: string): string {
  const name = /^(?:undefined type name|duplicate type name): (.+)$/.exec(message)?.[1];
  if (message.startsWith('undefined type name')) return `the type name \`${name}\` is used before a type of that name is defined`;
  if (message.startsWith('duplicate type name')) return `two types are named \`${name}\``;
  if (/default/.test(message)) return 'a default value does not fit the type it is the default of';
  if (message.startsWith('invalid order')) return 'a field has an `order` other than ascending, descending or ignore';
  return 'one of its types is not valid Avro 1.9, though this tool could not tell which; check each type against the Avro specification';
}

class AvroWalk {
  /** Full names of the named types defined so far (a name is usable once its definition has begun: records may recurse). */
  readonly #names = new Set<string>();

  /** A type (`where` says what it is the type of); `namespace` is the enclosing one. */
  type(schema: unknown, where: string, namespace: string, depth: number): string | undefined {
    if (depth > MAX_DEPTH) return undefined;
    if (typeof schema === 'string') return this.#reference(schema, where, namespace);
    if (Array.isArray(schema)) return this.#union(schema, where, namespace, depth);
    if (schema === null) return `${where} is JSON null, which is not an Avro type: the null type is written as the string "null"`;
    if (!isPlainObject(schema))
      return `${where} is ${shown(schema)}, which is not an Avro type: write a type name, a list of types (a union) or an object with \`type\``;
    const type = schema.type;
    if (type === undefined) return `${where} has no \`type\``;
    if (typeof type !== 'string') {
      return Array.isArray(type)
        ? `${where} is an object whose \`type\` is a list: write the union itself (the list) in place of the object`
        : `the \`type\` of ${where} is ${shown(type)}: in an object it must be a type name (a primitive, record, enum, fixed, array or map)`;
    }
    if (PRIMITIVES.includes(type)) return undefined;
    if (type === 'array')
      return schema.items === undefined ? `${where} is an array without \`items\`` : this.type(schema.items, `the items of ${where}`, namespace, depth + 1);
    if (type === 'map')
      return schema.values === undefined ? `${where} is a map without \`values\`` : this.type(schema.values, `the values of ${where}`, namespace, depth + 1);
    if (NAMED.includes(type)) return this.#named(type, schema, where, namespace, depth);
    return this.#reference(type, where, namespace);
  }

  #reference(name: string, where: string, namespace: string): string | undefined {
    if (PRIMITIVES.includes(name)) return undefined;
    const full = name.includes('.') || namespace === '' ? name : `${namespace}.${name}`;
    if (this.#names.has(full) || this.#names.has(name)) return undefined;
    return `${where} is \`${name}\`, which is neither an Avro primitive type (${PRIMITIVES.join(', ')}) nor the name of a record, enum or fixed type defined before it`;
  }

  #union(branches: unknown[], where: string, namespace: string, depth: number): string | undefined {
    if (branches.length === 0) return `${where} is an empty union (a list of no types)`;
    const seen = new Map<string, number>();
    for (const [i, branch] of branches.entries()) {
      const at = `branch ${i + 1} of ${where} (a union)`;
      if (Array.isArray(branch)) return `${at} is itself a union: a union cannot hold another union directly; list its types in the outer one`;
      const problem = this.type(branch, at, namespace, depth + 1);
      if (problem) return problem;
      const key = branchKey(branch, namespace);
      const earlier = key === undefined ? undefined : seen.get(key);
      if (earlier !== undefined) return `${where} is a union that lists \`${key}\` twice (branches ${earlier + 1} and ${i + 1}): each type may appear once`;
      if (key !== undefined) seen.set(key, i);
    }
    return undefined;
  }

  #named(type: string, schema: Record<string, unknown>, where: string, namespace: string, depth: number): string | undefined {
    const name = schema.name;
    if (typeof name !== 'string') return `${where} is a ${type} without a \`name\` (a ${type} type must be named)`;
    if (!name.split('.').every((part) => NAME.test(part)))
      return `${where} is a ${type} named \`${name}\`: a name starts with a letter or \`_\` and holds only letters, digits and \`_\``;
    const ns = typeof schema.namespace === 'string' ? schema.namespace : name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : namespace;
    const full = name.includes('.') ? name : ns ? `${ns}.${name}` : name;
    if (this.#names.has(full)) return `two types are named \`${full}\` (${where} is the second)`;
    this.#names.add(full);
    const label = `${type} \`${name}\``;
    if (type === 'enum') return enumProblem(schema, label);
    if (type === 'fixed') {
      const size = schema.size;
      return typeof size === 'number' && Number.isInteger(size) && size >= 0
        ? undefined
        : `${label} needs a \`size\`, a whole number of bytes (0 or more), not ${shown(size)}`;
    }
    const fields = schema.fields;
    if (!Array.isArray(fields)) return `${label} needs \`fields\`, a list of fields, not ${shown(fields)}`;
    const names = new Set<string>();
    for (const [i, field] of fields.entries()) {
      if (!isPlainObject(field)) return `field ${i + 1} of ${label} is ${shown(field)}, not an object with \`name\` and \`type\``;
      if (typeof field.name !== 'string' || !NAME.test(field.name))
        return `field ${i + 1} of ${label} needs a \`name\` that starts with a letter or \`_\` and holds only letters, digits and \`_\`, not ${shown(field.name)}`;
      if (names.has(field.name)) return `${label} has two fields named \`${field.name}\``;
      names.add(field.name);
      const at = `field \`${field.name}\` of ${label}`;
      if (field.type === undefined) return `${at} has no \`type\``;
      if (field.order !== undefined && !['ascending', 'descending', 'ignore'].includes(String(field.order)))
        return `${at} has the \`order\` ${shown(field.order)}: it is ascending, descending or ignore`;
      const problem = this.type(field.type, `the type of ${at}`, ns, depth + 1);
      if (problem) return problem;
      if (field.default !== undefined) {
        const unfit = defaultProblem(field.type, field.default);
        if (unfit) return `the default of ${at}, ${shown(field.default)}, ${unfit}`;
      }
    }
    return undefined;
  }
}

function enumProblem(schema: Record<string, unknown>, label: string): string | undefined {
  const symbols = schema.symbols;
  if (!Array.isArray(symbols)) return `${label} needs \`symbols\`, a list of names, not ${shown(symbols)}`;
  const seen = new Set<unknown>();
  for (const symbol of symbols) {
    if (typeof symbol !== 'string' || !NAME.test(symbol))
      return `${label} has the symbol ${shown(symbol)}: a symbol starts with a letter or \`_\` and holds only letters, digits and \`_\``;
    if (seen.has(symbol)) return `${label} lists the symbol \`${symbol}\` twice`;
    seen.add(symbol);
  }
  if (schema.default !== undefined && !symbols.includes(schema.default)) return `the default of ${label}, ${shown(schema.default)}, is not one of its symbols`;
  return undefined;
}

/** What a union branch is, to find one listed twice: its type name (a named type's full name), `array` or `map`. */
function branchKey(branch: unknown, namespace: string): string | undefined {
  const qualify = (name: string): string => (name.includes('.') || PRIMITIVES.includes(name) || namespace === '' ? name : `${namespace}.${name}`);
  if (typeof branch === 'string') return qualify(branch);
  if (!isPlainObject(branch) || typeof branch.type !== 'string') return undefined;
  if (NAMED.includes(branch.type)) return typeof branch.name === 'string' ? qualify(branch.name) : undefined;
  return PRIMITIVES.includes(branch.type) || branch.type === 'array' || branch.type === 'map' ? branch.type : qualify(branch.type);
}

/**
 * Why a field's default does not fit its type (Avro 1.9: the default of a union is of its first
 * branch), for the types whose JSON form is plain; the others are left to avsc.
 */
function defaultProblem(type: unknown, value: unknown): string | undefined {
  const first = Array.isArray(type) ? type[0] : type;
  const name = typeof first === 'string' ? first : isPlainObject(first) && typeof first.type === 'string' ? first.type : undefined;
  const union = Array.isArray(type) ? ` (the default of a union is of its first type, \`${name}\`)` : '';
  const wants: Record<string, (v: unknown) => boolean> = {
    null: (v) => v === null,
    boolean: (v) => typeof v === 'boolean',
    int: (v) => Number.isInteger(v),
    long: (v) => Number.isInteger(v),
    float: (v) => typeof v === 'number',
    double: (v) => typeof v === 'number',
    bytes: (v) => typeof v === 'string',
    string: (v) => typeof v === 'string',
    array: (v) => Array.isArray(v),
    map: (v) => isPlainObject(v),
    record: (v) => isPlainObject(v),
  };
  const fits = name === undefined ? undefined : ownValue(wants, name);
  return fits && !fits(value) ? `is not ${/^[aeiou]/.test(name!) ? 'an' : 'a'} ${name}${union}` : undefined;
}
