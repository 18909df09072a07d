/**
 * Source positions of every node, from one js-yaml pass with its `listener` hook (about 10x
 * faster than building a `yaml` Document, TOOLCHAIN.md). The listener reports where each node
 * opens and closes; nesting gives the tree, mappings give key/value pairs in order. The
 * opening position can sit before the whitespace that precedes a node, so it is moved forward
 * over spaces, line breaks and comments. `positions.test.ts` checks that this agrees with the
 * `yaml` package, which stays the reference, on every node of the corpus.
 */
import jsyaml from 'js-yaml';

/** One node as js-yaml reported it: where it opened, its value, and the nodes opened inside it. */
export interface PositionFrame {
  start: number;
  result?: unknown;
  children: PositionFrame[];
}

export interface FastNode {
  /** Offset of the value. */
  start: number;
  /** Offset of the key, for mapping entries. */
  keyStart?: number;
  /** Children by key (mappings) or index (sequences). */
  children?: Map<string, FastNode>;
  /** A mapping or sequence whose events did not pair up with its entries: ask the `yaml` package. */
  unsplit?: boolean;
}

/**
 * Collects js-yaml's open/close events into a frame tree. Passed as the `listener` of the one
 * js-yaml pass that parses the values, so positions cost no second parse.
 */
export class PositionRecorder {
  readonly #stack: PositionFrame[] = [];
  root?: PositionFrame;

  readonly listener = (event: 'open' | 'close', state: { position: number; result: unknown }): void => {
    if (event === 'open') {
      this.#stack.push({ start: state.position, children: [] });
      return;
    }
    const frame = this.#stack.pop();
    if (!frame) return;
    frame.result = state.result;
    const parent = this.#stack[this.#stack.length - 1];
    if (parent) parent.children.push(frame);
    else this.root = frame;
  };
}

/** Parses `text` only to index positions (used when no frames were recorded at load time). */
export function buildFastIndex(text: string, maxDepth: number): FastNode | undefined {
  const recorder = new PositionRecorder();
  try {
    const options: jsyaml.LoadOptions & { maxDepth: number; listener: PositionRecorder['listener'] } = { schema: jsyaml.CORE_SCHEMA, maxDepth, listener: recorder.listener };
    jsyaml.load(text, options);
  } catch {
    return undefined;
  }
  return recorder.root && toFastIndex(recorder.root, text);
}

export function toFastIndex(frame: PositionFrame, text: string): FastNode {
  return toNode(frame, text);
}

function toNode(frame: PositionFrame, text: string): FastNode {
  // A block sequence entry opens twice at the same place (entry, then value): use the inner one.
  let f = frame;
  while (f.children.length === 1 && f.children[0]!.result === f.result && f.children[0]!.start === f.start) f = f.children[0]!;
  const value = f.result;
  const node: FastNode = { start: valueStart(text, f.start, value) };
  if (Array.isArray(value) && f.children.length === value.length) {
    node.children = new Map(f.children.map((c, i) => [String(i), toNode(c, text)]));
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value) && f.children.length % 2 === 0) {
    node.children = new Map();
    for (let i = 0; i < f.children.length; i += 2) {
      const key = f.children[i]!;
      const child = toNode(f.children[i + 1]!, text);
      child.keyStart = skipSpace(text, key.start);
      node.children.set(String(key.result), child);
    }
  } else if (typeof value === 'object' && value !== null) {
    node.unsplit = true;
  }
  return node;
}

/** Where `yaml` places a node: after whitespace, comments and node properties (anchor, tag). */
function valueStart(text: string, offset: number, value: unknown): number {
  let i = skipSpace(text, offset);
  // An empty value (`key:` then a line break) sits where it is missing, right after the key.
  if (value === null && text.slice(offset, i).includes('\n')) return offset;
  for (let m = /^(?:&[^\s,[\]{}]+|![^\s,[\]{}]*)[ \t]+/.exec(text.slice(i, i + 256)); m; m = /^(?:&[^\s,[\]{}]+|![^\s,[\]{}]*)[ \t]+/.exec(text.slice(i, i + 256))) {
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
