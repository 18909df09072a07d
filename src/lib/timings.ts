/**
 * Processor and elapsed time of the named parts of a process's work, for `build --timings`
 * (src/pipeline/build-timings.ts prints them). Parts may nest: a part measured inside another
 * is counted once, in itself, and left out of the part around it.
 *
 * Processor time is the calling thread's own (a worker thread measures itself and reports), so
 * that another thread's work is never counted in a part of this one. Measuring costs two clock
 * reads of about 1–3 µs each: parts are measured per batch of pages, not per page or row.
 */

/** One part's time: elapsed and processor milliseconds. */
export interface Timing {
  name: string;
  wallMs: number;
  cpuMs: number;
}

/** The calling thread's processor time in milliseconds (the whole process's where Node cannot tell threads apart). */
export function threadCpuMs(): number {
  const used = typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage() : process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** The whole process's processor time in milliseconds: every thread, not its child processes. */
export function processCpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** A part being measured, and what parts inside it took. */
interface Frame {
  wallMs: number;
  cpuMs: number;
  innerWallMs: number;
  innerCpuMs: number;
}

/** Now, in milliseconds since the epoch: a moment that the build's processes can compare with each other's. */
export function moment(): number {
  return performance.timeOrigin + performance.now();
}

export class Timings {
  readonly #totals = new Map<string, Timing>();
  readonly #open: Frame[] = [];
  readonly #marks: Record<string, number> = {};

  /** Notes when something happened (`moment()`), under `name`: the first time only. */
  mark(name: string): void {
    this.#marks[name] ??= moment();
  }

  /** The moments noted, by name. */
  marks(): Record<string, number> {
    return { ...this.#marks };
  }

  /** Runs `work`, its time counted to `name` (less that of parts measured inside it). */
  measure<T>(name: string, work: () => T): T {
    const frame = this.#start();
    try {
      return work();
    } finally {
      this.#stop(name, frame);
    }
  }

  /**
   * The same for work that awaits: only for work that nothing else measured by this object runs
   * beside while it waits (the time waited counts to it, as elapsed time).
   */
  async measureAsync<T>(name: string, work: () => Promise<T>): Promise<T> {
    const frame = this.#start();
    try {
      return await work();
    } finally {
      this.#stop(name, frame);
    }
  }

  /** Adds time measured elsewhere (another thread, another process) to `name`. */
  add(name: string, wallMs: number, cpuMs: number): void {
    const total = this.#totals.get(name);
    if (total) {
      total.wallMs += wallMs;
      total.cpuMs += cpuMs;
    } else this.#totals.set(name, { name, wallMs, cpuMs });
  }

  /** Every part, in the order each first ended. */
  list(): Timing[] {
    return [...this.#totals.values()].map((t) => ({ ...t }));
  }

  #start(): Frame {
    const frame = { wallMs: performance.now(), cpuMs: threadCpuMs(), innerWallMs: 0, innerCpuMs: 0 };
    this.#open.push(frame);
    return frame;
  }

  #stop(name: string, frame: Frame): void {
    const wallMs = performance.now() - frame.wallMs;
    const cpuMs = threadCpuMs() - frame.cpuMs;
    this.#open.splice(this.#open.lastIndexOf(frame), 1);
    this.add(name, wallMs - frame.innerWallMs, cpuMs - frame.innerCpuMs);
    const outer = this.#open.at(-1);
    if (outer) {
      outer.innerWallMs += wallMs;
      outer.innerCpuMs += cpuMs;
    }
  }
}
