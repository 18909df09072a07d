/**
 * A document and every file it references, with `$ref` resolution on demand.
 *
 * Nothing is copied or mutated: a Reference Object stays where it was written, and `deref`
 * follows it (and refs to refs) to the node it names, which keeps its own file and pointer.
 * Cycles (recursive schemas) are therefore just references to a node on the current path;
 * `walkSchema` (schema-walk.ts) tells a later stage when it meets one instead of expanding it again.
 */
import type { Location, Problem } from '../diagnostics/diagnostic.ts';
import { pathInRoot } from '../diagnostics/message-path.ts';
import type { LoadLimits } from '../load/limits.ts';
import { PositionIndex, type Position } from '../load/positions.ts';
import { loadSourceFile, type SourceFile, type SourceText } from '../load/source-file.ts';
import { fragmentToPointer, joinPointer } from '../json-pointer.ts';
import { targetOf, type RefPolicy } from './ref-target.ts';

/** A node reached by following references, with where it was written. */
export interface Resolved {
  value: unknown;
  at: Location;
  /** Locations of the Reference Objects followed to get here (empty when the node was inline). */
  via: Location[];
}

export function isRefObject(value: unknown): value is { $ref: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { $ref?: unknown }).$ref === 'string';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The references followed to a node, joined without copying: a chain of a thousand references
 * to references would otherwise hold a list of every later hop at each of them (quadratic).
 */
type Hops = readonly Location[] | { readonly first: Hops; readonly second: Hops };

const join = (first: Hops, second: Hops): Hops =>
  Array.isArray(first) && first.length === 0 ? second : Array.isArray(second) && second.length === 0 ? first : { first, second };

function flatten(hops: Hops): Location[] {
  const out: Location[] = [];
  const stack: Hops[] = [hops];
  while (stack.length > 0) {
    const h = stack.pop()!;
    if (Array.isArray(h)) out.push(...(h as readonly Location[]));
    else stack.push((h as { second: Hops }).second, (h as { first: Hops }).first);
  }
  return out;
}

/** A resolved node as the resolver keeps it; `via` is made when someone reads it. */
interface Found {
  value: unknown;
  at: Location;
  hops: Hops;
}

function toResolved(found: Found, before: Hops = []): Resolved {
  const hops = join(before, found.hops);
  let via: Location[] | undefined;
  return {
    value: found.value,
    at: found.at,
    get via() {
      return (via ??= flatten(hops));
    },
  };
}

/** A reference being resolved: its pointer, followed token by token from the root of its file. */
interface Frame {
  key: string;
  ref: string;
  site: Location;
  tokens: string[];
  /** Tokens followed so far. */
  i: number;
  current: Found;
  /** `current` is a reference whose target is being resolved (the frame above this one). */
  waiting: boolean;
}

export class ResolvedDoc {
  readonly root: SourceFile;
  readonly policy: RefPolicy;
  readonly #limits: LoadLimits;
  readonly #files = new Map<string, SourceFile | null>();
  /** The text of referenced files that were read but could not be parsed, for their diagnostics' code frames. */
  readonly #unparsed = new Map<string, string>();
  readonly #positions = new Map<string, PositionIndex>();
  readonly #problems = new Map<string, Problem>();
  readonly #cache = new Map<string, Found | null>();
  /** File → reference text → the key of `#cache` that reference resolved to (two levels: no key string to build per lookup). */
  readonly #targetKeys = new Map<string, Map<string, string>>();
  readonly #resolving = new Set<string>();

  constructor(root: SourceFile, policy: RefPolicy, limits: LoadLimits, remote: Map<string, SourceFile> = new Map()) {
    this.root = root;
    this.policy = policy;
    this.#limits = limits;
    this.#files.set(root.path, root);
    for (const [url, file] of remote) this.#files.set(url, file);
  }

  /** Problems found while resolving (missing files, dangling pointers, refused refs, …). */
  get problems(): Problem[] {
    return [...this.#problems.values()];
  }

  /** Every file loaded so far (the root first). */
  get files(): SourceFile[] {
    return [...this.#files.values()].filter((f): f is SourceFile => f !== null);
  }

  /** The files read but not parsed (a syntax error, a duplicate key): path and text, for code frames. */
  get unparsed(): SourceText[] {
    return [...this.#unparsed].map(([path, text]) => ({ path, text }));
  }

  /**
   * Every file (or URL) read or tried so far, the root first, those that could not be loaded
   * too: what `dev` watches, so that a referenced file that is missing is seen when it appears.
   */
  get paths(): string[] {
    return [...this.#files.keys()];
  }

  file(path: string): SourceFile | undefined {
    return this.#files.get(path) ?? undefined;
  }

  position(at: Location, atKey = false): Position | undefined {
    const file = this.file(at.file);
    if (!file) return undefined;
    let index = this.#positions.get(at.file);
    if (!index) {
      index = new PositionIndex(file.text, file.positions);
      this.#positions.set(at.file, index);
    }
    return index.find(at.pointer, atKey);
  }

  /** If `value` is a Reference Object, follow it (and any refs it leads to); otherwise return it as is. */
  deref(value: unknown, at: Location): Resolved | undefined {
    if (!isRefObject(value)) return { value, at, via: [] };
    this.#warnSiblings(value, at);
    const target = this.#resolve(value.$ref, at);
    return target && toResolved(target, [at]);
  }

  /**
   * The location a reference names, without following any reference (the "first hop").
   * Rules use it where the SPEC says where a reference must point ("into the root Channels Object").
   */
  refLocation(ref: string, site: Location): Location | undefined {
    const target = targetOf(ref, site.file, this.policy);
    if (target.kind === 'refused') return undefined;
    const parsed = fragmentToPointer(target.fragment);
    return parsed.ok && parsed.pointer !== undefined ? { file: target.document, pointer: parsed.pointer } : undefined;
  }

  /** The node that `ref`, written at `site`, names (after refs to refs). Undefined when it cannot be resolved. */
  resolveRef(ref: string, site: Location): Resolved | undefined {
    const found = this.#resolve(ref, site);
    return found && toResolved(found);
  }

  /**
   * Resolves a reference, and the references its pointer meets (refs to refs, refs in the middle
   * of a pointer), with a stack of its own instead of recursion: a chain of thousands of
   * references cannot overflow the call stack, and every reference is resolved once.
   */
  #resolve(ref: string, site: Location): Found | undefined {
    const first = this.#begin(ref, site);
    if (!('tokens' in first)) return first.found;
    const stack: Frame[] = [first];
    let delivered: Found | undefined;
    for (;;) {
      const step = this.#advance(stack[stack.length - 1]!, delivered);
      delivered = undefined;
      if ('tokens' in step) {
        stack.push(step);
        continue;
      }
      stack.pop();
      if (stack.length === 0) return step.found;
      delivered = step.found;
    }
  }

  /** Starts resolving `ref`: its result when it is known (or cannot be had), else the frame to follow its pointer in. */
  #begin(ref: string, site: Location): Frame | { found: Found | undefined } {
    // The same reference text in the same file names the same target: skip parsing it again
    // (documents repeat a few hundred references thousands of times).
    let refsInFile = this.#targetKeys.get(site.file);
    const known = refsInFile?.get(ref);
    const knownResult = known === undefined ? undefined : this.#cache.get(known);
    if (knownResult !== undefined) return { found: knownResult ?? undefined };
    const target = targetOf(ref, site.file, this.policy);
    if (target.kind === 'refused') return { found: this.#fail(site, target.code, target.message, target.hint) };
    const parsed = fragmentToPointer(target.fragment);
    if (!parsed.ok || parsed.pointer === undefined) {
      return {
        found: this.#fail(
          site,
          'ref-invalid',
          `"${ref}": ${parsed.ok ? 'bad fragment' : parsed.reason}`,
          'Write the fragment as a JSON pointer, e.g. #/components/schemas/Order.',
        ),
      };
    }
    const key = `${target.document}#${parsed.pointer}`;
    if (!refsInFile) this.#targetKeys.set(site.file, (refsInFile = new Map()));
    refsInFile.set(ref, key);
    const cached = this.#cache.get(key);
    if (cached !== undefined) return { found: cached ?? undefined };
    if (this.#resolving.has(key)) {
      // The chain came back to a reference it is still resolving: a loop with no content.
      return {
        found: this.#fail(
          site,
          'ref-cycle',
          `"${ref}" is part of a loop of references that never reaches a value`,
          'Make one of the references in the loop point at an actual object.',
        ),
      };
    }
    this.#resolving.add(key);
    const file = this.#loadFile(target.document, target.kind, site, ref);
    if (!file) return this.#end(key, undefined);
    return { key, ref, site, tokens: parsed.tokens, i: 0, current: { value: file.value, at: { file: file.path, pointer: '' }, hops: [] }, waiting: false };
  }

  /**
   * Follows the frame's pointer from where it stopped, resolving the references met on the way
   * (and at the end). `delivered` is the target of the reference it waited for. Returns the
   * frame of a reference to resolve first, or the frame's own result.
   */
  #advance(frame: Frame, delivered: Found | undefined): Frame | { found: Found | undefined } {
    const { site, ref, tokens } = frame;
    for (;;) {
      const current = frame.current;
      if (frame.waiting) {
        frame.waiting = false;
        // The reference it passes through is reported where it is written (refused, missing,
        // dangling), once: not again at every place that reaches it through that one.
        if (!delivered) return this.#end(frame.key, undefined);
        frame.current = { value: delivered.value, at: delivered.at, hops: join(join(current.hops, [current.at]), delivered.hops) };
        delivered = undefined;
      } else if (isRefObject(current.value)) {
        const next = this.#begin(current.value.$ref, current.at);
        frame.waiting = true;
        if ('tokens' in next) return next;
        delivered = next.found;
        continue;
      }
      if (frame.i === tokens.length) return this.#end(frame.key, frame.current);
      const token = tokens[frame.i++]!;
      const container = frame.current.value;
      let child: unknown;
      if (Array.isArray(container)) child = /^(0|[1-9]\d*)$/.test(token) ? container[Number(token)] : undefined;
      else if (isPlainObject(container) && Object.hasOwn(container, token)) child = container[token];
      const at = frame.current.at;
      if (child === undefined) {
        const where = (at.pointer === '' ? 'the document root' : at.pointer) + (at.file === site.file ? '' : ` of ${pathInRoot(at.file, this.policy.root)}`);
        return this.#end(
          frame.key,
          this.#fail(
            site,
            'ref-unresolved',
            `"${ref}" does not resolve: ${where} has no "${token}"`,
            'Check the pointer against the target file; pointers are case sensitive and "/" in a key is written "~1".',
          ),
        );
      }
      frame.current = { value: child, at: { file: at.file, pointer: joinPointer(at.pointer, token) }, hops: frame.current.hops };
    }
  }

  #end(key: string, found: Found | undefined): { found: Found | undefined } {
    this.#resolving.delete(key);
    this.#cache.set(key, found ?? null);
    return { found };
  }

  #loadFile(document: string, kind: 'local' | 'file' | 'remote', site: Location, ref: string): SourceFile | undefined {
    if (this.#files.has(document)) return this.#files.get(document) ?? this.#chainedFile(site, ref, document);
    if (kind === 'remote')
      return this.#fail(
        site,
        'ref-remote',
        `remote reference ${document} could not be fetched`,
        'Check the URL and the network, or copy the file into the input folder.',
      );
    const loaded = loadSourceFile(document, this.#limits);
    this.#files.set(document, loaded.file ?? null);
    if (loaded.unparsedText !== undefined) this.#unparsed.set(document, loaded.unparsedText);
    // A missing file is reported once, at the reference that names it (below).
    for (const p of loaded.problems) if (p.code !== 'load-missing') this.#problems.set(problemKey(p.at) + p.code, p);
    if (!loaded.file) {
      const missing = loaded.problems.some((p) => p.code === 'load-missing');
      return this.#fail(
        site,
        'ref-unresolved',
        missing
          ? `"${ref}": the file ${pathInRoot(document, this.policy.root)} does not exist`
          : `"${ref}": the file ${pathInRoot(document, this.policy.root)} could not be loaded (see its own diagnostic)`,
        missing ? 'Check the relative path: it is resolved against the folder of the file that holds the reference.' : 'Fix the referenced file first.',
      );
    }
    return loaded.file;
  }

  #chainedFile(site: Location, ref: string, document: string): undefined {
    return this.#fail(
      site,
      'ref-unresolved',
      `"${ref}": the file ${pathInRoot(document, this.policy.root)} could not be loaded (see its own diagnostic)`,
      'Fix the referenced file first.',
    );
  }

  #warnSiblings(value: Record<string, unknown>, at: Location): void {
    const extra = Object.keys(value).filter((k) => k !== '$ref');
    if (extra.length === 0) return;
    const key = problemKey(at) + 'ref-siblings';
    if (this.#problems.has(key)) return;
    this.#problems.set(key, {
      code: 'ref-siblings',
      severity: 'warning',
      message: `properties next to $ref are ignored: ${extra.map((k) => `\`${k}\``).join(', ')}`,
      hint: 'A Reference Object holds only $ref (SPEC, Errors #8): move these properties into the referenced object, or remove them.',
      at: { file: at.file, pointer: joinPointer(at.pointer, extra[0]!) },
      atKey: true,
    });
  }

  #fail(site: Location, code: string, message: string, hint: string): undefined {
    const key = problemKey(site);
    if (!this.#problems.has(key)) {
      this.#problems.set(key, { code, severity: 'error', message, hint, at: { file: site.file, pointer: joinPointer(site.pointer, '$ref') } });
    }
    return undefined;
  }
}

function problemKey(at: Location): string {
  return `${at.file}#${at.pointer}`;
}
