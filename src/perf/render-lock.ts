/**
 * One Astro build at a time per package folder. Astro writes its data store and type files to
 * `<package>/.astro/` while it builds, and, when the output folder is outside the package (a
 * build from an installed package), bundles into `.astro/` as well (getOutDirWithinCwd in
 * astro/dist/core/build/common.js). Two builds at once (a monorepo building two APIs in
 * parallel, both making the site's renderer bundle) would read or delete each other's files.
 * Only making a renderer bundle (renderer-bundle.ts) takes the lock; validating, modelling and
 * rendering from a bundle run in parallel.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const POLL_MS = 200;

function ownerAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // Being created right now (the folder exists, its pid file not yet): treat as held.
    return true;
  }
  return processAlive(pid);
}

/** Whether a process with this id runs (perhaps as another user). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock folder of `root` (it holds the pid of the build that took it). */
export function renderLockDir(root: string): string {
  return join(root, '.astro', 'apidesc-render.lock');
}

/** Waits for the lock of `root`; returns once it is held, with the function that releases it. */
export async function takeRenderLock(root: string, timeoutMs = 30 * 60_000, onWait?: () => void): Promise<() => void> {
  const lock = renderLockDir(root);
  mkdirSync(join(root, '.astro'), { recursive: true });
  const end = Date.now() + timeoutMs;
  let waited = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A build that died without releasing it (killed with SIGKILL) leaves it behind.
    if (!ownerAlive(lock)) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (!ownerAlive(lock)) rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > end) throw new Error(`another build of this site folder held ${lock} for ${Math.round(timeoutMs / 60_000)} minutes`);
    if (!waited) onWait?.();
    waited = true;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
