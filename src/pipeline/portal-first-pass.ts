/**
 * Whether a build's first pass goes one document at a time (first-pass.ts, prepare-stage.ts): for
 * a shard, whose first pass reads every document of the portal, and for a portal of large inputs.
 * Decided here for both sides of the model process: the process itself, which makes the first pass
 * so, and the command, which starts it with the collector's settings for what it then holds (the
 * summaries of every API, the whole build long: lean-heap.ts).
 */
import { expandInputs, inputBytes } from '../lib/inputs/expand-inputs.ts';
import type { BuildOptions } from './build-options.ts';

/**
 * A portal's inputs from which its first pass is made one document at a time though it is built
 * whole (bench/README.md, "Portals, seventh round"): below, holding every document costs less
 * than loading each again.
 */
export const ONE_BY_ONE_BYTES = 32 * 1024 * 1024;

/** The first pass of a build of `inputs` goes one document at a time (for a site of two documents or more). */
export function oneDocumentAtATime(options: Pick<BuildOptions, 'shard' | 'firstPassOneByOne'>, inputs: string[], cwd: string): boolean {
  if (!(options.firstPassOneByOne ?? (options.shard !== undefined || inputBytes(inputs, cwd) >= ONE_BY_ONE_BYTES))) return false;
  return expandInputs(inputs, cwd).files.length >= 2;
}
