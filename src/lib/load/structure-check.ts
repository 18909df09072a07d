/**
 * Checks a parsed value before any other stage walks it:
 * - YAML aliases make js-yaml return shared (or even cyclic) objects. A cycle cannot be
 *   represented in JSON, and a DAG that expands to millions of nodes ("billion laughs") would
 *   hang every later walk, so both are refused here.
 * - Nesting (including what aliases add) stays under `maxDepth`, so later recursive stages
 *   cannot overflow the stack.
 * - Keys that were mappings in the source (`? {a: 1}`) arrive as "[object Object]".
 * Iterative on purpose: it must not overflow on the inputs it exists to refuse.
 */
import type { Location, Problem } from '../diagnostics/diagnostic.ts';
import { joinPointer } from '../json-pointer.ts';
import { countText } from '../count-text.ts';
import type { NodeId, PositionTree } from './fast-positions.ts';
import type { LoadLimits } from './limits.ts';

type Container = Record<string, unknown> | unknown[];

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

interface Frame {
  node: Container;
  /** Keys of an object; undefined for an array (its indexes are walked instead). */
  keys: string[] | undefined;
  length: number;
  next: number;
  /** The key under which this node sits in its parent. */
  key: string;
  size: number;
}

/**
 * Only anchors (`&name`) make shared nodes, and only explicit keys (`? `) make mapping keys; the
 * parser already bounds nesting. Without either in the text, the full walk cannot find anything,
 * so it is skipped (it visits every node of what may be a very large document).
 */
export function needsStructureWalk(text: string): boolean {
  // Found with indexOf, not a regular expression over the whole text: these characters are
  // rare, and the expressions took 10 ms at 1.3 MB.
  return (
    occurs(text, '&', (before, after) => (before === '' || /[\s[{,:]/.test(before)) && after !== '' && !/[\s,[\]{}]/.test(after)) ||
    occurs(text, '?', (before, after) => (before === '' || /\s/.test(before)) && (after === '' || /\s/.test(after)))
  );
}

/** Whether `char` occurs in `text` with a character before and after it (empty at either end) that pass `test`. */
function occurs(text: string, char: string, test: (before: string, after: string) => boolean): boolean {
  for (let i = text.indexOf(char); i >= 0; i = text.indexOf(char, i + 1)) {
    if (test(i > 0 ? text[i - 1]! : '', i + 1 < text.length ? text[i + 1]! : '')) return true;
  }
  return false;
}

export function checkStructure(root: unknown, at: Location, limits: LoadLimits, walk = true): Problem[] {
  if (!isContainer(root) || Array.isArray(root)) {
    const kind = root === null ? 'null' : Array.isArray(root) ? 'an array' : `a ${typeof root}`;
    return [
      problem(
        at,
        '',
        'load-root-type',
        `the document root is ${kind}, not an object`,
        'An apidesc document is a mapping with `apidesc`, `info`, … at its top level.',
      ),
    ];
  }
  if (!walk) return [];
  const sizes = new Map<Container, number>();
  const onStack = new Set<Container>();
  let shared = false;
  const stack: Frame[] = [frame(root, '')];
  // Pointers are built only when something is reported: this walk visits every node.
  const pointerTo = (key?: string): string => joinPointer('', ...stack.slice(1).map((f) => f.key), ...(key === undefined ? [] : [key]));
  onStack.add(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next >= top.length) {
      stack.pop();
      onStack.delete(top.node);
      sizes.set(top.node, top.size);
      const parent = stack[stack.length - 1];
      if (parent) parent.size += top.size;
      continue;
    }
    const index = top.next++;
    const key = top.keys ? top.keys[index]! : String(index);
    if (top.keys && key === '[object Object]') {
      return [
        problem(
          at,
          pointerTo(),
          'load-key-type',
          'a mapping is used as a key',
          'Map keys must be scalar strings (SPEC, document rules): use a plain string key.',
        ),
      ];
    }
    const child = top.keys ? (top.node as Record<string, unknown>)[key] : (top.node as unknown[])[index];
    if (!isContainer(child)) {
      top.size += 1;
      continue;
    }
    if (onStack.has(child)) {
      return [
        problem(
          at,
          pointerTo(key),
          'load-alias-cycle',
          'a YAML alias refers to a node that contains it, which makes an infinite document',
          'Replace the recursive alias with a $ref (Reference Object); $ref cycles are allowed, alias cycles are not.',
        ),
      ];
    }
    const known = sizes.get(child);
    if (known !== undefined) {
      shared = true;
      top.size += known;
      if (top.size > limits.maxExpandedNodes) return [bomb(at, pointerTo(key), limits)];
      continue;
    }
    if (stack.length >= limits.maxDepth) {
      return [
        problem(
          at,
          pointerTo(key),
          'load-too-deep',
          `nesting is deeper than ${limits.maxDepth} levels`,
          'Flatten the structure, or move nested schemas to components and use $ref.',
        ),
      ];
    }
    stack.push(frame(child, key));
    onStack.add(child);
  }
  if (shared && (sizes.get(root) ?? 0) > limits.maxExpandedNodes) return [bomb(at, '', limits)];
  return [];
}

function frame(node: Container, key: string): Frame {
  if (Array.isArray(node)) return { node, keys: undefined, length: node.length, next: 0, key, size: 1 };
  const keys = Object.keys(node);
  return { node, keys, length: keys.length, next: 0, key, size: 1 };
}

function bomb(at: Location, pointer: string, limits: LoadLimits): Problem {
  return problem(
    at,
    pointer,
    'load-alias-bomb',
    `YAML aliases expand the document to more than ${countText(limits.maxExpandedNodes)} nodes`,
    'Remove the nested aliases (an "alias bomb" is tiny on disk but explodes when read); repeat the content or use $ref instead.',
  );
}

function problem(at: Location, pointer: string, code: string, message: string, hint: string): Problem {
  return { code, severity: 'error', message, hint, at: { file: at.file, pointer } };
}

/**
 * YAML keys that are not strings (`200:`, `true:`, `~:`) are read as strings, as JSON needs;
 * the SPEC recommends scalar string keys, so each is a warning (the first few, not thousands).
 * Uses the positions recorded while parsing, where a key still has its YAML type.
 *
 * One pass over the nodes in pre-order with a stack of the open containers: the walk meets
 * every node of the document (a hundred thousand at 1.3 MB), so it allocates only per container.
 */
export function nonStringKeys(tree: PositionTree | undefined, at: Location, limit = 20): Problem[] {
  const problems: Problem[] = [];
  if (!tree) return problems;
  const open: OpenContainer[] = [];
  const last = tree.end(tree.root);
  for (let node = tree.root; node < last && problems.length < limit; ) {
    while (open.length > 0 && node >= open[open.length - 1]!.end) open.pop();
    const parent = open[open.length - 1];
    const index = parent ? parent.seen++ : 0;
    const isKey = parent?.shape === 'pairs' && index % 2 === 0;
    const value = tree.result(node);
    if (isKey && typeof value !== 'string') {
      problems.push({
        code: 'load-key-type',
        severity: 'warning',
        message: `the key ${String(value)} is a ${value === null ? 'null' : typeof value} in YAML; it is read as the string "${String(value)}"`,
        hint: 'Quote the key (SPEC, document rules: map keys are scalar strings).',
        at: { file: at.file, pointer: joinPointer('', ...tokensTo(open), String(value)) },
        atKey: true,
      });
    }
    if (parent) parent.token = parent.shape === 'pairs' ? (isKey ? String(value) : parent.token) : parent.shape === 'items' ? String(index) : undefined;
    if (!tree.hasChildren(node)) {
      node++;
      continue;
    }
    const shape = shapeOf(tree, node, value);
    if (shape === undefined) {
      // A shape the positions do not split into entries: nothing under it is checked.
      node = tree.end(node);
      continue;
    }
    open.push({ end: tree.end(node), shape, seen: 0, token: undefined });
    node++;
  }
  return problems;
}

interface OpenContainer {
  end: NodeId;
  /** `pairs`: a mapping's key, value, key, …; `items`: a sequence; `wrapper`: a block sequence entry that opens twice (entry, then value), looked through. */
  shape: 'pairs' | 'items' | 'wrapper';
  /** Children met so far. */
  seen: number;
  /** The key or index under which the current child sits (none in a wrapper). */
  token: string | undefined;
}

function shapeOf(tree: PositionTree, node: NodeId, value: unknown): OpenContainer['shape'] | undefined {
  const count = tree.childCount(node);
  if (Array.isArray(value)) return 'items';
  if (typeof value === 'object' && value !== null && count % 2 === 0) return 'pairs';
  return count === 1 ? 'wrapper' : undefined;
}

/** The pointer tokens to the current node's parent: each open container's current key or index. */
function tokensTo(open: OpenContainer[]): string[] {
  const tokens: string[] = [];
  for (let i = 0; i < open.length - 1; i++) if (open[i]!.token !== undefined) tokens.push(open[i]!.token!);
  return tokens;
}
