/**
 * A schema as table rows (UI.md "Schema tables"): one row per property, items, additional or
 * pattern properties and alternative, with type, constraints, values, flags and description.
 * References are followed; a schema that is its own ancestor becomes a back-reference row
 * linking to where it is shown, never an endless expansion; a named component schema is
 * marked with a link to its own page.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { schemaChildren, walkSchema } from '../resolve/schema-walk.ts';
import type { SchemaRow } from './types.ts';

export interface RowOptions {
  /** Prefix of row anchors, unique per schema on a page (e.g. `payload`). */
  anchorPrefix: string;
  /** The page of a named component schema at this location, if there is one. */
  componentAt?: (at: Location) => { id: string; url: string } | undefined;
}

const COMBINATORS = ['oneOf', 'anyOf', 'allOf', 'not', 'if'] as const;

/**
 * Levels below the root a schema table shows. A row at this depth with schemas nested below it
 * is cut (`SchemaRow.cut`): its levels continue on the page of the nearest named component
 * schema, which starts its own table at its root. Without the limit a chain of a thousand
 * schemas (each a property of the one before) would make each page list the whole chain,
 * and nest the table a thousand levels deep.
 */
export const MAX_ROW_DEPTH = 8;

export function schemaRows(doc: ResolvedDoc, schema: unknown, site: Location, options: RowOptions): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const valueAt = new Map<string, unknown>();
  const anchorOf = new Map<string, SchemaRow>();
  /** The rows on the path to the current one, by depth. */
  const ancestors: SchemaRow[] = [];
  walkSchema(doc, schema, site, (visit) => {
    // `definitions` hold schemas for references; they are shown where they are used.
    if (visit.path[visit.path.length - 2] === 'definitions') return false;
    const pathKey = visit.path.join('\u0000');
    valueAt.set(pathKey, visit.value);
    const at = `${visit.at.file}#${visit.at.pointer}`;
    const parentKeywords = visit.path.length >= 2 && ['properties', 'patternProperties', 'allOf', 'anyOf', 'oneOf', 'items', 'definitions'].includes(visit.path[visit.path.length - 2]!) ? 2 : 1;
    const parent = visit.path.length === 0 ? undefined : valueAt.get(visit.path.slice(0, -parentKeywords).join('\u0000'));
    const anchor = [options.anchorPrefix, ...visit.path.filter((k) => !['properties'].includes(k))].map(anchorToken).join('.');
    const viaRef = visit.site.file !== visit.at.file || visit.site.pointer !== visit.at.pointer;
    const component = viaRef || visit.path.length === 0 ? options.componentAt?.(visit.at) : undefined;
    const row: SchemaRow = {
      anchor,
      name: rowName(visit.path, parent, visit.value, visit.at),
      depth: visit.depth,
      type: typeLabel(visit.value, doc, visit.at, options),
      required: isRequired(visit.path, parent),
      constraints: [],
      flags: [],
      ...(component ? { component } : {}),
    };
    if (typeof visit.value === 'boolean') row.booleanSchema = visit.value;
    if (visit.backReference) {
      const shown = anchorOf.get(at);
      if (shown) row.backReference = { anchor: shown.anchor, name: shown.name || component?.id || 'schema' };
      rows.push(row);
      return false;
    }
    anchorOf.set(at, row);
    if (isPlainObject(visit.value)) describeSchema(row, visit.value);
    rows.push(row);
    ancestors.length = visit.depth;
    ancestors.push(row);
    if (visit.depth >= MAX_ROW_DEPTH && hasShownChildren(visit.value)) {
      // The row itself, or the nearest schema above it with a page of its own (not the table's root, whose page this may be).
      const on = ancestors.findLast((r) => r.depth > 0 && r.component)?.component;
      row.cut = on ? { on } : {};
      return false;
    }
    return true;
  });
  return rows;
}

function hasShownChildren(value: unknown): boolean {
  return isPlainObject(value) && schemaChildren(value).some(([keywords]) => keywords[0] !== 'definitions');
}

function anchorToken(token: string): string {
  return token.replace(/[^A-Za-z0-9_-]+/g, '-');
}

function rowName(path: string[], parent: unknown, value: unknown, at: Location): string {
  const last = path[path.length - 1];
  const keyword = path[path.length - 2];
  if (last === undefined) return '';
  if (keyword === 'properties' || keyword === 'definitions') return last;
  if (keyword === 'patternProperties') return `/${last}/`;
  if (keyword === 'items') return `[${last}]`;
  if (keyword === 'allOf' || keyword === 'anyOf' || keyword === 'oneOf') {
    const label = discriminatorLabel(parent, value, at);
    return `${keyword} ${Number(last) + 1}${label ? ` (${label})` : ''}`;
  }
  if (last === 'items') return '[items]';
  if (last === 'additionalProperties') return '{additional properties}';
  return last;
}

/** With a discriminator, an alternative is named by its discriminator value (SPEC polymorphism rules 2). */
function discriminatorLabel(parent: unknown, option: unknown, at: Location): string | undefined {
  if (!isPlainObject(parent) || typeof parent.discriminator !== 'string') return undefined;
  const property = parent.discriminator;
  if (isPlainObject(option) && isPlainObject(option.properties)) {
    const prop = Object.hasOwn(option.properties, property) ? option.properties[property] : undefined;
    if (isPlainObject(prop) && prop.const !== undefined) return String(prop.const);
    if (isPlainObject(prop) && Array.isArray(prop.enum) && prop.enum.length === 1) return String(prop.enum[0]);
  }
  // Otherwise the value is the schema's name (its components key).
  const name = /^\/components\/schemas\/([^/]+)$/.exec(at.pointer)?.[1];
  return name?.replaceAll('~1', '/').replaceAll('~0', '~');
}

function isRequired(path: string[], parent: unknown): boolean {
  if (path[path.length - 2] !== 'properties' || !isPlainObject(parent) || !Array.isArray(parent.required)) return false;
  return parent.required.includes(path[path.length - 1]);
}

function typeLabel(value: unknown, doc: ResolvedDoc, at: Location, options: RowOptions): string {
  if (value === true) return 'any';
  if (value === false) return 'nothing';
  if (!isPlainObject(value)) return 'any';
  const types = typeof value.type === 'string' ? [value.type] : Array.isArray(value.type) ? value.type.map(String) : [];
  const labels = types.map((t) => {
    if (t !== 'array' || value.items === undefined || Array.isArray(value.items)) return t;
    const items = doc.deref(value.items, { file: at.file, pointer: `${at.pointer}/items` });
    const component = items && options.componentAt?.(items.at);
    if (component) return `array of ${component.id}`;
    const inner = items && isPlainObject(items.value) && typeof items.value.type === 'string' ? items.value.type : undefined;
    return inner ? `array of ${inner}` : 'array';
  });
  if (labels.length > 0) return labels.join(' | ');
  for (const c of COMBINATORS) if (value[c] !== undefined) return c === 'if' ? 'if / then / else' : c;
  if (isPlainObject(value.properties)) return 'object';
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
  if (Array.isArray(s.enum)) row.enum = s.enum;
  if ('const' in s) row.const = s.const;
  if ('default' in s) row.default = s.default;
  if (Array.isArray(s.examples)) row.examples = s.examples;
  for (const flag of ['deprecated', 'readOnly', 'writeOnly'] as const) if (s[flag] === true) row.flags.push(flag);
  if (typeof s.description === 'string' && s.description !== '') row.descriptionHtml = renderMarkdown(s.description);
  for (const c of COMBINATORS) {
    if (s[c] !== undefined) {
      row.combinator = c;
      break;
    }
  }
}
