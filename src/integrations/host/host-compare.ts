/**
 * The `compare` option of a host's reference: the documents compared with a base as
 * `apidesc-docs build --compare <path>` or `--compare-ref <ref>` compares them
 * (src/pipeline/compare-stage.ts, the same comparison): a file or folder that exists under the
 * host's root folder is a path, anything else a git ref. What the comparison says goes to the
 * host's log; a base that cannot be read stops the host's build, as it stops `build`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatText } from '../../lib/diagnostics/format-text.ts';
import { baseFromPath, baseFromRef, type CompareBase, isFolder } from '../../lib/diff/compare-sides.ts';
import { GitError } from '../../lib/git/git.ts';
import { defaultLimits } from '../../lib/load/limits.ts';
import type { Diagnostic } from '../../lib/diagnostics/diagnostic.ts';
import type { ResolvedDoc } from '../../lib/resolve/resolved-doc.ts';
import { compareWithBase } from '../../pipeline/compare-stage.ts';
import type { SiteChanges } from '../../site/site-data-types.ts';

/** What the comparison found, or why the host's build stops (a sentence for its log). */
export type HostComparison = { changes: SiteChanges; notes: string[] } | { problem: string; notes: string[] };

/** Compares `docs` (read from `documents`, relative to `root`) with the base `compare`. */
export async function compareReference(
  compare: string,
  documents: string[],
  docs: { file: string; doc: ResolvedDoc; diagnostics: Diagnostic[] }[],
  root: string,
): Promise<HostComparison> {
  const notes: string[] = [];
  const io = { out: (text: string) => notes.push(text), err: (text: string) => notes.push(text) };
  const headIsFolder = documents.length === 1 && isFolder(resolve(root, documents[0] ?? ''));
  let base: CompareBase;
  let removeTree = (): void => {};
  if (existsSync(resolve(root, compare))) {
    if (isFolder(resolve(root, compare)) !== headIsFolder)
      return { problem: `compare: '${compare}': compare a document with a document, or a folder with a folder`, notes };
    const read = baseFromPath(compare, root, undefined);
    if (read.diagnostics.length > 0)
      return { problem: `compare: '${compare}': the base cannot be read (above)`, notes: [formatText(read.diagnostics, { sources: new Map(), color: false })] };
    base = read.base;
  } else {
    if (documents.length !== 1) return { problem: `compare: '${compare}' is no file: as a git ref, it compares one document or folder`, notes };
    try {
      const read = await baseFromRef(compare, documents[0] ?? '', root, undefined, defaultLimits);
      removeTree = () => read.tree.remove();
      if (read.diagnostics.length > 0) {
        removeTree();
        return {
          problem: `compare: '${compare}': the base cannot be read (above)`,
          notes: [formatText(read.diagnostics, { sources: new Map(), color: false })],
        };
      }
      base = read.base;
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      return { problem: `compare: '${compare}' is neither a file nor a git ref: ${error.message}`, notes };
    }
  }
  try {
    const changes = await compareWithBase(base, documents, docs, { outDir: '', color: false, format: 'text', version: '' }, root, io);
    return typeof changes === 'number' ? { problem: `compare: '${compare}': the base cannot be read (above)`, notes } : { changes, notes };
  } finally {
    removeTree();
  }
}
