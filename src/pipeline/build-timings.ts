/**
 * `build --timings`: where a build's time goes, stage by stage and part by part, in elapsed
 * (wall) and processor (CPU) time. The stages run in processes of their own and partly at once
 * (the renderer renders while the model process writes the site data), so each stage measures
 * its own parts (src/lib/timings.ts) and reports them with its result; the command adds its own
 * and the elapsed span of each stage as it saw it, and prints the table.
 *
 * A process's parts do not add up to its whole: what no part measured (garbage collection
 * between parts, the stage's own bookkeeping) is its "other" row, so that the rows of a stage
 * always sum to the stage's processor time.
 */
import { readFileSync } from 'node:fs';
import { moment, processCpuMs, type Timing, type Timings } from '../lib/timings.ts';

/** What a stage reports of its time. */
export interface StageTimings {
  /** Its parts, each measured on the thread that did it (worker threads report theirs). */
  parts: Timing[];
  /** Processor time of the whole process (every thread), and of the programs it ran (Pagefind's indexer), at its end. */
  cpuMs: number;
  /** Elapsed time from the process's start to its end. */
  wallMs: number;
  /** Moments it noted (Timings.mark), in milliseconds since the epoch. */
  marks: Record<string, number>;
}

/**
 * What a stage reports at its end: its parts, and the processor time of its whole process (and
 * of `childrenCpuMs`, the programs it ran) and its elapsed time so far.
 */
export function stageTimings(timings: Timings, childrenCpuMs = 0): StageTimings {
  return { parts: timings.list(), cpuMs: processCpuMs() + childrenCpuMs, wallMs: performance.now(), marks: timings.marks() };
}

/**
 * Processor time of the processes this process has started and waited for (with theirs), in
 * milliseconds; Linux only (undefined elsewhere): Node.js reports no child's usage.
 */
export function reapedChildrenCpuMs(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync('/proc/self/stat', 'latin1');
    // cutime and cstime: the 16th and 17th fields, counted after the command name's ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Processor time of this process and of every process it started and waited for, with theirs
 * (Linux; undefined elsewhere).
 */
export function processTreeCpuMs(): number | undefined {
  const children = reapedChildrenCpuMs();
  return children === undefined ? undefined : processCpuMs() + children;
}

/** The command's mark for the moment it asks for the search index (the search phase starts there). */
export const SEARCH_ASKED = 'search asked';

/** A stage as the command saw it: when it started and ended on the build's clock, and its report. */
export interface StageSpan {
  name: string;
  startMs: number;
  endMs?: number;
  timings?: StageTimings;
}

/** The build's stages, as BuildClock names them. */
export const STAGES = { prepare: 'model process', render: 'renderer', search: 'search index' } as const;

/**
 * The build's clock, in the command: when each stage started and ended, and what each reported
 * of its time. Gives the summary line of every build and the table of `build --timings`.
 */
export class BuildClock {
  readonly #moment: () => number;
  readonly #origin: number;
  readonly #stages = new Map<string, StageSpan>();
  readonly #marks = new Map<string, number>();

  /** `clock`: the time in milliseconds since the epoch (another one in tests). */
  constructor(clock: () => number = moment) {
    this.#moment = clock;
    this.#origin = clock();
  }

  /** Milliseconds since the build started. */
  now(): number {
    return this.#moment() - this.#origin;
  }

  started(name: string): void {
    this.#stages.set(name, { name, startMs: this.now() });
  }

  ended(name: string, timings?: StageTimings): void {
    const span = this.#stages.get(name);
    if (!span) return;
    span.endMs = this.now();
    if (timings) span.timings = timings;
  }

  /** Notes the moment `name` (the command's own, such as the search index being asked for). */
  mark(name: string): void {
    this.#marks.set(name, this.now());
  }

  /**
   * The summary of a finished build, e.g. "12.3 s (validate 0.9 s, model 6.5 s, pages 7.0 s
   * (6.6 s of it beside the model), search 2.2 s; CPU 14.1 s)": each phase from its start to its
   * end on one clock, pages saying how much of their time ran beside the model (they render as
   * their content arrives), and the processor time of the whole process tree where it is known.
   */
  summary(treeCpuMs = processTreeCpuMs()): string {
    const s = (ms: number): string => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
    const at = (stage: string, mark: string): number | undefined => {
      const epoch = this.#stages.get(stage)?.timings?.marks[mark];
      return epoch === undefined ? undefined : epoch - this.#origin;
    };
    const prepare = this.#stages.get(STAGES.prepare);
    const phases: string[] = [];
    const validated = at(STAGES.prepare, 'validated');
    const modelled = prepare?.endMs;
    if (validated !== undefined) phases.push(`validate ${s(validated)}`);
    if (modelled !== undefined) phases.push(`model ${s(modelled - (validated ?? prepare?.startMs ?? 0))}`);
    const [from, to] = [at(STAGES.render, 'rendering'), at(STAGES.render, 'rendered')];
    if (from !== undefined && to !== undefined) {
      const beside = modelled === undefined ? 0 : Math.min(modelled, to) - from;
      phases.push(`pages ${s(to - from)}${beside >= 50 ? ` (${s(beside)} of it beside the model)` : ''}`);
    }
    const asked = this.#marks.get(SEARCH_ASKED);
    const search = this.#stages.get(STAGES.search)?.endMs;
    if (asked !== undefined && search !== undefined) phases.push(`search ${s(search - asked)}`);
    const cpu = treeCpuMs ?? this.#knownCpuMs();
    return `${s(this.now())} (${phases.join(', ')}; CPU ${s(cpu)})`;
  }

  /** Processor time of the command and of the stages that reported it. */
  #knownCpuMs(): number {
    return processCpuMs() + [...this.#stages.values()].reduce((sum, stage) => sum + (stage.timings?.cpuMs ?? 0), 0);
  }

  /** What `build --timings` prints. */
  report(treeCpuMs = processTreeCpuMs()): BuildTimings {
    return { wallMs: this.now(), commandCpuMs: processCpuMs(), ...(treeCpuMs !== undefined ? { treeCpuMs } : {}), stages: [...this.#stages.values()] };
  }
}

/** The command's own figures, and the whole process tree's processor time where it is known. */
export interface BuildTimings {
  wallMs: number;
  commandCpuMs: number;
  /** The command and every process it ran (Linux: /proc/self/stat). */
  treeCpuMs?: number;
  stages: StageSpan[];
}

const seconds = (ms: number): string => (ms / 1000).toFixed(2);

/** The table `build --timings` prints. */
export function formatTimings(build: BuildTimings): string {
  const rows: [string, string, string][] = [];
  const stagesCpu = build.stages.reduce((sum, s) => sum + (s.timings?.cpuMs ?? 0), 0);
  rows.push(['whole build', seconds(build.wallMs), seconds(build.treeCpuMs ?? build.commandCpuMs + stagesCpu)]);
  rows.push(['  command (checks, stages, extras, swap)', seconds(build.wallMs), seconds(build.commandCpuMs)]);
  for (const stage of build.stages) {
    const t = stage.timings;
    rows.push([`  ${stage.name}`, seconds((stage.endMs ?? build.wallMs) - stage.startMs), t ? seconds(t.cpuMs) : '—']);
    if (!t) continue;
    let counted = 0;
    for (const part of t.parts) {
      rows.push([`    ${part.name}`, seconds(part.wallMs), seconds(part.cpuMs)]);
      counted += part.cpuMs;
    }
    if (t.parts.length > 0) rows.push(['    other (garbage collection, the stage itself)', '', seconds(Math.max(0, t.cpuMs - counted))]);
  }
  const width = Math.max(...rows.map(([name]) => name.length));
  const lines = [`${'Timings'.padEnd(width)}  wall s   CPU s`];
  for (const [name, wall, cpu] of rows) lines.push(`${name.padEnd(width)}  ${wall.padStart(6)}  ${cpu.padStart(6)}`);
  lines.push("Wall: elapsed time (the stages overlap; a part's is the sum of its runs). CPU: processor time, threads included.");
  return lines.join('\n');
}
