/** The render lock: a second build waits for the first; a lock left by a dead build is taken over. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempTree } from '../../test/helpers.ts';
import { takeRenderLock } from './render-lock.ts';

describe('render lock', () => {
  it('makes a second holder wait until the first process has ended', async () => {
    const root = tempTree({});
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
      const { takeRenderLock } = await import(${JSON.stringify(new URL('./render-lock.ts', import.meta.url).href)});
      const release = await takeRenderLock(${JSON.stringify(root)});
      process.stdout.write('held\\n');
      setTimeout(() => { release(); process.exit(0); }, 800);
    `,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((held) => holder.stdout.on('data', () => held()));
    const started = Date.now();
    let waited = false;
    const release = await takeRenderLock(root, 10_000, () => (waited = true));
    assert.ok(waited, 'it said it was waiting');
    assert.ok(Date.now() - started >= 500, 'it got the lock only once the other released it');
    release();
    assert.ok(!existsSync(join(root, '.astro/apidesc-render.lock')));
  });

  it('takes over a lock whose holder is gone', async () => {
    const root = tempTree({});
    mkdirSync(join(root, '.astro/apidesc-render.lock'), { recursive: true });
    // A pid that cannot be running: beyond Linux's pid_max.
    writeFileSync(join(root, '.astro/apidesc-render.lock/pid'), '99999999');
    const release = await takeRenderLock(root, 5_000);
    release();
  });
});
