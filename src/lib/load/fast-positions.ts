/**
 * Source positions of every node, from one js-yaml pass with its `listener` hook (about 10x
 * faster than building a `yaml` Document, TOOLCHAIN.md). The listener reports where each node
 * opens and closes; nesting gives the tree, mappings give key/value pairs in order. The
 * opening position can sit before the whitespace that precedes a node, so it is moved forward
 * over spaces, line breaks and comments. `positions.test.ts` checks that this agrees with the
 * `yaml` package, which stays the reference, on every node of the corpus.
 *
 * The tree is kept for the life of a build (every page's source line is looked up), and large
 * documents have millions of nodes: it is stored flat, in pre-order, as typed arrays. A node is
 * its number; its subtree runs up to `end`, so its children are found by skipping subtrees.
 * That is 16 bytes a node, against about 150 for an object with a child array per node
 * (2000 channels, 1.6 million nodes: 236 → 25 MB of heap).
 */
import jsyaml from 'js-yaml';

/** A node of a PositionTree: its pre-order number. */
export type NodeId = number;

/** Where a node starts, and where its key starts when it is a mapping entry (string offsets). */
export interface FoundOffsets {
  start: number;
  keyStart?: number;
}

/** The events did not pair up with a collection's entries (a shape this index does not know). */
export const UNSPLIT = 'unsplit';

/** Mappings with at least this many entries get a key → entry index on their first lookup. */
const KEYED_LOOKUP_MIN = 32;

/** Every node js-yaml reported: where it opened, its value, and the nodes opened inside it. */
export class PositionTree {
  #start: Int32Array;
  #end: Int32Array;
  readonly #result: unknown[] = [];
  #size = 0;
  /** The node closed last with nothing open around it: the document. */
  root: NodeId = -1;
  readonly #keyed = new Map<NodeId, Map<string, NodeId>>();
  readonly #counts = new Map<NodeId, number>();
  /**
   * Set while recording when a number, boolean or null is followed by a colon, as a key is:
   * only then can the document hold a key that is not a string (the check of every key,
   * structure-check.ts, is skipped otherwise). A value never is, so this is rarely true.
   */
  mayHaveNonStringKeys = false;

  constructor(capacity = 1024) {
    this.#start = new Int32Array(capacity);
    this.#end = new Int32Array(capacity);
  }

  /** Opens a node at `start`; it holds every node opened before it is closed. */
  open(start: number): NodeId {
    const id = this.#size++;
    if (id === this.#start.length) {
      this.#start = grow(this.#start);
      this.#end = grow(this.#end);
    }
    this.#start[id] = start;
    // Filled on close; pushed now so the array stays packed (writes in order).
    this.#result.push(undefined);
    return id;
  }

  close(id: NodeId, result: unknown): void {
    this.#result[id] = result;
    this.#end[id] = this.#size;
  }

  /** Gives back the arrays' unused room once every node is in (they grow by doubling). */
  trim(): void {
    this.#start = this.#start.slice(0, this.#size);
    this.#end = this.#end.slice(0, this.#size);
  }

  start(node: NodeId): number {
    return this.#start[node]!;
  }

  result(node: NodeId): unknown {
    return this.#result[node];
  }

  hasChildren(node: NodeId): boolean {
    return this.#end[node]! > node + 1;
  }

  /** The first child, or -1. The next sibling of a child is `next(child)` while under `end(parent)`. */
  firstChild(node: NodeId): NodeId {
    return this.hasChildren(node) ? node + 1 : -1;
  }

  /** The node after `node`'s subtree: its next sibling when that is still inside the parent. */
  next(node: NodeId): NodeId {
    return this.#end[node]!;
  }

  /** End of `node`'s subtree (exclusive): a child `c` of it has `c < end(node)`. */
  end(node: NodeId): NodeId {
    return this.#end[node]!;
  }

  /** Counted once per node: every lookup through a mapping of 10,000 channels checks its count. */
  childCount(node: NodeId): number {
    const known = this.#counts.get(node);
    if (known !== undefined) return known;
    let n = 0;
    for (let c = node + 1, end = this.#end[node]!; c < end; c = this.#end[c]!) n++;
    if (n >= KEYED_LOOKUP_MIN) this.#counts.set(node, n);
    return n;
  }

  /** The value node of `key` in a mapping node whose children are key/value pairs, and its key node. */
  entry(mapping: NodeId, key: string): { key: NodeId; value: NodeId } | undefined {
    const index = this.#keyed.get(mapping) ?? this.#indexIfLarge(mapping);
    if (index) {
      const k = index.get(key);
      return k === undefined ? undefined : { key: k, value: this.#end[k]! };
    }
    for (let k = mapping + 1, end = this.#end[mapping]!; k < end; k = this.#end[this.#end[k]!]!) {
      if (String(this.#result[k]) === key) return { key: k, value: this.#end[k]! };
    }
    return undefined;
  }

  /** Large mappings (channels, messages, schemas) are looked up once per page: index them once. */
  #indexIfLarge(mapping: NodeId): Map<string, NodeId> | undefined {
    const end = this.#end[mapping]!;
    let count = 0;
    for (let k = mapping + 1; k < end && count < KEYED_LOOKUP_MIN; k = this.#end[this.#end[k]!]!) count++;
    if (count < KEYED_LOOKUP_MIN) return undefined;
    const index = new Map<string, NodeId>();
    for (let k = mapping + 1; k < end; k = this.#end[this.#end[k]!]!) {
      const name = String(this.#result[k]);
      if (!index.has(name)) index.set(name, k);
    }
    this.#keyed.set(mapping, index);
    return index;
  }
}

function grow(array: Int32Array): Int32Array {
  const bigger = new Int32Array(Math.max(1024, array.length * 2));
  bigger.set(array);
  return bigger;
}

/**
 * Collects js-yaml's open/close events into a PositionTree. Passed as the `listener` of the one
 * js-yaml pass that parses the values, so positions cost no second parse.
 */
export class PositionRecorder {
  readonly tree: PositionTree;
  readonly #open: NodeId[] = [];

  constructor(sizeHint = 0) {
    this.tree = new PositionTree(Math.max(1024, sizeHint));
  }

  readonly listener = (event: 'open' | 'close', state: { position: number; result: unknown; input: string }): void => {
    if (event === 'open') {
      this.#open.push(this.tree.open(state.position));
      return;
    }
    const id = this.#open.pop();
    if (id === undefined) return;
    const result = state.result;
    this.tree.close(id, result);
    if (this.#open.length === 0) this.tree.root = id;
    if (
      !this.tree.mayHaveNonStringKeys &&
      (result === null || (typeof result !== 'string' && typeof result !== 'object')) &&
      followedByColon(state.input, state.position)
    ) {
      this.tree.mayHaveNonStringKeys = true;
    }
  };

  /** The finished tree, once at least one node was closed at the top. */
  finish(): PositionTree | undefined {
    if (this.tree.root < 0) return undefined;
    this.tree.trim();
    return this.tree;
  }
}

/**
 * Whether a colon comes next after `position`, past spaces, line breaks and comments: what
 * follows a key (`200: a`, `{1: a}`, and an explicit `? 200` with its `:` on the next line),
 * never a scalar value.
 */
function followedByColon(text: string, position: number): boolean {
  return text.charCodeAt(skipSpace(text, position)) === 58; /* : */
}

/** A rough node count for a text, so the arrays rarely need to grow: about one node per 16 bytes. */
export function sizeHintOf(text: string): number {
  return Math.min(1 << 24, text.length >> 4);
}

/** Parses `text` only to record positions (for files loaded without them). */
export function recordPositions(text: string, maxDepth: number): PositionTree | undefined {
  const recorder = new PositionRecorder(sizeHintOf(text));
  try {
    const options: jsyaml.LoadOptions & { maxDepth: number; listener: PositionRecorder['listener'] } = {
      schema: jsyaml.CORE_SCHEMA,
      maxDepth,
      listener: recorder.listener,
    };
    jsyaml.load(text, options);
  } catch {
    return undefined;
  }
  return recorder.finish();
}

/**
 * Follows `tokens` through the tree. When the path goes past what exists, the deepest existing
 * node is returned (without a key).
 */
export function locate(tree: PositionTree, text: string, tokens: readonly string[]): FoundOffsets | typeof UNSPLIT {
  let node = unwrap(tree, tree.root);
  let keyStart: number | undefined;
  for (const token of tokens) {
    const value = tree.result(node);
    let next: NodeId | undefined;
    if (Array.isArray(value)) {
      if (tree.childCount(node) !== value.length) return UNSPLIT;
      if (/^(0|[1-9]\d*)$/.test(token) && Number(token) < value.length) {
        next = tree.firstChild(node);
        for (let i = Number(token); i > 0; i--) next = tree.next(next);
      }
      keyStart = undefined;
    } else if (typeof value === 'object' && value !== null) {
      if (tree.childCount(node) % 2 !== 0) return UNSPLIT;
      const found = tree.entry(node, token);
      if (found) {
        keyStart = skipSpace(text, tree.start(found.key));
        next = found.value;
      }
    }
    if (next === undefined) return { start: valueStart(text, tree.start(node), value) };
    node = unwrap(tree, next);
  }
  return { start: valueStart(text, tree.start(node), tree.result(node)), ...(keyStart !== undefined ? { keyStart } : {}) };
}

/** A block sequence entry opens twice at the same place (entry, then value): use the inner one. */
export function unwrap(tree: PositionTree, node: NodeId): NodeId {
  let n = node;
  while (tree.hasChildren(n) && tree.next(n + 1) === tree.end(n) && tree.result(n + 1) === tree.result(n) && tree.start(n + 1) === tree.start(n)) n = n + 1;
  return n;
}

/** Where `yaml` places a node: after whitespace, comments and node properties (anchor, tag). */
function valueStart(text: string, offset: number, value: unknown): number {
  let i = skipSpace(text, offset);
  // An empty value (`key:` then a line break) sits where it is missing, right after the key.
  if (value === null && text.slice(offset, i).includes('\n')) return offset;
  for (
    let m = /^(?:&[^\s,[\]{}]+|![^\s,[\]{}]*)[ \t]+/.exec(text.slice(i, i + 256));
    m;
    m = /^(?:&[^\s,[\]{}]+|![^\s,[\]{}]*)[ \t]+/.exec(text.slice(i, i + 256))
  ) {
    i = skipSpace(text, i + m[0].length);
  }
  return i;
}

function skipSpace(text: string, offset: number): number {
  let i = offset;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else if (c === 35 /* # */ && (i === 0 || /\s/.test(text[i - 1]!))) {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? text.length : eol + 1;
    } else return i;
  }
}
