/**
 * A RAML 1.0 data type as SchemaNodes: `type` (object, string, number, integer, boolean, nil, any,
 * array, the date and time types, a union `A | B`, `T[]` for an array of T, `T?` for T or nil),
 * `properties` (required unless the name ends with `?` or says `required: false`, as RAML has
 * it), `items`, and the facets RAML shares with JSON Schema. A data type written as YAML text is
 * read as YAML. RAML has no validator in this tool's toolchain: what is shown is what these rules
 * read, and unknown type names are shown as any value.
 */
import jsyaml from 'js-yaml';
import type { Location } from '../diagnostics/diagnostic.ts';
import { childPointer } from '../json-pointer.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { ANY_ID } from './merge.ts';
import { copyOf, emptyNode, type JsonType, type NodeRegistry, type SchemaNode } from './schema-node.ts';

const SCALARS: Record<string, { type?: JsonType; format?: string }> = {
  string: { type: 'string' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  nil: { type: 'null' },
  any: {},
  'date-only': { type: 'string', format: 'date' },
  'time-only': { type: 'string', format: 'time' },
  'datetime-only': { type: 'string', format: 'date-time' },
  datetime: { type: 'string', format: 'date-time' },
  file: { type: 'string' },
  object: { type: 'object' },
  array: { type: 'array' },
};

/** The id of the root node of a RAML data type written at `at` (YAML text or a mapping). */
export function ramlNodes(views: NodeRegistry, value: unknown, at: Location): string {
  let declaration: unknown = value;
  if (typeof value === 'string') {
    try {
      declaration = jsyaml.load(value, { schema: jsyaml.CORE_SCHEMA });
    } catch {
      const id = `raml-invalid:${at.file}#${at.pointer}`;
      return views.define(id, () => ({ ...emptyNode(id, 'raml', at), unresolved: 'the RAML data type is not valid YAML' }));
    }
  }
  const types = isPlainObject(declaration) && isPlainObject(declaration.types) ? declaration.types : {};
  return declarationId(views, declaration, at, types, 0);
}

const MAX_NAMED_DEPTH = 32;

function declarationId(views: NodeRegistry, declaration: unknown, at: Location, types: Record<string, unknown>, depth: number): string {
  if (typeof declaration === 'string') return typeExpressionId(views, declaration, at, types, depth);
  if (!isPlainObject(declaration)) return ANY_ID;
  const id = `raml:${at.file}#${at.pointer}`;
  return views.define(id, () => declarationNode(views, id, declaration, at, types, depth));
}

/** `string`, `Person`, `string[]`, `A | B`, `T?`. */
function typeExpressionId(views: NodeRegistry, expression: string, at: Location, types: Record<string, unknown>, depth: number): string {
  const text = expression.trim();
  const id = `raml-type:${at.file}#${at.pointer}:${text}`;
  return views.define(id, () => {
    const node = emptyNode(id, 'raml', at);
    if (text.includes('|')) {
      const options = text.split('|').map((t) => typeExpressionId(views, t.replace(/^\(|\)$/g, ''), at, types, depth));
      node.choices.push({ kind: 'anyOf', options });
      const union = new Set<JsonType>();
      let any = false;
      for (const o of options) {
        const t = views.node(o).types;
        if (t === undefined) any = true;
        else for (const x of t) union.add(x);
      }
      if (!any) node.types = [...union];
      return node;
    }
    if (text.endsWith('?')) {
      const inner = views.node(typeExpressionId(views, text.slice(0, -1), at, types, depth));
      const copy = copyOf(inner, id);
      if (inner.types) copy.types = [...new Set<JsonType>([...inner.types, 'null'])];
      if (copy.enum && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
      return copy;
    }
    if (text.endsWith('[]')) {
      node.types = ['array'];
      node.items = typeExpressionId(views, text.slice(0, -2), at, types, depth);
      return node;
    }
    const scalar = SCALARS[text];
    if (scalar) {
      if (scalar.type) node.types = [scalar.type];
      if (scalar.format) node.format = scalar.format;
      if (text !== scalar.type) node.nativeType = text;
      return node;
    }
    const named = Object.hasOwn(types, text) ? types[text] : undefined;
    if (named === undefined || depth >= MAX_NAMED_DEPTH) return node;
    return copyOf(
      views.node(declarationId(views, named, { file: at.file, pointer: childPointer(childPointer(at.pointer, 'types'), text) }, types, depth + 1)),
      id,
    );
  });
}

function declarationNode(views: NodeRegistry, id: string, d: Record<string, unknown>, at: Location, types: Record<string, unknown>, depth: number): SchemaNode {
  const written = d.type ?? d.schema ?? (isPlainObject(d.properties) ? 'object' : d.items !== undefined ? 'array' : 'string');
  const base = typeof written === 'string' ? views.node(typeExpressionId(views, written, sub(at, 'type'), types, depth)) : emptyNode(id, 'raml', at);
  const node: SchemaNode = {
    ...base,
    id,
    at,
    properties: [...base.properties],
    patterns: [...base.patterns],
    numbers: { ...base.numbers },
    notes: [...base.notes],
  };
  if (isPlainObject(d.properties)) {
    node.types ??= ['object'];
    for (const raw of Object.keys(d.properties)) {
      const declared = d.properties[raw];
      const optional = raw.endsWith('?') || (isPlainObject(declared) && declared.required === false);
      const name = raw.endsWith('?') ? raw.slice(0, -1) : raw;
      node.properties.push({ name, node: declarationId(views, declared ?? 'string', sub(at, 'properties', raw), types, depth), required: !optional });
    }
    // RAML objects are open unless they say otherwise.
    if (d.additionalProperties === false) node.additionalProperties = false;
  }
  if (d.items !== undefined) {
    node.types = ['array'];
    node.items = declarationId(views, d.items, sub(at, 'items'), types, depth);
  }
  const n = (k: string): number | undefined => (typeof d[k] === 'number' && Number.isFinite(d[k]) ? (d[k] as number) : undefined);
  for (const k of ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'] as const) {
    const v = n(k);
    if (v !== undefined) node[k] = v;
  }
  if (n('minimum') !== undefined) node.numbers.minimum = n('minimum')!;
  if (n('maximum') !== undefined) node.numbers.maximum = n('maximum')!;
  if (n('multipleOf') !== undefined) node.numbers.multipleOf = [n('multipleOf')!];
  if (d.uniqueItems === true) node.uniqueItems = true;
  if (typeof d.pattern === 'string') node.patterns.push(d.pattern);
  if (typeof d.format === 'string') node.format = d.format;
  if (Array.isArray(d.enum)) node.enum = d.enum;
  if (typeof d.description === 'string' && d.description.trim() !== '') node.description = d.description;
  if (typeof d.displayName === 'string') node.title = d.displayName;
  if ('default' in d) node.default = { value: d.default };
  if ('example' in d) node.examples = [d.example];
  else if (isPlainObject(d.examples)) node.examples = Object.values(d.examples).map((e) => (isPlainObject(e) && 'value' in e ? e.value : e));
  return node;
}

function sub(at: Location, ...tokens: string[]): Location {
  return { file: at.file, pointer: tokens.reduce(childPointer, at.pointer) };
}
