/**
 * A value of a document as one canonical text with its `$ref`s followed: object keys sorted,
 * a recursive reference written once and then named by how far up it points. Two values that
 * mean the same, written with references or inline, give the same text. Bounded: past
 * MAX_NODES values or MAX_DEPTH levels the rest is written as `…` and the text is not `complete`
 * (two incomplete texts may be equal and the values still differ).
 *
 * Used where a comparison must see through references: in diff, any value that may hold `$ref`s
 * (src/lib/diff/diff-context.ts sameThroughRefs and sameMeaning: bindings, schemas not compared
 * by rule and their keywords, info fields, servers, channels, operations, security schemes) and
 * a message's payload when renamed messages are paired (channels-compat.ts); the shape of a payload
 * across the APIs of a portal (flows: src/lib/model/payload-fingerprint.ts).
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { childPointer } from '../json-pointer.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from './resolved-doc.ts';

const MAX_NODES = 5_000;
const MAX_DEPTH = 64;

export interface ExpandOptions {
  /** Keys left out of objects (not out of maps of names, see `nameMaps`). */
  omit?: (key: string) => boolean;
  /** Keys whose object value is a map of names to values (`properties`): its names are data, never omitted. */
  nameMaps?: ReadonlySet<string>;
}

interface ExpandedText {
  text: string;
  /** False when the value was larger or deeper than the bounds: the text ends early. */
  complete: boolean;
}

/**
 * Whether expandedText writes `value` whole and as written, whatever its document: nothing in it
 * is a `$ref` object and it is within the bounds (counted as expandedText counts, at most
 * MAX_NODES values and MAX_DEPTH levels, so the check itself is bounded). Its text is then
 * canonical()'s (src/lib/diff/canonical.ts), less any keys left out.
 */
export function expandsAsWritten(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return false;
    if (Array.isArray(v)) for (const item of v) stack.push([item, depth + 1]);
    else if (typeof v === 'object' && v !== null) {
      if ('$ref' in v) return false;
      for (const item of Object.values(v)) stack.push([item, depth + 1]);
    }
  }
  return true;
}

export function expandedText(doc: ResolvedDoc, value: unknown, at: Location, options: ExpandOptions = {}): ExpandedText {
  const parts: string[] = [];
  let nodes = 0;
  let complete = true;
  // References on the current path: a recursive schema is written once and then named.
  const path: string[] = [];
  const visit = (v: unknown, where: Location, depth: number, namesOnly: boolean): void => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) {
      complete = false;
      parts.push('"…"');
      return;
    }
    if (isRefObject(v)) {
      const target = doc.deref(v, where);
      if (!target) {
        parts.push('{"$ref":', JSON.stringify(v.$ref), '}');
        return;
      }
      const key = `${target.at.file}#${target.at.pointer}`;
      if (path.includes(key)) {
        parts.push(`{"$cycle":${path.length - path.indexOf(key)}}`);
        return;
      }
      path.push(key);
      visit(target.value, target.at, depth + 1, namesOnly);
      path.pop();
      return;
    }
    if (Array.isArray(v)) {
      parts.push('[');
      v.forEach((item, i) => {
        if (i > 0) parts.push(',');
        visit(item, { file: where.file, pointer: childPointer(where.pointer, String(i)) }, depth + 1, false);
      });
      parts.push(']');
      return;
    }
    if (!isPlainObject(v)) {
      parts.push(JSON.stringify(v) ?? 'null');
      return;
    }
    parts.push('{');
    let first = true;
    for (const key of Object.keys(v).sort()) {
      if (!namesOnly && options.omit?.(key)) continue;
      if (!first) parts.push(',');
      first = false;
      parts.push(JSON.stringify(key), ':');
      const inner = !namesOnly && options.nameMaps?.has(key) === true && isPlainObject(v[key]);
      visit(v[key], { file: where.file, pointer: childPointer(where.pointer, key) }, depth + 1, inner);
    }
    parts.push('}');
  };
  visit(value, at, 0, false);
  return { text: parts.join(''), complete };
}
