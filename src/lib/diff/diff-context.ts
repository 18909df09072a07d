/**
 * What every comparison of a base and a head document shares: the two documents, the list of
 * changes found, and the channels and messages paired under another id (`renames`), which
 * compareChannels fills and compareOperations reads (renames.ts): the channels must be compared
 * before the operations (diff-document.ts), or an operation's renamed channel or message is not known.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { expandedText, expandsAsWritten, type ExpandOptions } from '../resolve/expanded-text.ts';
import { childPointer } from '../json-pointer.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { sameValue } from './canonical.ts';
import type { ChangeSeverity, CompatibilityPolicy, FoundChange, Usage, WordingTexts } from './types.ts';

/** A value of a document, after its `$ref`s are followed, and where it was written. */
export interface Node {
  value: unknown;
  at: Location;
}

export interface DiffContext {
  base: ResolvedDoc;
  head: ResolvedDoc;
  changes: FoundChange[];
  /** Channels and messages paired under another id (renames.ts), known once the channels are compared. */
  renames?: Renames;
}

/** What head calls what base called otherwise: channel ids, and message keys (`channelId` NUL `messageId`). */
interface Renames {
  channels: Map<string, string>;
  messages: Map<string, string>;
}

export const child = (at: Location, ...tokens: string[]): Location => ({ file: at.file, pointer: tokens.reduce(childPointer, at.pointer) });

/** `node`, its `$ref` followed (undefined when it cannot be: validate reports why). */
export function resolveNode(doc: ResolvedDoc, node: Node | undefined): Node | undefined {
  if (!node) return undefined;
  const resolved = doc.deref(node.value, node.at);
  return resolved && { value: resolved.value, at: resolved.at };
}

/** The field `key` of an object node, resolved. */
export function field(doc: ResolvedDoc, node: Node | undefined, key: string): Node | undefined {
  if (!node || !isPlainObject(node.value) || !Object.hasOwn(node.value, key)) return undefined;
  return resolveNode(doc, { value: node.value[key], at: child(node.at, key) });
}

/** The entries of a map (channels, servers, …) in key order; each value resolved. Keys are the document's: a Map, never an object lookup. */
export function entries(doc: ResolvedDoc, node: Node | undefined): Map<string, Node> {
  const out = new Map<string, Node>();
  if (!node || !isPlainObject(node.value)) return out;
  for (const key of Object.keys(node.value).sort()) {
    const resolved = resolveNode(doc, { value: node.value[key], at: child(node.at, key) });
    if (resolved) out.set(key, resolved);
  }
  return out;
}

/** The document's root as a node. */
export function rootNode(doc: ResolvedDoc): Node {
  return { value: doc.root.value, at: { file: doc.root.path, pointer: '' } };
}

export interface ChangeInput {
  rule: string;
  severity: ChangeSeverity;
  object: string;
  message: string;
  direction?: Usage | CompatibilityPolicy;
  texts?: WordingTexts;
}

/** Fields whose value is prose a reader reads: a change of one carries both texts (wordingTexts). */
const PROSE_FIELDS: ReadonlySet<string> = new Set(['title', 'summary', 'description']);

/**
 * The words before and after of a reworded prose field, for the Changes page to show what the text
 * now says ("description changed" alone tells a reader nothing); a field that is not prose, or not
 * text on either side, gives none.
 */
export function wordingTexts(key: string, before: unknown, after: unknown): { texts?: WordingTexts } {
  if (!PROSE_FIELDS.has(key)) return {};
  const texts: WordingTexts = {
    ...(typeof before === 'string' ? { before } : {}),
    ...(typeof after === 'string' ? { after } : {}),
  };
  return texts.before === undefined && texts.after === undefined ? {} : { texts };
}

export function addHead(ctx: DiffContext, at: Location, change: ChangeInput): void {
  ctx.changes.push({ ...change, side: 'head', at });
}

export function addBase(ctx: DiffContext, at: Location, change: ChangeInput): void {
  ctx.changes.push({ ...change, side: 'base', at });
}

export function stringOf(node: Node | undefined): string | undefined {
  return typeof node?.value === 'string' ? node.value : undefined;
}

/** The keys of two maps (a base's and a head's), each once, in order: what was removed, added or kept. */
export function unionKeys<K extends string>(old: ReadonlyMap<K, unknown>, now: ReadonlyMap<K, unknown>): K[] {
  return [...new Set([...old.keys(), ...now.keys()])].sort();
}

export interface SameOptions extends ExpandOptions {
  /**
   * What a value too large or deep to write whole (expandedText) is taken as: `different`, not
   * known to be the same (the caller compares it part by part, within its own bounds), or
   * `as-written`, the same when written alike.
   */
  incomplete?: 'different' | 'as-written';
}

/**
 * Whether a base value and a head value mean the same once the `$ref`s inside them are followed,
 * each in its own version: `{$ref: '#/components/schemas/Key'}` on both sides is a change when
 * `Key` changed. (Comparing the written values would miss it.) A value one version lacks differs
 * from one the other has. Values without a `$ref`, within expandedText's bounds, are compared as
 * written (canonical(), cached), without being expanded.
 */
export function sameThroughRefs(base: ResolvedDoc, b: Node | undefined, head: ResolvedDoc, h: Node | undefined, options: SameOptions = {}): boolean {
  if (!b || !h) return b === h;
  const written = sameValue(b.value, h.value);
  // Expanded, they would be written as they are (less the keys left out, which may hide a difference).
  if (written ? expandsAsWritten(b.value) : !options.omit && expandsAsWritten(b.value) && expandsAsWritten(h.value)) return written;
  const before = expandedText(base, b.value, b.at, options);
  const after = expandedText(head, h.value, h.at, options);
  if (before.complete && after.complete) return before.text === after.text;
  return options.incomplete === 'as-written' ? written : false;
}

/**
 * Whether two versions of a field mean the same: written alike without references, or alike once
 * their `$ref`s are followed (a tag moved into components and referenced, or the reverse, is the
 * same tag; a referenced one changed in components is a change). Values too large to write whole
 * are compared as written.
 */
/** The fields that only say something to a reader (titles, descriptions, tags, docs): each changed one is `rule`, wording. */
export function compareWording(ctx: DiffContext, o: Node, n: Node, object: string, rule: string): void {
  const written = isPlainObject(n.value) ? n.value : {};
  for (const key of ['title', 'summary', 'description', 'tags', 'externalDocs']) {
    if (!sameMeaning(ctx, field(ctx.base, o, key), field(ctx.head, n, key)))
      addHead(ctx, Object.hasOwn(written, key) ? child(n.at, key) : n.at, {
        rule,
        severity: 'info',
        object,
        message: `${key} changed (wording only)`,
        ...wordingTexts(key, field(ctx.base, o, key)?.value, field(ctx.head, n, key)?.value),
      });
  }
}

export function sameMeaning(ctx: DiffContext, b: Node | undefined, h: Node | undefined, options: ExpandOptions = {}): boolean {
  return sameThroughRefs(ctx.base, b, ctx.head, h, { ...options, incomplete: 'as-written' });
}
