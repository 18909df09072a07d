/**
 * A schema's normalised view (src/lib/schema) as one tree of rows (UI.md "Schema tables"), in
 * document order with a depth each:
 * - a property, pattern property or additional property is a row under the object it belongs
 *   to; allOf parts are already merged into the schema that lists them (merge.ts), a property
 *   brought by a named part says which (`from`);
 * - the items of an array are shown as the array's own children (`items[]` in the data path),
 *   unless they are a named schema, which gets a row of its own;
 * - `oneOf` / `anyOf` alternatives are rows marked `alternative`, named by the discriminator
 *   value that selects them, their title, or their schema's name;
 * - a row's anchor is its data path (`payload.lines[].sku`, `payload.payment(card).last4`).
 *
 * Bounded on every input, whatever the document does with references:
 * - a schema that is its own ancestor is a back-reference row, never an endless expansion;
 * - a schema met again in the same table is shown again only when it is small (SMALL_REPEAT
 *   rows); a larger one is a row that links to where it was shown first (`repeatOf`), as
 *   Redocly links to a component instead of expanding it again. So a table has at most one
 *   full expansion of each schema, and a fan-out of references (each level using the next ten
 *   times) grows the table with the document, not with the number of paths through it;
 * - a table is cut at MAX_ROW_DEPTH levels, continued on the page of the nearest named schema,
 *   and at MAX_TABLE_ROWS rows, saying how many fields it left out.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderInlineMarkdown, renderMarkdown } from '../markdown/render-markdown.ts';
import type { ResolvedDoc } from '../resolve/resolved-doc.ts';
import { ANY_ID } from '../schema/merge.ts';
import { type JsonType, type SchemaDialect, type SchemaNode, shapeOf } from '../schema/schema-node.ts';
import { type SchemaViews, schemaViewsOf } from '../schema/schema-views.ts';
import type { DiscriminatorIndex } from './discriminators.ts';
import { ROW_EXAMPLES } from './shown-examples.ts';
import { alternativeName } from './alternative-name.ts';
import type { SchemaRow } from './types.ts';

export interface RowOptions {
  /** Prefix of row anchors, unique per schema on a page (e.g. `payload`). */
  anchorPrefix: string;
  /** The page of a named component schema at this location, if there is one. */
  componentAt?: (at: Location) => { id: string; url: string } | undefined;
  /** Discriminators of the document (discriminators.ts): bases and their subtypes. */
  discriminators?: DiscriminatorIndex;
  /** How many pages use the component schema at a location: one used by many is shown whole on its own page only. */
  usesOf?: (at: Location) => number;
  /** The URL of the component schema whose own page this table is on. */
  ownComponent?: string;
  /**
   * Whether `validate` accepts the schema's example written at `at` (rule schema-example): a row
   * shows as "e.g." only those it accepts. Absent: every example is shown.
   */
  exampleAccepted?: (example: unknown, at: Location, dialect: SchemaDialect) => boolean;
}

/** A table's rows, and how many it left out past MAX_TABLE_ROWS. */
export interface SchemaTableRows {
  rows: SchemaRow[];
  omitted?: number;
}

/**
 * Levels below the root a schema tree shows. A row at this depth with schemas nested below it
 * is cut (`SchemaRow.cut`): its levels continue on the page of the nearest named component
 * schema, which starts its own tree at its root.
 */
export const MAX_ROW_DEPTH = 8;
/** Rows of one table; past it the table says how many fields it left out. */
export const MAX_TABLE_ROWS = 400;
/** A schema met again in a table is expanded again only when it shows at most this many rows. */
export const SMALL_REPEAT = 12;
/**
 * A named schema used by more pages than this is shown whole on its own page only; elsewhere,
 * when it shows more than SHARED_ROWS rows, its table shows its own fields (at most SHARED_ROWS)
 * where it is the table's subject, and a link where it is nested. So a schema shared by a
 * thousand messages is written once in full, not a thousand times: the site grows with the
 * document, not with the product of its schemas and their users.
 */
export const SHARED_USES = 3;
export const SHARED_ROWS = 30;

const locationKey = (at: Location): string => `${at.file}#${at.pointer}`;

/** Rows of the JSON Schema written at `site` (a binding's schema field, a guide's schema). */
export function schemaRows(doc: ResolvedDoc, schema: unknown, site: Location, options: RowOptions): SchemaRow[] {
  const views = schemaViewsOf(doc);
  return viewRows(views, views.node(views.childId('json-schema', schema, site)), options).rows;
}

/** One entry of the walk: a node to show as a row, where it hangs and what it is called. */
interface Pending {
  node: SchemaNode;
  name: string;
  anchor: string;
  depth: number;
  required: boolean;
  alternative?: { kind: 'oneOf' | 'anyOf' };
  /** The named part that brings this property. */
  from?: Location;
  /** Ids of the nodes on the path from the root (for recursion). */
  path: ReadonlySet<string>;
  /** Named schemas on the path, nearest last (where a cut table continues). */
  named: readonly { id: string; url: string }[];
  /** A field of a widely shared schema shown on another page: its own fields are on that schema's page. */
  leaf?: { id: string; url: string };
  /** Examples the rows above this one show already (JSON): a shape extending its base repeats the base's. */
  examplesAbove?: ReadonlySet<string>;
}

export function viewRows(views: SchemaViews, root: SchemaNode, options: RowOptions): SchemaTableRows {
  const rows: SchemaRow[] = [];
  const anchors = new Set<string>();
  /** Where each node was first shown with its children, by node id. */
  const shownAt = new Map<string, SchemaRow>();
  const uniqueAnchor = (anchor: string): string => {
    let candidate = anchor;
    for (let n = 2; anchors.has(candidate); n++) candidate = `${anchor}-${n}`;
    anchors.add(candidate);
    return candidate;
  };
  const rootNamed = options.componentAt?.(root.at);
  const stack: Pending[] = [{ node: root, name: '', anchor: options.anchorPrefix, depth: 0, required: false, path: new Set(), named: [] }];
  let omitted = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (rows.length >= MAX_TABLE_ROWS) {
      omitted++;
      continue;
    }
    const { node, depth } = item;
    const component = options.componentAt?.(node.at);
    const row = describe(views, node, uniqueAnchor(item.anchor), item.name, depth, options, component);
    if (item.required) row.required = true;
    if (item.alternative) row.alternative = true;
    if (item.examplesAbove) {
      const above = item.examplesAbove;
      for (const key of ['examples', 'wrongExamples'] as const) {
        const fresh = row[key]?.filter((v) => !above.has(JSON.stringify(v)));
        if (fresh?.length) row[key] = fresh;
        else delete row[key];
      }
    }
    if (item.from) {
      const part = options.componentAt?.(item.from);
      if (part) row.from = part;
    }
    rows.push(row);
    const children = childrenOf(views, node, row.anchor, options);
    if (children.length === 0) continue;
    const shape = shapeOf(node);
    if (item.path.has(shape)) {
      const first = shownAt.get(shape);
      row.backReference = { anchor: first?.anchor ?? options.anchorPrefix, name: first?.name || component?.id || rootNamed?.id || 'the schema' };
      continue;
    }
    const first = shownAt.get(shape);
    if (first && subtreeRows(views, node, SMALL_REPEAT + 1) > SMALL_REPEAT) {
      row.repeatOf = { anchor: first.anchor, name: first.name || first.component?.id || 'the schema' };
      continue;
    }
    if (!first) shownAt.set(shape, row);
    const named = component && depth > 0 ? [...item.named, component] : item.named;
    const shared = component !== undefined && component.url !== options.ownComponent && (options.usesOf?.(node.at) ?? 0) > SHARED_USES;
    if (shared && subtreeRows(views, node, SHARED_ROWS + 1) > SHARED_ROWS) {
      if (depth > 0) {
        row.cut = { on: component };
        continue;
      }
      // The table's subject: its own fields, each cut where it has fields of its own.
      const first = children.slice(0, SHARED_ROWS);
      omitted += children.length - first.length;
      for (let i = first.length - 1; i >= 0; i--)
        stack.push({ ...first[i]!, depth: 1, path: new Set([shape]), named: [component], node: views.node(first[i]!.id), leaf: component });
      continue;
    }
    if (item.leaf) {
      if (children.length > 0) row.cut = { on: item.leaf };
      continue;
    }
    if (depth >= MAX_ROW_DEPTH) {
      const on = named[named.length - 1];
      row.cut = on ? { on } : {};
      continue;
    }
    const path = new Set(item.path).add(shape);
    const said = [...(row.examples ?? []), ...(row.wrongExamples ?? [])];
    const examplesAbove = said.length > 0 ? new Set([...(item.examplesAbove ?? []), ...said.map((v) => JSON.stringify(v))]) : item.examplesAbove;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      stack.push({ ...child, depth: depth + 1, path, named, node: views.node(child.id), anchor: child.anchor, ...(examplesAbove ? { examplesAbove } : {}) });
    }
  }
  return omitted > 0 ? { rows, omitted } : { rows };
}

interface Child {
  id: string;
  name: string;
  anchor: string;
  required: boolean;
  alternative?: { kind: 'oneOf' | 'anyOf' };
  from?: Location;
}

/**
 * What is shown below a node's row. The fields of an array's items are the array's own (their
 * anchors go through `[]`), unless the items are a named schema.
 */
function childrenOf(views: SchemaViews, node: SchemaNode, base: string, options: RowOptions): Child[] {
  const out: Child[] = [];
  let fieldsOf = node;
  let fieldBase = base;
  if (node.items !== undefined) {
    const items = views.node(node.items);
    if (options.componentAt?.(items.at) || items.boolean !== undefined) {
      if (options.componentAt?.(items.at)) out.push({ id: node.items, name: '[items]', anchor: `${base}[]`, required: false });
    } else if (hasChildren(items)) {
      fieldsOf = items;
      fieldBase = `${base}[]`;
    }
  }
  for (const p of fieldsOf.properties)
    out.push({ id: p.node, name: p.name, anchor: `${fieldBase}.${anchorToken(p.name)}`, required: p.required, ...(p.from ? { from: p.from } : {}) });
  // A required name without a schema of its own: still a field the value must have (its schema is the other properties', else any).
  const others = typeof fieldsOf.additionalProperties === 'string' ? fieldsOf.additionalProperties : ANY_ID;
  for (const name of fieldsOf.requiredOnly) out.push({ id: others, name, anchor: `${fieldBase}.${anchorToken(name)}`, required: true });
  for (const p of fieldsOf.patternProperties)
    out.push({ id: p.node, name: `/${p.pattern}/`, anchor: `${fieldBase}.${anchorToken(p.pattern)}`, required: false });
  if (typeof fieldsOf.additionalProperties === 'string')
    out.push({ id: fieldsOf.additionalProperties, name: '{additional properties}', anchor: `${fieldBase}.*`, required: false });
  fieldsOf.tupleItems?.forEach((id, i) => {
    out.push({ id, name: `[${i}]`, anchor: `${fieldBase}[${i}]`, required: false });
  });
  for (const choice of fieldsOf.choices) {
    choice.options.forEach((id, i) => {
      const option = views.node(id);
      const name = alternativeName(views, fieldsOf, choice.discriminator, option, i, options);
      out.push({ id, name, anchor: `${fieldBase}(${anchorToken(name)})`, required: false, alternative: { kind: choice.kind } });
    });
  }
  for (const id of fieldsOf.nots) out.push({ id, name: 'not', anchor: `${fieldBase}~not`, required: false });
  for (const c of fieldsOf.conditionals) {
    out.push({ id: c.if, name: 'if', anchor: `${fieldBase}~if`, required: false });
    if (c.then) out.push({ id: c.then, name: 'then', anchor: `${fieldBase}~then`, required: false });
    if (c.else) out.push({ id: c.else, name: 'else', anchor: `${fieldBase}~else`, required: false });
  }
  return out;
}

function hasChildren(node: SchemaNode): boolean {
  return (
    node.properties.length > 0 ||
    node.requiredOnly.length > 0 ||
    node.patternProperties.length > 0 ||
    typeof node.additionalProperties === 'string' ||
    (node.tupleItems?.length ?? 0) > 0 ||
    node.choices.length > 0 ||
    node.nots.length > 0 ||
    node.conditionals.length > 0 ||
    node.items !== undefined
  );
}

/** Rows a node shows below itself, counted up to `limit` (a repeated schema this small is shown again). */
function subtreeRows(views: SchemaViews, node: SchemaNode, limit: number): number {
  let count = 0;
  const stack: { node: SchemaNode; path: ReadonlySet<string>; depth: number }[] = [{ node, path: new Set(), depth: 0 }];
  while (stack.length > 0 && count < limit) {
    const { node: n, path, depth } = stack.pop()!;
    if (path.has(shapeOf(n)) || depth > MAX_ROW_DEPTH) continue;
    const inner = new Set(path).add(shapeOf(n));
    for (const child of childrenOf(views, n, '', { anchorPrefix: '' })) {
      count++;
      stack.push({ node: views.node(child.id), path: inner, depth: depth + 1 });
    }
  }
  return count;
}

function describe(
  views: SchemaViews,
  node: SchemaNode,
  anchor: string,
  name: string,
  depth: number,
  options: RowOptions,
  component: { id: string; url: string } | undefined,
): SchemaRow {
  const types = effectiveTypes(views, node);
  const row: SchemaRow = { anchor, name, depth, type: typeLabel(views, node, types, options), required: false, constraints: [], flags: [] };
  if (component) row.component = component;
  if (types?.includes('null') && types.some((t) => t !== 'null')) row.nullable = true;
  if (node.boolean !== undefined) row.booleanSchema = node.boolean;
  // The reason is this tool's own sentence; names in it are code spans.
  if (node.unresolved) row.unresolvedHtml = renderInlineMarkdown(node.unresolved);
  const format = node.format ?? (node.dialect === 'raml' ? node.nativeType : undefined);
  if (format && format !== row.type) row.format = format;
  describeConstraints(row, node);
  if (node.knownValues) row.enum = node.knownValues;
  if (node.const) row.const = node.const.value;
  else if (node.enum?.length === 1) row.const = node.enum[0];
  else if (node.enum) row.enum = node.enum;
  if (node.default) row.default = node.default.value;
  const { shown, wrong, more } = rowExamples(node, row, options);
  if (shown.length > 0) {
    row.examples = shown;
    if (more > 0) row.moreExamples = more;
  }
  // Every example wrong: the row says so instead of showing one as a value the field takes.
  else if (wrong.length > 0) row.wrongExamples = wrong;
  for (const flag of ['deprecated', 'readOnly', 'writeOnly'] as const) if (node[flag]) row.flags.push(flag);
  if (node.description) row.descriptionHtml = renderMarkdown(node.description);
  const combinator = node.choices[0]?.kind ?? (node.nots.length > 0 ? 'not' : node.conditionals.length > 0 ? 'if' : undefined);
  if (combinator) row.combinator = combinator;
  if (node.items !== undefined) {
    const items = views.node(node.items);
    if (!options.componentAt?.(items.at) && !hasChildren(items)) {
      const inner: SchemaRow = { anchor: '', name: '', depth: 0, type: '', required: false, constraints: [], flags: [] };
      describeConstraints(inner, items);
      for (const c of inner.constraints) row.constraints.push(`items ${c}`);
      if (items.format) row.constraints.push(`items ${items.format}`);
      if (items.enum) row.itemEnum = items.enum;
      if (!row.descriptionHtml && items.description) row.descriptionHtml = renderMarkdown(items.description);
    }
  }
  const extended = node.extends.map((at) => options.componentAt?.(at)).filter((c) => c !== undefined);
  if (extended.length > 0) row.extends = unique(extended, (c) => c.url);
  const base = options.discriminators?.bases.get(locationKey(node.at));
  if (base) row.discriminator = { property: base.property, subtypes: base.subtypes };
  const subtypes = options.discriminators?.subtypes.get(locationKey(node.at));
  if (subtypes && depth === 0) row.selectedBy = subtypes;
  return row;
}

/**
 * The types a value of the node may have, as a reader needs them: its own, else those its
 * alternatives allow (a `oneOf` of a string and an integer is a string or an integer), else an
 * object when its keywords only apply to objects, else the types of its enum or const values.
 * Undefined: any value.
 */
function effectiveTypes(views: SchemaViews, node: SchemaNode): JsonType[] | undefined {
  if (node.types) return node.types;
  if (node.const) return [typeOfValue(node.const.value)];
  if (node.enum && node.enum.length > 0) return unique(node.enum.map(typeOfValue), (t) => t);
  if (node.choices.length > 0) {
    const union = new Set<JsonType>();
    for (const option of node.choices[0]!.options) {
      const t = views.node(option).types;
      if (t === undefined) return node.inferredObject ? ['object'] : undefined;
      for (const x of t) union.add(x);
    }
    return [...union];
  }
  return node.inferredObject ? ['object'] : undefined;
}

function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean' || typeof value === 'string') return typeof value as 'boolean' | 'string';
  return 'object';
}

function typeLabel(views: SchemaViews, node: SchemaNode, types: JsonType[] | undefined, options: RowOptions): string {
  // Avro and Protobuf readers know their types by the format's own names (`long, timestamp-millis`, `message Line`).
  if (node.nativeType && (node.dialect === 'avro' || node.dialect === 'protobuf')) {
    if (node.items !== undefined) return arrayLabel(views, node, options);
    if (typeof node.additionalProperties === 'string' && node.properties.length === 0)
      return `map of ${typeLabel(views, views.node(node.additionalProperties), effectiveTypes(views, views.node(node.additionalProperties)), options)}`;
    return node.nativeType;
  }
  if (node.boolean === true) return 'any';
  if (node.boolean === false || (types && types.length === 0)) return 'nothing';
  if (!types) return 'any';
  const shown = types.filter((t) => t !== 'null' || types.length === 1);
  // integer and number together read as number.
  const labels = shown.filter((t) => !(t === 'integer' && shown.includes('number'))).map((t) => (t === 'array' ? arrayLabel(views, node, options) : t));
  return labels.join(' | ');
}

function arrayLabel(views: SchemaViews, node: SchemaNode, options: RowOptions): string {
  if (node.items === undefined) return node.tupleItems ? 'array (tuple)' : 'array';
  const items = views.node(node.items);
  const named = options.componentAt?.(items.at);
  if (named) return `array of ${named.id}`;
  const inner = effectiveTypes(views, items);
  if (!inner || inner.length === 0) return 'array';
  return `array of ${typeLabel(views, items, inner, options)}`;
}

function describeConstraints(row: SchemaRow, node: SchemaNode): void {
  // One count, one unit ("≥ 1 item", "exactly 1 char"); a span reads in the plural ("0..1 items").
  const range = (min: number | undefined, max: number | undefined, [one, many]: readonly [string, string]): void => {
    const unit = (n: number): string => (n === 1 ? one : many);
    if (min !== undefined && max !== undefined) row.constraints.push(min === max ? `exactly ${min} ${unit(min)}` : `${min}..${max} ${many}`);
    else if (min !== undefined) row.constraints.push(`≥ ${min} ${unit(min)}`);
    else if (max !== undefined) row.constraints.push(`≤ ${max} ${unit(max)}`);
  };
  range(node.minLength, node.maxLength, ['char', 'chars']);
  const n = node.numbers;
  const low =
    n.exclusiveMinimum !== undefined && (n.minimum === undefined || n.exclusiveMinimum >= n.minimum)
      ? `> ${n.exclusiveMinimum}`
      : n.minimum !== undefined
        ? `≥ ${n.minimum}`
        : undefined;
  const high =
    n.exclusiveMaximum !== undefined && (n.maximum === undefined || n.exclusiveMaximum <= n.maximum)
      ? `< ${n.exclusiveMaximum}`
      : n.maximum !== undefined
        ? `≤ ${n.maximum}`
        : undefined;
  // Bounds that only restate the integer type of an Avro or Protobuf field are left out.
  if (low && !(node.nativeType && isTypeBound(n.minimum))) row.constraints.push(low);
  if (high && !(node.nativeType && isTypeBound(n.maximum))) row.constraints.push(high);
  for (const m of n.multipleOf ?? []) row.constraints.push(`multiple of ${m}`);
  for (const p of node.patterns) row.constraints.push(`pattern ${p}`);
  range(node.minItems, node.maxItems, ['item', 'items']);
  if (node.uniqueItems) row.constraints.push('unique items');
  range(node.minProperties, node.maxProperties, ['property', 'properties']);
  if (node.additionalProperties === false && node.properties.length + node.patternProperties.length > 0) row.constraints.push('no other properties');
  for (const note of node.notes) row.constraints.push(note);
}

const TYPE_BOUNDS = new Set([-2147483648, 2147483647, 4294967295, 0, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
const isTypeBound = (v: number | undefined): boolean => v !== undefined && TYPE_BOUNDS.has(v);

/**
 * The examples a row shows as "e.g.": at most ROW_EXAMPLES of those the check `validate` makes of
 * each at its level accepts (a wrong one is never shown as a value the field takes), each value
 * once (the examples of a subtype and of the base it extends, merged, are often the same), and
 * none that only repeats the value the row already says it always has or defaults to ("always
 * "1.0"", then "e.g. "1.0"", says nothing new). Judged in the document's order until the row has
 * its examples: `more` counts the different values after them, unjudged (a field with a thousand
 * examples is judged a few times). `wrong`: every one, when none is right (one that repeats the
 * row's value counts: it is not shown, but it is right). An example that is not checked (another format's, or no check given) counts as right,
 * as the panels count one.
 */
function rowExamples(node: SchemaNode, row: SchemaRow, options: RowOptions): { shown: unknown[]; wrong: unknown[]; more: number } {
  const said = new Set<string>();
  if (row.const !== undefined) said.add(JSON.stringify(row.const));
  if (row.default !== undefined) said.add(JSON.stringify(row.default));
  const seen = new Set<string>();
  const shown: unknown[] = [];
  const wrong: unknown[] = [];
  let anyRight = false;
  let more = 0;
  (node.examples ?? []).forEach((example, i) => {
    const key = JSON.stringify(example);
    if (seen.has(key)) return;
    seen.add(key);
    const repeats = said.has(key);
    if (!repeats && shown.length >= ROW_EXAMPLES) {
      more++;
      return;
    }
    const site = node.exampleSites?.[i];
    const right = !(site && options.exampleAccepted && !options.exampleAccepted(example, site, node.dialect));
    anyRight ||= right;
    // One that repeats the row's "always" or "default" is not shown, but a right one means the document's examples are not all wrong.
    if (!repeats) (right ? shown : wrong).push(example);
  });
  return { shown, wrong: anyRight ? [] : wrong, more };
}

function anchorToken(token: string): string {
  return token.replace(/[^A-Za-z0-9_-]+/g, '-');
}

function unique<T>(list: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((x) => {
    const k = key(x);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
