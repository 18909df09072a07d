/** Values of a document compared and quoted as text: key order does not matter, length is bounded. */
import { isPlainObject } from '../resolve/resolved-doc.ts';

/**
 * JSON with object keys sorted, so that two values that differ only in key order compare equal.
 * Recursion is bounded by the loader's --max-depth; a value of more than `limit` characters is
 * cut (two values that differ only after that point still differ in their digest of lengths).
 */
export function canonical(value: unknown, limit = 1_000_000): string {
  const parts: string[] = [];
  let size = 0;
  const write = (v: unknown): void => {
    if (size > limit) return;
    if (Array.isArray(v)) {
      parts.push('[');
      v.forEach((item, i) => {
        if (i > 0) parts.push(',');
        write(item);
      });
      parts.push(']');
    } else if (isPlainObject(v)) {
      parts.push('{');
      Object.keys(v)
        .sort()
        .forEach((key, i) => {
          if (i > 0) parts.push(',');
          parts.push(JSON.stringify(key), ':');
          write(v[key]);
        });
      parts.push('}');
    } else {
      const text = JSON.stringify(v) ?? 'null';
      size += text.length;
      parts.push(text);
    }
  };
  write(value);
  return parts.join('');
}

export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** A value quoted for a sentence: JSON, cut to `max` characters. */
export function quote(value: unknown, max = 120): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : canonical(value, max * 2);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
