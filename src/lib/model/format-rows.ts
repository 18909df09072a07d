/**
 * Schemas of other formats as the same table rows as JSON Schema: Avro records (their fields,
 * unions, arrays, maps, enums, nested records) and Protocol Buffers messages (parsed with
 * protobufjs: fields with their numbers, repeated and map fields, nested messages). A named
 * type met again inside itself becomes a back-reference, as with JSON Schema, and tables stop
 * at the same depth (MAX_ROW_DEPTH).
 */
import { lazyModule } from '../../perf/lazy-module.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { MAX_ROW_DEPTH } from './schema-rows.ts';
import type { SchemaRow } from './types.ts';

const protobuf = lazyModule<typeof import('protobufjs')>('protobufjs');

function row(anchor: string, name: string, depth: number, type: string): SchemaRow {
  return { anchor, name, depth, type, required: false, constraints: [], flags: [] };
}

const token = (s: string): string => s.replace(/[^A-Za-z0-9_-]+/g, '-');

/** Avro 1.9 schema → rows. */
export function avroRows(schema: unknown, anchorPrefix: string): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const shown = new Map<string, SchemaRow>();
  const typeName = (t: unknown): string => {
    if (typeof t === 'string') return t;
    if (Array.isArray(t)) return t.map(typeName).join(' | ');
    if (!isPlainObject(t)) return 'any';
    if (t.type === 'array') return `array of ${typeName(t.items)}`;
    if (t.type === 'map') return `map of ${typeName(t.values)}`;
    if (typeof t.logicalType === 'string') return `${String(t.type)} (${t.logicalType})`;
    return typeof t.name === 'string' ? `${String(t.type)} ${t.name}` : String(t.type);
  };
  const visit = (t: unknown, anchor: string, name: string, depth: number, extra: Partial<SchemaRow> = {}): void => {
    const r = { ...row(anchor, name, depth, typeName(t)), ...extra };
    const inner = Array.isArray(t) ? t.filter((u) => u !== 'null') : [t];
    // A union with null may hold null; whether the field may be left out is its default's matter.
    if (Array.isArray(t) && t.includes('null')) r.constraints.push('nullable');
    const single = inner.length === 1 ? inner[0] : undefined;
    const named =
      isPlainObject(single) && typeof single.name === 'string' ? String(single.namespace ? `${single.namespace}.${single.name}` : single.name) : undefined;
    if (named && shown.has(named) && isPlainObject(single) && single.type === 'record') {
      r.backReference = { anchor: shown.get(named)!.anchor, name: String(single.name) };
      rows.push(r);
      return;
    }
    if (isPlainObject(single) && single.type === 'enum' && Array.isArray(single.symbols)) r.enum = single.symbols;
    if (isPlainObject(single) && typeof single.doc === 'string' && !r.descriptionHtml) r.descriptionHtml = renderMarkdown(single.doc);
    rows.push(r);
    if (named) shown.set(named, r);
    if (depth >= MAX_ROW_DEPTH && isPlainObject(single) && ['record', 'array', 'map'].includes(String(single.type))) {
      r.cut = {};
      return;
    }
    if (isPlainObject(single) && single.type === 'record' && Array.isArray(single.fields)) {
      for (const f of single.fields) {
        if (!isPlainObject(f) || typeof f.name !== 'string') continue;
        const fieldExtra: Partial<SchemaRow> = {};
        if ('default' in f) fieldExtra.default = f.default;
        // Avro: a field without a default must be present in every record, null or not.
        else fieldExtra.required = true;
        if (typeof f.doc === 'string') fieldExtra.descriptionHtml = renderMarkdown(f.doc);
        visit(f.type, `${anchor}.${token(f.name)}`, f.name, depth + 1, fieldExtra);
      }
    } else if (isPlainObject(single) && single.type === 'array') visit(single.items, `${anchor}.items`, '[items]', depth + 1);
    else if (isPlainObject(single) && single.type === 'map') visit(single.values, `${anchor}.values`, '{values}', depth + 1);
  };
  visit(schema, anchorPrefix, '', 0);
  return rows;
}

/** Protocol Buffers source → rows of each top-level message. */
export function protobufRows(source: string, anchorPrefix: string): SchemaRow[] {
  const rows: SchemaRow[] = [];
  let root: import('protobufjs').Root;
  try {
    root = protobuf().parse(source, { keepCase: true }).root;
  } catch {
    return rows;
  }
  const { Type, Enum } = protobuf();
  const onPath = new Set<string>();
  const visitType = (type: import('protobufjs').Type, anchor: string, name: string, depth: number, extra: Partial<SchemaRow> = {}): void => {
    const r = { ...row(anchor, name, depth, `message ${type.name}`), ...extra };
    if (onPath.has(type.fullName)) {
      r.backReference = { anchor: rows.find((x) => x.type === `message ${type.name}`)?.anchor ?? anchorPrefix, name: type.name };
      rows.push(r);
      return;
    }
    rows.push(r);
    // Each message is also shown from its own row at the top of the table.
    if (depth >= MAX_ROW_DEPTH && type.fieldsArray.length > 0) {
      r.cut = {};
      return;
    }
    onPath.add(type.fullName);
    for (const field of type.fieldsArray) {
      field.resolve();
      const chips = [`field ${field.id}`];
      const keyType = 'keyType' in field ? String(field.keyType) : 'key';
      const label = field.map ? `map of ${keyType} to ${field.type}` : field.repeated ? `array of ${field.type}` : field.type;
      const fieldAnchor = `${anchor}.${token(field.name)}`;
      const fieldExtra: Partial<SchemaRow> = {
        constraints: chips,
        ...(field.required ? { required: true } : {}),
        ...(field.comment ? { descriptionHtml: renderMarkdown(field.comment) } : {}),
      };
      if (field.partOf) chips.push(`oneof ${field.partOf.name}`);
      if (field.resolvedType instanceof Type) visitType(field.resolvedType, fieldAnchor, field.name, depth + 1, { ...fieldExtra, type: label });
      else {
        const fieldRow = { ...row(fieldAnchor, field.name, depth + 1, label), ...fieldExtra };
        if (field.resolvedType instanceof Enum) fieldRow.enum = Object.keys(field.resolvedType.values);
        rows.push(fieldRow);
      }
    }
    onPath.delete(type.fullName);
  };
  const messages: import('protobufjs').Type[] = [];
  const collect = (ns: import('protobufjs').NamespaceBase): void => {
    for (const nested of ns.nestedArray) {
      if (nested instanceof Type) messages.push(nested);
      else if ('nestedArray' in nested) collect(nested as import('protobufjs').NamespaceBase);
    }
  };
  collect(root);
  for (const message of messages) visitType(message, `${anchorPrefix}.${token(message.name)}`, message.name, 0);
  return rows;
}
