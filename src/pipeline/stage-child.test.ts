/**
 * A stage child's end is always bounded: one that reported its work done and then hangs in its
 * exit (as Node.js can, in its teardown) is ended after the grace period with a note; one asked
 * to stop that cannot run its signal handlers is killed; one that dies says how, in one line.
 * The children are real processes standing in for the stages.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { EXIT } from '../lib/exit-codes.ts';
import { describeEnd, superviseStage } from './stage-child.ts';

const lifetime = new URL('./child-lifetime.ts', import.meta.url).href;
/** Blocks the main thread for good, as a hang in Node's teardown does: no signal handler of JavaScript runs any more. */
const HANG = 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);';

/** A stage child running `body` (an ES module that may await), with the IPC channel a stage has. */
function standIn(body: string): ChildProcess {
  const code = `import { endWithParent, finishStage } from ${JSON.stringify(lifetime)};\nendWithParent();\n${body}`;
  return spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** Whether the process has exited, and how. */
const exitOf = (child: ChildProcess): { code: number | null; signal: NodeJS.Signals | null } => ({ code: child.exitCode, signal: child.signalCode });

describe('a stage child', () => {
  it('that reported its work done and then hangs in its exit is ended after the grace period, with a note', { timeout: 30_000 }, async () => {
    const child = standIn(`process.on('exit', () => { ${HANG} });\nawait finishStage({ exitCode: 0, result: 42 });`);
    const notes: string[] = [];
    const stage = superviseStage<number>(child, 'the site renderer', { note: (text) => notes.push(text), graceMs: 1000 });
    const end = await stage.ended;
    assert.deepEqual(end, { how: 'reported', outcome: { exitCode: 0, result: 42 }, lingered: true });
    assert.equal(exitOf(child).signal, 'SIGKILL', 'the child is gone');
    assert.deepEqual(notes, ['apidesc-docs: note: the site renderer had finished its work but had not exited 1 s later; it was ended (its work is complete).']);
    assert.equal(describeEnd(end, stage.name), undefined, 'its work counts as done');
  });

  it('that reported and exits is not ended, and no note is given', { timeout: 30_000 }, async () => {
    const child = standIn('await finishStage({ exitCode: 1 });');
    const notes: string[] = [];
    const stage = superviseStage(child, 'the model process', { note: (text) => notes.push(text), graceMs: 10_000 });
    const end = await stage.ended;
    assert.deepEqual(end, { how: 'reported', outcome: { exitCode: 1 }, lingered: false });
    assert.deepEqual(exitOf(child), { code: 1, signal: null });
    assert.deepEqual(notes, []);
    assert.deepEqual(describeEnd(end, stage.name), { exitCode: 1 }, 'invalid documents: the stage printed why');
  });

  it('asked to stop while it cannot run its signal handlers is killed', { timeout: 30_000 }, async () => {
    const child = standIn(`process.on('SIGTERM', () => process.exit(143));\nprocess.send('ready');\n${HANG}`);
    await new Promise((ready) => child.once('message', ready));
    const stage = superviseStage(child, 'the site renderer', { note: () => {} });
    await stage.stop('SIGTERM');
    assert.equal(exitOf(child).signal, 'SIGKILL');
    assert.deepEqual(await stage.ended, { how: 'stopped' });
  });

  it('that dies without reporting says how, in one line', { timeout: 30_000 }, async () => {
    const killed = standIn(`process.send('ready');\nsetInterval(() => {}, 1000);`);
    await new Promise((ready) => killed.once('message', ready));
    const stage = superviseStage(killed, 'the model process', { note: () => {} });
    killed.kill('SIGKILL');
    assert.deepEqual(describeEnd(await stage.ended, stage.name), {
      exitCode: EXIT.environment,
      message: 'the model process was killed (SIGKILL) before it had finished: the system may have run out of memory, or another program ended it.',
    });

    const crashed = superviseStage(standIn('process.exitCode = 7;'), 'the site renderer', { note: () => {} });
    assert.deepEqual(describeEnd(await crashed.ended, crashed.name), {
      exitCode: EXIT.internal,
      message: 'internal error: the site renderer exited with code 7 before it had finished (its own message, if any, is above). Please report it.',
    });
  });

  it('that reports a fault or a bug hands it to the command, which says it', { timeout: 30_000 }, async () => {
    const faulty = superviseStage(standIn(`await finishStage({ exitCode: 2, fault: { code: 'ENOSPC' } });`), 'the site renderer', { note: () => {} });
    assert.deepEqual(describeEnd(await faulty.ended, faulty.name), { exitCode: 2, fault: { code: 'ENOSPC' } });
    const buggy = superviseStage(
      standIn(`await finishStage({ exitCode: 3, error: { message: 'x is not a function', stack: 'at y' } });`),
      'the site renderer',
      {
        note: () => {},
      },
    );
    assert.deepEqual(describeEnd(await buggy.ended, buggy.name), {
      exitCode: 3,
      message: 'internal error in the site renderer: x is not a function',
      stack: 'at y',
    });
  });

  it('that could not start says why: the machine refusing a process is its fault, anything else a bug', { timeout: 30_000 }, async () => {
    const missing = superviseStage(spawn('/nonexistent/apidesc-stage', [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] }), 'the site renderer', {
      note: () => {},
    });
    assert.deepEqual(describeEnd(await missing.ended, missing.name), {
      exitCode: EXIT.internal,
      message: 'internal error: the site renderer could not be started: spawn /nonexistent/apidesc-stage ENOENT',
    });
    const refused = Object.assign(new Error('spawn EMFILE'), { code: 'EMFILE', syscall: 'spawn' });
    assert.deepEqual(describeEnd({ how: 'died', code: null, signal: null, error: refused }, 'the site renderer'), {
      exitCode: EXIT.environment,
      fault: { code: 'EMFILE' },
    });
  });
});
