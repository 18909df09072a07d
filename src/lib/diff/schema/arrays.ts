/**
 * Arrays: the schema of their items (one schema, or a tuple position by position), what follows
 * a tuple (`additionalItems`), what one item must match (`contains`) and `uniqueItems`. Counts of
 * items are bounds (bounds.ts).
 */
import { inHead, type Pair } from './pair.ts';
import { keywordAt } from './written-at.ts';

export function compareArrays(p: Pair): void {
  compareItems(p);
  compareOptionalSchema(p, 'additionalItems', p.b.additionalItems, p.h.additionalItems);
  compareOptionalSchema(p, 'contains', p.b.contains, p.h.contains);
  const was = p.b.uniqueItems === true;
  const is = p.h.uniqueItems === true;
  if (was !== is)
    p.add(
      is ? 'schema-constraint-tightened' : 'schema-constraint-relaxed',
      is ? 'narrow' : 'widen',
      inHead(keywordAt(p.walk.head, p.h.id, 'uniqueItems') ?? p.h.at),
      `uniqueItems ${is ? 'added' : 'removed'}`,
      `a ${p.name} with repeated items`,
    );
}

function compareItems(p: Pair): void {
  const { b, h } = p;
  if (b.items !== undefined && h.items !== undefined) p.compare(b.items, h.items, `${p.path}[]`);
  const itemsAt = inHead(keywordAt(p.walk.head, h.id, 'items') ?? h.at);
  if (b.tupleItems && h.tupleItems) {
    for (let i = 0; i < Math.min(b.tupleItems.length, h.tupleItems.length); i++) p.compare(b.tupleItems[i]!, h.tupleItems[i]!, `${p.path}[${i}]`);
    if (b.tupleItems.length !== h.tupleItems.length)
      p.add('schema-items-changed', 'both', itemsAt, `tuple of ${b.tupleItems.length} → ${h.tupleItems.length} items`);
  }
  const shape = (tuple: unknown, items: unknown): 'tuple' | 'one' | undefined => (tuple ? 'tuple' : items !== undefined ? 'one' : undefined);
  const was = shape(b.tupleItems, b.items);
  const is = shape(h.tupleItems, h.items);
  if (was === is) return;
  const where = is ? itemsAt : inHead(h.at);
  if (!is) p.add('schema-items-relaxed', 'widen', where, 'items no longer described: any items allowed', 'items of any shape');
  else if (!was) p.add('schema-items-constrained', 'narrow', where, 'items now described', 'items of another shape');
  else p.add('schema-items-changed', 'both', where, 'items changed between a list (tuple) and one schema');
}

/** A keyword holding a schema (or `false`): both written, compared as schemas; one written, said as added or removed. */
function compareOptionalSchema(p: Pair, keyword: 'additionalItems' | 'contains', before: string | false | undefined, after: string | false | undefined): void {
  if (before === undefined && after === undefined) return;
  if (typeof before === 'string' && typeof after === 'string') {
    p.compare(before, after, `${p.path}(${keyword})`);
    return;
  }
  if (before === after) return;
  const said = (v: string | false | undefined): string => (v === false ? 'false' : v === undefined ? '(none)' : 'a schema');
  // `false` admits nothing: from a schema to false narrows, from false to a schema widens.
  const effect = after === undefined || before === false ? 'widen' : before === undefined || after === false ? 'narrow' : 'both';
  p.add(
    effect === 'widen' ? 'schema-constraint-relaxed' : effect === 'narrow' ? 'schema-constraint-tightened' : 'schema-constraint-changed',
    effect,
    inHead(keywordAt(p.walk.head, p.h.id, keyword) ?? p.h.at),
    before === undefined
      ? `${keyword} ${said(after)} added`
      : after === undefined
        ? `${keyword} ${said(before)} removed`
        : `${keyword} ${said(before)} → ${said(after)}`,
  );
}
