/** The operation or message a reader sees: the object with its traits merged (SPEC "Traits merge mechanism"). */
import type { DocNode } from '../resolve/doc-index.ts';
import { joinPointer } from '../json-pointer.ts';
import { applyTraits, type Merged, type TraitSource } from '../resolve/merge-traits.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';

const cache = new WeakMap<DocNode, Merged>();

export function effective(doc: ResolvedDoc, node: DocNode): Merged {
  const hit = cache.get(node);
  if (hit) return hit;
  const traits: TraitSource[] = [];
  const list = node.value.traits;
  if (Array.isArray(list)) {
    list.forEach((raw, i) => {
      const trait = doc.deref(raw, { file: node.at.file, pointer: joinPointer(node.at.pointer, 'traits', i) });
      if (trait && isPlainObject(trait.value)) traits.push({ value: trait.value, at: trait.at });
    });
  }
  const merged = applyTraits({ value: node.value, at: node.at }, traits);
  cache.set(node, merged);
  return merged;
}
