/** The folder that a document's file `$ref`s may not leave (SPEC "Reference Object"; README "--root"). */
import { dirname, resolve } from 'node:path';

/** `--root` when given (relative to the working folder), else the root document's folder. */
export function refRoot(documentPath: string, cwd: string, explicitRoot?: string): string {
  return resolve(cwd, explicitRoot ?? dirname(resolve(cwd, documentPath)));
}
