/**
 * Composition the view keeps apart: `oneOf`/`anyOf` alternatives (of several allOf parts: each
 * part's, by position), matched across versions by name, and `not`, whose changes turn around
 * (what widens the `not` narrows the schema).
 */
import type { Choice, SchemaNode } from '../../schema/schema-node.ts';
import type { SchemaViews } from '../../schema/schema-views.ts';
import { canonical } from '../canonical.ts';
import { child } from '../diff-context.ts';
import { unionKeys } from '../diff-context.ts';
import type { Effect } from '../types.ts';
import { inHead, type Pair } from './pair.ts';
import { keywordAt } from './written-at.ts';

export function compareAlternatives(p: Pair): void {
  for (let i = 0; i < Math.max(p.b.choices.length, p.h.choices.length); i++) compareChoice(p, p.b.choices[i], p.h.choices[i]);
}

export function compareNots(p: Pair): void {
  const { b, h } = p;
  for (let i = 0; i < Math.max(b.nots.length, h.nots.length); i++) {
    const before = b.nots[i];
    const after = h.nots[i];
    if (before !== undefined && after !== undefined) p.compare(before, after, `${p.path}(not)`, 'negated');
    else
      p.add(
        after ? 'schema-constraint-tightened' : 'schema-constraint-relaxed',
        after ? 'narrow' : 'widen',
        inHead(keywordAt(p.walk.head, h.id, 'not') ?? h.at),
        `\`not\` ${after ? 'added' : 'removed'}`,
      );
  }
}

/** Where option `i` of a choice is written (where the list is, else where the option's schema is). */
function optionAt(views: SchemaViews, choice: Choice, i: number) {
  return choice.at ? child(choice.at, String(i)) : views.node(choice.options[i]!).at;
}

/**
 * The name an option is matched by across versions: the schema it references (the last step of
 * where it is written, when that is not the list itself), its title, or the value that selects it.
 */
function optionKey(views: SchemaViews, choice: Choice, i: number): string {
  const node: SchemaNode = views.node(choice.options[i]!);
  const listed = choice.at ? child(choice.at, String(i)) : undefined;
  if (listed && (node.at.file !== listed.file || node.at.pointer !== listed.pointer) && !node.id.startsWith('merge:')) {
    const steps = node.at.pointer.split('/');
    const last = steps[steps.length - 1]?.replace(/~1/g, '/').replace(/~0/g, '~');
    return last || (node.at.file.split('/').pop() ?? node.at.file);
  }
  if (node.title !== undefined) return node.title;
  for (const prop of node.properties) {
    const value = views.node(prop.node);
    if (value.const) return `${prop.name}=${canonical(value.const.value)}`;
    if (value.enum?.length === 1) return `${prop.name}=${canonical(value.enum[0])}`;
  }
  return `#${i}`;
}

function keyed(views: SchemaViews, choice: Choice): Map<string, number> {
  const map = new Map<string, number>();
  choice.options.forEach((_, i) => {
    const key = optionKey(views, choice, i);
    map.set(map.has(key) ? `${key}#${i}` : key, i);
  });
  return map;
}

/**
 * Whether no value can match two alternatives of a choice: a discriminator selects one, each is
 * selected by its own value of a property (`kind: const`), or their types do not meet.
 */
function disjoint(views: SchemaViews, choice: Choice, keys: Map<string, number>): boolean {
  if (choice.discriminator !== undefined) return true;
  if ([...keys.keys()].every((k) => k.includes('='))) return true;
  const types = choice.options.map((id) => views.node(id).types);
  if (types.some((t) => t === undefined)) return false;
  const seen = new Set<string>();
  for (const list of types) {
    const own = new Set<string>(list!.flatMap((t) => (t === 'integer' ? ['integer', 'number'] : t === 'number' ? ['number', 'integer'] : [t])));
    for (const t of own) if (seen.has(t)) return false;
    for (const t of own) seen.add(t);
  }
  return true;
}

function compareChoice(p: Pair, before: Choice | undefined, after: Choice | undefined): void {
  const { walk } = p;
  if (!before && !after) return;
  if (!before || !after) {
    const where = inHead(after?.at ?? (before ? keywordAt(walk.head, p.h.id, before.kind) : undefined) ?? p.h.at);
    if (after)
      p.add(
        'schema-alternatives-added',
        'narrow',
        where,
        `now must match ${after.kind} of ${after.options.length} alternatives`,
        'a value matching none of them',
      );
    else
      p.add(
        'schema-alternatives-removed',
        'widen',
        where,
        `${before!.kind} removed: the alternatives no longer apply`,
        'a value matching none of the old alternatives',
      );
    return;
  }
  const old = keyed(walk.base, before);
  const now = keyed(walk.head, after);
  // oneOf: a value must match exactly one alternative, so unless they cannot overlap a change of one goes both ways.
  const how =
    (before.kind === 'oneOf' || after.kind === 'oneOf') && !(disjoint(walk.base, before, old) && disjoint(walk.head, after, now)) ? 'exclusive' : undefined;
  for (const key of unionKeys(old, now)) {
    const o = old.get(key);
    const n = now.get(key);
    const label = `alternative ${key}`;
    if (o !== undefined && n !== undefined) p.compare(before.options[o]!, after.options[n]!, `${p.path}(${key})`, how);
    else if (n !== undefined)
      p.add(
        'schema-alternative-added',
        'widen',
        { side: 'head', at: optionAt(walk.head, after, n) },
        `new ${label} in ${after.kind}`,
        `a message of the new ${label}`,
      );
    else if (o !== undefined)
      p.add(
        'schema-alternative-removed',
        'narrow',
        { side: 'base', at: optionAt(walk.base, before, o) },
        `${label} removed from ${before.kind}`,
        `a message of the removed ${label}`,
      );
  }
  if (before.kind !== after.kind) {
    // anyOf accepts a value that matches several alternatives, oneOf does not.
    const effect: Effect = after.kind === 'anyOf' ? 'widen' : 'narrow';
    p.add(
      effect === 'widen' ? 'schema-constraint-relaxed' : 'schema-constraint-tightened',
      effect,
      inHead(after.at ?? p.h.at),
      `${before.kind} → ${after.kind}`,
      'a value that matches several alternatives',
    );
  }
}
