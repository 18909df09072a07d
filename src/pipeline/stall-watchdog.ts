/**
 * Tells a build that is stuck from one that is slow. A stage child that never reports its outcome
 * and never exits (a deadlock, a wait for something that will not come) would hold the command
 * forever; a large document may keep a stage busy for many minutes without a word, and must
 * not be stopped. What tells them apart is work: a stage at work uses the processor (a stage
 * that waits for another, as the renderer waits for the model, is covered by that one's work).
 *
 * So the watchdog samples the processor time of every process below the command
 * (process-tree-cpu.ts) and calls `onStall` once the build's processes together used less than
 * MIN_SHARE of one core for `stallMs` (STALL_MS, 10 minutes; APIDESC_STALL_MS overrides it).
 * The command's own work between stages is synchronous (the site's other files, the swap): it
 * holds the samples back, and a sample that comes late counts as work. Where processor time
 * cannot be read (Windows), the watchdog stays off.
 */
import { type CpuTimes, descendantCpuTimes } from './process-tree-cpu.ts';

/** A build whose processes used (almost) no processor time this long is stuck. */
export const STALL_MS = 10 * 60_000;
/** Below this share of one core over a whole stall period, a build counts as not working (0.5 %). */
const MIN_SHARE = 0.005;
/** Waits for the network (remote $refs, 10 s each) use even less; this floor keeps short test periods meaningful. */
const MIN_CPU_MS = 20;

export interface StallWatchdogOptions {
  stallMs?: number;
  /** Called once, when the build is found stuck. */
  onStall(stalledMs: number): void;
  /** The processor times to watch (default: every process below this one). */
  sample?: () => Promise<CpuTimes | undefined>;
}

/** The stall period: APIDESC_STALL_MS when it is a positive integer, else STALL_MS. */
export function stallMs(env: NodeJS.ProcessEnv = process.env): number {
  const fromEnvironment = Number(env.APIDESC_STALL_MS);
  return Number.isInteger(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : STALL_MS;
}

/** Starts watching; the returned function stops it. The watchdog never keeps the process alive. */
export function watchForStall(options: StallWatchdogOptions): () => void {
  const period = options.stallMs ?? stallMs();
  const minCpuMs = Math.max(MIN_CPU_MS, period * MIN_SHARE);
  const sample = options.sample ?? (() => descendantCpuTimes(process.pid));
  const every = Math.min(20_000, Math.max(100, period / 8));
  let previous: CpuTimes | undefined;
  let workSince = 0;
  let lastWork = Date.now();
  let lastTick = Date.now();
  let sampling = false;
  let stopped = false;
  const timer = setInterval(async () => {
    if (sampling || stopped) return;
    sampling = true;
    try {
      // This process was busy (its event loop held the timer back): that is work.
      if (Date.now() - lastTick > 2 * every) lastWork = Date.now();
      const now = await sample();
      lastTick = Date.now();
      if (stopped) return;
      if (!now) return stop();
      // Time used since the last sample; a process new since then counts with all of its time.
      for (const [pid, cpu] of now) workSince += Math.max(0, cpu - (previous?.get(pid) ?? 0));
      previous = now;
      if (workSince >= minCpuMs) {
        workSince = 0;
        lastWork = Date.now();
      } else if (Date.now() - lastWork >= period) {
        stop();
        options.onStall(Date.now() - lastWork);
      }
    } finally {
      sampling = false;
    }
  }, every);
  timer.unref();
  const stop = (): void => {
    stopped = true;
    clearInterval(timer);
  };
  return stop;
}
