/**
 * Bounds of a schema: of numbers (`minimum`, `maximum` and their exclusive forms, `multipleOf`),
 * of lengths and counts (`minLength`, `maxItems`, `minProperties`, …). Of two allOf parts' bounds
 * the tighter holds (the view merged them). A lower bound that drops or goes widens; an upper
 * bound that rises or goes widens. A number bound is read as the view reads it: OpenAPI 3.0's
 * `exclusiveMinimum: true` makes its `minimum` exclusive (a change of the flag alone is said as
 * the flag).
 */
import type { NumberBounds, SchemaNode } from '../../schema/schema-node.ts';
import type { Effect } from '../types.ts';
import { inHead, type Pair } from './pair.ts';
import { keywordAt } from './written-at.ts';

type CountKeyword = 'minLength' | 'maxLength' | 'minItems' | 'maxItems' | 'minProperties' | 'maxProperties';
const LOWER_COUNTS: CountKeyword[] = ['minLength', 'minItems', 'minProperties'];
const UPPER_COUNTS: CountKeyword[] = ['maxLength', 'maxItems', 'maxProperties'];

export function compareBounds(p: Pair): void {
  compareNumberBound(p, 'lower');
  for (const keyword of LOWER_COUNTS) compareBound(p, keyword, true, p.b[keyword], p.h[keyword]);
  compareNumberBound(p, 'upper');
  for (const keyword of UPPER_COUNTS) compareBound(p, keyword, false, p.b[keyword], p.h[keyword]);
  compareMultipleOf(p);
}

interface NumberBound {
  value: number;
  exclusive: boolean;
  /** The keyword that states it in the schema's language. */
  keyword: string;
}

/** The bound of a side that holds (of `minimum` and `exclusiveMinimum`, the tighter), named as the node's language writes it. */
function numberBound(node: SchemaNode, side: 'lower' | 'upper'): NumberBound | undefined {
  const n: NumberBounds = node.numbers;
  const inclusive = side === 'lower' ? n.minimum : n.maximum;
  const exclusive = side === 'lower' ? n.exclusiveMinimum : n.exclusiveMaximum;
  const plain = side === 'lower' ? 'minimum' : 'maximum';
  const strict = side === 'lower' ? 'exclusiveMinimum' : 'exclusiveMaximum';
  // OpenAPI 3.0 writes an exclusive bound as `minimum` with a flag.
  const keyword = (isExclusive: boolean): string => (node.dialect === 'openapi' || !isExclusive ? plain : strict);
  if (exclusive === undefined) return inclusive === undefined ? undefined : { value: inclusive, exclusive: false, keyword: keyword(false) };
  if (inclusive === undefined) return { value: exclusive, exclusive: true, keyword: keyword(true) };
  const exclusiveHolds = side === 'lower' ? exclusive >= inclusive : exclusive <= inclusive;
  return exclusiveHolds ? { value: exclusive, exclusive: true, keyword: keyword(true) } : { value: inclusive, exclusive: false, keyword: keyword(false) };
}

function compareNumberBound(p: Pair, side: 'lower' | 'upper'): void {
  const before = numberBound(p.b, side);
  const after = numberBound(p.h, side);
  if (before?.value === after?.value && before?.exclusive === after?.exclusive) return;
  const lower = side === 'lower';
  if (before && after && before.value === after.value && p.h.dialect === 'openapi' && p.b.dialect === 'openapi') {
    // Only OpenAPI's flag changed: the bound itself is excluded now, or admitted again.
    const flag = lower ? 'exclusiveMinimum' : 'exclusiveMaximum';
    const narrows = after.exclusive;
    p.add(
      narrows ? 'schema-constraint-tightened' : 'schema-constraint-relaxed',
      narrows ? 'narrow' : 'widen',
      inHead(keywordAt(p.walk.head, p.h.id, flag) ?? keywordAt(p.walk.head, p.h.id, before.keyword) ?? p.h.at),
      `${flag} ${before.exclusive} → ${after.exclusive}`,
      `${p.name} ${after.value}`,
    );
    return;
  }
  if (before && after && before.keyword !== after.keyword) {
    // `minimum 1` → `exclusiveMinimum 0`: compared as the bounds they are.
    const widens = lower
      ? after.value < before.value || (after.value === before.value && !after.exclusive)
      : after.value > before.value || (after.value === before.value && !after.exclusive);
    p.add(
      widens ? 'schema-constraint-relaxed' : 'schema-constraint-tightened',
      widens ? 'widen' : 'narrow',
      inHead(keywordAt(p.walk.head, p.h.id, after.keyword, (v) => v === after.value) ?? p.h.at),
      `${before.keyword} ${before.value} → ${after.keyword} ${after.value}`,
    );
    return;
  }
  const keyword = (after ?? before)!.keyword;
  compareBound(p, keyword, lower, before?.value, after?.value, (after ?? before)!.exclusive);
}

/** One bound of a keyword: added, removed, raised or lowered, with a value on the far side of the change. */
function compareBound(p: Pair, keyword: string, lower: boolean, before: number | undefined, after: number | undefined, exclusive = false): void {
  if (before === after) return;
  const name = p.name;
  const where = inHead(keywordAt(p.walk.head, p.h.id, keyword, (v) => v === after) ?? p.h.at);
  // A lower bound that drops (or goes) widens; an upper bound that rises (or goes) widens.
  const widens = after === undefined || (before !== undefined && (lower ? after < before : after > before));
  const subject = keyword.includes('Length')
    ? `${name} of length `
    : keyword.includes('Items') || keyword.includes('Properties')
      ? `${name} with `
      : `${name} `;
  const unit = keyword.includes('Items') ? ' items' : keyword.includes('Properties') ? ' properties' : '';
  const what =
    before === undefined
      ? `${keyword} ${after} added`
      : after === undefined
        ? `${keyword} ${before} removed`
        : `${keyword} ${widens === lower ? 'lowered' : 'raised'} from ${before} to ${after}`;
  // The value on the far side of the change: what the new schema lets through, or shuts out.
  const outside = widens
    ? after === undefined
      ? lower
        ? before! - 1
        : before! + 1
      : after
    : before === undefined
      ? lower
        ? after! - (exclusive ? 0 : 1)
        : after! + (exclusive ? 0 : 1)
      : before;
  const example = Number.isFinite(outside) ? `${subject}${Number.isInteger(outside) ? outside : `beyond ${outside}`}${unit}` : undefined;
  p.add(widens ? 'schema-constraint-relaxed' : 'schema-constraint-tightened', widens ? 'widen' : 'narrow', where, what, example);
}

/** Every multiple of 10 is a multiple of 5: 10 → 5 widens, 5 → 10 narrows. */
function compareMultipleOf(p: Pair): void {
  const was = p.b.numbers.multipleOf ?? [];
  const is = p.h.numbers.multipleOf ?? [];
  if (was.length <= 1 && is.length <= 1) {
    const [b] = was;
    const [h] = is;
    if (b === h) return;
    const effect: Effect = h === undefined ? 'widen' : b === undefined ? 'narrow' : b % h === 0 ? 'widen' : h % b === 0 ? 'narrow' : 'both';
    report(p, effect, h, `multipleOf ${b ?? '(none)'} → ${h ?? '(none)'}`);
    return;
  }
  // Several (allOf parts): each one added narrows, each one removed widens.
  for (const h of is.filter((v) => !was.includes(v))) report(p, 'narrow', h, `multipleOf ${h} added`);
  for (const b of was.filter((v) => !is.includes(v))) report(p, 'widen', undefined, `multipleOf ${b} removed`);
}

function report(p: Pair, effect: Effect, value: number | undefined, what: string): void {
  p.add(
    effect === 'widen' ? 'schema-constraint-relaxed' : effect === 'narrow' ? 'schema-constraint-tightened' : 'schema-constraint-changed',
    effect,
    inHead(keywordAt(p.walk.head, p.h.id, 'multipleOf', (v) => value === undefined || v === value) ?? p.h.at),
    what,
  );
}
