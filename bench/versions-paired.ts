/**
 * Adding a tenth version against one version's build, paired and alternated (bench/README.md,
 * "Versions"): a git repository of nine tags of the example API (content/orders.apidesc.yaml, its
 * `info.version` bumped at each tag) and the build cache of a `build --versions 'v*'` of them;
 * then a tenth tag on the last commit (the working tree has its documents, as after a release),
 * and, alternately, --pairs times:
 *
 *   one version   `build orders.apidesc.yaml` (the document alone, no versions, a new cache);
 *   tenth added   `build --versions 'v*'` with a copy of the nine tags' cache.
 *
 * Each run is a whole process tree (start-up included), timed by /usr/bin/time: wall, CPU (user +
 * system of the process and every child it waited for) and the peak resident memory of the
 * largest process. Printed: each pair, then the medians and the median of the pairs' ratios.
 *
 * `node bench/versions-paired.ts [--pairs 3]`. Everything it makes is removed at the end.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { pairs: { type: 'string', default: '3' } } });
const pairs = Number(values.pairs);
const repo = resolve(import.meta.dirname, '..');
const cli = join(repo, 'bin', 'apidesc-docs.mjs');
const source = readFileSync(join(repo, 'content', 'orders.apidesc.yaml'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'apidesc-bench-versions-paired-'));
const TEN_MINUTES = 600_000;

const git = (...args: string[]): void => {
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
    cwd: work,
    stdio: 'pipe',
    timeout: 30_000,
  });
};

interface Run {
  wall: number;
  cpu: number;
  /** Peak resident memory of the largest process, MiB. */
  peak: number;
  said: string;
}

function timed(args: string[]): Run {
  const run = spawnSync('/usr/bin/time', ['-f', 'TIMED %e %U %S %M', process.execPath, cli, ...args], {
    cwd: work,
    encoding: 'utf8',
    timeout: TEN_MINUTES,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (run.status !== 0) throw new Error(`apidesc-docs ${args.join(' ')} ended with ${run.status ?? run.signal}:\n${run.stderr}`);
  const [wall, user, system, kib] = /^TIMED (\S+) (\S+) (\S+) (\S+)$/m.exec(run.stderr)!.slice(1).map(Number) as [number, number, number, number];
  return { wall, cpu: user + system, peak: kib / 1024, said: /^Versions: .*$/m.exec(run.stderr)?.[0] ?? '' };
}

function tag(n: number): void {
  writeFileSync(join(work, 'orders.apidesc.yaml'), source.replace(/^ {2}version: .*$/m, `  version: 1.${n}.0`));
  git('add', '-A');
  git('commit', '-q', '-m', `version 1.${n}.0`);
  git('tag', `v1.${n}.0`);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  git('init', '-q', '-b', 'main');
  for (let n = 1; n <= 9; n++) tag(n);
  const nine = join(work, 'cache-nine');
  timed(['build', 'orders.apidesc.yaml', '--versions', 'v*', '--out', join(work, 'nine'), '--cache', nine]);
  // The tenth tag: a new base path, and the working tree has its documents.
  writeFileSync(join(work, 'orders.apidesc.yaml'), source.replace(/^ {2}version: .*$/m, '  version: 1.10.0'));
  git('add', '-A');
  git('commit', '-q', '-m', 'version 1.10.0');
  git('tag', 'v1.10.0');
  // Not measured: the renderer bundles found as every later build finds them.
  timed(['build', 'orders.apidesc.yaml', '--out', join(work, 'warm-up'), '--cache', join(work, 'warm-up-cache')]);
  const one: Run[] = [];
  const added: Run[] = [];
  for (let i = 0; i < pairs; i++) {
    const cache = join(work, `cache-${i}`);
    cpSync(nine, cache, { recursive: true });
    const order = i % 2 === 0 ? ['one', 'added'] : ['added', 'one'];
    for (const which of order) {
      if (which === 'one') one.push(timed(['build', 'orders.apidesc.yaml', '--out', join(work, `one-${i}`), '--cache', join(work, `one-cache-${i}`)]));
      else added.push(timed(['build', 'orders.apidesc.yaml', '--versions', 'v*', '--out', join(work, `ten-${i}`), '--cache', cache]));
    }
    const [a, b] = [one[i]!, added[i]!];
    console.log(
      `pair ${i + 1}: one version ${a.wall.toFixed(1)} s wall, ${a.cpu.toFixed(2)} s CPU, ${a.peak.toFixed(0)} MiB; tenth added ${b.wall.toFixed(1)} s wall, ${b.cpu.toFixed(2)} s CPU, ${b.peak.toFixed(0)} MiB`,
    );
  }
  const row = (what: string, pick: (r: Run) => number, unit: string, digits: number): string => {
    const ratios = one.map((r, i) => pick(added[i]!) / pick(r));
    return `| ${what} | ${median(one.map(pick)).toFixed(digits)} ${unit} | ${median(added.map(pick)).toFixed(digits)} ${unit} | ${median(ratios).toFixed(2)}× |`;
  };
  console.log(`\n| median of ${pairs} pairs | one version | tenth version added | added / one (median of the pairs' ratios) |`);
  console.log('|---|---|---|---|');
  console.log(row('CPU, user + system', (r) => r.cpu, 's', 2));
  console.log(row('wall', (r) => r.wall, 's', 1));
  console.log(row('peak memory of one process', (r) => r.peak, 'MiB', 0));
  console.log(`\nThe last run said: ${added.at(-1)?.said}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
