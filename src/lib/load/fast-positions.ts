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

/** Where a node starts, and where its key starts when it is a mapping entry (string offsets). */
export interface FoundOffsets {
  start: number;
  keyStart?: number;
}

/** The events did not pair up with a collection's entries (a shape this index does not know). */
export const UNSPLIT = 'unsplit';

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

/** Parses `text` only to record positions (for files loaded without them). */
export function recordFrames(text: string, maxDepth: number): PositionFrame | undefined {
  const recorder = new PositionRecorder();
  try {
    const options: jsyaml.LoadOptions & { maxDepth: number; listener: PositionRecorder['listener'] } = { schema: jsyaml.CORE_SCHEMA, maxDepth, listener: recorder.listener };
    jsyaml.load(text, options);
  } catch {
    return undefined;
  }
  return recorder.root;
}

/**
 * Follows `tokens` through the frames. Collections are searched entry by entry rather than
 * indexed up front: diagnostics are few, documents can have millions of nodes. When the path
 * goes past what exists, the deepest existing node is returned (without a key).
 */
export function locate(root: PositionFrame, text: string, tokens: readonly string[]): FoundOffsets | typeof UNSPLIT {
  let frame = unwrap(root);
  let keyStart: number | undefined;
  for (const token of tokens) {
    const value = frame.result;
    const children = frame.children;
    let next: PositionFrame | undefined;
    if (Array.isArray(value)) {
      if (children.length !== value.length) return UNSPLIT;
      next = /^(0|[1-9]\d*)$/.test(token) ? children[Number(token)] : undefined;
      keyStart = undefined;
    } else if (typeof value === 'object' && value !== null) {
      if (children.length % 2 !== 0) return UNSPLIT;
      for (let i = 0; i < children.length; i += 2) {
        if (String(children[i]!.result) === token) {
          keyStart = skipSpace(text, children[i]!.start);
          next = children[i + 1];
          break;
        }
      }
    }
    if (!next) return { start: valueStart(text, frame.start, value) };
    frame = unwrap(next);
  }
  return { start: valueStart(text, frame.start, frame.result), ...(keyStart !== undefined ? { keyStart } : {}) };
}

/** A block sequence entry opens twice at the same place (entry, then value): use the inner one. */
function unwrap(frame: PositionFrame): PositionFrame {
  let f = frame;
  while (f.children.length === 1 && f.children[0]!.result === f.result && f.children[0]!.start === f.start) f = f.children[0]!;
  return f;
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
