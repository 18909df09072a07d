/**
 * How the build's child processes (prepare-process.ts, render-process.ts, search-process.ts)
 * end, seen from the child; the command's side is stage-child.ts.
 *
 * - With the command: a command stopped by SIGINT or SIGTERM ends them itself (pipeline.ts); one
 *   killed outright (SIGKILL, out of memory) cannot, so each child watches the IPC channel the
 *   command opened for it and exits when the command is gone (endWithParent), instead of
 *   writing on into a folder nobody will swap in.
 * - With their work: each reports its outcome on that channel (finishStage) before it exits.
 *   Node.js can hang in its own teardown after a program's last line (the main thread joins a V8
 *   worker thread that waits for it: nodejs/node#54918, #64274), so the command ends a child
 *   that reported and has not exited within a grace period; its work is complete by then.
 */
import { EXIT } from '../lib/exit-codes.ts';
import { environmentFault, type EnvironmentFault } from '../lib/environment-fault.ts';

/** Spawn option for a child that calls endWithParent(): the IPC channel it watches and reports on. */
export const CHILD_STDIO_IPC = 'ipc' as const;

/** What a stage reports when its work is over. */
export interface StageOutcome<R = undefined> {
  /** The exit code the build stops with (0: the stage's work is done). */
  exitCode: number;
  /** The machine's fault that stopped it (a full disk…), for the command to describe. */
  fault?: EnvironmentFault;
  /** The machine stopped it in a way no error code names (the indexer killed), in words. */
  stoppedBy?: string;
  /** A bug that stopped it: its message (and stack), for the command to print; the child prints none. */
  error?: { message: string; stack?: string };
  /** What the stage hands on (the prepared site, the number of pages indexed). */
  result?: R;
}

/** The message that carries a StageOutcome. */
export interface DoneMessage<R = unknown> extends StageOutcome<R> {
  type: 'done';
}

/**
 * A line for the reader, said by a child through the command (the command prints it where it
 * prints its own, so that a caller that collects the command's output collects it too).
 */
export interface NoteMessage {
  type: 'note';
  text: string;
}

/** In a child: says `text` through the command; on its own standard error when there is no command to say it. */
export function sendNote(text: string): void {
  const message: NoteMessage = { type: 'note', text };
  if (process.send && process.connected) process.send(message);
  else process.stderr.write(`${text}\n`);
}

/** In a child: exit as soon as the parent's channel closes. The channel alone keeps nothing alive. */
export function endWithParent(): void {
  if (!process.channel) return;
  process.channel.unref();
  process.once('disconnect', () => process.exit(129));
}

let finishing = false;

/**
 * In a child: reports `outcome` to the command once what it wrote to standard output and error
 * is out, then exits with its code. Never returns.
 */
export async function finishStage<R>(outcome: StageOutcome<R>): Promise<never> {
  // Only the first outcome counts (a stream's error may end the stage while its work still runs).
  if (finishing) return new Promise<never>(() => {});
  finishing = true;
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  const message: DoneMessage<R> = { type: 'done', ...outcome };
  if (process.send && process.connected)
    await new Promise<void>((sent) => {
      process.send!(message, undefined, {}, () => sent());
    });
  process.exit(outcome.exitCode);
}

/** Resolves once everything written to `stream` so far has been handed to the system. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((done) => {
    if (stream.destroyed || !stream.writable) return done();
    stream.write('', () => done());
  });
}

/** The outcome of an error that stopped a stage: a fault of the machine (exit 2), or a bug (exit 3). */
export function failureOutcome(error: unknown): StageOutcome<never> {
  const fault = environmentFault(error);
  if (fault) return { exitCode: EXIT.environment, fault };
  const message = error instanceof Error ? error.message : String(error);
  return { exitCode: EXIT.internal, error: { message, ...(error instanceof Error && error.stack ? { stack: error.stack } : {}) } };
}
