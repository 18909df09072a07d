/**
 * What `apidesc-docs dev` watches: the documents, the files they reference, and folders (the
 * guides, folder arguments). A file is watched through its folder, by name: a watch on the file
 * itself follows its inode, and dies when the file is deleted and written again (`git checkout`,
 * a branch switch) or replaced by a rename (an editor's atomic save), after which no edit was
 * ever seen again. A folder's watch sees the name come back. When the folder itself is gone, its
 * nearest existing parent is watched until it returns.
 */
import { existsSync, type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';

export class FileWatcher {
  readonly #changed: () => void;
  #watchers: FSWatcher[] = [];
  #timer: NodeJS.Timeout | undefined;

  /** `changed` is called once after a burst of changes (50 ms without another). */
  constructor(changed: () => void) {
    this.#changed = changed;
  }

  /** Watches `files` and everything inside `folders` from now on, instead of what was watched before. */
  watch(files: readonly string[], folders: readonly string[] = []): void {
    this.#closeWatchers();
    // The names to look for in each watched folder; an empty set: any change of the folder counts.
    const names = new Map<string, Set<string>>();
    const look = (folder: string, name: string | undefined): void => {
      let set = names.get(folder);
      if (!set) names.set(folder, (set = new Set()));
      if (name !== undefined) set.add(name);
    };
    for (const file of files) {
      const { folder, name } = nearestExisting(file);
      look(folder, name);
    }
    for (const folder of folders) {
      if (existsSync(folder)) this.#add(folder, true, undefined);
      // Its parent too, by name: a deleted and restored folder is watched again.
      const { folder: parent, name } = nearestExisting(folder);
      look(parent, name);
    }
    for (const [folder, set] of names) this.#add(folder, false, set);
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#closeWatchers();
  }

  #add(folder: string, recursive: boolean, names: Set<string> | undefined): void {
    try {
      const watcher = watch(folder, { recursive }, (_event, name) => {
        // Another file of the folder (a swap file, a sibling document) is not a change.
        if (names && names.size > 0 && name !== null && !names.has(String(name))) return;
        clearTimeout(this.#timer);
        this.#timer = setTimeout(this.#changed, 50);
      });
      // A watched folder that disappears ends its watch with an error on some systems: the
      // refresh it causes watches again.
      watcher.on('error', () => {
        clearTimeout(this.#timer);
        this.#timer = setTimeout(this.#changed, 50);
      });
      this.#watchers.push(watcher);
    } catch {
      // Gone between the check and the watch, or not watchable: the next refresh tries again.
    }
  }

  #closeWatchers(): void {
    for (const w of this.#watchers) w.close();
    this.#watchers = [];
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
