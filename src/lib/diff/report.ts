/**
 * Changes as found → changes as reported: files shown relative to the working folder, lines
 * looked up, removed things also anchored in head (for annotations), pages linked, and one
 * deterministic order (severity, API, object, pointer).
 */
import type { PreviewPages } from './preview-pages.ts';
import { parsePointer } from '../json-pointer.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { byCodeUnits } from '../text-order.ts';
import { severityOrder, type Change, type DiffReport, type FoundChange } from './types.ts';
import { withLookAlikeNotes } from './look-alike-names.ts';

/** One version of a document, and how its files are shown. */
export interface DiffSide {
  doc: ResolvedDoc;
  /** The path a file of this side is shown as (a base read from git is shown at its path in the repository). */
  display(file: string): string;
}

export interface ApiDiff {
  api: string;
  base?: DiffSide;
  head?: DiffSide;
  changes: FoundChange[];
  /** Where head's overview and objects are in the site built from it (build --compare, --preview-url). */
  pages?: PreviewPages;
}

function has(value: unknown, tokens: string[]): boolean {
  let v = value;
  for (const t of tokens) {
    if (Array.isArray(v) && /^\d+$/.test(t) && Number(t) < v.length) v = v[Number(t)];
    else if (isPlainObject(v) && Object.hasOwn(v, t)) v = v[t];
    else return false;
  }
  return true;
}

/** The nearest object head still has, in the head file shown at the same path (or head's root for base's root). */
function anchorInHead(change: FoundChange, base: DiffSide, head: DiffSide): { file: string; line: number } | undefined {
  const shown = base.display(change.at.file);
  const file = head.doc.files.find((f) => head.display(f.path) === shown) ?? (change.at.file === base.doc.root.path ? head.doc.root : undefined);
  if (!file) return undefined;
  const parsed = parsePointer(change.at.pointer);
  if (!parsed.ok) return undefined;
  const tokens = [...parsed.tokens];
  while (tokens.length > 0 && !has(file.value, tokens)) tokens.pop();
  const pointer = tokens.map((t) => `/${t.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
  return { file: head.display(file.path), line: head.doc.position({ file: file.path, pointer })?.line ?? 1 };
}

/** The page of the object a change belongs to: `channel X` → `/channels/X`, … */
function objectPointer(object: string): string | undefined {
  const esc = (s: string): string => s.replaceAll('~', '~0').replaceAll('/', '~1');
  const [kind, ...rest] = object.split(' ');
  const id = rest.join(' ');
  switch (kind) {
    case 'channel':
      return `/channels/${esc(id)}`;
    case 'operation':
      return `/operations/${esc(id)}`;
    case 'server':
      return `/servers/${esc(id)}`;
    case 'message': {
      const slash = id.indexOf('/');
      return slash < 0 ? undefined : `/channels/${esc(id.slice(0, slash))}/messages/${esc(id.slice(slash + 1))}`;
    }
    case 'security':
      return `/components/securitySchemes/${esc(rest.slice(1).join(' '))}`;
    default:
      return undefined;
  }
}

/**
 * Where head can annotate a change of an API it no longer has (its document deleted): the first
 * line of head's document nearest to the deleted one (the same folder first, then the longest
 * common path), or nothing when head has no document at all.
 */
function nearestHeadDocument(file: string, heads: string[]): { file: string; line: number } | undefined {
  const folders = (path: string): string[] => path.split('/').slice(0, -1);
  const mine = folders(file);
  let best: { file: string; shared: number } | undefined;
  for (const head of heads) {
    const theirs = folders(head);
    let shared = 0;
    while (shared < mine.length && shared < theirs.length && mine[shared] === theirs[shared]) shared++;
    // Nearest: the most folders shared, then the fewest folders below them, then by name (one order every time).
    const score = shared * 1000 - (theirs.length - shared);
    const bestScore = best ? best.shared : -Infinity;
    if (!best || score > bestScore || (score === bestScore && byCodeUnits(head, best.file) < 0)) best = { file: head, shared: score };
  }
  return best ? { file: best.file, line: 1 } : undefined;
}

export function toReport(apis: ApiDiff[], also: Change[] = []): DiffReport {
  const changes: Change[] = [];
  const heads = apis.flatMap((a) => (a.head ? [a.head.display(a.head.doc.root.path).replaceAll('\\', '/')] : []));
  for (const api of apis) {
    for (const c of api.changes) {
      const side = c.side === 'base' ? api.base : api.head;
      const file = side ? side.display(c.at.file) : c.at.file;
      const line = side?.doc.position(c.at)?.line ?? 0;
      const annotation =
        c.side === 'head'
          ? { file, line }
          : api.base && api.head
            ? anchorInHead(c, api.base, api.head)
            : nearestHeadDocument(file.replaceAll('\\', '/'), heads);
      const pointer = objectPointer(c.object);
      const url = pointer === undefined ? undefined : api.pages?.pages.get(pointer);
      changes.push({
        severity: c.severity,
        rule: c.rule,
        api: api.api,
        object: c.object,
        pointer: c.at.pointer,
        file,
        line,
        side: c.side,
        direction: c.direction ?? null,
        ...(c.breaks ? { breaks: c.breaks } : {}),
        message: c.message,
        ...(c.ruleSeverity ? { ruleSeverity: c.ruleSeverity } : {}),
        ...(c.texts ? { texts: c.texts } : {}),
        ...(annotation ? { annotation } : {}),
        ...(url ? { url } : {}),
        ...(api.pages ? { apiUrl: api.pages.root } : {}),
      });
    }
  }
  return reportOf([...changes, ...also]);
}

/**
 * Changes in the report's one order (severity, API, object, pointer, rule, message), counted; a
 * name spelt two ways that read the same is said to be so (look-alike-names.ts).
 */
export function reportOf(changes: Change[]): DiffReport {
  const sorted = [...withLookAlikeNotes(changes)].sort(
    (a, b) =>
      severityOrder[a.severity] - severityOrder[b.severity] ||
      byCodeUnits(a.api, b.api) ||
      byCodeUnits(a.object, b.object) ||
      byCodeUnits(a.pointer, b.pointer) ||
      byCodeUnits(a.rule, b.rule) ||
      byCodeUnits(a.message, b.message),
  );
  return { changes: sorted, breaking: sorted.filter((c) => c.severity === 'breaking').length };
}
