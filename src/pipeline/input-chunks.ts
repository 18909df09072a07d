/**
 * The render process's standard input as a stream of chunks, read by a thread of its own
 * (input-reader-worker.ts) rather than by the main thread's event loop.
 *
 * The main thread renders pages; it reads its input only between them, and a pipe holds 64 KB,
 * so the prepare process writing into it waited for the renderer at every batch of pages: a
 * 100-channel build took 14 % longer than with the file the stream replaced (its model 3.0 s
 * instead of 1.8 s); relayed through the command, which buffered what the renderer had not read,
 * the renderer then fell behind instead (1.0–1.8 s of rendering after the model, 0.2–0.3 s
 * before). The reader thread drains the pipe as it fills, whatever the main thread is doing, and
 * the main thread takes all that has come whenever it looks, as it did from the file.
 *
 * A file (the site data of a large input, written before the renderer starts) is read by the
 * main thread itself, a part at a time as the pages take it: read ahead, the whole site data
 * (about a gigabyte at 5,000 channels) would sit in the renderer's memory.
 */
import { createReadStream, fstatSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { moduleFile } from '../lib/module-file.ts';

type ReaderMessage = { chunk: Uint8Array } | { end: true } | { error: string };

export function inputChunks(): AsyncIterable<Buffer> {
  return fstatSync(0).isFile() ? createReadStream('', { fd: 0, highWaterMark: 4 << 20 }) : pipeChunks();
}

async function* pipeChunks(): AsyncGenerator<Buffer> {
  const worker = new Worker(moduleFile('./input-reader-worker.ts', import.meta.url));
  const queue: ReaderMessage[] = [];
  let wake: (() => void) | undefined;
  const push = (message: ReaderMessage): void => {
    queue.push(message);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (error) => push({ error: error.message }));
  try {
    for (;;) {
      if (queue.length === 0) await new Promise<void>((ready) => (wake = ready));
      wake = undefined;
      // Everything that has come so far, in one go.
      const messages = queue.splice(0);
      for (const message of messages) {
        if ('error' in message) throw new Error(`the site data could not be read: ${message.error}`);
        if ('end' in message) return;
        yield Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength);
      }
    }
  } finally {
    await worker.terminate();
  }
}
