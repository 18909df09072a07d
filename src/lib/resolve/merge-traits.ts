/**
 * SPEC "Traits merge mechanism": traits are applied with JSON Merge Patch (RFC 7386) in the
 * order listed, and the target's own properties always win. Also records which source gave
 * each top-level field, so pages can show "from trait X" and rules can resolve merged
 * references against the file they were written in.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { setOwn } from '../own-key.ts';
import { isPlainObject } from './resolved-doc.ts';

export interface TraitSource {
  value: Record<string, unknown>;
  at: Location;
}

export interface Merged {
  value: Record<string, unknown>;
  /** For every top-level field of `value`: the object it came from (the target or one trait). */
  origin: Record<string, Location>;
}

export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  // Keys are the document's: `constructor` or `__proto__` are fields like any other (own-key.ts).
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else setOwn(out, key, mergePatch(Object.hasOwn(out, key) ? out[key] : undefined, value));
  }
  return out;
}

export function applyTraits(target: TraitSource, traits: TraitSource[]): Merged {
  let value: Record<string, unknown> = {};
  const origin: Record<string, Location> = {};
  for (const trait of traits) {
    value = mergePatch(value, trait.value) as Record<string, unknown>;
    for (const key of Object.keys(trait.value)) setOwn(origin, key, trait.at);
  }
  for (const [key, own] of Object.entries(target.value)) {
    if (key === 'traits') continue;
    // The target's own field wins: merged into what traits gave under the same key (JSON Merge
    // Patch), otherwise taken as written. Not copied: a message's payload schema can be large,
    // and a copy would also drop the nulls it holds (`default: null`, `const: null`).
    if (own === null) delete value[key];
    else setOwn(value, key, Object.hasOwn(value, key) ? mergePatch(value[key], own) : own);
    setOwn(origin, key, target.at);
  }
  for (const key of Object.keys(origin)) if (!Object.hasOwn(value, key)) delete origin[key];
  return { value, origin };
}
