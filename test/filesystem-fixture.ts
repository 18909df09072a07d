/**
 * Real file-system faults for the tests of how a build meets them, made the way the machine
 * allows:
 * - as root, a small tmpfs mounted on a new folder: a disk that fills up (ENOSPC), or one
 *   remounted read-only (EROFS);
 * - otherwise, a limit of the kernel instead: a largest file size for the command's processes
 *   (RLIMIT_FSIZE, through `prlimit`: EFBIG), and a folder without write permission (EACCES).
 * Every mount is undone by `remove`, which the tests call in `finally`. APIDESC_TEST_NO_MOUNT=1
 * takes the second way as root too, to try it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FaultyFolder {
  /** The folder the build writes into (the output folder goes inside it). */
  dir: string;
  /** The command, run so that its writes meet the fault. */
  wrap(command: string[]): string[];
  /** How the command's message names the cause. */
  cause: string;
  /** Undoes the mount (or the permission) and removes the folder. */
  remove(): void;
}

/** Whether this process may mount a tmpfs (root, with the capability to mount). */
const canMount = ((): boolean => {
  if (process.getuid?.() !== 0 || process.env.APIDESC_TEST_NO_MOUNT === '1') return false;
  const probe = mkdtempSync(join(tmpdir(), 'apidesc-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

const FILE_LIMIT = 16 * 1024;

function newFolder(): string {
  return mkdtempSync(join(tmpdir(), 'apidesc-fault-'));
}

function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'ignore' });
  } catch {
    // Still in use by a process that outlived its test: detached now, gone with that process.
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A folder on a disk of `bytes` that `fill` (run with the folder, before the build) may fill
 * up, or, where nothing can be mounted, a folder for a command whose files may not grow past
 * FILE_LIMIT bytes (a page, the llms-full.txt of a few channels pass it).
 */
export function smallDisk(bytes: number, fill?: (dir: string) => void): FaultyFolder {
  const dir = newFolder();
  if (canMount) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir]);
    fill?.(dir);
    return { dir, wrap: (command) => command, cause: 'no space is left on the device (ENOSPC)', remove: () => unmount(dir) };
  }
  fill?.(dir);
  return {
    dir,
    wrap: (command) => ['prlimit', `--fsize=${FILE_LIMIT}`, '--', ...command],
    cause: 'a file would pass the largest file size allowed (ulimit -f) (EFBIG)',
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A folder, made by `fill`, that the build cannot write into afterwards. */
export function unwritableFolder(fill: (dir: string) => void): FaultyFolder {
  const dir = newFolder();
  if (canMount) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir]);
    fill(dir);
    execFileSync('mount', ['-o', 'remount,ro', dir]);
    return { dir, wrap: (command) => command, cause: 'the file system is read-only (EROFS)', remove: () => unmount(dir) };
  }
  const inner = join(dir, 'out');
  mkdirSync(inner);
  fill(inner);
  chmodSync(inner, 0o555);
  return {
    dir: inner,
    wrap: (command) => command,
    cause: 'permission denied (EACCES)',
    remove: () => {
      chmodSync(inner, 0o755);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
