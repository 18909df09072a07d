/**
 * `diff` from files to a report: both versions loaded and checked exactly as `validate` loads and
 * checks them (the same limits, $ref root, hostile-input handling and rules), matched by API,
 * compared, and reported. Input that cannot be read comes back as diagnostics with `unreadable`
 * set, a version with errors with `invalid` naming the side: never as a partial report, nor as a
 * comparison of what is not a valid document (where a list written as a map, say, would read as
 * "no longer restricted").
 */
import { resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { hasErrors } from '../diagnostics/diagnostic.ts';
import { toDiagnostics } from '../diagnostics/to-diagnostic.ts';
import type { LoadLimits } from '../load/limits.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { checkDocument, openDocument } from '../validate/validate-document.ts';
import { diffDocument } from './diff-document.ts';
import { pairApis, type Candidate } from './pair-apis.ts';
import { previewPages, type PreviewPages } from './preview-pages.ts';
import { applySeverityOverrides, type SeverityOverrides } from './severity-overrides.ts';
import { toReport, type ApiDiff, type DiffSide } from './report.ts';
import type { Change, DiffReport, FoundChange } from './types.ts';

export interface SideInput {
  /** Absolute paths of the root documents. */
  files: string[];
  /** The folder they were found in, when the side was given as a folder (APIs are named by their path in it). */
  folder?: string;
  /** How a file of this side is shown. */
  display(file: string): string;
  /** A diagnostic's message and hint as this side shows them (a base read from git names its files in the repository, not in its temporary copy). */
  explain?<D extends { message: string; hint?: string }>(d: D): D;
  /** Folder that file $refs may not leave (default as for validate). */
  root?: string;
  /**
   * The documents of `files`, already opened (in the same order) by a caller that loaded them
   * exactly as openDocument does: `build --compare` hands over the documents it validated, so
   * that the head is not read and resolved a second time.
   */
  opened?: ResolvedDoc[];
}

export interface DiffRunOptions {
  limits: LoadLimits;
  allowRemoteRefs: boolean;
  cwd: string;
  /** Look up each object's page in the site built from head (for links into a preview). */
  pages?: boolean;
  /** The project's own severities for some rules (severity-overrides.ts). */
  severities?: SeverityOverrides;
  /** Changes found besides the documents' (a change of the configuration's diffSeverity since the base), reported with theirs. */
  changes?: Change[];
  /**
   * `false`: compare the documents as they are read, without checking them as `validate` does
   * (tests of the comparison itself on hostile input that validation rejects). Default true.
   */
  validate?: boolean;
}

type DiffSideName = 'base' | 'head';

export interface DiffOutcome {
  report: DiffReport;
  diagnostics: Diagnostic[];
  /** An input could not be read or resolved: the report is not complete. */
  unreadable: boolean;
  /** The sides whose documents have errors, as `validate` finds them: nothing was compared. */
  invalid?: DiffSideName[];
  /** Each side's `info.version`s, in the order of its documents (those that give one): what a reader calls the versions compared. */
  versions?: Record<DiffSideName, string[]>;
}

/** The `info.version` of each document loaded, where it gives one. */
const versionsOf = (loaded: Loaded[]): string[] =>
  loaded.flatMap((l) => {
    const root = l.side.doc.root.value;
    const version = isPlainObject(root) && isPlainObject(root.info) ? root.info.version : undefined;
    return typeof version === 'string' && version !== '' ? [version] : [];
  });

interface Loaded extends Candidate {
  side: DiffSide;
}

async function loadSide(input: SideInput, options: DiffRunOptions, diagnostics: Diagnostic[], errors: Diagnostic[]): Promise<Loaded[]> {
  const loaded: Loaded[] = [];
  // Documents a build validated already (its head): handed over as they are.
  if (input.opened) return input.files.map((file, i) => loadedOf(file, input.opened![i]!, input));
  for (const file of input.files) {
    const opened = await openDocument(file, {
      limits: options.limits,
      allowRemoteRefs: options.allowRemoteRefs,
      cwd: options.cwd,
      ...(input.root ? { root: input.root } : {}),
    });
    diagnostics.push(...shown(opened.diagnostics, input, options.cwd));
    if (!opened.doc || hasErrors(opened.diagnostics)) continue;
    // Checked as `validate` checks it, on the document just opened (not read a second time).
    const problems = options.validate === false ? [] : (await checkDocument(opened.doc)).filter((p) => p.severity === 'error');
    if (problems.length > 0) errors.push(...shown(toDiagnostics(problems, opened.doc, options.cwd), input, options.cwd));
    loaded.push(loadedOf(file, opened.doc, input));
  }
  return loaded;
}

function loadedOf(file: string, doc: ResolvedDoc, input: SideInput): Loaded {
  const info = isPlainObject(doc.root.value) && isPlainObject(doc.root.value.info) ? doc.root.value.info : {};
  return { file, ...(typeof info.title === 'string' ? { title: info.title } : {}), side: { doc, display: input.display } };
}

/** Diagnostics with their files shown as the side shows them (a base read from git at its path in the repository). */
function shown(diagnostics: Diagnostic[], input: SideInput, cwd: string): Diagnostic[] {
  return diagnostics.map((d) => {
    const located = { ...d, file: /^https?:/i.test(d.file) ? d.file : input.display(resolve(cwd, d.file)) };
    return input.explain ? input.explain(located) : located;
  });
}

/** The pages of head documents handed over opened, found once: a caller that compares many bases with one head (build --versions) asks again for each. */
const pagesOfOpened = new WeakMap<ResolvedDoc[], { cwd: string; pages: PreviewPages[] }>();

function headPages(head: SideInput, now: Loaded[], cwd: string): PreviewPages[] {
  const known = head.opened && pagesOfOpened.get(head.opened);
  if (known && known.cwd === cwd) return known.pages;
  const pages = previewPages(
    now.map((l) => ({ file: head.display(l.file), doc: l.side.doc })),
    cwd,
  );
  if (head.opened) pagesOfOpened.set(head.opened, { cwd, pages });
  return pages;
}

export async function diffSides(base: SideInput, head: SideInput, options: DiffRunOptions): Promise<DiffOutcome> {
  const diagnostics: Diagnostic[] = [];
  const baseErrors: Diagnostic[] = [];
  const headErrors: Diagnostic[] = [];
  const old = await loadSide(base, options, diagnostics, baseErrors);
  const now = await loadSide(head, options, diagnostics, headErrors);
  const unreadable = old.length < base.files.length || now.length < head.files.length || unresolved(old, base, now, head, options, diagnostics);
  if (unreadable) return { report: { changes: [], breaking: 0 }, diagnostics, unreadable };
  if (baseErrors.length > 0 || headErrors.length > 0) {
    const invalid = [...(baseErrors.length > 0 ? ['base' as const] : []), ...(headErrors.length > 0 ? ['head' as const] : [])];
    return { report: { changes: [], breaking: 0 }, diagnostics: [...baseErrors, ...headErrors], unreadable: false, invalid };
  }
  const pages = options.pages ? headPages(head, now, options.cwd) : [];
  const apis: ApiDiff[] = [];
  const headIndex = new Map(now.map((l, i) => [l, i]));
  for (const pair of pairApis(old, now, base.folder, head.folder)) {
    const b = pair.base as Loaded | undefined;
    const h = pair.head as Loaded | undefined;
    const root = (doc: ResolvedDoc) => ({ file: doc.root.path, pointer: '' });
    let changes: FoundChange[];
    if (b && h) changes = diffDocument(b.side.doc, h.side.doc);
    else if (h)
      changes = [
        {
          rule: 'api-added',
          severity: 'non-breaking',
          side: 'head',
          at: root(h.side.doc),
          object: 'document',
          message: `API ${JSON.stringify(h.title ?? pair.api)} added`,
        },
      ];
    else
      changes = [
        {
          rule: 'api-removed',
          severity: 'breaking',
          side: 'base',
          at: root(b!.side.doc),
          object: 'document',
          message: `API ${JSON.stringify(b!.title ?? pair.api)} removed: every client of it loses it`,
        },
      ];
    const index = h ? (headIndex.get(h) ?? -1) : -1;
    changes = applySeverityOverrides(changes, options.severities);
    apis.push({
      api: pair.api,
      ...(b ? { base: b.side } : {}),
      ...(h ? { head: h.side } : {}),
      changes,
      ...(index >= 0 && pages[index] ? { pages: pages[index] } : {}),
    });
  }
  // $refs are resolved as they are followed: what the comparison could not resolve is known only now.
  const incomplete = unresolved(old, base, now, head, options, diagnostics);
  return { report: toReport(apis, options.changes), diagnostics, unreadable: incomplete, versions: { base: versionsOf(old), head: versionsOf(now) } };
}

/** Whether a `$ref` of either side could not be resolved (so far), its diagnostics added. */
function unresolved(old: Loaded[], base: SideInput, now: Loaded[], head: SideInput, options: DiffRunOptions, diagnostics: Diagnostic[]): boolean {
  let found = false;
  for (const [list, input] of [
    [old, base],
    [now, head],
  ] as const) {
    for (const l of list) {
      const problems = l.side.doc.problems.filter((p) => p.severity === 'error');
      if (problems.length === 0) continue;
      found = true;
      diagnostics.push(...shown(toDiagnostics(problems, l.side.doc, options.cwd), input, options.cwd));
    }
  }
  return found;
}
