/**
 * Protocol Buffers payloads compared by Protobuf's own rules: fields are identified by their
 * numbers on the wire, not by their names. A number reused with a wire-incompatible type breaks
 * both ways; a new field is skipped by old readers; a removed field is skipped by new readers
 * (and its number should be reserved); proto2 `required` added narrows, removed widens; a new
 * enum value is a number old readers cannot name (widens), a removed one narrows.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { lazyModule } from '../../perf/lazy-module.ts';
import { describeProtobufError } from '../schema/protobuf-schema-check.ts';
import type { ContentFinding } from './classify.ts';
import type { Effect } from './types.ts';

const protobuf = lazyModule<typeof import('protobufjs')>('protobufjs');

type PbType = import('protobufjs').Type;
type PbEnum = import('protobufjs').Enum;

export interface ProtoSide {
  types: Map<string, PbType>;
  enums: Map<string, PbEnum>;
  /** Where the schema text is written: findings point at it (the text has no pointers of its own). */
  at: Location;
}

export function parseProto(source: unknown, at: Location): ProtoSide | string {
  if (typeof source !== 'string') return 'a Protocol Buffers schema must be a string';
  try {
    const root = protobuf().parse(source, { keepCase: true }).root;
    root.resolveAll();
    const side: ProtoSide = { types: new Map(), enums: new Map(), at };
    const { Type, Enum } = protobuf();
    const collect = (ns: import('protobufjs').NamespaceBase, depth: number): void => {
      if (depth > 64) return;
      for (const nested of ns.nestedArray) {
        if (nested instanceof Type) side.types.set(nested.fullName.replace(/^\./, ''), nested);
        else if (nested instanceof Enum) side.enums.set(nested.fullName.replace(/^\./, ''), nested);
        if ('nestedArray' in nested) collect(nested as import('protobufjs').NamespaceBase, depth + 1);
      }
    };
    collect(root, 0);
    return side;
  } catch (error) {
    return `the Protocol Buffers schema is malformed: ${describeProtobufError(error instanceof Error ? error.message : '')}`;
  }
}

/** Scalar types that share a wire encoding and read each other (values may be truncated or reinterpreted). */
const WIRE_GROUPS = [
  ['int32', 'uint32', 'int64', 'uint64', 'bool', 'enum'],
  ['sint32', 'sint64'],
  ['fixed32', 'sfixed32'],
  ['fixed64', 'sfixed64'],
  ['string', 'bytes'],
];

function wireKind(field: import('protobufjs').Field): string {
  const resolved = field.resolvedType;
  if (resolved && 'values' in resolved) return 'enum';
  if (resolved) return 'message';
  return field.type;
}

function reserves(type: PbType, id: number, name: string): boolean {
  return (type.reserved ?? []).some((r) => (typeof r === 'string' ? r === name : Array.isArray(r) && id >= r[0]! && id <= r[1]!));
}

export function compareProto(base: ProtoSide, head: ProtoSide, path: string, findings: ContentFinding[]): void {
  const add = (rule: string, effect: Effect, side: 'base' | 'head', what: string, example?: string): void => {
    findings.push({ rule, effect, side, at: side === 'head' ? head.at : base.at, what: `${path}: ${what}`, ...(example ? { example } : {}) });
  };
  const seen = new Set<string>();
  const compareType = (o: PbType, n: PbType, name: string, depth: number): void => {
    const key = `${o.fullName}|${n.fullName}`;
    if (seen.has(key) || depth > 64) return;
    seen.add(key);
    for (const nf of n.fieldsArray) {
      const of = o.fieldsById[nf.id];
      const where = `${name}.${nf.name} = ${nf.id}`;
      if (!of) {
        add(
          'protobuf-field-added',
          nf.required ? 'narrow' : 'none',
          'head',
          nf.required
            ? `required field ${where} added: readers on the new schema reject old messages without it`
            : `field ${where} added (readers on the old schema skip it)`,
          `a message without ${nf.name}`,
        );
        continue;
      }
      if (of.name !== nf.name)
        add(
          'protobuf-field-renamed',
          'none',
          'head',
          `field ${nf.id} renamed ${of.name} → ${nf.name} (the binary encoding is unchanged; the JSON encoding uses the name)`,
        );
      const ok = wireKind(of);
      const nk = wireKind(nf);
      if (ok === 'message' && nk === 'message') compareType(of.resolvedType as PbType, nf.resolvedType as PbType, `${name}.${nf.name}`, depth + 1);
      else if (ok === 'enum' && nk === 'enum') compareEnum(of.resolvedType as PbEnum, nf.resolvedType as PbEnum, `${name}.${nf.name}`);
      else if (ok !== nk) {
        const compatible = WIRE_GROUPS.some((group) => group.includes(ok) && group.includes(nk));
        add(
          compatible ? 'protobuf-field-type-changed' : 'protobuf-field-type-incompatible',
          compatible ? 'none' : 'both',
          'head',
          `field ${where}: type ${of.type} → ${nf.type}${compatible ? ' (same wire encoding; values outside the smaller range are truncated)' : ' (different wire encoding: the other side misreads it)'}`,
          `a ${nf.name} written as ${nf.type}`,
        );
      }
      if (of.repeated !== nf.repeated || of.map !== nf.map)
        add(
          'protobuf-field-cardinality-changed',
          'both',
          'head',
          `field ${where}: ${of.repeated ? 'repeated' : 'singular'} → ${nf.repeated ? 'repeated' : 'singular'}`,
          `a message with several ${nf.name}`,
        );
      if (of.required !== nf.required)
        add(
          nf.required ? 'protobuf-field-required' : 'protobuf-field-optional',
          nf.required ? 'narrow' : 'widen',
          'head',
          `field ${where} is ${nf.required ? 'now required' : 'no longer required'}`,
          `a message without ${nf.name}`,
        );
    }
    for (const of of o.fieldsArray) {
      if (n.fieldsById[of.id]) continue;
      const where = `${name}.${of.name} = ${of.id}`;
      if (of.required)
        add(
          'protobuf-field-removed',
          'widen',
          'base',
          `required field ${where} removed: readers on the old schema reject messages without it`,
          `a message without ${of.name}`,
        );
      else
        add(
          'protobuf-field-removed',
          'none',
          'base',
          `field ${where} removed${reserves(n, of.id, of.name) ? ' (its number is reserved)' : `; reserve its number (\`reserved ${of.id};\`) so that it is never reused with another type`}`,
        );
    }
  };
  const compareEnum = (o: PbEnum, n: PbEnum, name: string): void => {
    const key = `${o.fullName}|${n.fullName}`;
    if (seen.has(key)) return;
    seen.add(key);
    const oByNumber = new Map(Object.entries(o.values).map(([k, v]) => [v, k]));
    const nByNumber = new Map(Object.entries(n.values).map(([k, v]) => [v, k]));
    const gained = [...nByNumber].filter(([num]) => !oByNumber.has(num));
    const lost = [...oByNumber].filter(([num]) => !nByNumber.has(num));
    if (gained.length > 0)
      add(
        'protobuf-enum-value-added',
        'widen',
        'head',
        `${name}: enum value${gained.length > 1 ? 's' : ''} ${gained.map(([num, k]) => `${k} = ${num}`).join(', ')} added (readers on the old schema see a number they cannot name)`,
        `${leaf(name)} ${gained[0]![1]}`,
      );
    if (lost.length > 0)
      add(
        'protobuf-enum-value-removed',
        'narrow',
        'head',
        `${name}: enum value${lost.length > 1 ? 's' : ''} ${lost.map(([num, k]) => `${k} = ${num}`).join(', ')} removed`,
        `${leaf(name)} ${lost[0]![1]}`,
      );
  };
  for (const [fullName, o] of [...base.types].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const n = head.types.get(fullName);
    if (n) compareType(o, n, fullName, 0);
    else add('protobuf-message-removed', 'both', 'base', `message type ${fullName} removed`, `a ${fullName}`);
  }
  for (const fullName of [...head.types.keys()].sort())
    if (!base.types.has(fullName)) add('protobuf-message-added', 'none', 'head', `message type ${fullName} added`);
  for (const [fullName, o] of [...base.enums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const n = head.enums.get(fullName);
    if (n) compareEnum(o, n, fullName);
  }
}

function leaf(path: string): string {
  return path.split('.').pop() ?? path;
}
