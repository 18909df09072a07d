/**
 * What a schema table, as a reader sees it, says a value may be: the rows of schema-rows.ts read
 * back (types from their labels, nullable, required, enums and consts, fields, items, shapes),
 * for the schema property test. `admits` answers whether the table allows a value, and why not;
 * `listedFields` what fields the table names, to find fields a validator knows and the table
 * leaves out.
 *
 * Constraints shown as text (lengths, bounds, patterns) are not read: a table that leaves them
 * out is less precise, not wrong.
 */
import type { SchemaRow } from '../src/lib/model/types.ts';

export interface RowTree {
  row: SchemaRow;
  children: RowTree[];
}

type Type = 'null' | 'boolean' | 'object' | 'array' | 'number' | 'integer' | 'string';

/** The rows (pre-order, with depths) as a tree, and every row by anchor. */
export function rowTree(rows: SchemaRow[]): { root: RowTree; byAnchor: Map<string, RowTree> } {
  const byAnchor = new Map<string, RowTree>();
  const stack: RowTree[] = [];
  let root: RowTree | undefined;
  for (const row of rows) {
    const node: RowTree = { row, children: [] };
    byAnchor.set(row.anchor, node);
    while (stack.length > 0 && stack[stack.length - 1]!.row.depth >= row.depth) stack.pop();
    if (stack.length === 0) root = node;
    else stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  }
  if (!root) throw new Error('a schema table without rows');
  return { root, byAnchor };
}

const AVRO_AND_PROTOBUF: Record<string, Type | 'any'> = {
  int: 'integer',
  long: 'integer',
  float: 'number',
  double: 'number',
  bytes: 'string',
  string: 'string',
  boolean: 'boolean',
  null: 'null',
  bool: 'boolean',
  int32: 'integer',
  int64: 'integer',
  uint32: 'integer',
  uint64: 'integer',
  sint32: 'integer',
  sint64: 'integer',
  fixed32: 'integer',
  fixed64: 'integer',
  sfixed32: 'integer',
  sfixed64: 'integer',
  union: 'any',
};

/** The types a row's label allows; undefined: any value. Throws on a label the reader could not place. */
export function labelTypes(label: string): Set<Type> | undefined {
  const out = new Set<Type>();
  for (const part of label.split(' | ')) {
    const t = oneLabel(part.trim());
    if (t === 'any') return undefined;
    if (t === 'nothing') continue;
    out.add(t);
  }
  return out;
}

function oneLabel(label: string): Type | 'any' | 'nothing' {
  if (['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'].includes(label)) return label as Type;
  if (label === 'any') return 'any';
  if (label === 'nothing') return 'nothing';
  if (label.startsWith('array')) return 'array';
  if (/^(record|message|map)\b/.test(label) || label.startsWith('map<')) return 'object';
  // An Avro enum is a string; a Protobuf enum in JSON a name or a number: both read as their label says, enum.
  if (/^enum\b/.test(label)) return 'any';
  if (/^fixed\(/.test(label)) return 'string';
  const first = label.split(',')[0]!.trim();
  const known = AVRO_AND_PROTOBUF[first];
  if (known) return known;
  throw new Error(`a type label the table's reader cannot place: "${label}"`);
}

function typeOf(value: unknown): Type {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value as Type;
}

function allowsType(types: Set<Type> | undefined, t: Type): boolean {
  return !types || types.has(t) || (t === 'integer' && types.has('number'));
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
    );
  return v;
}

const SPECIAL = new Set(['not', 'if', 'then', 'else', '[items]', '{additional properties}']);

/** Whether the table admits `value` at `tree`; `why` gets the reason when it does not. */
export function admits(tree: RowTree, value: unknown, byAnchor: Map<string, RowTree>, path: string, why: string[], depth = 0): boolean {
  const { row } = tree;
  if (depth > 64) return true;
  if (row.backReference) return follow(row.backReference.anchor);
  if (row.repeatOf) return follow(row.repeatOf.anchor);
  if (row.booleanSchema === false) return fail('the table says no value is allowed');
  if (row.unresolvedHtml || row.booleanSchema === true) return true;
  const types = labelTypes(row.type);
  if (row.nullable && types) types.add('null');
  const t = typeOf(value);
  if (!allowsType(types, t)) return fail(`the table says ${row.type}${row.nullable ? ', nullable' : ''}; the value is ${t}`);
  if (row.const !== undefined && !sameJson(row.const, value)) return fail(`the table says always ${JSON.stringify(row.const)}`);
  // An open enum (proto3) names its values and says other numbers are taken too.
  const openEnum = row.constraints.some((c) => c.includes('an open enum'));
  if (row.enum && !openEnum && !row.enum.some((e) => sameJson(e, value))) return fail(`the table lists ${JSON.stringify(row.enum)}`);
  if (row.cut) return true;
  const fields = tree.children.filter((c) => !c.row.alternative);
  const shapes = tree.children.filter((c) => c.row.alternative);
  if (t === 'array' && Array.isArray(value)) {
    if (row.itemEnum && !value.every((v) => row.itemEnum!.some((e) => sameJson(e, v))))
      return fail(`the table says each item is one of ${JSON.stringify(row.itemEnum)}`);
    const named = fields.find((c) => c.row.name === '[items]');
    const tuple = fields.filter((c) => /^\[\d+\]$/.test(c.row.name));
    const itemFields = fields.filter((c) => !c.row.name.startsWith('['));
    const itemTypes = arrayItemTypes(row.type);
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const at = `${path}/${i}`;
      const position = tuple.find((c) => c.row.name === `[${i}]`);
      if (position && !admits(position, item, byAnchor, at, why, depth + 1)) return false;
      if (named && !admits(named, item, byAnchor, at, why, depth + 1)) return false;
      if (!named && !position && itemTypes && !allowsType(itemTypes, typeOf(item))) return fail(`the table says ${row.type}; item ${i} is ${typeOf(item)}`);
      if (itemFields.length > 0 && typeOf(item) === 'object' && !objectAdmits(itemFields, item as Record<string, unknown>, at)) return false;
    }
  } else if (t === 'object' && value !== null) {
    if (!objectAdmits(fields, value as Record<string, unknown>, path)) return false;
  }
  if (shapes.length > 0) {
    const tried: string[] = [];
    if (!shapes.some((s) => admits(s, value, byAnchor, path, tried, depth + 1)))
      return fail(`the table's shapes (${shapes.map((s) => s.row.name).join(', ')}) all refuse it: ${tried.join('; ')}`);
  }
  return true;

  function follow(anchor: string): boolean {
    const target = byAnchor.get(anchor);
    return target
      ? admits({ row: { ...target.row, name: row.name }, children: target.children }, value, byAnchor, path, why, depth + 1)
      : fail(`the table links to a missing row ${anchor}`);
  }

  function fail(reason: string): false {
    why.push(`${path || '(root)'}: ${reason}`);
    return false;
  }

  function objectAdmits(children: RowTree[], object: Record<string, unknown>, at: string): boolean {
    const named = children.filter((c) => !SPECIAL.has(c.row.name) && !/^\/.*\/$/.test(c.row.name) && !/^\[\d+\]$/.test(c.row.name));
    for (const c of named) {
      if (Object.hasOwn(object, c.row.name)) {
        if (!admits(c, object[c.row.name], byAnchor, `${at}/${c.row.name}`, why, depth + 1)) return false;
      } else if (c.row.required) {
        why.push(`${at || '(root)'}: the table says ${c.row.name} is required`);
        return false;
      }
    }
    const patterns = children.filter((c) => /^\/.*\/$/.test(c.row.name));
    const additional = children.find((c) => c.row.name === '{additional properties}');
    for (const key of Object.keys(object)) {
      if (named.some((c) => c.row.name === key)) continue;
      const matching = patterns.filter((p) => safeTest(p.row.name.slice(1, -1), key));
      for (const p of matching) if (!admits(p, object[key], byAnchor, `${at}/${key}`, why, depth + 1)) return false;
      if (matching.length === 0 && additional && !admits(additional, object[key], byAnchor, `${at}/${key}`, why, depth + 1)) return false;
      if (matching.length === 0 && !additional && row.constraints.includes('no other properties')) {
        why.push(`${at || '(root)'}: the table says no other properties than those listed; the value has ${key}`);
        return false;
      }
    }
    return true;
  }
}

/** `array of string` → {string}; `array of array of X` → {array}; a named schema's items: undefined (its own row says). */
function arrayItemTypes(label: string): Set<Type> | undefined {
  const parts = label.split(' | ').filter((p) => p.startsWith('array of '));
  if (parts.length !== 1) return undefined;
  try {
    return labelTypes(parts[0]!.slice('array of '.length));
  } catch {
    return undefined;
  }
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}
