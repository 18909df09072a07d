/**
 * Compares two JSON Schemas (the format's Schema Object, JSON Schema draft 07, OpenAPI 3.0
 * Schema Objects) by the messages they accept: every difference becomes a finding that widens,
 * narrows, or changes both ways (classify.ts then applies the direction rule). `$ref`s are
 * followed on each side; `allOf` parts are merged into one view as what they are, an
 * intersection (a schema split into parts accepts what it did; the tighter bound holds, enums
 * intersect, a property in several parts is each of its schemas at once, and what cannot be
 * merged exactly is compared part by part, by position); `oneOf`/`anyOf` alternatives are
 * matched by name; pairs of nodes already
 * compared are not compared again, so recursive schemas terminate, and the walk stops at a depth
 * and a number of pairs (what it leaves is reported).
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import type { SourceFile } from '../load/source-file.ts';
import { childPointer } from '../resolve/json-pointer.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { canonical, quote } from './canonical.ts';
import type { ContentFinding } from './classify.ts';
import type { Effect } from './types.ts';
import { sameThroughRefs, unionKeys } from './diff-context.ts';

/** A schema as written (possibly a Reference Object) and where. */
export interface SchemaNode {
  value: unknown;
  at: Location;
}

export interface SchemaWalk {
  base: ResolvedDoc;
  head: ResolvedDoc;
  findings: ContentFinding[];
  /** Pairs of schema locations compared already (cycles through `$ref`, shared schemas). */
  seen: Set<string>;
  /** Node pairs left to compare before the walk gives up (a hostile or huge schema). */
  budget: number;
  /** OpenAPI 3.0: `nullable` adds null to the accepted types. */
  nullable: boolean;
  /** The walk stopped somewhere at its limits (reported once, at the first place). */
  stopped: boolean;
}

export const MAX_SCHEMA_DEPTH = 64;
export const MAX_SCHEMA_PAIRS = 20_000;
/** allOf inside allOf is merged to this depth (deeper parts are compared as a whole). */
const MAX_MERGE_DEPTH = 16;

export function newSchemaWalk(base: ResolvedDoc, head: ResolvedDoc, findings: ContentFinding[], nullable = false): SchemaWalk {
  return { base, head, findings, seen: new Set(), budget: MAX_SCHEMA_PAIRS, nullable, stopped: false };
}

interface Bound {
  value: number;
  at: Location;
}

/** Schemas that all apply at once (a schema and its allOf parts): a value must match each. */
type Conjunction = SchemaNode[];

interface Alternatives {
  keyword: 'oneOf' | 'anyOf';
  nodes: SchemaNode[];
  at: Location;
}

/**
 * One schema with its allOf parts merged: what the comparison reads. Parts are intersected:
 * types and enum values each part allows, the tighter of two bounds, every part's required
 * names; a property, `items` or `additionalProperties` written in several parts is all of their
 * schemas at once (a Conjunction); keywords that cannot be merged exactly (`pattern`, `not`,
 * `oneOf`, …) keep every part's, compared by position.
 */
interface View {
  at: Location;
  /** A boolean schema (`true` accepts everything, `false` nothing); a `false` part makes it `false`. */
  bool?: boolean;
  /** Types accepted; undefined: any. */
  types?: Set<string>;
  typesAt?: Location;
  /** Values allowed by every `enum` and `const`, by their canonical text. */
  values?: Map<string, unknown>;
  /** The `enum` or `const` that last took values away (where a change of the allowed values is). */
  valuesAt?: Location;
  props: Map<string, Conjunction>;
  required: Map<string, Location>;
  /** `additionalProperties` of every part that writes it (empty: not written, so any). */
  additional: Conjunction;
  /** `items` as one schema, of every part that writes it so. */
  items: Conjunction;
  /** `items` as a list (a tuple), position by position, of every part that writes it so. */
  tuple?: Conjunction[];
  tupleAt?: Location;
  bounds: Map<string, Bound>;
  /** Keywords compared by value, each part's by position: pattern, format, uniqueItems, multipleOf, not, … */
  other: Map<string, SchemaNode[]>;
  /** Annotations (title, description, examples, …) and keywords JSON Schema does not know (which constrain nothing), each part's. */
  notes: Map<string, SchemaNode[]>;
  /** `default` of each part that writes one. */
  defaults: SchemaNode[];
  alternatives: Alternatives[];
}

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
/** Keywords that only describe: a change of them is wording (`default` is read: compared on its own). */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'externalDocs',
  'xml',
  'discriminator',
  '$id',
  '$schema',
  'contentMediaType',
  'contentEncoding',
]);
/** Keywords that constrain values, compared by value (and some by their own rules) when the view does not read them itself. */
const ASSERTIONS = new Set([
  'pattern',
  'format',
  'multipleOf',
  'uniqueItems',
  'not',
  'additionalItems',
  'contains',
  'minContains',
  'maxContains',
  'propertyNames',
  'patternProperties',
  'dependencies',
  'dependentRequired',
  'dependentSchemas',
  'if',
  'then',
  'else',
  'prefixItems',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
/** Keywords that hold schemas only reached through `$ref`s (which the walk follows): nothing to compare here. */
const CONTAINERS = new Set(['$defs', 'definitions']);
/** Keywords the view reads itself. */
const STRUCTURAL = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'allOf',
  'oneOf',
  'anyOf',
  'nullable',
  '$ref',
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
]);

const child = (at: Location, ...tokens: string[]): Location => ({ file: at.file, pointer: tokens.reduce(childPointer, at.pointer) });

function deref(doc: ResolvedDoc, node: SchemaNode): SchemaNode | undefined {
  const resolved = doc.deref(node.value, node.at);
  return resolved && { value: resolved.value, at: resolved.at };
}

function makeView(doc: ResolvedDoc, nodes: Conjunction, nullable: boolean): View {
  const view: View = {
    at: nodes[0]!.at,
    props: new Map(),
    required: new Map(),
    additional: [],
    items: [],
    bounds: new Map(),
    other: new Map(),
    notes: new Map(),
    defaults: [],
    alternatives: [],
  };
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  const merging = new Set<string>();
  let objects = 0;
  const merge = (part: SchemaNode, depth: number): void => {
    const key = `${part.at.file}#${part.at.pointer}`;
    if (merging.has(key)) return;
    merging.add(key);
    if (part.value === false) view.bool = false;
    if (!isPlainObject(part.value)) return;
    objects++;
    const s = part.value;
    const at = part.at;
    if (s.type !== undefined) {
      const written = new Set((Array.isArray(s.type) ? s.type : [s.type]).filter((t): t is string => typeof t === 'string'));
      if (nullable && s.nullable === true) written.add('null');
      // allOf: a value must have a type of every part.
      view.types = view.types
        ? new Set(
            [...view.types].flatMap((t) =>
              written.has(t) ? [t] : t === 'integer' && written.has('number') ? [t] : t === 'number' && written.has('integer') ? ['integer'] : [],
            ),
          )
        : written;
      view.typesAt ??= child(at, 'type');
    }
    const values = Array.isArray(s.enum) ? s.enum : Object.hasOwn(s, 'const') ? [s.const] : undefined;
    if (values) {
      const written = new Map(values.map((v) => [canonical(v), v]));
      if (nullable && s.nullable === true) written.set('null', null);
      const valuesAt = child(at, Array.isArray(s.enum) ? 'enum' : 'const');
      if (!view.values) {
        view.values = written;
        view.valuesAt = valuesAt;
      } else {
        // allOf: a value must be in every part's list.
        const kept = new Map([...view.values].filter(([k]) => written.has(k)));
        if (kept.size < view.values.size || kept.size === written.size) view.valuesAt = valuesAt;
        view.values = kept;
      }
    }
    if (isPlainObject(s.properties)) {
      for (const name of Object.keys(s.properties)) push(view.props, name, { value: s.properties[name], at: child(at, 'properties', name) });
    }
    if (Array.isArray(s.required)) {
      s.required.forEach((name, i) => {
        if (typeof name === 'string' && !view.required.has(name)) view.required.set(name, child(at, 'required', String(i)));
      });
    }
    if (s.additionalProperties !== undefined) view.additional.push({ value: s.additionalProperties, at: child(at, 'additionalProperties') });
    if (Array.isArray(s.items)) {
      const tuple = (view.tuple ??= []);
      view.tupleAt ??= child(at, 'items');
      s.items.forEach((item, i) => {
        (tuple[i] ??= []).push({ value: item, at: child(at, 'items', String(i)) });
      });
    } else if (s.items !== undefined) view.items.push({ value: s.items, at: child(at, 'items') });
    for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
      const value = s[keyword];
      if (typeof value !== 'number') continue;
      // allOf: both bounds hold, so the tighter one is the schema's.
      const known = view.bounds.get(keyword);
      const tighter = known === undefined || (LOWER_BOUNDS.includes(keyword) ? value > known.value : value < known.value);
      if (tighter) view.bounds.set(keyword, { value, at: child(at, keyword) });
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const list = s[keyword];
      if (Array.isArray(list)) {
        view.alternatives.push({ keyword, nodes: list.map((alt, i) => ({ value: alt, at: child(at, keyword, String(i)) })), at: child(at, keyword) });
      }
    }
    if (Object.hasOwn(s, 'default')) view.defaults.push({ value: s.default, at: child(at, 'default') });
    for (const keyword of Object.keys(s)) {
      const node = { value: s[keyword], at: child(at, keyword) };
      // exclusiveMinimum/Maximum as booleans (OpenAPI 3.0) are compared by value.
      if (ASSERTIONS.has(keyword) || (keyword.startsWith('exclusive') && typeof s[keyword] === 'boolean')) push(view.other, keyword, node);
      else if (STRUCTURAL.has(keyword) || CONTAINERS.has(keyword) || keyword === 'default' || keyword.startsWith('x-')) continue;
      // Annotations, and keywords JSON Schema does not know (validators ignore them): wording.
      else push(view.notes, keyword, node);
    }
    if (Array.isArray(s.allOf)) {
      s.allOf.forEach((part, i) => {
        const partNode = { value: part, at: child(at, 'allOf', String(i)) };
        if (depth >= MAX_MERGE_DEPTH) {
          push(view.other, 'allOf', partNode);
          return;
        }
        const resolved = deref(doc, partNode);
        if (resolved) merge(resolved, depth + 1);
      });
    }
  };
  for (const node of nodes) merge(node, 0);
  // Only boolean schemas, and none `false`: each accepts everything.
  if (view.bool === undefined && objects === 0 && nodes.every((n) => n.value === true)) view.bool = true;
  return view;
}

/** Where a finding points: the keyword in head when head has it, else head's schema, else base's. */
function place(base: Location | undefined, head: Location | undefined): { side: 'base' | 'head'; at: Location } {
  return head ? { side: 'head', at: head } : { side: 'base', at: base! };
}

/** Pairs of files known to lead to the same schemas, or not (computed once per pair of files, not per message). */
const sameClosures = new WeakMap<SourceFile, WeakMap<SourceFile, boolean>>();
/** The references written in a file, each once (what its `$ref`s may lead into). */
const refsOfFile = new WeakMap<SourceFile, string[]>();

function refsIn(file: SourceFile): string[] {
  let refs = refsOfFile.get(file);
  if (refs) return refs;
  const found = new Set<string>();
  const stack: unknown[] = [file.value];
  // Aliased YAML nodes are shared objects: each is read once.
  const visited = new Set<object>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || visited.has(v)) continue;
    visited.add(v);
    if (Array.isArray(v)) stack.push(...v);
    else {
      if (isRefObject(v) && !v.$ref.startsWith('#')) found.add(v.$ref);
      stack.push(...Object.values(v));
    }
  }
  refsOfFile.set(file, (refs = [...found]));
  return refs;
}

/**
 * Whether a file reads the same in both versions and so does every file its `$ref`s lead into,
 * directly or through others: then the same text in it means the same schema, whatever its
 * references (local ones included) lead to. Each reference is paired by its text (the files
 * read the same, so they hold the same references), resolved in its own version. A file a
 * version has not loaded is not known to be the same.
 */
function sameClosure(walk: SchemaWalk, base: string, head: string): boolean {
  const b = walk.base.file(base);
  const h = walk.head.file(head);
  if (b === undefined || h === undefined) return false;
  let known = sameClosures.get(b);
  if (!known) sameClosures.set(b, (known = new WeakMap()));
  let same = known.get(h);
  if (same === undefined) known.set(h, (same = closureSame(walk, b, h)));
  return same;
}

function closureSame(walk: SchemaWalk, b0: SourceFile, h0: SourceFile): boolean {
  const pending: [SourceFile, SourceFile][] = [[b0, h0]];
  const visited = new Set<string>();
  while (pending.length > 0) {
    const [b, h] = pending.pop()!;
    const key = `${b.path}\n${h.path}`;
    if (visited.has(key)) continue;
    visited.add(key);
    if (sameClosures.get(b)?.get(h) === true) continue;
    if (b.text !== h.text) return false;
    for (const ref of refsIn(b)) {
      const bt = walk.base.refLocation(ref, { file: b.path, pointer: '' });
      const ht = walk.head.refLocation(ref, { file: h.path, pointer: '' });
      if (!bt || !ht) return false;
      const bf = walk.base.file(bt.file);
      const hf = walk.head.file(ht.file);
      if (!bf || !hf) return false;
      pending.push([bf, hf]);
    }
  }
  return true;
}

/** A data path as a reader can take it in: a long one keeps its first and last steps. */
function shortPath(path: string): string {
  if (path.length <= 160) return path;
  const steps = path.split('.');
  return steps.length > 6
    ? `${steps.slice(0, 3).join('.')}.…(${steps.length - 5} levels).${steps.slice(-2).join('.')}`
    : `${path.slice(0, 80)}…${path.slice(-60)}`;
}

/** The last name of a data path, as a reader says it: `payload.lines[].quantity` → `quantity`. */
function leaf(path: string): string {
  const last = path.split('.').pop() ?? path;
  return last.replace(/\[\]$|\(.*\)$/g, '') || path;
}

function covered(type: string, set: Set<string>): boolean {
  return set.has(type) || (type === 'integer' && set.has('number'));
}

/**
 * Compares a base schema with a head schema, each a node or a Conjunction (several schemas that
 * all apply: a property written in several allOf parts).
 */
export function compareJsonSchemas(
  walk: SchemaWalk,
  baseNode: SchemaNode | Conjunction,
  headNode: SchemaNode | Conjunction,
  path: string,
  depth = 0,
  flip = false,
): void {
  const add = (rule: string, effect: Effect, where: { side: 'base' | 'head'; at: Location }, what: string, example?: string): void => {
    const turned: Effect = flip && effect === 'widen' ? 'narrow' : flip && effect === 'narrow' ? 'widen' : effect;
    walk.findings.push({ rule, effect: turned, ...where, what: `${shortPath(path)}: ${what}`, ...(example !== undefined ? { example } : {}) });
  };
  const bs = (Array.isArray(baseNode) ? baseNode : [baseNode]).map((n) => deref(walk.base, n));
  const hs = (Array.isArray(headNode) ? headNode : [headNode]).map((n) => deref(walk.head, n));
  // An unresolved $ref is validate's to report.
  if (bs.length === 0 || hs.length === 0 || bs.includes(undefined) || hs.includes(undefined)) return;
  const bn = bs as SchemaNode[];
  const hn = hs as SchemaNode[];
  const b = bn[0]!;
  const h = hn[0]!;
  const keyOf = (nodes: SchemaNode[]): string => nodes.map((n) => `${n.at.file}#${n.at.pointer}`).join('&');
  const pair = `${keyOf(bn)}|${keyOf(hn)}|${flip}`;
  if (walk.seen.has(pair)) return;
  walk.seen.add(pair);
  // Past its limits the walk stops: once per walk it says where, and the message is counted as
  // breaking (what was not compared may hide a breaking change). Pairs over the budget end every
  // branch; a branch too deep ends alone, and the walk goes on with the others.
  if (walk.budget <= 0) return;
  if (depth > MAX_SCHEMA_DEPTH || --walk.budget <= 0) {
    if (!walk.stopped) {
      walk.stopped = true;
      walk.findings.push({
        rule: 'schema-not-compared',
        effect: 'both',
        judge: 'unfinished',
        ...place(b.at, h.at),
        what: `${shortPath(path)}: not compared past ${depth > MAX_SCHEMA_DEPTH ? `${MAX_SCHEMA_DEPTH} levels of nesting` : `${MAX_SCHEMA_PAIRS.toLocaleString('en-US')} pairs of schemas`} (the rest of this schema is not compared)`,
      });
    }
    return;
  }
  // The same text is the same schema, unless it holds a $ref that may lead elsewhere in each
  // version: that is, unless its file, or a file reached from it through $refs, changed.
  const unchanged = (bx: SchemaNode, hx: SchemaNode): boolean => {
    const text = canonical(bx.value);
    return text === canonical(hx.value) && (!text.includes('"$ref"') || sameClosure(walk, bx.at.file, hx.at.file));
  };
  if (bn.length === hn.length && bn.every((bx, i) => unchanged(bx, hn[i]!))) return;
  const bv = makeView(walk.base, bn, walk.nullable);
  const hv = makeView(walk.head, hn, walk.nullable);
  const name = leaf(path);

  if (bv.bool !== undefined || hv.bool !== undefined) {
    const acceptsAll = (v: View): boolean => v.bool === true || (v.bool === undefined && isEmptySchema(v));
    const acceptsNone = (v: View): boolean => v.bool === false;
    if (acceptsNone(bv) && !acceptsNone(hv))
      add('schema-widened', 'widen', place(b.at, h.at), 'was `false` (nothing allowed), now allows values', `any ${name}`);
    else if (!acceptsNone(bv) && acceptsNone(hv)) add('schema-narrowed', 'narrow', place(b.at, h.at), 'now `false`: no value allowed', `any ${name}`);
    else if (acceptsAll(bv) !== acceptsAll(hv))
      add(
        acceptsAll(hv) ? 'schema-widened' : 'schema-narrowed',
        acceptsAll(hv) ? 'widen' : 'narrow',
        place(b.at, h.at),
        acceptsAll(hv) ? 'now allows any value' : 'now constrained',
        undefined,
      );
    return;
  }

  compareTypes(bv, hv, name, add);
  compareValues(bv, hv, name, add);
  compareBounds(bv, hv, name, add);
  compareOther(walk, bv, hv, path, depth, flip, name, add);
  compareObjects(walk, bv, hv, path, depth, flip, name, add);
  compareItems(walk, bv, hv, path, depth, flip, add);
  compareAlternatives(walk, bv, hv, path, depth, flip, add);
  compareNotes(walk, bv, hv, path, flip, name);
}

/** A value short enough to quote in a sentence, else undefined. */
function shortQuote(value: unknown): string | undefined {
  const text = quote(value);
  return text.length <= 40 ? text : undefined;
}

/**
 * Annotations and keywords JSON Schema does not know: one `info` finding per schema that says
 * what changed (short values quoted). `default` is read by whoever fills in defaults: a change
 * of it is judged as one that readers on the old schema see (breaking where they read the
 * message, see classify.ts).
 */
function compareNotes(walk: SchemaWalk, bv: View, hv: View, path: string, flip: boolean, name: string): void {
  const changes: string[] = [];
  let where: { side: 'base' | 'head'; at: Location } | undefined;
  for (const keyword of [...new Set([...bv.notes.keys(), ...hv.notes.keys()])].sort()) {
    const before = bv.notes.get(keyword);
    const after = hv.notes.get(keyword);
    const was = before?.map((n) => n.value);
    const is = after?.map((n) => n.value);
    // Texts (most annotations) are compared as they are; only objects and lists need their canonical text.
    const same = (x: unknown, y: unknown): boolean => x === y || (typeof x === 'object' && typeof y === 'object' && canonical(x) === canonical(y));
    if (was && is && was.length === is.length && was.every((v, i) => same(v, is[i]))) continue;
    where ??= place(before?.[0]?.at, after?.[0]?.at);
    const one = (v: unknown[] | undefined): unknown => (v && v.length === 1 ? v[0] : v);
    const old = was && shortQuote(one(was));
    const now = is && shortQuote(one(is));
    const label = ANNOTATIONS.has(keyword) ? keyword : `\`${keyword}\``;
    changes.push(
      !was
        ? `${label}${now ? ` ${now}` : ''} added`
        : !is
          ? `${label}${old ? ` ${old}` : ''} removed`
          : old && now
            ? `${label} ${old} → ${now}`
            : `${label} changed`,
    );
  }
  if (changes.length > 0) {
    const keys = [...new Set([...bv.notes.keys(), ...hv.notes.keys()])];
    const unknown = keys.filter((k) => !ANNOTATIONS.has(k));
    const merge = unknown.includes('<<')
      ? '; `<<` would be a YAML merge key in YAML 1.1, but YAML 1.2, which this tool reads as validate does, takes it as an ordinary key: nothing is merged'
      : '';
    const notes = [
      ...(unknown.length < keys.length ? ['wording only'] : []),
      ...(unknown.length > 0
        ? [
            `${unknown.map((k) => `\`${k}\``).join(', ')} ${unknown.length > 1 ? 'are not JSON Schema keywords' : 'is not a JSON Schema keyword'}: it constrains nothing${merge}`,
          ]
        : []),
    ];
    walk.findings.push({
      rule: 'schema-annotation-changed',
      effect: 'none',
      judge: 'wording',
      ...where!,
      what: `${shortPath(path)}: ${changes.join(', ')} (${notes.join('; ')})`,
    });
  }
  if (flip) return; // a default inside `not` means nothing
  const was = bv.defaults[0];
  const is = hv.defaults[0];
  if (canonical(was?.value) === canonical(is?.value)) return;
  const old = was && (shortQuote(was.value) ?? 'the old default');
  const now = is && (shortQuote(is.value) ?? 'the new default');
  walk.findings.push({
    rule: 'schema-default-changed',
    effect: 'widen',
    judge: 'default',
    ...place(was?.at, is?.at),
    what: `${shortPath(path)}: default ${!was ? `${now} added` : !is ? `${old} removed` : `${old} → ${now}`}`,
    example: `${old ?? 'no value'} for a ${name} left out, where the new schema means ${now ?? 'no value'}`,
  });
}

type Add = (rule: string, effect: Effect, where: { side: 'base' | 'head'; at: Location }, what: string, example?: string) => void;

/** Whether schemas (a conjunction) accept every value: `true`, `{}`, or only annotations. */
function acceptsAnything(doc: ResolvedDoc, nodes: Conjunction, nullable: boolean): boolean {
  const resolved = nodes.map((n) => deref(doc, n));
  if (resolved.includes(undefined)) return false;
  const v = makeView(doc, resolved as SchemaNode[], nullable);
  return v.bool === true || (v.bool === undefined && isEmptySchema(v));
}

function isEmptySchema(v: View): boolean {
  return (
    !v.types &&
    !v.values &&
    v.props.size === 0 &&
    v.required.size === 0 &&
    v.additional.every((n) => n.value === true) &&
    v.items.length === 0 &&
    !v.tuple &&
    v.bounds.size === 0 &&
    v.other.size === 0 &&
    v.alternatives.length === 0
  );
}

function compareTypes(bv: View, hv: View, name: string, add: Add): void {
  if (!bv.types && !hv.types) return;
  const where = place(bv.typesAt ?? bv.at, hv.typesAt ?? hv.at);
  if (!hv.types) {
    add('schema-type-widened', 'widen', where, `type ${[...bv.types!].join(' | ')} no longer required: any type allowed`, `a ${name} of another type`);
    return;
  }
  if (!bv.types) {
    add('schema-type-narrowed', 'narrow', where, `now restricted to type ${[...hv.types].join(' | ')}`, `a ${name} of another type`);
    return;
  }
  const gained = [...hv.types].filter((t) => !covered(t, bv.types!));
  const lost = [...bv.types].filter((t) => !covered(t, hv.types!));
  const change = `type ${[...bv.types].join(' | ')} → ${[...hv.types].join(' | ')}`;
  if (gained.length > 0 && lost.length > 0) add('schema-type-changed', 'both', where, change, `a ${name} of type ${gained[0]} or ${lost[0]}`);
  else if (gained.length > 0) add('schema-type-widened', 'widen', where, `${change} (widened)`, `a ${name} of type ${gained.join(' or ')}`);
  else if (lost.length > 0) add('schema-type-narrowed', 'narrow', where, `${change} (narrowed)`, `a ${name} of type ${lost.join(' or ')}`);
}

function compareValues(bv: View, hv: View, name: string, add: Add): void {
  if (!bv.values && !hv.values) return;
  const where = place(bv.valuesAt ?? bv.at, hv.valuesAt ?? hv.at);
  if (!hv.values) {
    add(
      'schema-enum-removed',
      'widen',
      where,
      'no longer limited to a list of values',
      `a ${name} outside ${[...bv.values!.values()].map((v) => quote(v)).join(', ')}`,
    );
    return;
  }
  if (!bv.values) {
    add('schema-enum-added', 'narrow', where, `now limited to ${[...hv.values.values()].map((v) => quote(v)).join(', ')}`, `a ${name} outside that list`);
    return;
  }
  const gained = [...hv.values.keys()].filter((k) => !bv.values!.has(k));
  const lost = [...bv.values.keys()].filter((k) => !hv.values!.has(k));
  if (bv.values.size === 1 && hv.values.size === 1 && gained.length === 1) {
    // One fixed value replaced by another: nothing valid before is valid now.
    add(
      'schema-const-changed',
      'both',
      where,
      `always ${quote(bv.values.get(lost[0]!))} → always ${quote(hv.values.get(gained[0]!))}`,
      `${name} ${quote(bv.values.get(lost[0]!))} or ${quote(hv.values.get(gained[0]!))}`,
    );
    return;
  }
  if (gained.length > 0)
    add(
      'schema-enum-value-added',
      'widen',
      where,
      `new value${gained.length > 1 ? 's' : ''} ${gained.map((k) => quote(hv.values!.get(k))).join(', ')}`,
      `${name} ${quote(hv.values.get(gained[0]!))}`,
    );
  if (lost.length > 0)
    add(
      'schema-enum-value-removed',
      'narrow',
      where,
      `value${lost.length > 1 ? 's' : ''} ${lost.map((k) => quote(bv.values!.get(k))).join(', ')} removed`,
      `${name} ${quote(bv.values.get(lost[0]!))}`,
    );
}

function compareBounds(bv: View, hv: View, name: string, add: Add): void {
  for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const before = bv.bounds.get(keyword);
    const after = hv.bounds.get(keyword);
    if (before?.value === after?.value) continue;
    const lower = LOWER_BOUNDS.includes(keyword);
    const where = place(before?.at ?? bv.at, after?.at ?? hv.at);
    // A lower bound that drops (or goes) widens; an upper bound that rises (or goes) widens.
    const widens = after === undefined || (before !== undefined && (lower ? after.value < before.value : after.value > before.value));
    const subject = keyword.includes('Length')
      ? `${name} of length `
      : keyword.includes('Items')
        ? `${name} with `
        : keyword.includes('Properties')
          ? `${name} with `
          : `${name} `;
    const unit = keyword.includes('Items') ? ' items' : keyword.includes('Properties') ? ' properties' : '';
    const exclusive = keyword.startsWith('exclusive');
    const what =
      before === undefined
        ? `${keyword} ${after!.value} added`
        : after === undefined
          ? `${keyword} ${before.value} removed`
          : `${keyword} ${widens === lower ? 'lowered' : 'raised'} from ${before.value} to ${after.value}`;
    // The value on the far side of the change: what the new schema lets through, or shuts out.
    const edge = widens ? (after === undefined ? undefined : after.value) : before === undefined ? undefined : before.value;
    const outside = widens
      ? after === undefined
        ? lower
          ? before!.value - 1
          : before!.value + 1
        : edge!
      : lower
        ? after!.value - (exclusive ? 0 : 1)
        : after!.value + (exclusive ? 0 : 1);
    const example = Number.isFinite(outside) ? `${subject}${Number.isInteger(outside) ? outside : `beyond ${outside}`}${unit}` : undefined;
    add(widens ? 'schema-constraint-relaxed' : 'schema-constraint-tightened', widens ? 'widen' : 'narrow', where, what, example);
  }
}

function compareOther(walk: SchemaWalk, bv: View, hv: View, path: string, depth: number, flip: boolean, name: string, add: Add): void {
  const keywords = new Set([...bv.other.keys(), ...hv.other.keys()]);
  // A keyword written in several allOf parts: each part's, by position.
  const pairs = [...keywords].sort().flatMap((keyword) => {
    const old = bv.other.get(keyword) ?? [];
    const now = hv.other.get(keyword) ?? [];
    return Array.from({ length: Math.max(old.length, now.length) }, (_, i) => [keyword, old[i], now[i]] as const);
  });
  for (const [keyword, before, after] of pairs) {
    // Through references: `not: {$ref: …}` written the same is still a change when its target changed.
    if (before && after && sameThroughRefs(walk.base, before, walk.head, after)) continue;
    const where = place(before?.at ?? bv.at, after?.at ?? hv.at);
    switch (keyword) {
      case 'not':
        if (before && after) compareJsonSchemas(walk, before, after, `${path}(not)`, depth + 1, !flip);
        else
          add(after ? 'schema-constraint-tightened' : 'schema-constraint-relaxed', after ? 'narrow' : 'widen', where, `\`not\` ${after ? 'added' : 'removed'}`);
        continue;
      case 'uniqueItems': {
        const was = before?.value === true;
        const is = after?.value === true;
        if (was !== is)
          add(
            is ? 'schema-constraint-tightened' : 'schema-constraint-relaxed',
            is ? 'narrow' : 'widen',
            where,
            `uniqueItems ${is ? 'added' : 'removed'}`,
            `a ${name} with repeated items`,
          );
        continue;
      }
      case 'multipleOf': {
        const was = typeof before?.value === 'number' ? before.value : undefined;
        const is = typeof after?.value === 'number' ? after.value : undefined;
        // Every multiple of 10 is a multiple of 5: 10 → 5 widens, 5 → 10 narrows.
        const effect: Effect = is === undefined ? 'widen' : was === undefined ? 'narrow' : was % is === 0 ? 'widen' : is % was === 0 ? 'narrow' : 'both';
        add(
          effect === 'widen' ? 'schema-constraint-relaxed' : effect === 'narrow' ? 'schema-constraint-tightened' : 'schema-constraint-changed',
          effect,
          where,
          `multipleOf ${was ?? '(none)'} → ${is ?? '(none)'}`,
        );
        continue;
      }
      case 'additionalItems':
      case 'contains':
      case 'propertyNames':
        if (
          before &&
          after &&
          (isPlainObject(before.value) || typeof before.value === 'boolean') &&
          (isPlainObject(after.value) || typeof after.value === 'boolean')
        ) {
          compareJsonSchemas(walk, before, after, `${path}(${keyword})`, depth + 1, flip);
          continue;
        }
        break;
      default:
        break;
    }
    // pattern, format, exclusiveMinimum as a boolean, patternProperties, dependencies, if/then/else, …
    const effect: Effect = !before ? 'narrow' : !after ? 'widen' : booleanEffect(keyword, before.value, after.value);
    const what = !before
      ? `${keyword} ${quote(after!.value)} added`
      : !after
        ? `${keyword} ${quote(before.value)} removed`
        : `${keyword} ${quote(before.value)} → ${quote(after.value)}`;
    add(
      effect === 'widen' ? 'schema-constraint-relaxed' : effect === 'narrow' ? 'schema-constraint-tightened' : 'schema-constraint-changed',
      effect,
      where,
      what,
      outsideOf(keyword, name, before?.value, after?.value),
    );
  }
}

/**
 * A value a changed keyword lets through or shuts out, as a reader says it: for a pattern added,
 * one that does not match it (senders on the old schema may send it; the new one rejects it);
 * removed, one that does not match the old one (receivers on the old schema reject it);
 * replaced, one that matches one of the two and not the other.
 */
function outsideOf(keyword: string, name: string, before: unknown, after: unknown): string | undefined {
  const short = (v: unknown): string => {
    const text = quote(v);
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  };
  if (keyword === 'pattern' || keyword === 'format') {
    const unlike = (v: unknown): string => (keyword === 'pattern' ? `that does not match ${short(v)}` : `that is not a valid ${short(v)}`);
    if (before === undefined) return `a ${name} ${unlike(after)}`;
    if (after === undefined) return `a ${name} ${unlike(before)}`;
    return keyword === 'pattern'
      ? `a ${name} that matches one of ${short(before)} and ${short(after)} but not the other`
      : `a ${name} that is a valid ${short(before)} and not a valid ${short(after)}, or the other way round`;
  }
  if (before !== undefined && after !== undefined && !(keyword.startsWith('exclusive') && typeof before === 'boolean'))
    return `a ${name} that the old ${keyword} allows and the new one does not, or the other way round`;
  return undefined;
}

/** OpenAPI 3.0's boolean exclusiveMinimum/exclusiveMaximum: true excludes the bound itself. */
function booleanEffect(keyword: string, before: unknown, after: unknown): Effect {
  if (keyword.startsWith('exclusive') && typeof before === 'boolean' && typeof after === 'boolean') return after ? 'narrow' : 'widen';
  return 'both';
}

function compareObjects(walk: SchemaWalk, bv: View, hv: View, path: string, depth: number, flip: boolean, name: string, add: Add): void {
  const names = [...new Set([...bv.props.keys(), ...hv.props.keys()])].sort();
  const closed = (v: View): boolean => v.additional.some((n) => n.value === false);
  // additionalProperties as schemas (every part's), when no part closes the object.
  const additionalSchema = (v: View): Conjunction | undefined => {
    const schemas = v.additional.filter((n) => isPlainObject(n.value));
    return schemas.length > 0 && !closed(v) ? schemas : undefined;
  };
  for (const prop of names) {
    const before = bv.props.get(prop);
    const after = hv.props.get(prop);
    const sub = `${path}.${prop}`;
    if (before && after) {
      compareJsonSchemas(walk, before, after, sub, depth + 1, flip);
    } else if (after) {
      if (closed(bv))
        add(
          'schema-property-added',
          'widen',
          { side: 'head', at: after[0]!.at },
          `new property \`${prop}\`, which the old schema forbade (additionalProperties: false)`,
          `a ${name} with ${prop}`,
        );
      else if (additionalSchema(bv)) compareJsonSchemas(walk, additionalSchema(bv)!, after, sub, depth + 1, flip);
      // An open object allowed the property with any value: a schema for it narrows.
      else if (acceptsAnything(walk.head, after, walk.nullable))
        add('schema-property-added', 'none', { side: 'head', at: after[0]!.at }, `new property \`${prop}\`, which allows any value (as before)`);
      else
        add(
          'schema-property-added',
          'narrow',
          { side: 'head', at: after[0]!.at },
          `new property \`${prop}\` with a schema: before, the open object allowed any ${prop}`,
          `a ${name} with a ${prop} the new schema rejects`,
        );
    } else if (before) {
      if (closed(hv))
        add(
          'schema-property-removed',
          'narrow',
          { side: 'base', at: before[0]!.at },
          `property \`${prop}\` removed and no longer allowed (additionalProperties: false)`,
          `a ${name} with ${prop}`,
        );
      else if (additionalSchema(hv)) compareJsonSchemas(walk, before, additionalSchema(hv)!, sub, depth + 1, flip);
      // The open object now allows the property with any value: what its schema rejected is accepted.
      else if (acceptsAnything(walk.base, before, walk.nullable))
        add('schema-property-removed', 'none', { side: 'base', at: before[0]!.at }, `property \`${prop}\`, which allowed any value, is no longer described`);
      else
        add(
          'schema-property-removed',
          'widen',
          { side: 'base', at: before[0]!.at },
          `property \`${prop}\` is no longer described: the open object now allows any ${prop}`,
          `a ${name} with a ${prop} the old schema rejected`,
        );
    }
  }
  for (const prop of [...new Set([...bv.required.keys(), ...hv.required.keys()])].sort()) {
    const before = bv.required.get(prop);
    const after = hv.required.get(prop);
    if (before && !after)
      add('schema-required-removed', 'widen', { side: 'base', at: before }, `\`${prop}\` is no longer required`, `a ${name} without ${prop}`);
    else if (after && !before) add('schema-required-added', 'narrow', { side: 'head', at: after }, `\`${prop}\` is now required`, `a ${name} without ${prop}`);
  }
  const ba = additionalSchema(bv);
  const ha = additionalSchema(hv);
  if (ba && ha) {
    compareJsonSchemas(walk, ba, ha, `${path}.*`, depth + 1, flip);
    return;
  }
  const allows = (v: View): 'all' | 'none' | 'schema' => (closed(v) ? 'none' : additionalSchema(v) ? 'schema' : 'all');
  const was = allows(bv);
  const is = allows(hv);
  if (was === is) return;
  const at = (v: View): Location | undefined => (v.additional.find((n) => n.value === false) ?? v.additional[0])?.at;
  const where = place(at(bv) ?? bv.at, at(hv) ?? hv.at);
  const widens = was === 'none' || is === 'all';
  add(
    widens ? 'schema-additional-properties-allowed' : 'schema-additional-properties-forbidden',
    widens ? 'widen' : 'narrow',
    where,
    `additionalProperties ${was === 'none' ? 'false' : was === 'all' ? 'allowed' : 'a schema'} → ${is === 'none' ? 'false' : is === 'all' ? 'allowed' : 'a schema'}`,
    `a ${name} with properties not listed`,
  );
}

function compareItems(walk: SchemaWalk, bv: View, hv: View, path: string, depth: number, flip: boolean, add: Add): void {
  if (bv.items.length > 0 && hv.items.length > 0) compareJsonSchemas(walk, bv.items, hv.items, `${path}[]`, depth + 1, flip);
  if (bv.tuple && hv.tuple) {
    const before = bv.tuple;
    const after = hv.tuple;
    for (let i = 0; i < Math.min(before.length, after.length); i++) compareJsonSchemas(walk, before[i]!, after[i]!, `${path}[${i}]`, depth + 1, flip);
    if (before.length !== after.length) add('schema-items-changed', 'both', place(bv.tupleAt, hv.tupleAt), `tuple of ${before.length} → ${after.length} items`);
  }
  const shape = (v: View): 'tuple' | 'one' | undefined => (v.tuple ? 'tuple' : v.items.length > 0 ? 'one' : undefined);
  const was = shape(bv);
  const is = shape(hv);
  if (was === is) return;
  const at = (v: View): Location => v.tupleAt ?? v.items[0]?.at ?? v.at;
  const where = place(at(bv), at(hv));
  if (!is) add('schema-items-relaxed', 'widen', where, 'items no longer described: any items allowed', 'items of any shape');
  else if (!was) add('schema-items-constrained', 'narrow', where, 'items now described', 'items of another shape');
  else if (!(bv.items.length > 0 && hv.items.length > 0)) add('schema-items-changed', 'both', where, 'items changed between a list (tuple) and one schema');
}

/** The name an alternative is matched by across versions: the schema it references, its title, or the value that selects it. */
function alternativeKey(doc: ResolvedDoc, node: SchemaNode, index: number): string {
  if (isRefObject(node.value)) {
    const last = node.value.$ref.split('/').pop() ?? node.value.$ref;
    return last;
  }
  const resolved = deref(doc, node);
  const v = resolved?.value;
  if (isPlainObject(v)) {
    if (typeof v.title === 'string') return v.title;
    if (isPlainObject(v.properties)) {
      for (const [prop, sub] of Object.entries(v.properties)) {
        if (isPlainObject(sub) && Object.hasOwn(sub, 'const')) return `${prop}=${canonical(sub.const)}`;
        if (isPlainObject(sub) && Array.isArray(sub.enum) && sub.enum.length === 1) return `${prop}=${canonical(sub.enum[0])}`;
      }
    }
  }
  return `#${index}`;
}

function compareAlternatives(walk: SchemaWalk, bv: View, hv: View, path: string, depth: number, flip: boolean, add: Add): void {
  // oneOf/anyOf in several allOf parts: each part's, by position.
  for (let i = 0; i < Math.max(bv.alternatives.length, hv.alternatives.length); i++) {
    compareAlternativeSet(walk, bv, hv, bv.alternatives[i], hv.alternatives[i], path, depth, flip, add);
  }
}

function compareAlternativeSet(
  walk: SchemaWalk,
  bv: View,
  hv: View,
  before: Alternatives | undefined,
  after: Alternatives | undefined,
  path: string,
  depth: number,
  flip: boolean,
  add: Add,
): void {
  if (!before && !after) return;
  if (!before || !after) {
    const where = place(before?.at ?? bv.at, after?.at ?? hv.at);
    if (after)
      add(
        'schema-alternatives-added',
        'narrow',
        where,
        `now must match ${after.keyword} of ${after.nodes.length} alternatives`,
        'a value matching none of them',
      );
    else
      add(
        'schema-alternatives-removed',
        'widen',
        where,
        `${before!.keyword} removed: the alternatives no longer apply`,
        'a value matching none of the old alternatives',
      );
    return;
  }
  const keyed = (doc: ResolvedDoc, nodes: SchemaNode[]): Map<string, SchemaNode> => {
    const map = new Map<string, SchemaNode>();
    nodes.forEach((n, i) => {
      const key = alternativeKey(doc, n, i);
      map.set(map.has(key) ? `${key}#${i}` : key, n);
    });
    return map;
  };
  const old = keyed(walk.base, before.nodes);
  const now = keyed(walk.head, after.nodes);
  for (const key of unionKeys(old, now)) {
    const o = old.get(key);
    const n = now.get(key);
    const label = key.startsWith('#') ? `alternative ${key}` : `alternative ${key}`;
    if (o && n) compareJsonSchemas(walk, o, n, `${path}(${key})`, depth + 1, flip);
    else if (n) add('schema-alternative-added', 'widen', { side: 'head', at: n.at }, `new ${label} in ${after.keyword}`, `a message of the new ${label}`);
    else if (o)
      add('schema-alternative-removed', 'narrow', { side: 'base', at: o.at }, `${label} removed from ${before.keyword}`, `a message of the removed ${label}`);
  }
  if (before.keyword !== after.keyword) {
    // anyOf accepts a value that matches several alternatives, oneOf does not.
    const effect: Effect = after.keyword === 'anyOf' ? 'widen' : 'narrow';
    add(
      effect === 'widen' ? 'schema-constraint-relaxed' : 'schema-constraint-tightened',
      effect,
      place(before.at, after.at),
      `${before.keyword} → ${after.keyword}`,
      'a value that matches several alternatives',
    );
  }
}
