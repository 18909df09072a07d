/**
 * The command run as users run it, in processes of its own, for the tests of how builds end:
 * bounded in time (a hang is a failure, and what is left of it is killed), its processes
 * marked so that the tests can tell whether any of them outlived it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repo = resolve(import.meta.dirname, '..');
export const bin = join(repo, 'bin', 'apidesc-docs.mjs');

/** Processes (other than this one) whose environment names `marker`: a command and everything it started. */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, 'latin1').includes(marker)) found.push(Number(name));
    } catch {
      // Gone meanwhile, or not ours.
    }
  }
  return found;
}

/** Kills every process whose environment names `marker` (what a test's command left behind). */
export function killMarked(marker: string): void {
  for (const pid of processesWith(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

/** Waits until `check` holds, or fails after `timeoutMs`. */
export async function until(what: string, check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface CommandRun {
  /** Exit code, or undefined when it had to be killed (it did not end within the bound). */
  code: number | null | undefined;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  ms: number;
}

/**
 * Runs `command` (an argv, e.g. [process.execPath, bin, 'build', …]) in `cwd` with `env` added,
 * marked with `marker`. If it has not ended after `timeoutMs`, it and everything it started are
 * killed and `code` is undefined.
 */
export function runMarked(
  command: string[],
  options: { cwd: string; marker: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): { child: ChildProcess; done: Promise<CommandRun> } {
  const started = Date.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, APIDESC_TEST_MARKER: options.marker },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const done = new Promise<CommandRun>((resolveRun) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killMarked(options.marker);
    }, options.timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolveRun({ code: timedOut ? undefined : code, signal, out, err, ms: Date.now() - started });
    });
  });
  return { child, done };
}

/** `apidesc-docs <args>` run as users run it (`node bin/apidesc-docs.mjs …`), bounded and marked. */
export function runCommand(args: string[], options: { cwd: string; marker: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<CommandRun> {
  return runMarked([process.execPath, bin, ...args], { timeoutMs: 120_000, ...options }).done;
}

/** The lines of `text` that the command wrote in its own name ("apidesc-docs: …"). */
export const ownLines = (text: string): string[] => text.split('\n').filter((line) => line.startsWith('apidesc-docs:'));

/**
 * A module for NODE_OPTIONS="--import …" that runs `code` in the build's process named `stage`
 * (prepare-process, render-process, search-process) only: a stand-in for what a stage does wrong.
 */
export function stageHook(stage: 'prepare-process' | 'render-process' | 'search-process', code: string): string {
  return `if (process.argv[1]?.endsWith(${JSON.stringify(`/${stage}.ts`)})) {\n${code}\n}\n`;
}

/** Blocks the main thread for good, as a hang in Node's teardown does: no signal handler of JavaScript runs any more. */
export const HANG = 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);';
