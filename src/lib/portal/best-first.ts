/** The `size` first items seen so far in the order of `compare`: what a bounded list keeps of a stream too long to list. */
export class BestFirst<T> {
  readonly #size: number;
  readonly #compare: (a: T, b: T) => number;
  readonly #items: T[] = [];

  constructor(size: number, compare: (a: T, b: T) => number) {
    this.#size = size;
    this.#compare = compare;
  }

  add(item: T): void {
    const items = this.#items;
    if (items.length >= this.#size && this.#compare(item, items[items.length - 1]!) >= 0) return;
    let at = items.length;
    while (at > 0 && this.#compare(items[at - 1]!, item) > 0) at--;
    items.splice(at, 0, item);
    if (items.length > this.#size) items.pop();
  }

  /** The items kept, first first. */
  get items(): readonly T[] {
    return this.#items;
  }
}
