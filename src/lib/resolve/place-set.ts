/**
 * Which (value, place) pairs have been met, for walks that visit each place of a document once.
 *
 * Looked up by the value first: nearly every object of a document is written at one place, and
 * a map lookup by identity is much cheaper than building and hashing a "kind|file#pointer"
 * string for each of hundreds of thousands of visits. A value met at a second place (a YAML
 * alias, or a primitive) falls back to string keys, so a value aliased at many places never
 * costs a scan of all its places.
 */
interface Place {
  tag: string;
  file: string;
  pointer: string;
}

export class PlaceSet {
  readonly #byValue = new Map<unknown, Place | Set<string>>();

  /** Records `value` at the place; false when it was recorded there already. `tag` tells apart visits of the same place as different things (a kind, a definition). */
  add(value: unknown, tag: string, file: string, pointer: string): boolean {
    const known = this.#byValue.get(value);
    if (known === undefined) {
      this.#byValue.set(value, { tag, file, pointer });
      return true;
    }
    if (known instanceof Set) return addNew(known, placeKey(tag, file, pointer));
    if (known.tag === tag && known.pointer === pointer && known.file === file) return false;
    this.#byValue.set(value, new Set([placeKey(known.tag, known.file, known.pointer), placeKey(tag, file, pointer)]));
    return true;
  }
}

function placeKey(tag: string, file: string, pointer: string): string {
  return `${tag}|${file}#${pointer}`;
}

function addNew(set: Set<string>, key: string): boolean {
  if (set.has(key)) return false;
  set.add(key);
  return true;
}
