/**
 * The processor time used so far by each process below a process (its children, theirs, …):
 * what the build's stall watchdog (stall-watchdog.ts) reads to tell work from a hang.
 *
 * Linux: /proc/<pid>/stat of every process (parent id, user and system time). Other Unix
 * systems: `ps`. Windows: not read (undefined), and the watchdog stays off.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Process id → processor time in milliseconds. */
export type CpuTimes = Map<number, number>;

/** A process's parent and processor time. */
interface ProcessRow {
  pid: number;
  ppid: number;
  cpuMs: number;
}

/** The processor time of each process below `root` (not `root` itself), or undefined where it cannot be read. */
export async function descendantCpuTimes(root: number): Promise<CpuTimes | undefined> {
  const rows = process.platform === 'linux' ? procRows() : process.platform === 'win32' ? undefined : await psRows();
  if (!rows) return undefined;
  const children = new Map<number, ProcessRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.ppid);
    if (siblings) siblings.push(row);
    else children.set(row.ppid, [row]);
  }
  const times: CpuTimes = new Map();
  const visit = (pid: number): void => {
    for (const row of children.get(pid) ?? []) {
      if (times.has(row.pid)) continue;
      times.set(row.pid, row.cpuMs);
      visit(row.pid);
    }
  };
  visit(root);
  return times;
}

/** Linux counts processor time in clock ticks of 1/100 s (USER_HZ on every architecture Node runs on). */
const MS_PER_TICK = 10;

function procRows(): ProcessRow[] | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const rows: ProcessRow[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'latin1');
    } catch {
      continue; // Gone meanwhile.
    }
    // "pid (command) state ppid …": the command may hold spaces and parentheses, so the fields
    // are counted from the last ")"; user and system time are the 14th and 15th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    rows.push({ pid: Number(name), ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK });
  }
  return rows;
}

function psRows(): Promise<ProcessRow[] | undefined> {
  return new Promise((done) => {
    execFile('ps', ['-A', '-o', 'pid=', '-o', 'ppid=', '-o', 'time='], { timeout: 10_000, maxBuffer: 16 << 20 }, (error, stdout) => {
      if (error) return done(undefined);
      const rows: ProcessRow[] = [];
      for (const line of stdout.split('\n')) {
        const [pid, ppid, time] = line.trim().split(/\s+/);
        const cpuMs = time ? psTimeMs(time) : undefined;
        if (pid && ppid && cpuMs !== undefined) rows.push({ pid: Number(pid), ppid: Number(ppid), cpuMs });
      }
      done(rows);
    });
  });
}

/** `ps`'s cumulative time, `[[dd-]hh:]mm:ss[.cc]`, in milliseconds. */
export function psTimeMs(time: string): number | undefined {
  const match = /^(?:(?:(\d+)-)?(\d+):)?(\d+):(\d+(?:\.\d+)?)$/.exec(time);
  if (!match) return undefined;
  const [, days, hours, minutes, seconds] = match;
  return (((Number(days ?? 0) * 24 + Number(hours ?? 0)) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
}
