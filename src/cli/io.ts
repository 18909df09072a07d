/** Output channels and exit codes of the CLI (documented in README.md, "Exit codes"). */
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
  /** A bug in apidesc-docs (run again with --debug for the stack trace). */
  internal: 3,
} as const;

export const processIO: CliIO = {
  out: (text) => process.stdout.write(text + '\n'),
  err: (text) => process.stderr.write(text + '\n'),
};
