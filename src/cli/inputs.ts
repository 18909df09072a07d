/** Expands the CLI's file-or-folder arguments into the root documents to read. */
import { readdirSync, statSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The root documents' size on disk; a file that cannot be read counts nothing (validation reports it). */
export function inputBytes(args: string[], cwd: string): number {
  return expandInputs(args, cwd).files.reduce((sum, file) => {
    try {
      return sum + statSync(file).size;
    } catch {
      return sum;
    }
  }, 0);
}

/** A folder means every *.yaml, *.yml and *.json directly in it whose root has `apidesc`. */
export function expandInputs(args: string[], cwd: string): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  for (const arg of args) {
    const path = resolve(cwd, arg);
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      // Missing files are passed on: the loader reports them with the usual diagnostic.
    }
    if (!isDir) {
      files.push(path);
      continue;
    }
    const found = readdirSync(path)
      .filter((name) => /\.(ya?ml|json)$/i.test(name))
      .sort()
      .map((name) => join(path, name))
      .filter(hasApidescRoot);
    if (found.length === 0) missing.push(arg);
    files.push(...found);
  }
  return { files, missing };
}

/** Cheap check on the first lines, so fragments in the same folder are not taken for documents. */
function hasApidescRoot(path: string): boolean {
  try {
    const head = readFileSync(path, 'utf8').slice(0, 64 * 1024);
    return /^\s*["']?apidesc["']?\s*:/m.test(head) || /"apidesc"\s*:/.test(head);
  } catch {
    return false;
  }
}
