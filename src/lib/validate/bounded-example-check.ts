/**
 * Example checks that may not finish: a schema `pattern` with a quantified group inside a
 * quantified group (`^(a+)+$`) can make a regular expression backtrack for an exponential
 * time on a string that almost matches, and a JavaScript regular expression cannot be
 * interrupted. Such checks run in a worker thread that is stopped after a time limit; the
 * caller waits synchronously (the rules are synchronous) on a shared flag the worker raises.
 *
 * Only schemas that hold such a pattern come here (safe-regex2 finds them by star height); every
 * other check runs in the calling thread, so documents without one pay nothing for this.
 */
import type { Worker } from 'node:worker_threads';
import type { OutputUnit, Schema } from '@cfworker/json-schema';
import { moduleFile } from '../module-file.ts';

/** How long one example may take against one schema before it is given up. */
export const EXAMPLE_CHECK_LIMIT_MS = 2000;

/** Loaded with the first bounded check: most documents never need a thread, and loading the module costs 2–3 ms of every start. */
const threads = (): typeof import('node:worker_threads') => process.getBuiltinModule('node:worker_threads');

export type BoundedOutcome = { errors: OutputUnit[] } | { errors: undefined } | 'timeout';

export class BoundedExampleCheck {
  #worker: Worker | undefined;
  readonly #signal = new Int32Array(new SharedArrayBuffer(4));

  /** The errors of `value` against `lookup[root]`; undefined errors when the schema cannot be used; 'timeout' past the limit. */
  run(value: unknown, root: string, lookup: Record<string, Schema | boolean>, limitMs = EXAMPLE_CHECK_LIMIT_MS): BoundedOutcome {
    this.#worker ??= this.#start();
    const { MessageChannel, receiveMessageOnPort } = threads();
    const { port1, port2 } = new MessageChannel();
    Atomics.store(this.#signal, 0, 0);
    this.#worker.postMessage({ port: port2, value, root, lookup }, [port2]);
    const woke = Atomics.wait(this.#signal, 0, 0, limitMs);
    const reply = receiveMessageOnPort(port1);
    port1.close();
    if (woke === 'timed-out' || !reply) {
      // The worker is stuck in the expression: stop it; the next check starts a new one.
      void this.#worker.terminate();
      this.#worker = undefined;
      return 'timeout';
    }
    return reply.message as BoundedOutcome;
  }

  close(): void {
    void this.#worker?.terminate();
    this.#worker = undefined;
  }

  #start(): Worker {
    const worker = new (threads().Worker)(moduleFile('./example-check-worker.ts', import.meta.url), { workerData: { signal: this.#signal.buffer } });
    // Idle between checks: it must not keep the process alive.
    worker.unref();
    return worker;
  }
}
