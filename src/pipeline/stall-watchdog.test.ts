/**
 * The stall watchdog tells a hung build from a slow one by the processor time of the build's
 * processes: real child processes stand in for stages that hang, that work without a word for
 * longer than the stall period, and that wait for one another.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { descendantCpuTimes, psTimeMs } from './process-tree-cpu.ts';
import { watchForStall } from './stall-watchdog.ts';

const started: ChildProcess[] = [];
after(() => {
  for (const child of started) child.kill('SIGKILL');
});

/** A child process running `code`; ended when the test file ends. */
function child(code: string): ChildProcess {
  const run = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  started.push(run);
  return run;
}
/** Hangs without using the processor, as a deadlock does. */
const HANG = 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);';
/** Works `ms` milliseconds without a word, then ends. */
const work = (ms: number): string => `const end = Date.now() + ${ms}; let n = 0; while (Date.now() < end) n++;`;

const STALL_MS = 1500;
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Watches for `ms`; resolves with the stall it saw, or undefined. */
async function watch(ms: number): Promise<number | undefined> {
  let stalled: number | undefined;
  const stop = watchForStall({ stallMs: STALL_MS, onStall: (after) => (stalled = after) });
  await sleep(ms);
  stop();
  return stalled;
}

describe('the stall watchdog', () => {
  it('calls a build whose only stage hangs without using the processor stuck, after the stall period', { timeout: 30_000 }, async () => {
    const hung = child(HANG);
    const stalled = await watch(4 * STALL_MS);
    hung.kill('SIGKILL');
    assert.ok(stalled !== undefined && stalled >= STALL_MS, `stalled after ${stalled} ms`);
  });

  it('leaves a stage alone that works for longer than the stall period without a word', { timeout: 30_000 }, async () => {
    const busy = child(work(4 * STALL_MS));
    const stalled = await watch(3 * STALL_MS);
    busy.kill('SIGKILL');
    assert.equal(stalled, undefined);
  });

  it('leaves a stage alone that waits for another that works', { timeout: 30_000 }, async () => {
    const waiting = child(HANG);
    const busy = child(work(4 * STALL_MS));
    const stalled = await watch(3 * STALL_MS);
    waiting.kill('SIGKILL');
    busy.kill('SIGKILL');
    assert.equal(stalled, undefined);
  });
});

describe('processor time of the processes below one', () => {
  it("counts children and their children, and reads ps's times", { timeout: 30_000 }, async () => {
    // A child that starts a grandchild which works, and reports the grandchild's id.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(work(1500))}], { stdio: 'ignore' }); console.log(c.pid); setInterval(() => {}, 1000);`,
      ],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    started.push(parent);
    const grandchild = Number(await new Promise<string>((done) => parent.stdout!.once('data', (chunk: Buffer) => done(chunk.toString()))));
    await sleep(700);
    const times = await descendantCpuTimes(process.pid);
    parent.kill('SIGKILL');
    process.kill(grandchild, 'SIGKILL');
    if (process.platform === 'win32') return assert.equal(times, undefined);
    assert.ok(times?.has(parent.pid!), 'the child');
    assert.ok((times?.get(grandchild) ?? 0) >= 100, `the grandchild, at work: ${times?.get(grandchild)} ms`);
    assert.equal(psTimeMs('00:01:02'), 62_000);
    assert.equal(psTimeMs('1-02:00:00'), 26 * 3600_000);
    assert.equal(psTimeMs('0:03.50'), 3500);
    assert.equal(psTimeMs('soon'), undefined);
  });
});
