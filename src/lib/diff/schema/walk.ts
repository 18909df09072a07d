/**
 * Compares two schemas as the pages show them: the nodes of each version's normalised view
 * (src/lib/schema), so that allOf parts merged as the intersection they are, OpenAPI's
 * `nullable`, an Avro field required unless it has a default, Protobuf fields and a Multi Format
 * Schema Object referencing another are judged as a reader sees them. Every difference of what
 * the schemas admit becomes a finding that widens, narrows, or changes both ways (classify.ts
 * then applies the direction rule), pointing at the keyword where it is written (written-at.ts).
 *
 * Bounded: a pair of nodes is compared once (recursive and shared schemas), two nodes written
 * alike are not compared at all (written-alike.ts), and the walk stops at a depth and a number of
 * pairs, saying where once. The concerns are modules of their own: types and values, bounds,
 * patterns, objects, arrays, alternatives, assertions the view does not read, wording.
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import { countText } from '../../count-text.ts';
import { ANY_ID, NOTHING_ID } from '../../schema/merge.ts';
import type { SchemaNode } from '../../schema/schema-node.ts';
import { type SchemaViews, UNRESOLVED_PREFIX } from '../../schema/schema-views.ts';
import type { ContentFinding } from '../classify.ts';
import type { Effect } from '../types.ts';
import { compareAlternatives, compareNots } from './alternatives.ts';
import { compareArrays } from './arrays.ts';
import { compareBounds } from './bounds.ts';
import { compareObjects } from './objects.ts';
import { leaf, type Pair, type SchemaWalk, shortPath } from './pair.ts';
import { compareFormat, comparePatterns } from './patterns.ts';
import { compareTypes, compareValues } from './types-values.ts';
import { acceptsAnything } from './unconstrained.ts';
import { compareWording } from './wording.ts';
import { writtenAlike } from './written-alike.ts';
import { compareWrittenAssertions } from './written-assertions.ts';

const MAX_SCHEMA_DEPTH = 64;
const MAX_SCHEMA_PAIRS = 20_000;

export function newSchemaWalk(base: SchemaViews, head: SchemaViews, findings: ContentFinding[], scope: SchemaWalk['scope'] = 'all'): SchemaWalk {
  return { base, head, findings, seen: new Set(), alike: new Map(), budget: MAX_SCHEMA_PAIRS, stopped: false, scope };
}

/** Compares base node `bId` with head node `hId`, the value at `path`. */
export function compareSchemaNodes(walk: SchemaWalk, bId: string, hId: string, path: string): void {
  compareAt(walk, bId, hId, path, 0, { flip: false, either: false }, undefined);
}

/** How a finding's effect turns where the pair is: inside a `not`, inside a `oneOf` alternative (see Pair). */
interface Turn {
  flip: boolean;
  either: boolean;
}

function compareAt(walk: SchemaWalk, bId: string, hId: string, path: string, depth: number, turn: Turn, parentAt: Location | undefined): void {
  const { flip, either } = turn;
  const key = `${bId}|${hId}|${flip}|${either}`;
  if (walk.seen.has(key)) return;
  walk.seen.add(key);
  // Past its limits the walk stops: once per walk it says where, and the message is counted as
  // breaking (what was not compared may hide a breaking change). Pairs over the budget end every
  // branch; a branch too deep ends alone, and the walk goes on with the others.
  if (walk.budget <= 0) return;
  const b = walk.base.node(bId);
  const h = walk.head.node(hId);
  // `true` and `false` (and what a closed object gives a name it does not list) are written where their parent is.
  const hAt = h.id === ANY_ID || h.id === NOTHING_ID ? (parentAt ?? h.at) : h.at;
  if (depth > MAX_SCHEMA_DEPTH || --walk.budget <= 0) {
    stop(
      walk,
      hAt,
      path,
      `not compared past ${depth > MAX_SCHEMA_DEPTH ? `${MAX_SCHEMA_DEPTH} levels of nesting` : `${countText(MAX_SCHEMA_PAIRS)} pairs of schemas`}`,
    );
    return;
  }
  if (bId === hId && (bId === ANY_ID || bId === NOTHING_ID)) return;
  if (writtenAlike(walk, bId, hId)) return;
  if (b.incomplete || h.incomplete) {
    // Where the view stopped has no place of its own: the finding points at the schema that holds it.
    stop(
      walk,
      h.incomplete ? (parentAt ?? h.at) : hAt,
      path,
      `not compared whole (${h.unresolved ?? b.unresolved ?? 'the schema is too large to take whole'})`,
    );
    return;
  }
  // A reference that does not resolve is validate's to report (a schema that only merges one is compared).
  if (b.id.startsWith(UNRESOLVED_PREFIX) || h.id.startsWith(UNRESOLVED_PREFIX)) return;
  const add = (rule: string, effect: Effect, where: { side: 'base' | 'head'; at: Location }, what: string, example?: string): void => {
    const oneWay = effect === 'widen' || effect === 'narrow';
    const turned: Effect = either && oneWay ? 'both' : flip && effect === 'widen' ? 'narrow' : flip && effect === 'narrow' ? 'widen' : effect;
    const said =
      either && oneWay
        ? `${what} (in an alternative of a oneOf: a value that matched it and another is refused, one that matched both may now match it alone)`
        : what;
    walk.findings.push({ rule, effect: turned, ...where, what: `${shortPath(path)}: ${said}`, ...(example !== undefined ? { example } : {}) });
  };
  const pair: Pair = {
    walk,
    b,
    h: hAt === h.at ? h : { ...h, at: hAt },
    path,
    name: leaf(path),
    flip,
    either,
    add,
    compare: (nb, nh, sub, how) =>
      compareAt(walk, nb, nh, sub, depth + 1, { flip: how === 'negated' ? !flip : flip, either: either || how === 'exclusive' }, hAt),
  };
  if (walk.scope === 'wording') {
    compareWordingOnly(pair);
    return;
  }
  if (b.boolean !== undefined || h.boolean !== undefined) {
    compareBooleans(pair);
    return;
  }
  compareTypes(pair);
  compareValues(pair);
  compareBounds(pair);
  comparePatterns(pair);
  compareFormat(pair);
  compareWrittenAssertions(pair);
  compareNots(pair);
  compareObjects(pair);
  compareArrays(pair);
  compareAlternatives(pair);
  compareWording(pair);
}

/** `true` accepts everything, `false` nothing (as does a schema of annotations only, like `{}`, the first). */
function compareBooleans(p: Pair): void {
  const { walk, b, h } = p;
  const acceptsAll = (views: SchemaViews, node: SchemaNode): boolean =>
    node.boolean === true || (node.boolean === undefined && acceptsAnything(views, node.id));
  const noneBefore = b.boolean === false;
  const noneAfter = h.boolean === false;
  const where = { side: 'head' as const, at: h.at };
  if (noneBefore && !noneAfter) p.add('schema-widened', 'widen', where, 'was `false` (nothing allowed), now allows values', `any ${p.name}`);
  else if (!noneBefore && noneAfter) p.add('schema-narrowed', 'narrow', where, 'now `false`: no value allowed', `any ${p.name}`);
  else {
    const before = acceptsAll(walk.base, b);
    const after = acceptsAll(walk.head, h);
    if (before !== after)
      p.add(after ? 'schema-widened' : 'schema-narrowed', after ? 'widen' : 'narrow', where, after ? 'now allows any value' : 'now constrained');
  }
}

/**
 * Avro and Protobuf: their values are judged by their own rules (avro-compat.ts,
 * protobuf-compat.ts); here only what the pages show of them besides (docs, comments, defaults),
 * field by field.
 */
function compareWordingOnly(p: Pair): void {
  const { b, h } = p;
  for (const before of b.properties) {
    const after = h.properties.find((x) => x.name === before.name);
    if (after) p.compare(before.node, after.node, `${p.path}.${before.name}`);
  }
  if (b.items !== undefined && h.items !== undefined) p.compare(b.items, h.items, `${p.path}[]`);
  if (typeof b.additionalProperties === 'string' && typeof h.additionalProperties === 'string')
    p.compare(b.additionalProperties, h.additionalProperties, `${p.path}.*`);
  compareWording(p);
}

function stop(walk: SchemaWalk, at: Location, path: string, why: string): void {
  if (walk.stopped) return;
  walk.stopped = true;
  walk.findings.push({
    rule: 'schema-not-compared',
    effect: 'both',
    judge: 'unfinished',
    side: 'head',
    at,
    what: `${shortPath(path)}: ${why} (the rest of this schema is not compared)`,
  });
}
