/**
 * Faults of the machine rather than of the documents or of the tool: a full disk, a used-up
 * quota, a read-only or forbidden folder, too many open files, a file-size limit. A build that
 * meets one stops with a message that names the folder and the cause (exit 2, EXIT.environment in
 * src/lib/exit-codes.ts), never as "internal error, please report it".
 *
 * Recognised from Node's errors (their `code`, ENOSPC…) and from the Rust errors of the search
 * indexer, which name the operating system's error number ("… (os error 28)", or a panic's
 * "Os { code: 28, kind: StorageFull, … }").
 */
import { statfsSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, sep } from 'node:path';

/** A fault as a stage reports it to the command: the error's code, and the path it named, if any. */
export interface EnvironmentFault {
  code: string;
  path?: string;
}

/** What each fault means, in words. */
const CAUSES: Record<string, string> = {
  ENOSPC: 'no space is left on the device',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EMFILE: 'too many files are open in one process (ulimit -n)',
  ENFILE: 'too many files are open on the system',
  EFBIG: 'a file would pass the largest file size allowed (ulimit -f)',
  EIO: 'the device reported an input/output error',
};

/** The fault `error` is, or undefined when it is something else (a bug, bad input). */
export function environmentFault(error: unknown): EnvironmentFault | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  // A copy's error names its source as `path` and its target as `dest`: the target is where it could not write.
  const { code, path, dest } = error as { code?: unknown; path?: unknown; dest?: unknown };
  const where = typeof dest === 'string' ? dest : path;
  if (typeof code === 'string' && Object.hasOwn(CAUSES, code)) return { code, ...(typeof where === 'string' ? { path: where } : {}) };
  return error instanceof Error ? faultInText(error.message) : undefined;
}

/** A fault named by its operating-system error number in a text (the search indexer's errors). */
export function faultInText(text: string): EnvironmentFault | undefined {
  for (const match of text.matchAll(/os error (\d+)|Os \{ code: (\d+)/g)) {
    const code = errnoName(Number(match[1] ?? match[2]));
    if (code && Object.hasOwn(CAUSES, code)) return { code };
  }
  return undefined;
}

function errnoName(errno: number): string | undefined {
  return Object.entries(constants.errno).find(([, value]) => value === errno)?.[0];
}

/**
 * The folder a path names for a message: the path itself, or, for a name being made from a
 * template (mkdtemp's `…-XXXXXX`), the folder it was to be made in.
 */
export function faultFolder(path: string): string {
  return path.endsWith('XXXXXX') ? dirname(path) : path;
}

/** Whether the fault concerns a folder (a full disk, a read-only one), not the process as a whole (too many open files). */
export function faultHasPlace(fault: EnvironmentFault): boolean {
  return fault.code !== 'EMFILE' && fault.code !== 'ENFILE';
}

/** The cause in words, with its code: "no space is left on the device (ENOSPC)". */
export function faultCause(fault: EnvironmentFault): string {
  return `${CAUSES[fault.code] ?? 'the system refused'} (${fault.code})`;
}

/** A folder a build writes into, and how a message names it. */
export interface WritePlace {
  path: string;
  name: string;
}

/**
 * The folder to name for `fault`: the innermost place that holds the path the error named (or
 * that path's folder when no place holds it); for a full disk or quota without a path (a failed
 * `write`), the places whose file system has no room left; otherwise all of them.
 */
export function faultPlaces(fault: EnvironmentFault, places: WritePlace[]): string[] {
  if (fault.path !== undefined) {
    const holders = places.filter((place) => within(fault.path!, place.path)).sort((a, b) => b.path.length - a.path.length);
    return [holders[0] ? holders[0].name : faultFolder(fault.path)];
  }
  if (fault.code === 'ENOSPC' || fault.code === 'EDQUOT') {
    const full = places.filter((place) => roomLeft(place.path) < FULL_BYTES);
    if (full.length > 0) return full.map((place) => place.name);
  }
  return places.map((place) => place.name);
}

/** Below this much room a file system counts as full (a page or an index file did not fit). */
const FULL_BYTES = 1024 * 1024;

/** Bytes an unprivileged process may still write on the file system of `path` (of its nearest existing folder). */
function roomLeft(path: string): number {
  for (let dir = path; ; dir = dirname(dir)) {
    try {
      const stats = statfsSync(dir);
      return stats.bavail * stats.bsize;
    } catch {
      if (dirname(dir) === dir) return Number.POSITIVE_INFINITY;
    }
  }
}

const within = (path: string, dir: string): boolean => path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);

/** A full disk (ENOSPC) when the file system of `path` has no room left, else undefined. */
export function fullDiskFault(path: string): EnvironmentFault | undefined {
  return roomLeft(path) < FULL_BYTES ? { code: 'ENOSPC' } : undefined;
}
