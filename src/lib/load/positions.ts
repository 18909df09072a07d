/**
 * JSON pointer → line and column, looked up only when a diagnostic is printed.
 *
 * The `yaml` package is the authority for positions (it keeps a range on every node); building
 * its Document is slow on large files, so it is done once per file and only for files that
 * have something to report. Both YAML and JSON files go through it (JSON is YAML 1.2).
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node, type Pair } from 'yaml';
import { parsePointer } from '../resolve/json-pointer.ts';

export interface Position {
  line: number;
  column: number;
}

export class PositionIndex {
  readonly #text: string;
  #doc?: Document.Parsed;
  readonly #lines = new LineCounter();

  constructor(text: string) {
    this.#text = text;
  }

  /**
   * The position of the node at `pointer` (its key when `atKey`). When the pointer goes past
   * what exists (e.g. a missing required field), the deepest existing node is used.
   */
  find(pointer: string, atKey = false): Position {
    const doc = this.#document();
    const parsed = parsePointer(pointer);
    let node: Node | null | undefined = doc.contents;
    let keyNode: Node | undefined;
    for (const token of parsed.ok ? parsed.tokens : []) {
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
    const offset = target?.range?.[0] ?? 0;
    const { line, col } = this.#lines.linePos(offset);
    return { line, column: col };
  }

  #document(): Document.Parsed {
    this.#doc ??= parseDocument(this.#text, { lineCounter: this.#lines, uniqueKeys: false, prettyErrors: false });
    return this.#doc;
  }
}
