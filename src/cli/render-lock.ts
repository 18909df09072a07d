/**
 * One Astro build at a time per site folder. When the output folder is outside the project
 * folder (always, for a build from an installed package), Astro bundles the pages it prerenders
 * into `<project>/.astro/.prerender/` and removes that folder afterwards (getOutDirWithinCwd in
 * astro/dist/core/build/common.js); it also writes its data store and type files to `.astro/`.
 * Every build from the same installation shares that folder: two builds at once (a monorepo
 * building two APIs in parallel) would render from, or delete, each other's bundle.
 * Concurrent builds still validate and model in parallel; only rendering waits.
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
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits for the lock of `root`; returns once it is held, with the function that releases it. */
export async function takeRenderLock(root: string, timeoutMs = 30 * 60_000, onWait?: () => void): Promise<() => void> {
  const lock = join(root, '.astro', 'apidesc-render.lock');
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
