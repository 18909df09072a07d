/**
 * The command's side of a stage child (child-lifetime.ts has the child's): how it ended, and an
 * end that is always bounded.
 *
 * - A child that reported its outcome and has not exited GRACE_MS later is ended with SIGKILL,
 *   with a note: its work is complete (Node.js can hang in its own teardown, child-lifetime.ts).
 * - `stop` sends a signal and, when the child has not exited STOP_MS later, SIGKILL: a process
 *   hung in its teardown never runs its signal handlers.
 * - `describeEnd` turns an end into what the build stops with: the exit code, and one line to
 *   say when the child did not say it itself.
 */
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { EXIT, SIGNAL_EXIT_BASE } from '../lib/exit-codes.ts';
import type { DoneMessage, NoteMessage, StageOutcome } from './child-lifetime.ts';
import { environmentFault, type EnvironmentFault } from '../lib/environment-fault.ts';

/** How long a child that reported its outcome may take to exit. */
export const GRACE_MS = 5000;
/** How long a child asked to stop may take before it is killed. */
const STOP_MS = 5000;

export type StageEnd<R> =
  /** It reported; `lingered`: it did not exit within the grace period and was ended. */
  | { how: 'reported'; outcome: StageOutcome<R>; lingered: boolean }
  /** The command stopped it before it reported. */
  | { how: 'stopped' }
  /** It ended without reporting: killed, crashed, or could not start. */
  | { how: 'died'; code: number | null; signal: NodeJS.Signals | null; error?: Error };

export interface StageChild<R> {
  /** How messages name it: "the site renderer". */
  readonly name: string;
  readonly child: ChildProcess;
  readonly ended: Promise<StageEnd<R>>;
  /** Whether it is still running. */
  running(): boolean;
  /** Ends it (harmless once it has ended); resolves once it is gone. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export interface SuperviseOptions {
  /** Where the child's notes (NoteMessage), and the note about a child ended after its grace period, go. */
  note(text: string): void;
  graceMs?: number;
}

/** Watches `child`, a stage that reports with finishStage (child-lifetime.ts). */
export function superviseStage<R>(child: ChildProcess, name: string, options: SuperviseOptions): StageChild<R> {
  let outcome: StageOutcome<R> | undefined;
  let stopped = false;
  let lingered = false;
  let exited = false;
  let graceTimer: NodeJS.Timeout | undefined;
  const ended = new Promise<StageEnd<R>>((resolve) => {
    child.on('message', (message: DoneMessage<R> | NoteMessage) => {
      if (message?.type === 'note' && typeof message.text === 'string') return options.note(message.text);
      if (message?.type !== 'done' || outcome) return;
      const { type: _type, ...reported } = message;
      outcome = reported;
      const graceMs = options.graceMs ?? GRACE_MS;
      graceTimer = setTimeout(() => {
        lingered = true;
        options.note(`apidesc-docs: note: ${name} had finished its work but had not exited ${graceMs / 1000} s later; it was ended (its work is complete).`);
        child.kill('SIGKILL');
      }, graceMs);
    });
    child.once('exit', (code, signal) => {
      exited = true;
      clearTimeout(graceTimer);
      if (outcome) resolve({ how: 'reported', outcome, lingered });
      else if (stopped) resolve({ how: 'stopped' });
      else resolve({ how: 'died', code, signal });
    });
    // It could not start (too many processes or open files): no 'exit' follows.
    child.once('error', (error) => {
      if (child.pid !== undefined) return;
      exited = true;
      resolve({ how: 'died', code: null, signal: null, error });
    });
  });
  return {
    name,
    child,
    ended,
    running: () => !exited,
    stop: async (signal) => {
      if (exited) return;
      stopped = true;
      child.kill(signal);
      const kill = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), STOP_MS);
      await ended;
      clearTimeout(kill);
    },
  };
}

/** What a stage's end means for the build: nothing (it did its work), or how the build stops. */
export interface StageFailure {
  exitCode: number;
  /** The machine's fault that stopped it, for the command to describe with the folders it knows. */
  fault?: EnvironmentFault;
  /** One line for the user, when the stage did not say it itself. */
  message?: string;
  /** For --debug: the stack of a bug. */
  stack?: string;
}

/** The failure an end is, or undefined when the stage did its work. `name` names the stage in messages. */
export function describeEnd<R>(end: StageEnd<R>, name: string): StageFailure | undefined {
  switch (end.how) {
    case 'reported': {
      const { exitCode, fault, stoppedBy, error } = end.outcome;
      if (exitCode === EXIT.ok) return undefined;
      if (fault) return { exitCode, fault };
      if (stoppedBy) return { exitCode, message: stoppedBy };
      if (error) return { exitCode, message: `internal error in ${name}: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) };
      // Its own diagnostics said why (invalid documents).
      return { exitCode };
    }
    case 'stopped':
      return { exitCode: EXIT.internal };
    case 'died':
      return deathOf(end, name);
  }
}

function deathOf({ code, signal, error }: { code: number | null; signal: NodeJS.Signals | null; error?: Error }, name: string): StageFailure {
  if (error) {
    const fault = environmentFault(error);
    return fault
      ? { exitCode: EXIT.environment, fault }
      : { exitCode: EXIT.internal, message: `internal error: ${name} could not be started: ${error.message}` };
  }
  // The command was asked to stop too (Ctrl-C reaches the whole process group): it says nothing more.
  if (signal === 'SIGINT' || signal === 'SIGTERM' || signal === 'SIGHUP') return { exitCode: SIGNAL_EXIT_BASE + (constants.signals[signal] ?? 15) };
  if (signal === 'SIGKILL')
    return {
      exitCode: EXIT.environment,
      message: `${name} was killed (SIGKILL) before it had finished: the system may have run out of memory, or another program ended it.`,
    };
  const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
  return { exitCode: EXIT.internal, message: `internal error: ${name} ${how} before it had finished (its own message, if any, is above). Please report it.` };
}
