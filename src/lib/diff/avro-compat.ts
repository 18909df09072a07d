/**
 * Avro payloads compared by Avro's own schema resolution (the specification's "Schema
 * Resolution": a reader schema reads data written with a writer schema). A change that stops
 * readers on the old schema from reading data written with the new one widens (a new enum
 * symbol, a new union branch, int → long, a field removed that had no default); one that stops
 * the new schema from reading data written with the old one narrows (a new field without a
 * default, a symbol or branch removed, long → int). avsc's own resolver checks the result: a
 * direction it refuses that the walk did not explain is reported with avsc's reason.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { lazyModule } from '../../perf/lazy-module.ts';
import { childPointer } from '../json-pointer.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { avroSchemaProblem } from '../schema/avro-schema-check.ts';
import type { ContentFinding } from './classify.ts';
import type { Effect } from './types.ts';

const avro = lazyModule<typeof import('avsc')>('avsc');

type AvroType = import('avsc').Type;

interface AvroSide {
  type: AvroType;
  /** Where each named type is defined in the document, by full and by short name. */
  defined: Map<string, Location>;
  at: Location;
}

/** Named types' definitions in the schema as written, so findings point at their lines. */
function definitions(schema: unknown, at: Location): Map<string, Location> {
  const out = new Map<string, Location>();
  const visit = (node: unknown, where: Location, namespace: string, depth: number): void => {
    if (depth > 200) return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        visit(item, { file: where.file, pointer: childPointer(where.pointer, String(i)) }, namespace, depth + 1);
      });
      return;
    }
    if (!isPlainObject(node)) return;
    let ns = namespace;
    if (typeof node.name === 'string' && ['record', 'enum', 'fixed', 'error'].includes(String(node.type))) {
      ns = typeof node.namespace === 'string' ? node.namespace : node.name.includes('.') ? node.name.slice(0, node.name.lastIndexOf('.')) : namespace;
      const full = node.name.includes('.') ? node.name : ns ? `${ns}.${node.name}` : node.name;
      if (!out.has(full)) out.set(full, where);
      const short = full.slice(full.lastIndexOf('.') + 1);
      if (!out.has(short)) out.set(short, where);
    }
    for (const key of ['type', 'items', 'values', 'fields']) {
      if (node[key] !== undefined) visit(node[key], { file: where.file, pointer: childPointer(where.pointer, key) }, ns, depth + 1);
    }
  };
  visit(schema, at, '', 0);
  return out;
}

/**
 * Each schema parsed once where it is written: `build --versions` compares every older version
 * with the same newest documents, whose schemas were parsed again for each comparison. Keyed by
 * the schema's value as the resolved document holds it (one object per place it is written)
 * and that place; what a parse gives is only read afterwards.
 */
const parsed = new WeakMap<object, Map<string, AvroSide | string>>();

/** Parses an Avro schema; the reason when it is not one (validate reports it; diff then compares the text). */
export function parseAvro(schema: unknown, at: Location): AvroSide | string {
  if (typeof schema !== 'object' || schema === null) return parseAvroOnce(schema, at);
  let byPlace = parsed.get(schema);
  if (!byPlace) parsed.set(schema, (byPlace = new Map()));
  const place = `${at.file}\0${at.pointer}`;
  let side = byPlace.get(place);
  if (side === undefined) byPlace.set(place, (side = parseAvroOnce(schema, at)));
  return side;
}

function parseAvroOnce(schema: unknown, at: Location): AvroSide | string {
  // The reason in this tool's words, as validate says it (avro-schema-check.ts).
  const problem = avroSchemaProblem(schema);
  if (problem) return `the Avro schema is malformed: ${problem}`;
  try {
    return { type: avro().Type.forSchema(schema as import('avsc').Schema, { wrapUnions: false }), defined: definitions(schema, at), at };
  } catch {
    return 'the Avro schema could not be read';
  }
}

/** Writer type → the reader types that read it (Avro's promotions). */
const PROMOTIONS: Record<string, string[]> = {
  int: ['long', 'float', 'double'],
  long: ['float', 'double'],
  float: ['double'],
  string: ['bytes'],
  bytes: ['string'],
};

const kind = (t: AvroType): string => (t.typeName.startsWith('union') ? 'union' : t.typeName);
const label = (t: AvroType): string => t.name ?? t.typeName;
const branches = (t: AvroType): AvroType[] => (kind(t) === 'union' ? ((t as unknown as { types: AvroType[] }).types ?? []) : [t]);
const reads = (reader: AvroType, writer: AvroType): boolean =>
  kind(reader) === kind(writer)
    ? kind(reader) !== 'record' && kind(reader) !== 'enum' && kind(reader) !== 'fixed'
      ? true
      : label(reader) === label(writer) || shortName(reader) === shortName(writer)
    : (PROMOTIONS[kind(writer)] ?? []).includes(kind(reader));
const shortName = (t: AvroType): string => (t.name ?? '').slice((t.name ?? '').lastIndexOf('.') + 1);

interface Field {
  name: string;
  type: AvroType;
  aliases: string[];
  defaultValue(): unknown;
}

export function compareAvro(base: AvroSide, head: AvroSide, path: string, findings: ContentFinding[]): void {
  const seen = new Set<string>();
  const where = (side: AvroSide, t: AvroType | undefined, fieldIndex?: number): Location => {
    const defined = t?.name ? (side.defined.get(t.name) ?? side.defined.get(shortName(t))) : undefined;
    const at = defined ?? side.at;
    return fieldIndex === undefined ? at : { file: at.file, pointer: childPointer(childPointer(at.pointer, 'fields'), String(fieldIndex)) };
  };
  const add = (rule: string, effect: Effect, side: 'base' | 'head', at: Location, p: string, what: string, example?: string): void => {
    findings.push({ rule, effect, side, at, what: `${p}: ${what}`, ...(example ? { example } : {}) });
  };
  const walk = (o: AvroType, n: AvroType, p: string, oRecord: AvroType | undefined, nRecord: AvroType | undefined, depth: number): void => {
    const key = `${label(o)}|${label(n)}|${p.length > 0 && o.name ? '' : p}`;
    if (seen.has(key) || depth > 64) return;
    seen.add(key);
    const at = where(head, nRecord);
    if (kind(o) === 'union' || kind(n) === 'union') {
      const old = branches(o);
      const now = branches(n);
      const match = (t: AvroType, list: AvroType[]): AvroType | undefined =>
        list.find((x) => kind(x) === kind(t) && (!t.name || shortName(x) === shortName(t))) ?? list.find((x) => kind(x) === kind(t));
      for (const branch of now) {
        const partner = match(branch, old);
        if (partner) walk(partner, branch, p, oRecord, nRecord, depth + 1);
        else if (!old.some((x) => reads(x, branch)))
          add(
            'avro-union-branch-added',
            'widen',
            'head',
            at,
            p,
            `union branch ${label(branch)} added: readers on the old schema cannot read it`,
            `a ${leaf(p)} of type ${label(branch)}`,
          );
      }
      for (const branch of old) {
        if (match(branch, now)) continue;
        if (!now.some((x) => reads(x, branch)))
          add(
            'avro-union-branch-removed',
            'narrow',
            'base',
            where(base, oRecord),
            p,
            `union branch ${label(branch)} removed: the new schema cannot read old data of that type`,
            `a ${leaf(p)} of type ${label(branch)}`,
          );
      }
      return;
    }
    if (kind(o) !== kind(n)) {
      const newReadsOld = reads(n, o);
      const oldReadsNew = reads(o, n);
      const effect: Effect = newReadsOld && oldReadsNew ? 'none' : newReadsOld ? 'widen' : oldReadsNew ? 'narrow' : 'both';
      add(
        effect === 'both' ? 'avro-type-changed' : 'avro-type-promoted',
        effect,
        'head',
        at,
        p,
        `type ${label(o)} → ${label(n)}${effect === 'widen' ? ' (old readers cannot read the new type)' : effect === 'narrow' ? ' (the new type cannot read old data)' : effect === 'none' ? ' (each reads the other)' : ''}`,
        `a ${leaf(p)} written as ${effect === 'narrow' ? label(o) : label(n)}`,
      );
      return;
    }
    switch (kind(o)) {
      case 'record':
      case 'error': {
        if (shortName(o) !== shortName(n) && !(n as unknown as { aliases?: string[] }).aliases?.some((a) => a === o.name || a === shortName(o))) {
          add('avro-name-changed', 'both', 'head', where(head, n), p, `record ${label(o)} renamed to ${label(n)} without an alias`);
        }
        const oFields = (o as unknown as { fields: Field[] }).fields;
        const nFields = (n as unknown as { fields: Field[] }).fields;
        nFields.forEach((nf, i) => {
          const j = oFields.findIndex((of) => of.name === nf.name || nf.aliases.includes(of.name));
          const sub = `${p}.${nf.name}`;
          if (j >= 0) {
            if (oFields[j]!.name !== nf.name)
              add('avro-field-renamed', 'none', 'head', where(head, n, i), sub, `renamed from ${oFields[j]!.name} (with an alias)`);
            walk(oFields[j]!.type, nf.type, sub, o, n, depth + 1);
          } else if (nf.defaultValue() === undefined) {
            add(
              'avro-field-added',
              'narrow',
              'head',
              where(head, n, i),
              sub,
              'new field without a default: the new schema cannot read data written without it',
              `a message written without ${nf.name}`,
            );
          } else add('avro-field-added', 'none', 'head', where(head, n, i), sub, 'new field with a default');
        });
        oFields.forEach((of, i) => {
          if (nFields.some((nf) => nf.name === of.name || nf.aliases.includes(of.name))) return;
          const sub = `${p}.${of.name}`;
          if (of.defaultValue() === undefined)
            add(
              'avro-field-removed',
              'widen',
              'base',
              where(base, o, i),
              sub,
              'removed, and the old schema gives it no default: readers on the old schema cannot read new data',
              `a message without ${of.name}`,
            );
          else add('avro-field-removed', 'none', 'base', where(base, o, i), sub, 'removed (readers on the old schema use its default)');
        });
        return;
      }
      case 'enum': {
        const oSymbols = (o as unknown as { symbols: string[] }).symbols;
        const nSymbols = (n as unknown as { symbols: string[] }).symbols;
        const oDefault = (o as unknown as { default?: string }).default;
        const nDefault = (n as unknown as { default?: string }).default;
        const gained = nSymbols.filter((s) => !oSymbols.includes(s));
        const lost = oSymbols.filter((s) => !nSymbols.includes(s));
        const enumAt = where(head, n);
        if (gained.length > 0) {
          add(
            'avro-enum-symbol-added',
            oDefault === undefined ? 'widen' : 'none',
            'head',
            enumAt,
            p,
            `symbol${gained.length > 1 ? 's' : ''} ${gained.join(', ')} added${oDefault === undefined ? '' : ` (readers on the old schema read them as ${oDefault})`}`,
            `${leaf(p)} ${gained[0]}`,
          );
        }
        if (lost.length > 0) {
          add(
            'avro-enum-symbol-removed',
            nDefault === undefined ? 'narrow' : 'none',
            'head',
            enumAt,
            p,
            `symbol${lost.length > 1 ? 's' : ''} ${lost.join(', ')} removed${nDefault === undefined ? '' : ` (read as ${nDefault})`}`,
            `${leaf(p)} ${lost[0]}`,
          );
        }
        return;
      }
      case 'fixed': {
        const oSize = (o as unknown as { size: number }).size;
        const nSize = (n as unknown as { size: number }).size;
        if (oSize !== nSize) add('avro-type-changed', 'both', 'head', where(head, n), p, `fixed size ${oSize} → ${nSize}`);
        return;
      }
      case 'array':
        walk((o as unknown as { itemsType: AvroType }).itemsType, (n as unknown as { itemsType: AvroType }).itemsType, `${p}[]`, oRecord, nRecord, depth + 1);
        return;
      case 'map':
        walk(
          (o as unknown as { valuesType: AvroType }).valuesType,
          (n as unknown as { valuesType: AvroType }).valuesType,
          `${p}.*`,
          oRecord,
          nRecord,
          depth + 1,
        );
        return;
      default:
        return;
    }
  };
  const before = findings.length;
  walk(base.type, head.type, path, base.type, head.type, 0);
  // avsc's resolver is the reference: a direction it refuses must have been explained.
  const mine = findings.slice(before);
  const explained = (effect: Effect): boolean => mine.some((f) => f.effect === effect || f.effect === 'both');
  for (const [reader, writer, effect] of [
    [base.type, head.type, 'widen'],
    [head.type, base.type, 'narrow'],
  ] as const) {
    try {
      reader.createResolver(writer);
    } catch (error) {
      if (!explained(effect)) {
        add(
          'avro-incompatible',
          effect,
          'head',
          head.at,
          path,
          `${effect === 'widen' ? 'the old schema cannot read data written with the new one' : 'the new schema cannot read data written with the old one'} (Avro's schema resolution refuses it${resolutionDetail(error)})`,
        );
      }
    }
  }
}

function leaf(path: string): string {
  return (path.split('.').pop() ?? path).replace(/\[\]$/, '');
}

/** What avsc's resolver said, in this tool's words when it is one of its known refusals; nothing else of its text. */
function resolutionDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  let m: RegExpExecArray | null;
  if ((m = /^cannot read "(.+)" as "(.+)"$/.exec(message))) return `: a ${m[1]} is not read as a ${m[2]}`;
  if ((m = /^no matching field for default-less (.+)$/.exec(message))) return `: the field ${m[1]} has no default, and the data has no such field`;
  if ((m = /^no alias found for (.+)$/.exec(message))) return `: no type matches ${m[1]} by name or alias`;
  return '';
}
