/**
 * One self-contained JSON document from a multi-file one: every reference into another file is
 * replaced by the referenced content, placed where it is first used; later references to the
 * same object (and references inside it, including recursive ones) point at that place with a
 * local `#/…` reference. References within the root file are kept as written. Remote files are
 * inlined the same way when they were fetched.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { setOwn } from '../own-key.ts';
import { joinPointer } from '../json-pointer.ts';
import { isRefObject, type ResolvedDoc } from './resolved-doc.ts';

const key = (at: Location): string => `${at.file}#${at.pointer}`;

export function bundleDocument(doc: ResolvedDoc): unknown {
  const rootFile = doc.root.path;
  /** Where each external object was placed in the bundle. */
  const placed = new Map<string, string>();

  // Explicit stack of work items so deep documents cannot overflow: each copies `value`
  // (written at `at`) into `holder[slot]`, whose pointer in the bundle is `target`.
  interface Work {
    value: unknown;
    at: Location;
    holder: Record<string, unknown> | unknown[];
    slot: string | number;
    target: string;
  }
  const out: { root?: unknown } = {};
  const stack: Work[] = [{ value: doc.root.value, at: { file: rootFile, pointer: '' }, holder: out as Record<string, unknown>, slot: 'root', target: '' }];
  while (stack.length > 0) {
    const { value, at, holder, slot, target } = stack.pop()!;
    const put = (v: unknown): void => {
      // A key of the document may be `__proto__`: a property like any other, not the prototype.
      if (Array.isArray(holder)) holder[slot as number] = v;
      else setOwn(holder, String(slot), v);
    };
    if (isRefObject(value)) {
      const first = doc.refLocation(value.$ref, at);
      if (first && first.file === rootFile) {
        put({ $ref: value.$ref.includes('#') ? value.$ref.slice(value.$ref.indexOf('#')) : '#' });
        continue;
      }
      const resolved = doc.deref(value, at);
      if (!resolved) {
        put({ $ref: value.$ref });
        continue;
      }
      const existing = placed.get(key(resolved.at)) ?? (resolved.at.file === rootFile ? resolved.at.pointer : undefined);
      if (existing !== undefined) {
        put({ $ref: `#${encodePointer(existing)}` });
        continue;
      }
      placed.set(key(resolved.at), target);
      stack.push({ value: resolved.value, at: resolved.at, holder, slot, target });
      continue;
    }
    if (typeof value !== 'object' || value === null) {
      put(value);
      continue;
    }
    const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? new Array(value.length) : {};
    put(copy);
    const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      stack.push({
        value: (value as Record<string | number, unknown>)[k],
        at: { file: at.file, pointer: joinPointer(at.pointer, k) },
        holder: copy,
        slot: k,
        target: joinPointer(target, k),
      });
    }
  }
  return out.root;
}

function encodePointer(pointer: string): string {
  return pointer
    .split('/')
    .map((t) => encodeURIComponent(t).replace(/%7E/g, '~'))
    .join('/');
}
