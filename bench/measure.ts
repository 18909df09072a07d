/**
 * Whole-process measurements for the benchmarks: wall time and the peak resident memory of the
 * process *tree*. A build runs three processes at once (the CLI, the Astro renderer, Pagefind's
 * indexer), so the RSS of the largest one (what `/usr/bin/time` reports) would understate it: the
 * tree's RSS is summed from /proc every 100 ms.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface Measure {
  wall: number;
  /** Processor time (user + system) of the process and every process it waited for, in seconds (Linux; NaN elsewhere). */
  cpu: number;
  /** Peak of the summed RSS of the process and its descendants, in MB. */
  rssMb: number;
  exit: number;
  stderr: string;
  /** Each process's own peak RSS in MB, by role (processRole): the largest of the processes of a role. */
  processes: Record<string, number>;
}

/** pid → [ppid, rss bytes] for every process, from /proc. */
function processTable(): Map<number, [number, number]> {
  const table = new Map<number, [number, number]>();
  const page = 4096;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), [Number(fields[1]), Number(fields[21]) * page]);
    } catch {
      // The process ended while we looked.
    }
  }
  return table;
}

/** The RSS of `root` and each of its descendants, by pid. */
function treeRss(root: number): Map<number, number> {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const [pid, [ppid]] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const rss = new Map<number, number>();
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    rss.set(pid, table.get(pid)?.[1] ?? 0);
    stack.push(...(children.get(pid) ?? []));
  }
  return rss;
}

/** What a process of a build is, by its command line: the model, the renderer, the search process, Pagefind's indexer; else `other (<program> <first argument>)`. */
function processRole(pid: number): string {
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // Ended.
  }
  if (cmdline.includes('prepare-process')) return 'model';
  if (cmdline.includes('render-process')) return 'renderer';
  if (cmdline.includes('search-process')) return 'search';
  if (cmdline.includes('pagefind')) return 'indexer';
  // Anything else by its program and first argument's names, so that a large one can be told apart.
  const [program = '', first = ''] = cmdline.split('\0').map((part) => part.split('/').pop() ?? '');
  return `other (${program} ${first})`.replace(/ \)$/, ')');
}

/**
 * Processor time of the processes this one has waited for, in seconds: /proc/self/stat's cutime
 * and cstime (Linux), which hold a finished child's time and that of the processes it waited for.
 */
function childrenCpu(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

export function measure(command: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutS?: number } = {}): Promise<Measure> {
  return new Promise((done) => {
    const started = performance.now();
    const cpuBefore = childrenCpu();
    const child = spawn(command[0]!, command.slice(1), { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
    });
    let peak = 0;
    const roles = new Map<number, string>();
    const processes: Record<string, number> = {};
    const sample = (): void => {
      if (child.pid === undefined) return;
      const rss = treeRss(child.pid);
      let total = 0;
      for (const [pid, bytes] of rss) {
        total += bytes;
        // A child read before it has started its own program still shows the command's line
        // (fork, then exec): its role is taken again at the next sample, until it is known.
        if (!roles.has(pid) || (roles.get(pid)!.startsWith('other') && pid !== child.pid)) roles.set(pid, pid === child.pid ? 'command' : processRole(pid));
        const role = roles.get(pid)!;
        processes[role] = Math.max(processes[role] ?? 0, bytes / 1e6);
      }
      peak = Math.max(peak, total);
    };
    const timer = setInterval(sample, 100);
    const limit = options.timeoutS ? setTimeout(() => child.kill('SIGKILL'), options.timeoutS * 1000) : undefined;
    child.on('close', (code) => {
      clearInterval(timer);
      if (limit) clearTimeout(limit);
      done({ wall: (performance.now() - started) / 1000, cpu: childrenCpu() - cpuBefore, rssMb: peak / 1e6, exit: code ?? -1, stderr, processes });
    });
  });
}

/**
 * The command as the installed `apidesc-docs` runs it: Node with the flags of the bin's first
 * line (`#!/usr/bin/env -S node <flags>`), this Node (the one running the benchmark), the bin.
 */
export function binCommand(bin: string): string[] {
  const shebang = readFileSync(bin, 'utf8').split('\n', 1)[0] ?? '';
  const flags = shebang
    .replace(/^#!\S*env\s+(-S\s+)?node\s*/, '')
    .split(/\s+/)
    .filter(Boolean);
  return [process.execPath, ...flags, bin];
}

export function median(list: number[]): number {
  const sorted = [...list].filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Runs `times` times; median wall time, highest peak RSS, exit code of the first run. */
export async function repeat(command: string[], times: number, options: Parameters<typeof measure>[1] = {}, before?: () => void): Promise<Measure> {
  const all: Measure[] = [];
  for (let i = 0; i < times; i++) {
    before?.();
    all.push(await measure(command, options));
  }
  return summary(all);
}

export interface Job {
  command: string[];
  times: number;
  options?: Parameters<typeof measure>[1];
  before?: () => void;
}

/**
 * Runs two commands in turn (a, b, b, a, a, b, …) and summarises each as `repeat` does. A ratio of two
 * tools is only fair when both meet the same machine: on a shared VM the speed drifts by tens
 * of percent within minutes, which one block of runs after the other would put into the ratio.
 */
export async function alternate(a: Job, b: Job): Promise<[Measure, Measure]> {
  const runs: [Measure[], Measure[]] = [[], []];
  for (let i = 0; i < Math.max(a.times, b.times); i++) {
    // A, B, then B, A: neither job always runs first after the other, as the machine's load drifts.
    for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const job = k === 0 ? a : b;
      if (i >= job.times) continue;
      job.before?.();
      runs[k]!.push(await measure(job.command, job.options));
    }
  }
  return [summary(runs[0]), summary(runs[1])];
}

function summary(all: Measure[]): Measure {
  return {
    wall: median(all.map((m) => m.wall)),
    cpu: median(all.map((m) => m.cpu)),
    rssMb: Math.max(...all.map((m) => m.rssMb)),
    exit: all[0]!.exit,
    stderr: all[0]!.stderr,
    processes: Object.fromEntries(
      [...new Set(all.flatMap((m) => Object.keys(m.processes)))].map((role) => [role, Math.max(...all.map((m) => m.processes[role] ?? 0))]),
    ),
  };
}

export const fmt = (n: number, digits = 2): string => (Number.isFinite(n) ? n.toFixed(digits) : '—');
