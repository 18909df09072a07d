/**
 * What a new version costs `build --versions` (bench/README.md, "Versions"): a git repository in
 * a temporary folder with ten tags of the example API (content/orders.apidesc.yaml, its
 * `info.version` bumped at each tag), then, each as a whole process (start-up included):
 *
 *   one version   `build orders.apidesc.yaml` (the document alone, no versions), median of --runs;
 *   9 + 1         `build --versions 'v*'` after a build of the first nine tags filled the build
 *                 cache and the tenth tag was added: nine copied, the tenth and the working tree built;
 *   10 cold       the same ten tags with an empty cache: every version built.
 *
 * `node bench/versions.ts [--runs 3]`. Everything it makes is removed at the end.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const repo = resolve(import.meta.dirname, '..');
const cli = join(repo, 'bin', 'apidesc-docs.mjs');
const source = readFileSync(join(repo, 'content', 'orders.apidesc.yaml'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'apidesc-bench-versions-'));
const TEN_MINUTES = 600_000;

const git = (...args: string[]): void => {
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
    cwd: work,
    stdio: 'pipe',
    timeout: 30_000,
  });
};

/** What the last run said of where its time went (its "Versions:" line). */
let said = '';

/**
 * CPU seconds (user + system) of this process's waited-for children so far, from /proc (Linux):
 * a build's CPU is steadier than its wall time on a shared machine. NaN elsewhere.
 */
function childrenCpu(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    // After the command's name: cutime and cstime are the 14th and 15th fields, in clock ticks (100 a second).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of the last run (its whole process tree). */
let cpu = 0;

/** Wall time of one run of the command line in the repository, in seconds. */
function timed(args: string[]): number {
  const started = performance.now();
  const cpuBefore = childrenCpu();
  const run = spawnSync(process.execPath, [cli, ...args], {
    cwd: work,
    encoding: 'utf8',
    timeout: TEN_MINUTES,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (run.status !== 0) throw new Error(`apidesc-docs ${args.join(' ')} ended with ${run.status ?? run.signal}:\n${run.stderr}`);
  said = /^Versions: .*$/m.exec(run.stderr)?.[0] ?? '';
  cpu = childrenCpu() - cpuBefore;
  return (performance.now() - started) / 1000;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function tag(n: number): void {
  writeFileSync(join(work, 'orders.apidesc.yaml'), source.replace(/^ {2}version: .*$/m, `  version: 1.${n}.0`));
  git('add', '-A');
  git('commit', '-q', '-m', `version 1.${n}.0`);
  git('tag', `v1.${n}.0`);
}

try {
  git('init', '-q', '-b', 'main');
  for (let n = 1; n <= 9; n++) tag(n);
  // Not measured: the renderer of a site at the root made (or found), as every later build finds it.
  timed(['build', 'orders.apidesc.yaml', '--out', join(work, 'warm-up'), '--cache', join(work, 'warm-up-cache')]);
  const one: number[] = [];
  const oneCpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    one.push(timed(['build', 'orders.apidesc.yaml', '--out', join(work, `one-${i}`), '--cache', join(work, `one-cache-${i}`)]));
    oneCpu.push(cpu);
  }
  // The first nine tags, built once: the cache every later build starts from.
  const cache = join(work, 'cache');
  const nine = timed(['build', 'orders.apidesc.yaml', '--versions', 'v*', '--out', join(work, 'nine'), '--cache', cache]);
  const nineCpu = cpu;
  tag(10);
  const added = timed(['build', 'orders.apidesc.yaml', '--versions', 'v*', '--out', join(work, 'ten'), '--cache', cache]);
  const addedCpu = cpu;
  const addedSaid = said;
  const cold = timed(['build', 'orders.apidesc.yaml', '--versions', 'v*', '--out', join(work, 'cold'), '--cache', join(work, 'cold-cache')]);
  const coldCpu = cpu;
  const s = (x: number): string => `${x.toFixed(1)} s`;
  const [oneWall, oneCpuMedian] = [median(one), median(oneCpu)];
  const row = (what: string, wall: number, cpuTime: number, ratio = true): string =>
    `| ${what} | ${s(wall)}${ratio ? ` (${(wall / oneWall).toFixed(1)}×)` : ''} | ${s(cpuTime)}${ratio ? ` (${(cpuTime / oneCpuMedian).toFixed(1)}×)` : ''} |`;
  console.log('| build | wall time (× one version) | CPU, user + system (× one version) |');
  console.log('|---|---|---|');
  console.log(`| one version, the document alone (median of ${runs}) | ${s(oneWall)} | ${s(oneCpuMedian)} |`);
  console.log(row('9 tags + working tree, empty cache', nine, nineCpu, false));
  console.log(row('10 tags + working tree: 9 from the cache, the new tag and the working tree built', added, addedCpu));
  console.log(row('10 tags + working tree, empty cache', cold, coldCpu));
  console.log(`\nThe 9 + 1 build said: ${addedSaid}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
