/**
 * An sns subscription's filter policy in two versions, by the messages it lets through. Keys are
 * ANDed and the values of a key ORed (a nested object filters the message body's nested keys):
 * a new key or a removed value lets fewer messages through (narrows); a removed key or a new
 * value lets more through (widens); a changed operator (`prefix`, `numeric`, `anything-but`, …)
 * or `$or` is compared as a whole.
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { canonical, quote, sameValue } from './canonical.ts';
import { child, type Node } from './diff-context.ts';
import type { Effect } from './types.ts';

export interface FilterFinding {
  effect: Effect;
  side: 'base' | 'head';
  at: Node['at'];
  what: string;
}

export function compareFilterPolicy(b: Node | undefined, h: Node | undefined): FilterFinding[] {
  const out: FilterFinding[] = [];
  if (!b && !h) return out;
  if (!b) return [{ effect: 'narrow', side: 'head', at: h!.at, what: 'a filter policy was added: messages that do not match it are no longer delivered' }];
  if (!h) return [{ effect: 'widen', side: 'base', at: b.at, what: 'the filter policy was removed: every message of the topic is delivered' }];
  walk(b, h, '', out, 0);
  return out;
}

function walk(b: Node, h: Node, path: string, out: FilterFinding[], depth: number): void {
  if (sameValue(b.value, h.value)) return;
  const bo = b.value;
  const ho = h.value;
  if (depth < 32 && isPlainObject(bo) && isPlainObject(ho)) {
    for (const key of [...new Set([...Object.keys(bo), ...Object.keys(ho)])].sort()) {
      const name = path ? `${path}.${key}` : key;
      const inB = Object.hasOwn(bo, key);
      const inH = Object.hasOwn(ho, key);
      if (key === '$or' && inB && inH) {
        if (!sameValue(bo[key], ho[key])) out.push({ effect: 'both', side: 'head', at: child(h.at, key), what: `the $or of ${path || 'the filter'} changed` });
      } else if (inH && !inB)
        out.push({
          effect: 'narrow',
          side: 'head',
          at: child(h.at, key),
          what: `new condition on ${name} (${quote(ho[key])}): messages without a matching ${name} are no longer delivered`,
        });
      else if (inB && !inH)
        out.push({
          effect: 'widen',
          side: 'base',
          at: child(b.at, key),
          what: `the condition on ${name} was removed: messages with any ${name} are delivered`,
        });
      else walk({ value: bo[key], at: child(b.at, key) }, { value: ho[key], at: child(h.at, key) }, name, out, depth + 1);
    }
    return;
  }
  if (Array.isArray(bo) && Array.isArray(ho)) {
    const old = new Map(bo.map((v) => [canonical(v), v]));
    const now = new Map(ho.map((v) => [canonical(v), v]));
    const gained = [...now.keys()].filter((k) => !old.has(k));
    const lost = [...old.keys()].filter((k) => !now.has(k));
    // A plain value (or `exists: true`) ORed in lets more through; an `anything-but` added is read as a change.
    const operator = (k: string): boolean => k.startsWith('{');
    if (gained.length > 0)
      out.push({
        effect: gained.some(operator) ? 'both' : 'widen',
        side: 'head',
        at: h.at,
        what: `${path}: ${gained.map((k) => quote(now.get(k))).join(', ')} now also accepted`,
      });
    if (lost.length > 0)
      out.push({
        effect: lost.some(operator) ? 'both' : 'narrow',
        side: 'head',
        at: h.at,
        what: `${path}: ${lost.map((k) => quote(old.get(k))).join(', ')} no longer accepted`,
      });
    return;
  }
  out.push({ effect: 'both', side: 'head', at: h.at, what: `${path || 'the filter'}: ${quote(bo)} → ${quote(ho)}` });
}
