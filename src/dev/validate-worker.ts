/**
 * Validation in a worker thread, for `apidesc-docs dev`: the full check of a document runs on the
 * second core while the main thread reads the same document again and models it, so an edit
 * waits for the slower of the two instead of both. The worker stays warm between edits.
 * Messages in: { id, file, options }; out: { id, diagnostics, files } or { id, error }, `files`
 * being every file the validation read or tried to read (dev watches them).
 */
import { parentPort } from 'node:worker_threads';
import { validateDocument, type ValidateOptions } from '../lib/validate/validate-document.ts';

parentPort?.on('message', async ({ id, file, options }: { id: number; file: string; options: ValidateOptions }) => {
  try {
    const { diagnostics, doc } = await validateDocument(file, options);
    parentPort?.postMessage({ id, diagnostics, files: doc?.paths ?? [file] });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
