/** Output channels and exit codes of the CLI (documented in README.md, "Exit codes"). */
import { escapeControlsInOutput } from '../lib/terminal-text.ts';

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
}

export const EXIT = {
  /** Every document is valid (warnings and notes allowed). */
  ok: 0,
  /** At least one document has an error. */
  invalid: 1,
  /** Wrong command line, or an input that cannot be read at all. */
  usage: 2,
  /** The machine stopped the command: a full disk, a read-only or forbidden folder, a killed process (README, "Exit codes"). */
  environment: 2,
  /** A bug in apidesc-docs (run again with --debug for the stack trace). */
  internal: 3,
} as const;

/**
 * Standard output and error. Text of documents is escaped where it is written (format-text.ts);
 * here, whatever reached output all the same (a message that quotes a file, a line of a child
 * process) loses every control character but line breaks, tabs and the tool's colour codes.
 */
export const processIO: CliIO = {
  out: (text) => process.stdout.write(escapeControlsInOutput(text) + '\n'),
  err: (text) => process.stderr.write(escapeControlsInOutput(text) + '\n'),
};
