/**
 * A schema as one tree of rows (UI.md "Schema tables"; issue: schemas read as one tree), in
 * document order with a depth each:
 * - a property, pattern property or additional property is a row under the object it belongs to;
 * - `allOf` parts are merged into the schema that lists them: their properties are its properties
 *   (`from` names the part when it is a named schema), their constraints and required fields apply;
 * - the items of an array are shown as the array's own children (`items[]` in the data path);
 * - `oneOf` / `anyOf` alternatives are rows marked `alternative`, named by the discriminator
 *   value that selects them, their title, or their schema's name;
 * - a row's anchor is its data path (`payload.lines[].sku`, `payload.payment(card).last4`);
 * - a schema that is its own ancestor becomes a back-reference row, never an endless expansion;
 *   a named component schema is marked with a link to its own page; a tree is cut at
 *   MAX_ROW_DEPTH levels, continued on the page of the nearest named schema.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { ownValue } from '../own-key.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { schemaChildren, walkSchema } from '../resolve/schema-walk.ts';
import type { DiscriminatorIndex } from './discriminators.ts';
import type { SchemaRow } from './types.ts';

export interface RowOptions {
  /** Prefix of row anchors, unique per schema on a page (e.g. `payload`). */
  anchorPrefix: string;
  /** The page of a named component schema at this location, if there is one. */
  componentAt?: (at: Location) => { id: string; url: string } | undefined;
  /** Discriminators of the document (discriminators.ts): bases and their subtypes. */
  discriminators?: DiscriminatorIndex;
}

const COMBINATORS = ['oneOf', 'anyOf', 'allOf', 'not', 'if'] as const;
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions']);
const LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'items']);

/**
 * Levels below the root a schema tree shows. A row at this depth with schemas nested below it
 * is cut (`SchemaRow.cut`): its levels continue on the page of the nearest named component
 * schema, which starts its own tree at its root. Without the limit a chain of a thousand
 * schemas (each a property of the one before) would make each page list the whole chain.
 */
export const MAX_ROW_DEPTH = 8;

/** What a schema node of the walk is shown as: its own row, or merged into another's. */
interface Shown {
  row: SchemaRow;
  /** Data path its children's anchors start from (an array's items: `lines[]`). */
  base: string;
  /** The properties already shown under the row, by name (a property defined twice is shown once, with what both say). */
  names: Map<string, SchemaRow>;
  /** Properties the row's object requires, its merged parts' included. */
  required: Set<string>;
  /** The property whose value selects among the row's alternatives (its schema's `discriminator`). */
  discriminator?: string;
  /** For a merged allOf part that is a named schema: its name (the properties it brings say so). */
  part?: string;
  /** How many allOf parts deep this node is merged into its row (0: the row's own schema). */
  merged: number;
}

/**
 * allOf parts merged into one row at most this deep (a part of a part of …). A chain of a
 * thousand schemas each extending the next would otherwise be walked whole for one row; past
 * the limit the row is cut, continued on the page of the part where it stopped.
 */
const MAX_MERGED = 16;

const locationKey = (at: Location): string => `${at.file}#${at.pointer}`;

export function schemaRows(doc: ResolvedDoc, schema: unknown, site: Location, options: RowOptions): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const shownAt = new Map<string, Shown>();
  const rowAt = new Map<string, SchemaRow>();
  const anchors = new Set<string>();
  /** The rows on the path to the current one, by depth. */
  const ancestors: SchemaRow[] = [];
  const uniqueAnchor = (anchor: string): string => {
    let candidate = anchor;
    for (let n = 2; anchors.has(candidate); n++) candidate = `${anchor}-${n}`;
    anchors.add(candidate);
    return candidate;
  };
  walkSchema(doc, schema, site, (visit) => {
    const path = visit.path;
    const keyword = path[path.length - 2];
    const last = path[path.length - 1];
    // `definitions` hold schemas for references; they are shown where they are used.
    if (keyword === 'definitions') return false;
    const value = visit.value;
    const viaRef = visit.site.file !== visit.at.file || visit.site.pointer !== visit.at.pointer;
    const component = viaRef || path.length === 0 ? options.componentAt?.(visit.at) : undefined;
    const pathKey = path.join('\u0000');

    if (path.length === 0) {
      const row = newRow(uniqueAnchor(options.anchorPrefix), '', 0, value, doc, visit.at, options, component);
      return place(row, shownFor(row, row.anchor, doc, value, visit.at));
    }

    // A member of a map (`properties/<name>`) or a list (`allOf/<i>`, tuple `items/<i>`), or a single keyword (`items`, `not`).
    const member = keyword !== undefined && (MAP_KEYWORDS.has(keyword) || (LIST_KEYWORDS.has(keyword) && /^\d+$/.test(last!)));
    const parentKey = path.slice(0, member ? -2 : -1).join('\u0000');
    const parent = shownAt.get(parentKey);
    if (!parent) return false;
    const relation = member ? keyword! : last!;

    // An allOf part: merged into the schema that lists it.
    if (relation === 'allOf') {
      if (visit.backReference) return false;
      if (parent.merged >= MAX_MERGED) {
        parent.row.cut = component ? { on: component } : {};
        return false;
      }
      // What the schema itself extends (not what its parts extend in turn).
      if (component && parent.merged === 0 && !parent.row.extends?.some((e) => e.url === component.url)) (parent.row.extends ??= []).push(component);
      if (isPlainObject(value)) mergeInto(parent, value, doc, visit.at);
      // Its children are the host's: the same row, names and required fields; the part's own name for what it brings.
      shownAt.set(pathKey, { ...parent, merged: parent.merged + 1, ...(component ? { part: component.id } : {}) });
      return true;
    }
    // The items of an array: their fields are the array's own children.
    if (relation === 'items' && !member && !visit.backReference && isPlainObject(value) && !component && hasShownChildren(value)) {
      mergeItems(parent.row, value);
      shownAt.set(pathKey, shownFor(parent.row, `${parent.base}[]`, doc, value, visit.at));
      return true;
    }
    if (relation === 'items' && !member && isPlainObject(value) && !component && !visit.backReference) {
      // Items of a simple type: described on the array's row.
      mergeItems(parent.row, value);
      return false;
    }

    let name: string;
    let anchor: string;
    let required = false;
    let alternative = false;
    if (relation === 'properties' || relation === 'patternProperties') {
      const twin = parent.names.get(`${relation}:${last}`);
      if (twin) {
        // Defined again by another allOf part: both apply; what the second adds is shown on the first.
        if (isPlainObject(value)) mergeFacts(twin, value, doc, visit.at);
        return false;
      }
      name = relation === 'properties' ? last! : `/${last}/`;
      anchor = `${parent.base}.${anchorToken(last!)}`;
      required = relation === 'properties' && parent.required.has(last!);
    } else if (relation === 'oneOf' || relation === 'anyOf') {
      alternative = true;
      name = alternativeName(parent, value, visit.at, Number(last), component, options);
      anchor = `${parent.base}(${anchorToken(name)})`;
    } else if (relation === 'items') {
      // Items that are a named schema, or a tuple item.
      const tuple = member;
      name = tuple ? `[${last}]` : '[items]';
      anchor = `${parent.base}[${tuple ? last : ''}]`;
    } else if (relation === 'additionalProperties') {
      name = '{additional properties}';
      anchor = `${parent.base}.*`;
    } else {
      name = relation;
      anchor = `${parent.base}~${relation}`;
    }
    const row = newRow(uniqueAnchor(anchor), name, parent.row.depth + 1, value, doc, visit.at, options, component);
    if (relation === 'properties' || relation === 'patternProperties') parent.names.set(`${relation}:${last}`, row);
    if (required) row.required = true;
    if (alternative) row.alternative = true;
    // A property brought by a named allOf part says which.
    if (relation === 'properties' && parent.part) row.from = parent.part;
    if (visit.backReference) {
      const shown = rowAt.get(locationKey(visit.at));
      if (shown) row.backReference = { anchor: shown.anchor, name: shown.name || component?.id || 'schema' };
      rows.push(row);
      return false;
    }
    return place(row, shownFor(row, row.anchor, doc, value, visit.at));

    function place(placed: SchemaRow, entry: Shown): boolean {
      rowAt.set(locationKey(visit.at), placed);
      shownAt.set(pathKey, entry);
      rows.push(placed);
      ancestors.length = placed.depth;
      ancestors.push(placed);
      if (placed.depth >= MAX_ROW_DEPTH && hasShownChildren(value)) {
        // The row itself, or the nearest schema above it with a page of its own (not the tree's root, whose page this may be).
        const on = ancestors.findLast((r) => r.depth > 0 && r.component)?.component;
        placed.cut = on ? { on } : {};
        return false;
      }
      return true;
    }
  });
  return rows;
}

/** How a node with its own row (or an array's items, merged into the array's row) is shown to its children. */
function shownFor(row: SchemaRow, base: string, doc: ResolvedDoc, value: unknown, at: Location): Shown {
  return {
    row,
    base,
    names: new Map(),
    merged: 0,
    required: requiredOf(doc, value, at),
    ...(isPlainObject(value) && typeof value.discriminator === 'string' ? { discriminator: value.discriminator } : {}),
  };
}

function newRow(
  anchor: string,
  name: string,
  depth: number,
  value: unknown,
  doc: ResolvedDoc,
  at: Location,
  options: RowOptions,
  component: { id: string; url: string } | undefined,
): SchemaRow {
  const row: SchemaRow = {
    anchor,
    name,
    depth,
    type: typeLabel(value, doc, at, options),
    required: false,
    constraints: [],
    flags: [],
    ...(component ? { component } : {}),
  };
  if (typeof value === 'boolean') row.booleanSchema = value;
  if (isPlainObject(value)) describeSchema(row, value);
  const base = options.discriminators?.bases.get(locationKey(at));
  if (base) row.discriminator = { property: base.property, subtypes: base.subtypes };
  const subtypes = options.discriminators?.subtypes.get(locationKey(at));
  if (subtypes && depth === 0) row.selectedBy = subtypes;
  return row;
}

/** The properties an object requires, with those its allOf parts require (inline or referenced, a few levels deep). */
function requiredOf(doc: ResolvedDoc, value: unknown, at: Location, depth = 0): Set<string> {
  const out = new Set<string>();
  if (!isPlainObject(value) || depth > 8) return out;
  if (Array.isArray(value.required)) for (const r of value.required) if (typeof r === 'string') out.add(r);
  if (Array.isArray(value.allOf)) {
    value.allOf.forEach((part, i) => {
      const resolved = doc.deref(part, { file: at.file, pointer: `${at.pointer}/allOf/${i}` });
      if (resolved) for (const r of requiredOf(doc, resolved.value, resolved.at, depth + 1)) out.add(r);
    });
  }
  return out;
}

/** What an allOf part adds to the schema that lists it, besides its properties: type, constraints, values. */
function mergeInto(parent: Shown, part: Record<string, unknown>, doc: ResolvedDoc, at: Location): void {
  mergeFacts(parent.row, part, doc, at);
  for (const r of requiredOf(doc, part, at)) parent.required.add(r);
  if (typeof part.discriminator === 'string') parent.discriminator ??= part.discriminator;
}

/** A second schema for the same value (an allOf part, a property defined twice): its type, constraints and values join the row's. */
function mergeFacts(row: SchemaRow, part: Record<string, unknown>, doc: ResolvedDoc, at: Location): void {
  const added: SchemaRow = { anchor: '', name: '', depth: 0, type: typeLabel(part, doc, at, {}), required: false, constraints: [], flags: [] };
  describeSchema(added, part);
  if ((row.type === 'allOf' || row.type === 'any') && added.type !== 'any' && added.type !== 'allOf') row.type = added.type;
  for (const c of added.constraints) if (!row.constraints.includes(c)) row.constraints.push(c);
  for (const f of added.flags) if (!row.flags.includes(f)) row.flags.push(f);
  if (added.format && !row.format) row.format = added.format;
  if (added.enum && !row.enum) row.enum = added.enum;
  if (added.const !== undefined && row.const === undefined) row.const = added.const;
  if (!row.descriptionHtml && added.descriptionHtml) row.descriptionHtml = added.descriptionHtml;
}

/** The items of an array described on the array's own row: their format, constraints and values. */
function mergeItems(row: SchemaRow, items: Record<string, unknown>): void {
  const added: SchemaRow = { anchor: '', name: '', depth: 0, type: '', required: false, constraints: [], flags: [] };
  describeSchema(added, items);
  for (const c of added.constraints) row.constraints.push(`items ${c}`);
  if (added.format) row.constraints.push(`items ${added.format}`);
  if (added.enum) row.itemEnum = added.enum;
  if (added.descriptionHtml && !row.descriptionHtml) row.descriptionHtml = added.descriptionHtml;
}

/** An alternative is named by the discriminator value that selects it, else its title, else its schema's name. */
function alternativeName(parent: Shown, option: unknown, at: Location, index: number, component: { id: string } | undefined, options: RowOptions): string {
  const discriminator = parent.discriminator;
  if (discriminator) {
    const subtype = options.discriminators?.subtypes.get(locationKey(at))?.find((s) => s.property === discriminator);
    if (subtype) return subtype.value;
    const properties = isPlainObject(option) && isPlainObject(option.properties) ? option.properties : undefined;
    const prop = properties ? ownValue(properties, discriminator) : undefined;
    if (isPlainObject(prop) && prop.const !== undefined) return String(prop.const);
    if (isPlainObject(prop) && Array.isArray(prop.enum) && prop.enum.length === 1) return String(prop.enum[0]);
  }
  if (isPlainObject(option) && typeof option.title === 'string' && option.title !== '') return option.title;
  if (component) return component.id;
  return `shape ${index + 1}`;
}

function hasShownChildren(value: unknown): boolean {
  return isPlainObject(value) && schemaChildren(value).some(([keywords]) => keywords[0] !== 'definitions');
}

function anchorToken(token: string): string {
  return token.replace(/[^A-Za-z0-9_-]+/g, '-');
}

function typeLabel(value: unknown, doc: ResolvedDoc, at: Location, options: Pick<RowOptions, 'componentAt'>): string {
  if (value === true) return 'any';
  if (value === false) return 'nothing';
  if (!isPlainObject(value)) return 'any';
  const types = typeof value.type === 'string' ? [value.type] : Array.isArray(value.type) ? value.type.map(String) : [];
  const labels = types.map((t) => {
    if (t !== 'array' || value.items === undefined || Array.isArray(value.items)) return t;
    const items = doc.deref(value.items, { file: at.file, pointer: `${at.pointer}/items` });
    const component = items && options.componentAt?.(items.at);
    if (component) return `array of ${component.id}`;
    const inner =
      items && isPlainObject(items.value)
        ? typeof items.value.type === 'string'
          ? items.value.type
          : isPlainObject(items.value.properties)
            ? 'object'
            : undefined
        : undefined;
    return inner ? `array of ${inner}` : 'array';
  });
  if (labels.length > 0) return labels.join(' | ');
  if (
    isPlainObject(value.properties) ||
    (Array.isArray(value.allOf) && value.allOf.some((p) => isRefObject(p) || (isPlainObject(p) && isPlainObject(p.properties))))
  )
    return 'object';
  for (const c of COMBINATORS) if (value[c] !== undefined) return c === 'if' ? 'if / then / else' : c;
  if (value.const !== undefined) return typeof value.const;
  return 'any';
}

function describeSchema(row: SchemaRow, s: Record<string, unknown>): void {
  const n = (k: string): number | undefined => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  if (typeof s.format === 'string') row.format = s.format;
  const range = (min: number | undefined, max: number | undefined, unit: string): void => {
    if (min !== undefined && max !== undefined) row.constraints.push(min === max ? `exactly ${min} ${unit}` : `${min}..${max} ${unit}`);
    else if (min !== undefined) row.constraints.push(`≥ ${min} ${unit}`);
    else if (max !== undefined) row.constraints.push(`≤ ${max} ${unit}`);
  };
  range(n('minLength'), n('maxLength'), 'chars');
  const low = n('exclusiveMinimum') !== undefined ? `> ${n('exclusiveMinimum')}` : n('minimum') !== undefined ? `≥ ${n('minimum')}` : undefined;
  const high = n('exclusiveMaximum') !== undefined ? `< ${n('exclusiveMaximum')}` : n('maximum') !== undefined ? `≤ ${n('maximum')}` : undefined;
  if (low) row.constraints.push(low);
  if (high) row.constraints.push(high);
  if (n('multipleOf') !== undefined) row.constraints.push(`multiple of ${n('multipleOf')}`);
  if (typeof s.pattern === 'string') row.constraints.push(`pattern ${s.pattern}`);
  range(n('minItems'), n('maxItems'), 'items');
  if (s.uniqueItems === true) row.constraints.push('unique items');
  range(n('minProperties'), n('maxProperties'), 'properties');
  if (s.additionalProperties === false) row.constraints.push('no other properties');
  // A single value reads as "always X", like const.
  if (Array.isArray(s.enum) && s.enum.length === 1 && !('const' in s)) row.const = s.enum[0];
  else if (Array.isArray(s.enum)) row.enum = s.enum;
  if ('const' in s) row.const = s.const;
  if ('default' in s) row.default = s.default;
  if (Array.isArray(s.examples)) row.examples = s.examples;
  for (const flag of ['deprecated', 'readOnly', 'writeOnly'] as const) if (s[flag] === true) row.flags.push(flag);
  if (typeof s.description === 'string' && s.description !== '') row.descriptionHtml = renderMarkdown(s.description);
  for (const c of COMBINATORS) {
    if (s[c] !== undefined && c !== 'allOf') {
      row.combinator = c;
      break;
    }
  }
}
