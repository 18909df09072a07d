/**
 * Reads the render process's standard input, a pipe from the prepare process, in a thread of its
 * own, as fast as it comes, and hands it to the main thread in the chunks it read. See
 * input-chunks.ts for why.
 */
import { Socket } from 'node:net';
import { parentPort } from 'node:worker_threads';

const port = parentPort!;

/** Sends a copy of `data`, its memory moved to the main thread rather than copied again. */
function send(data: Uint8Array): void {
  const chunk = new Uint8Array(data.byteLength);
  chunk.set(data);
  port.postMessage({ chunk }, [chunk.buffer]);
}

const fail = (error: unknown): void => port.postMessage({ error: error instanceof Error ? error.message : String(error) });

// A pipe from the prepare process: read as it comes, on this thread's own event loop (the
// descriptor may be non-blocking: the main thread's libraries look at standard input too).
const input = new Socket({ fd: 0, readable: true, writable: false });
input.on('data', send);
input.once('end', () => port.postMessage({ end: true }));
input.once('error', fail);
