/**
 * What a string must look like: its `pattern`s (every one must match: an allOf of two patterns
 * keeps both, as the view does) and its `format`. A pattern added narrows, one removed widens, one
 * replaced by another changes both ways; so does a format.
 */
import { quote } from '../canonical.ts';
import type { Effect } from '../types.ts';
import { inHead, type Pair } from './pair.ts';
import { keywordAt } from './written-at.ts';

export function comparePatterns(p: Pair): void {
  const lost = p.b.patterns.filter((x) => !p.h.patterns.includes(x));
  const gained = p.h.patterns.filter((x) => !p.b.patterns.includes(x));
  // A pattern replaced: the one that took its place.
  const replaced = Math.min(lost.length, gained.length);
  for (let i = 0; i < replaced; i++) report(p, 'pattern', lost[i], gained[i]);
  for (const after of gained.slice(replaced)) report(p, 'pattern', undefined, after);
  for (const before of lost.slice(replaced)) report(p, 'pattern', before, undefined);
}

export function compareFormat(p: Pair): void {
  if (p.b.format !== p.h.format) report(p, 'format', p.b.format, p.h.format);
}

function report(p: Pair, keyword: 'pattern' | 'format', before: string | undefined, after: string | undefined): void {
  const effect: Effect = before === undefined ? 'narrow' : after === undefined ? 'widen' : 'both';
  const what =
    before === undefined
      ? `${keyword} ${quote(after)} added`
      : after === undefined
        ? `${keyword} ${quote(before)} removed`
        : `${keyword} ${quote(before)} → ${quote(after)}`;
  p.add(
    effect === 'widen' ? 'schema-constraint-relaxed' : effect === 'narrow' ? 'schema-constraint-tightened' : 'schema-constraint-changed',
    effect,
    inHead((after !== undefined ? keywordAt(p.walk.head, p.h.id, keyword, (v) => v === after) : undefined) ?? p.h.at),
    what,
    outsideOf(keyword, p.name, before, after),
  );
}

/**
 * A value the change lets through or shuts out, as a reader says it: for a pattern added, one
 * that does not match it (senders on the old schema may send it; the new one rejects it);
 * removed, one that does not match the old one (receivers on the old schema reject it);
 * replaced, one that matches one of the two and not the other.
 */
function outsideOf(keyword: 'pattern' | 'format', name: string, before: string | undefined, after: string | undefined): string {
  const short = (v: unknown): string => {
    const text = quote(v);
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  };
  const unlike = (v: unknown): string => (keyword === 'pattern' ? `that does not match ${short(v)}` : `that is not a valid ${short(v)}`);
  if (before === undefined) return `a ${name} ${unlike(after)}`;
  if (after === undefined) return `a ${name} ${unlike(before)}`;
  return keyword === 'pattern'
    ? `a ${name} that matches one of ${short(before)} and ${short(after)} but not the other`
    : `a ${name} that is a valid ${short(before)} and not a valid ${short(after)}, or the other way round`;
}
