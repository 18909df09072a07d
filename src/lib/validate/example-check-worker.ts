/**
 * Checks one example against a schema in a worker thread, for schemas with a pattern that may
 * backtrack for an exponential time (bounded-example-check.ts stops the thread when it takes too
 * long). workerData: { signal: SharedArrayBuffer }. Each message: { port, value, root, lookup };
 * the errors go back through `port`, then `signal` wakes the waiting thread.
 */
import type { Schema } from '@cfworker/json-schema';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { registeredSchemaErrors } from './registered-schema-check.ts';

const signal = new Int32Array((workerData as { signal: SharedArrayBuffer }).signal);

parentPort?.on('message', ({ port, value, root, lookup }: { port: MessagePort; value: unknown; root: string; lookup: Record<string, Schema | boolean> }) => {
  let outcome: { errors: ReturnType<typeof registeredSchemaErrors> | undefined };
  try {
    outcome = { errors: registeredSchemaErrors(value, root, lookup) };
  } catch {
    outcome = { errors: undefined };
  }
  port.postMessage(outcome);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
