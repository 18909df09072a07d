/**
 * Where a command's and the build's messages go: results (diagnostics, reports) on one channel,
 * progress and problems on the other. The build's stages write through this, never to the
 * process itself, so that a caller (the command line, a test, the dev server) decides where.
 */
import { escapeControlsInOutput } from './terminal-text.ts';

export interface Reporter {
  /** Results: diagnostics, reports, what the command was asked for (standard output). */
  out(text: string): void;
  /** Progress, notes and why a command stopped (standard error). */
  err(text: string): void;
}

/**
 * Standard output and error. Text of documents is escaped where it is written (format-text.ts);
 * here, whatever reached output all the same (a message that quotes a file, a line of a child
 * process) loses every control character but line breaks, tabs and the tool's colour codes.
 */
export const processReporter: Reporter = {
  out: (text) => process.stdout.write(escapeControlsInOutput(text) + '\n'),
  err: (text) => process.stderr.write(escapeControlsInOutput(text) + '\n'),
};
