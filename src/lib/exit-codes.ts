/**
 * The exit codes of every command, defined once below the commands so that the build's stages and
 * child processes exit with them too (the manual's table of exit codes is made from EXIT and
 * EXIT_MEANINGS).
 */
export const EXIT = {
  /** Every document is valid (warnings and notes allowed). */
  ok: 0,
  /** At least one document has an error. */
  invalid: 1,
  /** Wrong command line, or an input that cannot be read at all. */
  usage: 2,
  /** The machine stopped the command: a full disk, a read-only or forbidden folder, a killed process. */
  environment: 2,
  /** A bug in apidesc-docs (run again with --debug for the stack trace). */
  internal: 3,
} as const;

/** What each exit code means, in Markdown, for the manual (scripts/manual-tables.ts); the type makes one missing an error. */
export const EXIT_MEANINGS: Readonly<Record<keyof typeof EXIT, string>> = {
  ok: 'every document is valid (warnings and notes allowed)',
  invalid: 'at least one document has an error (the build stops, unless `--allow-invalid`)',
  usage:
    'usage error (unknown command or option, bad value, a configuration with errors, an `--out` the build may not replace, a base of `--compare` that cannot be read, no document named and none found), or an input that cannot be read at all (missing file, permission, not a regular file, a link out of a folder argument, folder without documents)',
  environment:
    'a fault of the machine: no space left or quota used up (`ENOSPC`, `EDQUOT`), a read-only or forbidden output or temporary folder (`EROFS`, `EACCES`, `EPERM`), too many open files (`EMFILE`, `ENFILE`), a file-size limit (`EFBIG`), a stage or the search indexer killed (out of memory, or another program). One line names the folder and the cause; the output folder is unchanged',
  internal: 'internal error: a bug in apidesc-docs (run again with `--debug` and report it)',
};

/** A command stopped by a signal exits with this plus the signal's number, as shells expect. */
export const SIGNAL_EXIT_BASE = 128;
export const SIGNAL_EXIT_MEANING = 'stopped by signal n (130 for Ctrl-C, 143 for `SIGTERM`), after removing what the build had started to write';
