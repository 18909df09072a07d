/**
 * An operation or message as readers see it: its traits merged (SPEC "Traits merge mechanism"),
 * each top-level field resolved and located where it was written (the object itself or a
 * trait), so that a change in a trait points at the trait.
 */
import { applyTraits, type TraitSource } from '../resolve/merge-traits.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { child, resolveNode, type Node } from './diff-context.ts';

/** Fields kept as written (a schema's `$ref` is followed by the schema comparison, which tracks where it leads). */
const KEPT_AS_WRITTEN = new Set(['payload', 'headers']);

export function effectiveFields(doc: ResolvedDoc, node: Node): Map<string, Node> {
  const out = new Map<string, Node>();
  if (!isPlainObject(node.value)) return out;
  const traits: TraitSource[] = [];
  if (Array.isArray(node.value.traits)) {
    node.value.traits.forEach((raw, i) => {
      const trait = resolveNode(doc, { value: raw, at: child(node.at, 'traits', String(i)) });
      if (trait && isPlainObject(trait.value)) traits.push({ value: trait.value, at: trait.at });
    });
  }
  const merged = applyTraits({ value: node.value, at: node.at }, traits);
  for (const key of Object.keys(merged.value)) {
    const at = child(merged.origin[key] ?? node.at, key);
    if (KEPT_AS_WRITTEN.has(key)) {
      out.set(key, { value: merged.value[key], at });
      continue;
    }
    const resolved = resolveNode(doc, { value: merged.value[key], at });
    if (resolved) out.set(key, resolved);
  }
  return out;
}
