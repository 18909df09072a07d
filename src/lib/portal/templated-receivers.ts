/**
 * The receivers of a portal whose address has parameters (`orders.{id}.created`), indexed by what
 * an address they meet must start or end with (issue 37). Such a receiver was tried against every
 * sender: at 500 generated APIs of 100 channels (nine addresses in ten have parameters) that was
 * about 500 million tries and 3.5 minutes of a shard's first pass, for a portal of 500 × 10
 * thousand endpoints (bench/README.md, "Portals, eighth round").
 *
 * Two templates meet only through `fits` (address-match.ts), which anchors a template's first
 * literal part at the start of the other side and its last at the end. So a receiver R meets an
 * address X (a concrete address, or a template's sample with each parameter one character) only if
 * X starts with R's head and ends with R's tail; and a templated sender S meets R through S's own
 * template only if R's sample starts with S's head and ends with S's tail. The index keeps each
 * receiver under the longer of its head and tail, and every receiver's sample in order, forwards
 * and reversed; `candidates` returns a superset of the receivers that meet, in the receivers' own
 * order, so that whoever tries them (match-flows.ts) meets them in the order it did without the
 * index. Where the index would cost more lookups than there are receivers (hostile documents with
 * many lengths of heads and tails), every receiver is a candidate, as before.
 */

/** The text that stands for each parameter in a template's sample (as addressesMeet's). */
const PARAMETER_SAMPLE = '\u0001';

export const sampleOf = (parts: readonly string[]): string => parts.join(PARAMETER_SAMPLE);

/** By code units, as startsWith and endsWith compare. */
const reversed = (text: string): string => text.split('').reverse().join('');

/** Strings in order with the positions of their receivers, and the range that starts with a prefix. */
class SortedTexts {
  readonly #entries: { text: string; index: number }[];

  constructor(entries: { text: string; index: number }[]) {
    this.#entries = entries.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : a.index - b.index));
  }

  addStartingWith(prefix: string, into: Set<number>): void {
    const entries = this.#entries;
    let low = 0;
    let high = entries.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (entries[mid]!.text < prefix) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < entries.length && entries[i]!.text.startsWith(prefix); i++) into.add(entries[i]!.index);
  }
}

export class TemplatedReceivers<R> {
  readonly #all: readonly R[];
  /** Receivers by head (the head longer than the tail) and by tail; those with neither, always tried. */
  readonly #byHead = new Map<string, number[]>();
  readonly #byTail = new Map<string, number[]>();
  readonly #headLengths: number[];
  readonly #tailLengths: number[];
  readonly #always: number[] = [];
  readonly #samples: SortedTexts;
  readonly #reversedSamples: SortedTexts;

  /** `receivers` in the order they are to be tried, each with its address's literal parts (literalParts). */
  constructor(receivers: readonly R[], partsOf: (receiver: R) => readonly string[]) {
    this.#all = receivers;
    const samples: { text: string; index: number }[] = [];
    const reversedSamples: { text: string; index: number }[] = [];
    receivers.forEach((receiver, index) => {
      const parts = partsOf(receiver);
      const head = parts[0]!;
      const tail = parts[parts.length - 1]!;
      if (head === '' && tail === '') this.#always.push(index);
      else if (head.length >= tail.length) add(this.#byHead, head, index);
      else add(this.#byTail, tail, index);
      const sample = sampleOf(parts);
      samples.push({ text: sample, index });
      reversedSamples.push({ text: reversed(sample), index });
    });
    this.#headLengths = [...new Set([...this.#byHead.keys()].map((k) => k.length))];
    this.#tailLengths = [...new Set([...this.#byTail.keys()].map((k) => k.length))];
    this.#samples = new SortedTexts(samples);
    this.#reversedSamples = new SortedTexts(reversedSamples);
  }

  /**
   * The receivers that may meet a sender's address (`parts`: its literal parts when it has
   * parameters), in their order: every one that meets it is among them.
   */
  candidates(address: string, parts: readonly string[] | undefined): readonly R[] {
    // More lookups than receivers: trying them all is cheaper.
    if (this.#headLengths.length + this.#tailLengths.length + 2 > this.#all.length) return this.#all;
    const found = new Set<number>(this.#always);
    const text = parts ? sampleOf(parts) : address;
    for (const length of this.#headLengths) if (length <= text.length) for (const i of this.#byHead.get(text.slice(0, length)) ?? []) found.add(i);
    for (const length of this.#tailLengths) if (length <= text.length) for (const i of this.#byTail.get(text.slice(text.length - length)) ?? []) found.add(i);
    if (parts) {
      // The sender's template over the receiver's sample.
      const head = parts[0]!;
      const tail = parts[parts.length - 1]!;
      if (head === '' && tail === '') return this.#all;
      if (head.length >= tail.length) this.#samples.addStartingWith(head, found);
      else this.#reversedSamples.addStartingWith(reversed(tail), found);
    }
    return [...found].sort((a, b) => a - b).map((i) => this.#all[i]!);
  }
}

function add(map: Map<string, number[]>, key: string, index: number): void {
  const list = map.get(key);
  if (list) list.push(index);
  else map.set(key, [index]);
}
