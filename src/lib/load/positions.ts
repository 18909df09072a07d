/**
 * JSON pointer → line and column, looked up only when a diagnostic is printed.
 *
 * The index is built once per file, on the first lookup: from a js-yaml pass with positions
 * (fast-positions.ts), or, when that pass cannot place a node, from the `yaml` package, which is
 * the authority for YAML 1.2 positions but about ten times slower on large files.
 * Both YAML and JSON files go through it (JSON is YAML 1.2).
 */
import type { Document, Node, Pair } from 'yaml';
import { lazyModule } from '../../perf/lazy-module.ts';
import { parsePointer } from '../json-pointer.ts';
import { locate, recordPositions, UNSPLIT, type PositionTree } from './fast-positions.ts';

const yaml = lazyModule<typeof import('yaml')>('yaml');

export interface Position {
  line: number;
  column: number;
}

export class PositionIndex {
  readonly #text: string;
  #positions?: PositionTree | null;
  #doc?: Document.Parsed;
  #lineStarts?: number[];

  constructor(text: string, positions?: PositionTree) {
    this.#text = text;
    if (positions) this.#positions = positions;
  }

  /**
   * The position of the node at `pointer` (its key when `atKey`). When the pointer goes past
   * what exists (e.g. a missing required field), the deepest existing node is used.
   */
  find(pointer: string, atKey = false): Position {
    const parsed = parsePointer(pointer);
    const tokens = parsed.ok ? parsed.tokens : [];
    const offset = this.#findFast(tokens, atKey) ?? this.#findSlow(tokens, atKey);
    return this.#lineColumn(offset);
  }

  #findFast(tokens: string[], atKey: boolean): number | undefined {
    if (this.#positions === undefined) this.#positions = recordPositions(this.#text, 100_000) ?? null;
    if (!this.#positions) return undefined;
    const found = locate(this.#positions, this.#text, tokens);
    if (found === UNSPLIT) return undefined;
    return atKey && found.keyStart !== undefined ? found.keyStart : found.start;
  }

  #findSlow(tokens: string[], atKey: boolean): number {
    const { isAlias, isMap, isPair, isScalar, isSeq, parseDocument } = yaml();
    this.#doc ??= parseDocument(this.#text, { uniqueKeys: false, prettyErrors: false });
    const doc = this.#doc;
    let node: Node | null | undefined = doc.contents;
    let keyNode: Node | undefined;
    for (const token of tokens) {
      const container: Node | null | undefined = isAlias(node) ? node.resolve(doc) : node;
      let next: Node | undefined;
      if (isMap(container)) {
        const pair: Pair<unknown, unknown> | undefined = container.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === token);
        if (pair) {
          keyNode = pair.key as Node;
          next = (pair.value as Node | null) ?? keyNode;
        }
      } else if (isSeq(container) && /^\d+$/.test(token)) {
        next = container.items[Number(token)] as Node | undefined;
        keyNode = undefined;
      }
      if (!next) {
        keyNode = undefined;
        break;
      }
      node = next;
    }
    const target = atKey && keyNode ? keyNode : node;
    return target?.range?.[0] ?? 0;
  }

  #lineColumn(offset: number): Position {
    if (!this.#lineStarts) {
      const starts = [0];
      for (let i = this.#text.indexOf('\n'); i >= 0; i = this.#text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.#lineStarts = starts;
    }
    const starts = this.#lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }
}
