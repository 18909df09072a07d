/**
 * The build's temporary folder (the site data handed from the model to the renderer, the source
 * copies): `<tmp>/apidesc-site-<pid>-<random>`, removed when the build ends or is stopped. One
 * left by a build that was killed outright is removed by the next build, once its process is gone.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from '../perf/render-lock.ts';

const PREFIX = 'apidesc-site-';

export function makeWorkFolder(): string {
  return mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
}

/** Removes the work folders of builds whose process is gone. */
export function removeDeadWorkFolders(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = new RegExp(`^${PREFIX}(\\d+)-[A-Za-z0-9]{6}$`).exec(name)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && !processAlive(Number(pid))) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}
