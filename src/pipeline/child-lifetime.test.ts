/** A child of the build ends when the command that started it is killed outright. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { processAlive } from '../perf/render-lock.ts';

const lifetime = new URL('./child-lifetime.ts', import.meta.url).href;
// An idle child that only watches its parent, and the parent that starts it as the build does.
const child = `import { endWithParent } from ${JSON.stringify(lifetime)}; endWithParent(); setInterval(() => {}, 1000);`;
const parent = `
import { spawn } from 'node:child_process';
const c = spawn(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(child)}], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
c.channel?.unref();
process.stdout.write(String(c.pid) + '\\n');
setInterval(() => {}, 1000);
`;

describe('endWithParent', () => {
  it('ends the child once its parent is killed with SIGKILL', async () => {
    const started = spawn(process.execPath, ['--input-type=module', '-e', parent], { stdio: ['ignore', 'pipe', 'inherit'] });
    const childPid = await new Promise<number>((done) => started.stdout.once('data', (chunk: Buffer) => done(Number(chunk.toString().trim()))));
    assert.ok(processAlive(childPid));
    started.kill('SIGKILL');
    const deadline = Date.now() + 5000;
    while (processAlive(childPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const alive = processAlive(childPid);
    if (alive) process.kill(childPid, 'SIGKILL');
    assert.equal(alive, false, 'the child outlived its parent');
  });
});
