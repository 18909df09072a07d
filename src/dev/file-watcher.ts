/**
 * What `apidesc-docs dev` watches: the documents, the files they reference, and folders (the
 * guides, with their sub-folders; folder arguments, their own entries only: `dev .` in a
 * repository must not watch its node_modules). A file is watched through its folder, by name: a
 * watch on the file itself follows its inode, and dies when the file is deleted and written again
 * (`git checkout`, a branch switch) or replaced by a rename (an editor's atomic save), after which
 * no edit was ever seen again. A folder's watch sees the name come back. When the folder itself
 * is gone, its nearest existing parent is watched until it returns.
 *
 * Watches are kept from one call of `watch` to the next when they still watch the same folder
 * (same inode): closing and opening them again would leave a moment in which an edit is missed.
 */
import { existsSync, type FSWatcher, statSync, watch } from 'node:fs';
import { basename, dirname } from 'node:path';

/** What a change in a folder must concern to count: any entry, or one of some names. */
interface Wanted {
  recursive: boolean;
  any: boolean;
  names: Set<string>;
}

interface Watch {
  watcher: FSWatcher;
  /** The inode of the folder when the watch began: another one means the folder was replaced. */
  inode: number;
  wanted: Wanted;
}

export class FileWatcher {
  readonly #changed: () => void;
  readonly #watches = new Map<string, Watch>();
  #timer: NodeJS.Timeout | undefined;

  /** `changed` is called once after a burst of changes (50 ms without another). */
  constructor(changed: () => void) {
    this.#changed = changed;
  }

  /** Watches `files` and the entries of `folders` from now on, instead of what was watched before. */
  watch(files: readonly string[], folders: readonly { path: string; recursive: boolean }[] = []): void {
    // Folder (with `recursive` when its sub-folders count) → what to look for in it (a name, or any entry).
    const wanted = new Map<string, Wanted>();
    const look = (folder: string, name: string | undefined, recursive = false): void => {
      const key = `${recursive ? 'r' : 'n'}:${folder}`;
      let entry = wanted.get(key);
      if (!entry) wanted.set(key, (entry = { recursive, any: false, names: new Set() }));
      if (name === undefined) entry.any = true;
      else entry.names.add(name);
    };
    for (const file of files) {
      const { folder, name } = nearestExisting(file);
      look(folder, name);
    }
    for (const { path, recursive } of folders) {
      // The folder's whole content, and the folder by name in its parent: deleted and restored, it is watched again.
      if (existsSync(path)) look(path, undefined, recursive);
      const { folder: parent, name } = nearestExisting(path);
      look(parent, name);
    }
    for (const [key, w] of this.#watches) {
      const entry = wanted.get(key);
      if (entry && inodeOf(key.slice(2)) === w.inode) {
        // Still the same folder: the same watch, looking for what is wanted now.
        w.wanted.any = entry.any;
        w.wanted.names = entry.names;
        wanted.delete(key);
      } else {
        w.watcher.close();
        this.#watches.delete(key);
      }
    }
    for (const [key, entry] of wanted) this.#add(key, key.slice(2), entry);
  }

  close(): void {
    clearTimeout(this.#timer);
    for (const w of this.#watches.values()) w.watcher.close();
    this.#watches.clear();
  }

  #add(key: string, folder: string, wanted: Wanted): void {
    const inode = inodeOf(folder);
    if (inode === undefined) return;
    const soon = (): void => {
      clearTimeout(this.#timer);
      this.#timer = setTimeout(this.#changed, 50);
    };
    try {
      const watcher = watch(folder, { recursive: wanted.recursive }, (_event, name) => {
        // Another file of the folder (a swap file, a sibling document) is not a change.
        if (!wanted.any && name !== null && !wanted.names.has(String(name))) return;
        soon();
      });
      // A watched folder that disappears ends its watch with an error on some systems: the
      // refresh it causes watches again.
      watcher.on('error', () => {
        watcher.close();
        if (this.#watches.get(key)?.watcher === watcher) this.#watches.delete(key);
        soon();
      });
      this.#watches.set(key, { watcher, inode, wanted });
    } catch {
      // Gone between the check and the watch, or not watchable: the next refresh tries again.
    }
  }
}

function inodeOf(path: string): number | undefined {
  try {
    return statSync(path).ino;
  } catch {
    return undefined;
  }
}

/**
 * The folder to watch for `path`, and the name in it to look for: the path's own folder and
 * name while the folder exists, else the nearest existing ancestor and the name of its child
 * on the way to `path`.
 */
function nearestExisting(path: string): { folder: string; name: string } {
  let child = path;
  let folder = dirname(path);
  while (!existsSync(folder) && dirname(folder) !== folder) {
    child = folder;
    folder = dirname(folder);
  }
  return { folder, name: basename(child) };
}
