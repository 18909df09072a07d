/**
 * What `build` and `dev` read when no document is named: the format's convention first (SPEC:
 * "By convention the file is named `apidesc.json` or `apidesc.yaml`"), in the working folder,
 * then a `content/` folder (this repository's layout). Nothing is guessed beyond that: when none
 * is there, the command says what it looked for and stops with the usage code.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';

/** The files looked for in the working folder, in this order. */
export const CONVENTIONAL_FILES = ['apidesc.yaml', 'apidesc.yml', 'apidesc.json'] as const;
/** The folder looked for after them. */
export const CONTENT_FOLDER = 'content';

/** What was looked for, in words (the message and --help say the same). */
export const LOOKED_FOR = `${CONVENTIONAL_FILES.join(', ')} in the working folder, then a ${CONTENT_FOLDER}/ folder`;

export type DefaultDocument = { found: string; how: 'file' | 'folder' } | { ambiguous: string[] } | { none: true };

export function findDefaultDocument(cwd: string): DefaultDocument {
  const files = CONVENTIONAL_FILES.filter((name) => kindOf(join(cwd, name)) === 'file');
  if (files.length > 1) return { ambiguous: files };
  if (files.length === 1) return { found: files[0]!, how: 'file' };
  if (kindOf(join(cwd, CONTENT_FOLDER)) === 'folder') return { found: CONTENT_FOLDER, how: 'folder' };
  return { none: true };
}

function kindOf(path: string): 'file' | 'folder' | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? 'file' : stat.isDirectory() ? 'folder' : undefined;
  } catch {
    return undefined;
  }
}
