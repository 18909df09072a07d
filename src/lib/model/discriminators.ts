/**
 * Polymorphism as a fact (SPEC "Schema Object", discriminator): a base schema names the property
 * whose value selects the schema of an instance; its subtypes are found two ways, the way
 * generators write them: listed as alternatives of the base (`oneOf`/`anyOf`), or extending the
 * base with `allOf` (Java and C# generators). Each subtype's value is the `const` (or single
 * `enum` value) of that property in the subtype, else the subtype's name, as the SPEC says.
 * Computed once per document, over the component schemas.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { entries } from '../resolve/doc-index.ts';
import { joinPointer } from '../json-pointer.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { ownValue } from '../own-key.ts';
import type { Discriminator, Named, Subtype } from './types.ts';

export interface DiscriminatorIndex {
  /** By the location of a base schema (`file#pointer`). */
  bases: Map<string, Discriminator>;
  /** By the location of a subtype schema. */
  subtypes: Map<string, Subtype[]>;
}

const key = (at: Location): string => `${at.file}#${at.pointer}`;

/** `componentAt` names the component schema at a location (its id and page). */
export function discriminatorIndex(doc: ResolvedDoc, componentAt: (at: Location) => Named | undefined): DiscriminatorIndex {
  const index: DiscriminatorIndex = { bases: new Map(), subtypes: new Map() };
  const root = doc.root.value;
  const schemas = isPlainObject(root) && isPlainObject(root.components) ? root.components.schemas : undefined;
  const list = entries(schemas)
    .map(([id, raw]) => {
      const site = { file: doc.root.path, pointer: joinPointer('/components/schemas', id) };
      const resolved = doc.deref(raw, site);
      return resolved && isPlainObject(resolved.value) ? { id, value: resolved.value, at: resolved.at } : undefined;
    })
    .filter((s) => s !== undefined);
  // The bases: schemas with a discriminator, and their subtypes listed as alternatives.
  for (const base of list) {
    if (typeof base.value.discriminator !== 'string') continue;
    const named = componentAt(base.at);
    if (!named) continue;
    const discriminator: Discriminator = { property: base.value.discriminator, subtypes: [] };
    index.bases.set(key(base.at), discriminator);
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      entries(base.value[keyword]).forEach(([i, raw]) => {
        const option = doc.deref(raw, { file: base.at.file, pointer: joinPointer(base.at.pointer, keyword, i) });
        const schema = option && componentAt(option.at);
        if (!option || !schema || !isPlainObject(option.value)) return;
        addSubtype(index, discriminator, named, schema, option.at, selectingValue(option.value, discriminator.property, schema.id));
      });
    }
  }
  // Subtypes that extend a base with allOf.
  for (const sub of list) {
    entries(sub.value.allOf).forEach(([i, raw]) => {
      if (!isRefObject(raw)) return;
      const part = doc.deref(raw, { file: sub.at.file, pointer: joinPointer(sub.at.pointer, 'allOf', i) });
      const discriminator = part && index.bases.get(key(part.at));
      const base = part && componentAt(part.at);
      const schema = componentAt(sub.at);
      if (!discriminator || !base || !schema) return;
      addSubtype(index, discriminator, base, schema, sub.at, selectingValue(sub.value, discriminator.property, schema.id, doc, sub.at));
    });
  }
  return index;
}

function addSubtype(index: DiscriminatorIndex, discriminator: Discriminator, base: Named, schema: Named, at: Location, value: string): void {
  if (discriminator.subtypes.some((s) => s.schema.url === schema.url)) return;
  discriminator.subtypes.push({ value, schema });
  const list = index.subtypes.get(key(at)) ?? [];
  list.push({ base, property: discriminator.property, value });
  index.subtypes.set(key(at), list);
}

/**
 * The value that selects a subtype: the `const` or single `enum` value of the discriminator
 * property, in the subtype itself or in its own allOf parts (inline), else its name.
 */
function selectingValue(schema: Record<string, unknown>, property: string, name: string, doc?: ResolvedDoc, at?: Location): string {
  const fromProperties = (s: unknown): string | undefined => {
    const properties = isPlainObject(s) && isPlainObject(s.properties) ? s.properties : undefined;
    const prop = properties ? ownValue(properties, property) : undefined;
    if (isPlainObject(prop) && prop.const !== undefined) return String(prop.const);
    if (isPlainObject(prop) && Array.isArray(prop.enum) && prop.enum.length === 1) return String(prop.enum[0]);
    return undefined;
  };
  const own = fromProperties(schema);
  if (own !== undefined) return own;
  if (doc && at) {
    for (const [i, raw] of entries(schema.allOf)) {
      if (isRefObject(raw)) continue;
      const found = fromProperties(doc.deref(raw, { file: at.file, pointer: joinPointer(at.pointer, 'allOf', i) })?.value);
      if (found !== undefined) return found;
    }
  }
  return name;
}
