/**
 * What kind of value a schema admits, and which values: its types (an integer is also a number;
 * OpenAPI's `nullable` is a type null, as the view reads it) and the values an `enum` or `const`
 * limits it to (of every allOf part at once: the values all of them allow).
 */
import { admitsType, type SchemaNode } from '../../schema/schema-node.ts';
import type { SchemaViews } from '../../schema/schema-views.ts';
import { canonical, quote } from '../canonical.ts';
import { inHead, type Pair } from './pair.ts';
import { keywordAt, placeIn } from './written-at.ts';
import { child } from '../diff-context.ts';

export function compareTypes(p: Pair): void {
  const bt = p.b.types;
  const ht = p.h.types;
  if (!bt && !ht) return;
  const where = inHead(keywordAt(p.walk.head, p.h.id, 'type') ?? p.h.at);
  const name = p.name;
  if (!ht) {
    p.add('schema-type-widened', 'widen', where, `type ${bt!.join(' | ')} no longer required: any type allowed`, `a ${name} of another type`);
    return;
  }
  if (!bt) {
    p.add('schema-type-narrowed', 'narrow', where, `now restricted to type ${ht.join(' | ')}`, `a ${name} of another type`);
    return;
  }
  const gained = ht.filter((t) => !admitsType(bt, t));
  const lost = bt.filter((t) => !admitsType(ht, t));
  const change = `type ${bt.join(' | ')} → ${ht.join(' | ')}`;
  if (gained.length > 0 && lost.length > 0) p.add('schema-type-changed', 'both', where, change, `a ${name} of type ${gained[0]} or ${lost[0]}`);
  else if (gained.length > 0) p.add('schema-type-widened', 'widen', where, `${change} (widened)`, `a ${name} of type ${gained.join(' or ')}`);
  else if (lost.length > 0) p.add('schema-type-narrowed', 'narrow', where, `${change} (narrowed)`, `a ${name} of type ${lost.join(' or ')}`);
}

/** The values a node is limited to, by their canonical text (undefined: not limited to a list). */
function allowedValues(node: SchemaNode): Map<string, unknown> | undefined {
  if (node.const) {
    const key = canonical(node.const.value);
    // A const that its enum does not list admits nothing.
    if (node.enum && !node.enum.some((v) => canonical(v) === key)) return new Map();
    return new Map([[key, node.const.value]]);
  }
  return node.enum ? new Map(node.enum.map((v) => [canonical(v), v])) : undefined;
}

/**
 * Where head limits the values: the `enum` or `const` that leaves out `lost` (the one that took
 * it away), else the last one written (where a value was let in).
 */
function valuesAt(views: SchemaViews, id: string, lost: unknown[]): ReturnType<typeof placeIn> {
  const keys = new Set(lost.map((v) => canonical(v)));
  let last: ReturnType<typeof placeIn>;
  const found = placeIn(views, id, (s, at) => {
    const list = Array.isArray(s.enum) ? s.enum : Object.hasOwn(s, 'const') ? [s.const] : undefined;
    if (!list) return undefined;
    const written = child(at, Array.isArray(s.enum) ? 'enum' : 'const');
    last = written;
    return keys.size > 0 && ![...keys].every((k) => list.some((v) => canonical(v) === k)) ? written : undefined;
  });
  return found ?? last;
}

export function compareValues(p: Pair): void {
  const bv = allowedValues(p.b);
  const hv = allowedValues(p.h);
  if (!bv && !hv) return;
  const name = p.name;
  const gained = hv && bv ? [...hv.keys()].filter((k) => !bv.has(k)) : [];
  const lost = hv && bv ? [...bv.keys()].filter((k) => !hv.has(k)) : [];
  const where = inHead(
    valuesAt(
      p.walk.head,
      p.h.id,
      lost.map((k) => bv!.get(k)),
    ) ?? p.h.at,
  );
  if (!hv) {
    p.add(
      'schema-enum-removed',
      'widen',
      where,
      'no longer limited to a list of values',
      `a ${name} outside ${[...bv!.values()].map((v) => quote(v)).join(', ')}`,
    );
    return;
  }
  if (!bv) {
    p.add('schema-enum-added', 'narrow', where, `now limited to ${[...hv.values()].map((v) => quote(v)).join(', ')}`, `a ${name} outside that list`);
    return;
  }
  if (bv.size === 1 && hv.size === 1 && gained.length === 1) {
    // One fixed value replaced by another: nothing valid before is valid now.
    p.add(
      'schema-const-changed',
      'both',
      where,
      `always ${quote(bv.get(lost[0]!))} → always ${quote(hv.get(gained[0]!))}`,
      `${name} ${quote(bv.get(lost[0]!))} or ${quote(hv.get(gained[0]!))}`,
    );
    return;
  }
  if (gained.length > 0)
    p.add(
      'schema-enum-value-added',
      'widen',
      where,
      `new value${gained.length > 1 ? 's' : ''} ${gained.map((k) => quote(hv.get(k))).join(', ')}`,
      `${name} ${quote(hv.get(gained[0]!))}`,
    );
  if (lost.length > 0)
    p.add(
      'schema-enum-value-removed',
      'narrow',
      where,
      `value${lost.length > 1 ? 's' : ''} ${lost.map((k) => quote(bv.get(k))).join(', ')} removed`,
      `${name} ${quote(bv.get(lost[0]!))}`,
    );
}
