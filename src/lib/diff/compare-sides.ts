/**
 * The two sides of a comparison, as `diff` and `build --compare` / `--compare-ref` name them: a
 * document or a folder of documents, or the same path in a git commit, and the head (for a
 * build, the documents it is making a site of). The base is described by plain data, as it
 * crosses from the build's command to its prepare process (src/pipeline/prepare-stage.ts).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { displayPath } from '../diagnostics/to-diagnostic.ts';
import { expandInputs } from '../inputs/expand-inputs.ts';
import { realPath, within } from '../real-path.ts';
import type { ResolvedDoc } from '../resolve/resolved-doc.ts';
import type { SideInput } from './compare-inputs.ts';
import { checkoutCommit, treeDisplay, treeDiagnostic, type CommitTree, type TreeView } from '../git/commit-tree.ts';
import { GitError, repositoryRoot } from '../git/git.ts';
import type { LoadLimits } from '../load/limits.ts';

export interface CompareBase {
  /** How the Changes page names the base: the path given, or the git ref and its commit. */
  label: string;
  /** Absolute paths of its root documents (none: the base has no such document yet). */
  files: string[];
  /** The folder they were found in, when the base is a folder. */
  folder?: string;
  /** Folder its file $refs may not leave. */
  root?: string;
  /** A base read from git: its files, in a temporary folder, are shown at their path in the working tree. */
  fromRef?: TreeView;
  /** `--compare-ref`: the date of the base's commit (YYYY-MM-DD). */
  date?: string;
  /** The version before, in a site of every version (`build --versions`): the Changes page is published, not an author's preview. */
  published?: true;
}

export const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The documents of a file or folder argument, as `diff` reads a side; problems with the folder are diagnostics. */
export function sideFiles(path: string, cwd: string, display: (file: string) => string): { files: string[]; folder?: string; diagnostics: Diagnostic[] } {
  if (!isFolder(path)) return { files: [path], diagnostics: [] };
  const { files, missing, outside } = expandInputs([path], cwd);
  const diagnostics: Diagnostic[] = [];
  for (const folder of missing)
    diagnostics.push({
      code: 'input-no-documents',
      severity: 'error',
      message: 'the folder holds no document with an `apidesc` root key',
      file: display(resolve(cwd, folder)),
      pointer: '',
      line: 0,
      column: 0,
    });
  for (const link of outside)
    diagnostics.push({
      code: 'input-outside-folder',
      severity: 'error',
      message: `this is a symbolic link to ${link.target}, outside the folder given`,
      file: display(link.path),
      pointer: '',
      line: 0,
      column: 0,
    });
  return { files, folder: path, diagnostics };
}

/** `--compare <path>`: a base on disk. */
export function baseFromPath(arg: string, cwd: string, root: string | undefined): { base: CompareBase; diagnostics: Diagnostic[] } {
  const path = resolve(cwd, arg);
  const { files, folder, diagnostics } = sideFiles(path, cwd, (file) => displayPath(file, cwd));
  return { base: { label: arg, files, ...(folder ? { folder } : {}), ...(root ? { root: resolve(cwd, root) } : {}) }, diagnostics };
}

/**
 * The compared path (a document or a folder, which need not exist in the working tree any more)
 * as a commit has it: the files the comparison reads written into a temporary folder outside the
 * repository (src/lib/git/commit-tree.ts), with the base's `$ref` root inside it. Throws GitError.
 */
export async function checkoutBase(
  ref: string,
  head: string,
  cwd: string,
  root: string | undefined,
  limits: LoadLimits,
  also: string[] = [],
): Promise<{ tree: CommitTree; target: string; basePath: string }> {
  const target = resolve(cwd, head);
  const repository = realPath(await repositoryRoot(isFolder(target) ? target : existsSync(dirname(target)) ? dirname(target) : cwd));
  const targetReal = realPath(target);
  if (!within(repository, targetReal)) throw new GitError(`${head} is not inside the repository ${repository}`);
  const tree = await checkoutCommit(repository, ref, {
    compared: targetReal,
    ...(root !== undefined ? { root: realPath(resolve(cwd, root)) } : {}),
    limits,
    also,
  });
  return { tree, target, basePath: tree.inTree(targetReal) };
}

/**
 * `--compare-ref <ref>`: the head's path in a commit (checkoutBase); the caller removes the
 * temporary folder with `tree.remove()`. Throws GitError.
 */
export async function baseFromRef(
  ref: string,
  head: string,
  cwd: string,
  root: string | undefined,
  limits: LoadLimits,
  also: string[] = [],
): Promise<{ base: CompareBase; tree: CommitTree; diagnostics: Diagnostic[] }> {
  const { tree, target, basePath } = await checkoutBase(ref, head, cwd, root, limits, also);
  const fromRef: TreeView = { dir: tree.dir, top: tree.top, ref: tree.ref, unread: tree.unread };
  const label = `${ref} (${tree.commit.slice(0, 12)})`;
  const dated = tree.date !== undefined ? { date: tree.date } : {};
  // A document the base does not have yet: every API of head is new.
  if (!existsSync(basePath))
    return { base: { label, files: [], ...(isFolder(target) ? { folder: basePath } : {}), root: tree.root, fromRef, ...dated }, tree, diagnostics: [] };
  const { files, folder, diagnostics } = sideFiles(basePath, cwd, treeDisplay(fromRef, cwd));
  return { base: { label, files, ...(folder ? { folder } : {}), root: tree.root, fromRef, ...dated }, tree, diagnostics };
}

/** The base as diffSides reads it. */
export function baseSide(base: CompareBase, cwd: string): SideInput {
  return {
    files: base.files,
    ...(base.folder ? { folder: base.folder } : {}),
    ...(base.root ? { root: base.root } : {}),
    display: base.fromRef ? treeDisplay(base.fromRef, cwd) : (file) => displayPath(file, cwd),
    ...(base.fromRef ? { explain: treeDiagnostic(base.fromRef) } : {}),
  };
}

/** The head: the documents the build validated, handed over as they are (not read again). */
export function headSide(inputs: string[], docs: { file: string; doc: ResolvedDoc }[], cwd: string, root: string | undefined): SideInput {
  const folder = inputs.length === 1 && isFolder(resolve(cwd, inputs[0]!)) ? resolve(cwd, inputs[0]!) : undefined;
  return {
    files: docs.map((d) => d.file),
    opened: docs.map((d) => d.doc),
    ...(folder ? { folder } : {}),
    ...(root ? { root: resolve(cwd, root) } : {}),
    display: (file) => displayPath(file, cwd),
  };
}
