/** Values of a document compared and quoted as text: key order does not matter, length is bounded. */
import { isPlainObject } from '../resolve/resolved-doc.ts';

/**
 * JSON with object keys sorted, so that two values that differ only in key order compare equal.
 * Recursion is bounded by the loader's --max-depth, size by its limits (file size, nodes after
 * aliases).
 */
export function canonical(value: unknown): string {
  // Parsed documents are never changed: an object's text is made once (a schema shared by a
  // thousand messages is compared a thousand times).
  const cacheable = typeof value === 'object' && value !== null;
  if (cacheable) {
    const known = texts.get(value);
    if (known !== undefined) return known;
  }
  const text = write(value, Number.POSITIVE_INFINITY);
  if (cacheable) texts.set(value, text);
  return text;
}

const texts = new WeakMap<object, string>();

/** The canonical text, written no further than about `limit` characters (for quoting). */
function write(value: unknown, limit: number): string {
  const parts: string[] = [];
  let size = 0;
  const visit = (v: unknown): void => {
    if (size > limit) return;
    if (Array.isArray(v)) {
      parts.push('[');
      v.forEach((item, i) => {
        if (i > 0) parts.push(',');
        visit(item);
      });
      parts.push(']');
    } else if (isPlainObject(v)) {
      parts.push('{');
      Object.keys(v)
        .sort()
        .forEach((key, i) => {
          if (i > 0) parts.push(',');
          parts.push(JSON.stringify(key), ':');
          visit(v[key]);
        });
      parts.push('}');
    } else {
      const text = JSON.stringify(v) ?? 'null';
      size += text.length;
      parts.push(text);
    }
  };
  visit(value);
  return parts.join('');
}

export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** A value quoted for a sentence: JSON, cut to `max` characters. */
export function quote(value: unknown, max = 120): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : write(value, max * 2);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
