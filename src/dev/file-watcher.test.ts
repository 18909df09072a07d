/** What dev watches survives a file deleted and written again, a rename over it, and its folder going away for a while. */
import assert from 'node:assert/strict';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir, until } from '../../test/helpers.ts';
import { FileWatcher } from './file-watcher.ts';

/** A watcher that, like dev, watches the same files again after each change it reports. */
function watching(files: string[], folders: { path: string; recursive: boolean }[] = []): { changes: () => number; close: () => void } {
  let changes = 0;
  const watcher: FileWatcher = new FileWatcher(() => {
    changes++;
    watcher.watch(files, folders);
  });
  watcher.watch(files, folders);
  return { changes: () => changes, close: () => watcher.close() };
}

const settle = (): Promise<void> => new Promise((done) => setTimeout(done, 300));

describe('FileWatcher', () => {
  it('sees a file deleted, written again, replaced by a rename and edited; not its siblings', async () => {
    const dir = tempDir();
    const file = join(dir, 'api.yaml');
    writeFileSync(file, 'a');
    const w = watching([file]);
    try {
      const next = async (what: string, change: () => void): Promise<void> => {
        const before = w.changes();
        change();
        await until(what, async () => (w.changes() > before ? true : undefined), 5000);
        await settle();
      };
      await next('the deletion', () => rmSync(file));
      await next('the new file', () => writeFileSync(file, 'b'));
      await next('the rename over it', () => {
        writeFileSync(join(dir, '.api.yaml.tmp'), 'c');
        renameSync(join(dir, '.api.yaml.tmp'), file);
      });
      await next('the edit', () => writeFileSync(file, 'd'));
      const before = w.changes();
      writeFileSync(join(dir, 'other.yaml'), 'x');
      await settle();
      assert.equal(w.changes(), before, 'a sibling is not the file');
    } finally {
      w.close();
    }
  });

  it('sees a file whose folder is removed and comes back, and a folder deleted and restored', async () => {
    const dir = tempDir();
    const file = join(dir, 'schemas', 'order.yaml');
    mkdirSync(join(dir, 'schemas'));
    mkdirSync(join(dir, 'guides'));
    writeFileSync(file, 'a');
    const w = watching([file], [{ path: join(dir, 'guides'), recursive: true }]);
    try {
      const next = async (what: string, change: () => void): Promise<void> => {
        const before = w.changes();
        change();
        await until(what, async () => (w.changes() > before ? true : undefined), 5000);
        await settle();
      };
      await next('the removed folder', () => rmSync(join(dir, 'schemas'), { recursive: true }));
      await next('the folder and file back', () => {
        mkdirSync(join(dir, 'schemas'));
        writeFileSync(file, 'b');
      });
      await next('an edit after that', () => writeFileSync(file, 'c'));
      await next('a guide added', () => writeFileSync(join(dir, 'guides', 'start.md'), '# Start'));
      await next('the guides removed', () => rmSync(join(dir, 'guides'), { recursive: true }));
      await next('the guides back', () => mkdirSync(join(dir, 'guides')));
      await next('a guide in them', () => writeFileSync(join(dir, 'guides', 'again.md'), '# Again'));
    } finally {
      w.close();
    }
  });

  it('sees any entry of a folder argument, also when a document of it is watched by name', async () => {
    const dir = tempDir();
    const file = join(dir, 'a.yaml');
    writeFileSync(file, 'a');
    const w = watching([file], [{ path: dir, recursive: false }]);
    try {
      const before = w.changes();
      writeFileSync(join(dir, 'b.yaml'), 'b');
      await until('the new document', async () => (w.changes() > before ? true : undefined), 5000);
    } finally {
      w.close();
    }
  });
});
