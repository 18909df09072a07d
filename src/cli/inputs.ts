/** Expands the CLI's file-or-folder arguments into the root documents to read. */
import { lstatSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readRegularFile } from '../lib/load/regular-file.ts';
import { realPath, reallyWithin } from '../lib/real-path.ts';

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

export interface ExpandedInputs {
  /** Root documents to read, in argument order (a folder's sorted by name). */
  files: string[];
  /** Folder arguments that hold no document. */
  missing: string[];
  /** Entries of a folder that are links leading out of it: refused, as a `$ref` through them would be. */
  outside: { path: string; target: string }[];
}

/** A folder means every *.yaml, *.yml and *.json directly in it whose root has `apidesc`. */
export function expandInputs(args: string[], cwd: string): ExpandedInputs {
  const expanded: ExpandedInputs = { files: [], missing: [], outside: [] };
  for (const arg of args) {
    const path = resolve(cwd, arg);
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      // Missing files are passed on: the loader reports them with the usual diagnostic.
    }
    if (!isDir) {
      expanded.files.push(path);
      continue;
    }
    const found: string[] = [];
    for (const name of readdirSync(path).filter((n) => /\.(ya?ml|json)$/i.test(n)).sort()) {
      const entry = join(path, name);
      if (isLink(entry) && !reallyWithin([path], entry)) expanded.outside.push({ path: entry, target: realPath(entry) });
      else if (hasApidescRoot(entry)) found.push(entry);
    }
    if (found.length === 0 && !expanded.outside.some((o) => o.path.startsWith(path))) expanded.missing.push(arg);
    expanded.files.push(...found);
  }
  return expanded;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Cheap check on the head of a file, so fragments in the same folder are not taken for documents.
 * An entry that cannot be read as a regular file (a pipe, a socket, no permission) is passed on
 * for the loader to refuse by name; folders named like documents are not documents.
 */
function hasApidescRoot(path: string): boolean {
  const head = readRegularFile(path, 64 * 1024, { partial: true });
  if (!('data' in head)) return head.reason !== 'missing' && !(head.reason === 'not-regular' && head.kind === 'a folder');
  const text = head.data.toString('utf8');
  return /^\s*["']?apidesc["']?\s*:/m.test(text) || /"apidesc"\s*:/.test(text);
}
