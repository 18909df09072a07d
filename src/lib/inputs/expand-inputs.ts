/** Expands the CLI's file-or-folder arguments into the root documents to read. */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultLimits } from '../load/limits.ts';
import { formatOf } from '../load/parse.ts';
import { readRegularFile } from '../load/regular-file.ts';
import { realPath, reallyWithin } from '../real-path.ts';
import { isOurSite } from '../site-stamp.ts';
import { hasApidescRootKey } from './root-key.ts';

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
  /** Files of a folder named like documents whose root has no `apidesc`: fragments, skipped. */
  fragments: string[];
}

/** Deepest folder searched under a folder argument. */
const MAX_FOLDER_DEPTH = 16;

/**
 * A folder means every *.yaml, *.yml and *.json in it or in its sub-folders whose root has
 * `apidesc`: `validate services/` finds every service's document. Skipped: `node_modules`,
 * folders whose names start with `.`, sites this tool built (their `source/` holds copies of the
 * documents), and links to folders (never followed).
 */
export function expandInputs(args: string[], cwd: string): ExpandedInputs {
  const expanded: ExpandedInputs = { files: [], missing: [], outside: [], fragments: [] };
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
    const before = expanded.outside.length;
    const walk = (folder: string, depth: number): void => {
      const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const full = join(folder, entry.name);
        if (entry.isDirectory()) {
          if (depth < MAX_FOLDER_DEPTH && !entry.name.startsWith('.') && entry.name !== 'node_modules' && !isOurSite(full)) walk(full, depth + 1);
        } else if (/\.(ya?ml|json)$/i.test(entry.name)) {
          if (entry.isSymbolicLink() && !reallyWithin([path], full)) expanded.outside.push({ path: full, target: realPath(full) });
          else if (isDocument(full)) found.push(full);
          else expanded.fragments.push(full);
        }
      }
    };
    walk(path, 0);
    if (found.length === 0 && expanded.outside.length === before) expanded.missing.push(arg);
    expanded.files.push(...found);
  }
  return expanded;
}

/** What was decided of each file, by path, size and time of change: a build expands its inputs several times. */
const decided = new Map<string, boolean>();
const MAX_DECIDED = 10_000;

/**
 * Whether a file found in a folder is a document: its root object has `apidesc` (root-key.ts),
 * read up to the loader's size limit (a larger file is decided on its start, and the loader then
 * refuses it by its size). An entry that cannot be read as a regular file (a pipe, a socket, no
 * permission) is passed on for the loader to refuse by name; folders named like documents are
 * not documents.
 */
function isDocument(path: string): boolean {
  let key: string;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return false;
    key = `${path}\u0000${stat.size}\u0000${stat.mtimeMs}\u0000${stat.ino}`;
  } catch {
    return false;
  }
  const known = decided.get(key);
  if (known !== undefined) return known;
  const read = readRegularFile(path, defaultLimits.maxBytes, { partial: true });
  const document = 'data' in read ? hasApidescRootKey(read.data.toString('utf8'), formatOf(path)) : read.reason !== 'missing';
  if (decided.size >= MAX_DECIDED) decided.clear();
  decided.set(key, document);
  return document;
}
