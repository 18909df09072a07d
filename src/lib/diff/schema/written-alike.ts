/**
 * The shortcut that keeps the walk proportional to what changed: two nodes written with the same
 * text (in the same schema language) are the same schema, unless the text holds a `$ref` that may
 * lead elsewhere in each version, that is, unless its file, or a file reached from it through
 * `$ref`s, changed. A node that merges others (a property several allOf parts define) is written
 * alike when what it merges is, part by part.
 */
import type { SourceFile } from '../../load/source-file.ts';
import { isRefObject, type ResolvedDoc } from '../../resolve/resolved-doc.ts';
import { MAX_MERGES } from '../../schema/schema-views.ts';
import { canonical } from '../canonical.ts';
import type { SchemaWalk } from './pair.ts';
import type { WrittenSchema } from './written-at.ts';

/** Merges of merges followed this far to find that they are written alike (as many as a view may make). */
const MAX_MERGE_CHAIN = MAX_MERGES;

/**
 * Whether base node `bId` and head node `hId` are written alike (see above). A property that many
 * allOf parts define is a chain of merges, each of the chain so far and one more part: the chain
 * is followed in a loop (thousands of parts deep), each part it adds compared on the way.
 */
export function writtenAlike(walk: SchemaWalk, bId: string, hId: string): boolean {
  const followed: string[] = [];
  let b = bId;
  let h = hId;
  let alike = false;
  for (let steps = 0; ; steps++) {
    const key = `${b}\n${h}`;
    const known = walk.alike.get(key);
    if (known !== undefined) {
      alike = known;
      break;
    }
    followed.push(key);
    const bo = walk.base.origin(b);
    const ho = walk.head.origin(h);
    if (bo.written && ho.written) {
      alike = walk.base.node(b).dialect === walk.head.node(h).dialect && sameText(walk.base.doc, bo.written, walk.head.doc, ho.written);
      break;
    }
    const merges = !bo.written && !ho.written && bo.parts.length === 2 && ho.parts.length === 2;
    if (!merges || steps >= MAX_MERGE_CHAIN || !writtenAlike(walk, bo.parts[1]!, ho.parts[1]!)) break;
    b = bo.parts[0]!;
    h = ho.parts[0]!;
  }
  for (const key of followed) walk.alike.set(key, alike);
  return alike;
}

/** The same text, and the same schemas wherever its `$ref`s lead in each version. */
function sameText(
  base: ResolvedDoc,
  b: { value: unknown; at: WrittenSchema['at'] },
  head: ResolvedDoc,
  h: { value: unknown; at: WrittenSchema['at'] },
): boolean {
  const text = canonical(b.value);
  return text === canonical(h.value) && (!text.includes('"$ref"') || sameClosure(base, b.at.file, head, h.at.file));
}

/** Pairs of files known to lead to the same schemas, or not (computed once per pair of files, not per message). */
const sameClosures = new WeakMap<SourceFile, WeakMap<SourceFile, boolean>>();
/** The references written in a file, each once (what its `$ref`s may lead into). */
const refsOfFile = new WeakMap<SourceFile, string[]>();

function refsIn(file: SourceFile): string[] {
  let refs = refsOfFile.get(file);
  if (refs) return refs;
  const found = new Set<string>();
  const stack: unknown[] = [file.value];
  // Aliased YAML nodes are shared objects: each is read once.
  const visited = new Set<object>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || visited.has(v)) continue;
    visited.add(v);
    if (Array.isArray(v)) stack.push(...v);
    else {
      if (isRefObject(v) && !v.$ref.startsWith('#')) found.add(v.$ref);
      stack.push(...Object.values(v));
    }
  }
  refsOfFile.set(file, (refs = [...found]));
  return refs;
}

/**
 * Whether a file reads the same in both versions and so does every file its `$ref`s lead into,
 * directly or through others: then the same text in it means the same schema, whatever its
 * references (local ones included) lead to. Each reference is paired by its text (the files
 * read the same, so they hold the same references), resolved in its own version. A file a
 * version has not loaded is not known to be the same.
 */
function sameClosure(base: ResolvedDoc, bPath: string, head: ResolvedDoc, hPath: string): boolean {
  const b = base.file(bPath);
  const h = head.file(hPath);
  if (b === undefined || h === undefined) return false;
  let known = sameClosures.get(b);
  if (!known) sameClosures.set(b, (known = new WeakMap()));
  let same = known.get(h);
  if (same === undefined) known.set(h, (same = closureSame(base, b, head, h)));
  return same;
}

function closureSame(base: ResolvedDoc, b0: SourceFile, head: ResolvedDoc, h0: SourceFile): boolean {
  const pending: [SourceFile, SourceFile][] = [[b0, h0]];
  const visited = new Set<string>();
  while (pending.length > 0) {
    const [b, h] = pending.pop()!;
    const key = `${b.path}\n${h.path}`;
    if (visited.has(key)) continue;
    visited.add(key);
    if (sameClosures.get(b)?.get(h) === true) continue;
    if (b.text !== h.text) return false;
    for (const ref of refsIn(b)) {
      const bt = base.refLocation(ref, { file: b.path, pointer: '' });
      const ht = head.refLocation(ref, { file: h.path, pointer: '' });
      if (!bt || !ht) return false;
      const bf = base.file(bt.file);
      const hf = head.file(ht.file);
      if (!bf || !hf) return false;
      pending.push([bf, hf]);
    }
  }
  return true;
}
