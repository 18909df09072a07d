/**
 * `allOf` as the intersection it is (JSON Schema: a value must match every part): the types both
 * parts admit, every property of either (a property both define is the merge of its two schemas,
 * made lazily through `both`, so recursive schemas merge in finite steps), required if either
 * requires it, the tighter of two bounds, the values both allow. A part's closed object
 * (`additionalProperties: false`) makes the other part's extra properties impossible, as a
 * validator would find.
 *
 * What cannot be merged into one schema stays a list: alternatives (`oneOf`/`anyOf`) of each part,
 * `not`, if/then/else. Annotations (title, description, default) come from the first part that
 * has them: the schema's own before the parts it extends.
 */
import { admitsType, copyOf, type JsonType, jsonTypeOf, type SchemaNode } from './schema-node.ts';
import type { Location } from '../diagnostics/diagnostic.ts';

/** The id of the node that merges the nodes `a` and `b` (made on demand), or what applies when one is absent. */
export type MergeIds = (a: string, b: string) => string;

/** Ids of the constant nodes every view has. */
export const ANY_ID = 'any';
export const NOTHING_ID = 'nothing';

export function intersect(id: string, a: SchemaNode, b: SchemaNode, both: MergeIds): SchemaNode {
  if (a.boolean === false || b.boolean === false) return { ...nothingLike(a), id };
  if (a.boolean === true) return { ...copyOf(b, id), extends: [...a.extends, ...b.extends] };
  if (b.boolean === true) return copyOf(a, id);
  const types = intersectTypes(a.types, b.types);
  const node: SchemaNode = {
    id,
    dialect: a.dialect,
    at: a.at,
    extends: [...a.extends, ...b.extends],
    ...(types !== undefined ? { types } : {}),
    ...((a.inferredObject || b.inferredObject) && types === undefined ? { inferredObject: true } : {}),
    properties: [],
    requiredOnly: [],
    patternProperties: [...a.patternProperties, ...b.patternProperties],
    patterns: unique([...a.patterns, ...b.patterns]),
    numbers: {},
    choices: [...a.choices, ...b.choices],
    nots: [],
    conditionals: [],
    notes: unique([...a.notes, ...b.notes]),
  };

  // Properties: what applies to each name in each part.
  const names = unique([...a.properties.map((p) => p.name), ...b.properties.map((p) => p.name)]);
  for (const name of names) {
    const pa = a.properties.find((p) => p.name === name);
    const pb = b.properties.find((p) => p.name === name);
    const required = Boolean(pa?.required || pb?.required || a.requiredOnly.includes(name) || b.requiredOnly.includes(name));
    const inA = pa?.node ?? otherPropertySchema(a, name);
    const inB = pb?.node ?? otherPropertySchema(b, name);
    const first = pa ?? pb!;
    const merged = inA === ANY_ID ? inB : inB === ANY_ID ? inA : inA === inB ? inA : both(inA, inB);
    node.properties.push({ name, node: merged, required, ...(first.from ? { from: first.from } : pb?.from && !pa ? { from: pb.from } : {}) });
  }
  node.requiredOnly = unique([...a.requiredOnly, ...b.requiredOnly]).filter((r) => !node.properties.some((p) => p.name === r));
  if (a.additionalProperties === false || b.additionalProperties === false) node.additionalProperties = false;
  else if (a.additionalProperties !== undefined && b.additionalProperties !== undefined)
    node.additionalProperties = both(a.additionalProperties, b.additionalProperties);
  else if (a.additionalProperties !== undefined || b.additionalProperties !== undefined)
    node.additionalProperties = (a.additionalProperties ?? b.additionalProperties)!;
  setOptional(node, 'propertyNames', mergeOptional(a.propertyNames, b.propertyNames, both));
  setOptional(node, 'minProperties', max(a.minProperties, b.minProperties));
  setOptional(node, 'maxProperties', min(a.maxProperties, b.maxProperties));

  // Arrays.
  setOptional(node, 'items', mergeOptional(a.items, b.items, both));
  if (a.tupleItems || b.tupleItems) {
    const length = Math.max(a.tupleItems?.length ?? 0, b.tupleItems?.length ?? 0);
    node.tupleItems = Array.from({ length }, (_, i) => {
      const x = a.tupleItems?.[i] ?? a.items ?? ANY_ID;
      const y = b.tupleItems?.[i] ?? b.items ?? ANY_ID;
      return x === ANY_ID ? y : y === ANY_ID || x === y ? x : both(x, y);
    });
  }
  if (a.additionalItems === false || b.additionalItems === false) node.additionalItems = false;
  else setOptional(node, 'additionalItems', mergeOptional(a.additionalItems, b.additionalItems, both));
  setOptional(node, 'contains', a.contains ?? b.contains);
  setOptional(node, 'minItems', max(a.minItems, b.minItems));
  setOptional(node, 'maxItems', min(a.maxItems, b.maxItems));
  if (a.uniqueItems || b.uniqueItems) node.uniqueItems = true;

  // Strings and numbers.
  setOptional(node, 'minLength', max(a.minLength, b.minLength));
  setOptional(node, 'maxLength', min(a.maxLength, b.maxLength));
  setOptional(node, 'format', a.format ?? b.format);
  node.numbers = intersectBounds(a, b);

  // Values both allow.
  const enums = intersectValues(a, b);
  if (enums.enum) node.enum = enums.enum;
  if (enums.const) node.const = enums.const;

  // What cannot be merged into one schema.
  node.nots = unique([...a.nots, ...b.nots]);
  node.conditionals = [...a.conditionals, ...b.conditionals];

  // Annotations: the first part that has them.
  setOptional(node, 'title', a.title ?? b.title);
  setOptional(node, 'description', a.description ?? b.description);
  setOptional(node, 'default', a.default ?? b.default);
  if (a.examples || b.examples) node.examples = [...(a.examples ?? []), ...(b.examples ?? [])];
  if (a.exampleSites || b.exampleSites) node.exampleSites = [...sitesOf(a), ...sitesOf(b)];
  for (const flag of ['deprecated', 'readOnly', 'writeOnly'] as const) if (a[flag] || b[flag]) node[flag] = true;
  setOptional(node, 'discriminator', a.discriminator ?? b.discriminator);
  setOptional(node, 'nativeType', a.nativeType ?? b.nativeType);
  setOptional(node, 'unresolved', a.unresolved ?? b.unresolved);
  if (a.incomplete || b.incomplete) node.incomplete = true;
  return node;
}

/** A node that admits nothing, where `like` was. */
export function nothingLike(like: SchemaNode): SchemaNode {
  return {
    id: NOTHING_ID,
    dialect: like.dialect,
    at: like.at,
    extends: [],
    boolean: false,
    types: [],
    properties: [],
    requiredOnly: [],
    patternProperties: [],
    patterns: [],
    numbers: {},
    choices: [],
    nots: [],
    conditionals: [],
    notes: [],
  };
}

/**
 * The schema a node gives a property it does not name: a matching pattern property's, else its
 * additional properties' (nothing, when they are closed), else any value. A pattern that cannot
 * compile matches nothing. (`diff` reads a property one version adds or removes through it too.)
 */
export function otherPropertySchema(node: SchemaNode, name: string): string {
  const pattern = node.patternProperties.find((p) => safeTest(p.pattern, name));
  if (pattern) return pattern.node;
  if (node.additionalProperties === false) return NOTHING_ID;
  return node.additionalProperties ?? ANY_ID;
}

/** Pattern properties' names are short: a pattern that cannot compile matches nothing. Long-running patterns are refused by `validate` (safe-regex). */
function safeTest(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(name);
  } catch {
    return false;
  }
}

function intersectTypes(a: JsonType[] | undefined, b: JsonType[] | undefined): JsonType[] | undefined {
  if (a === undefined) return b && [...b];
  if (b === undefined) return [...a];
  const out: JsonType[] = [];
  for (const t of a) if (admitsType(b, t)) out.push(t);
  // number ∩ integer = integer.
  for (const t of b) if (t === 'integer' && a.includes('number') && !out.includes('integer')) out.push('integer');
  return out;
}

function intersectBounds(a: SchemaNode, b: SchemaNode): SchemaNode['numbers'] {
  const out: SchemaNode['numbers'] = {};
  const lo = max(a.numbers.minimum, b.numbers.minimum);
  const hi = min(a.numbers.maximum, b.numbers.maximum);
  const xlo = max(a.numbers.exclusiveMinimum, b.numbers.exclusiveMinimum);
  const xhi = min(a.numbers.exclusiveMaximum, b.numbers.exclusiveMaximum);
  if (lo !== undefined) out.minimum = lo;
  if (hi !== undefined) out.maximum = hi;
  if (xlo !== undefined) out.exclusiveMinimum = xlo;
  if (xhi !== undefined) out.exclusiveMaximum = xhi;
  const multiples = unique([...(a.numbers.multipleOf ?? []), ...(b.numbers.multipleOf ?? [])]);
  if (multiples.length > 0) out.multipleOf = multiples;
  return out;
}

/** The values both parts allow: an enum or const is kept where the other part admits the value. */
function intersectValues(a: SchemaNode, b: SchemaNode): { enum?: unknown[]; const?: { value: unknown } } {
  const allowedBy = (node: SchemaNode, value: unknown): boolean => {
    const type = jsonTypeOf(value);
    if (type === undefined || !admitsType(node.types, type)) return false;
    if (node.const && !sameValue(node.const.value, value)) return false;
    if (node.enum && !node.enum.some((e) => sameValue(e, value))) return false;
    return true;
  };
  const out: { enum?: unknown[]; const?: { value: unknown } } = {};
  const constant = a.const ?? b.const;
  if (constant) out.const = { value: constant.value };
  if (a.enum || b.enum) {
    const base = a.enum ?? b.enum!;
    const other = a.enum ? b : a;
    out.enum = base.filter((v) => allowedBy(other, v));
  }
  return out;
}

export function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  return canonical(x) === canonical(y);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0)))
      : v,
  );
}

function mergeOptional(x: string | undefined, y: string | undefined, both: MergeIds): string | undefined {
  if (x === undefined) return y;
  if (y === undefined || x === y) return x;
  return both(x, y);
}

function setOptional<K extends keyof SchemaNode>(node: SchemaNode, key: K, value: SchemaNode[K] | undefined): void {
  if (value !== undefined) node[key] = value;
}

function max(x: number | undefined, y: number | undefined): number | undefined {
  return x === undefined ? y : y === undefined ? x : Math.max(x, y);
}

function min(x: number | undefined, y: number | undefined): number | undefined {
  return x === undefined ? y : y === undefined ? x : Math.min(x, y);
}

function unique<T>(list: T[]): T[] {
  return [...new Set(list)];
}

/** Where each of a node's examples is written, undefined for one that is not checked (parallel to `examples`). */
function sitesOf(node: SchemaNode): (Location | undefined)[] {
  return node.exampleSites ?? (node.examples ?? []).map(() => undefined);
}
