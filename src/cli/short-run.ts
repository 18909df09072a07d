/**
 * Short runs go without V8's optimizing compiler, TurboFan.
 *
 * `validate` on a document of a few megabytes is over well within a second. V8 sends its
 * hottest functions to TurboFan, compiled in background threads that compete with the
 * validation for the machine's cores, and the process waits for compiles still running before
 * it can exit. At 100 channels (1.3 MB) that cost 40–50 ms of 0.33 s, for optimized code that
 * arrived too late to matter. Maglev, the mid-tier compiler, still optimizes. Larger inputs run
 * long enough for TurboFan to pay off (2000 channels, 25 MB: 3.5 % faster with it), so above
 * SHORT_RUN_MAX_BYTES it stays on; so it does for `build` and `dev`, which run for long.
 * Measurements: bench/README.md.
 */
import { setFlagsFromString } from 'node:v8';
import { commandOf } from './cli-options.ts';
import { inputBytes } from './inputs.ts';

/** Largest input (the root documents named, or found in the folders named) for a short run. */
export const SHORT_RUN_MAX_BYTES = 10 * 1024 * 1024;

/** Whether `argv` asks for a short run: `validate` of inputs that add up to at most SHORT_RUN_MAX_BYTES. */
export function isShortRun(argv: string[], cwd = process.cwd()): boolean {
  const { command, inputs } = commandOf(argv);
  if (command !== 'validate' || inputs.length === 0) return false;
  return inputBytes(inputs, cwd) <= SHORT_RUN_MAX_BYTES;
}

/** Turns TurboFan off for a short run. Call before any other module loads: each later compile then knows. */
export function tuneForShortRun(argv: string[], cwd?: string): boolean {
  const short = isShortRun(argv, cwd);
  if (short) setFlagsFromString('--no-turbofan');
  return short;
}
