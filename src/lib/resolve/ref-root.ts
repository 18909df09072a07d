/**
 * The folder that a document's file `$ref`s may not leave (SPEC "Reference Object"; the manual's
 * "--root", docs/manual/commands.mdx). By default it is the repository that holds the document, so that the usual layout
 * of several services sharing files (`services/a/apidesc.yaml` referencing
 * `../common/messages.yaml`, as the SPEC's own multi-file example does) works out of the box,
 * while nothing outside the repository is ever read.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { within } from '../real-path.ts';

/**
 * `--root` when given (relative to the working folder); else the nearest folder upwards from the
 * document that holds `.git` (a repository, or a worktree whose `.git` is a file); else the
 * working folder when the document lies inside it; else the document's folder.
 */
export function refRoot(documentPath: string, cwd: string, explicitRoot?: string): string {
  if (explicitRoot !== undefined) return resolve(cwd, explicitRoot);
  const document = resolve(cwd, documentPath);
  return repositoryOf(dirname(document)) ?? (within(cwd, document) ? cwd : dirname(document));
}

const repositories = new Map<string, string | null>();

/** The nearest folder from `folder` upwards that holds `.git`. */
export function repositoryOf(folder: string): string | undefined {
  const known = repositories.get(folder);
  if (known !== undefined) return known ?? undefined;
  const parent = dirname(folder);
  const found = existsSync(resolve(folder, '.git')) ? folder : parent === folder ? undefined : repositoryOf(parent);
  repositories.set(folder, found ?? null);
  return found;
}
