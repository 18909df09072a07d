/**
 * What a new version costs `build --versions` (bench/README.md, "Versions"). A git repository in
 * a temporary folder with nine tags of the example API (content/orders.apidesc.yaml, its
 * `info.version` bumped at each tag) and the build cache of a `build --versions 'v*'` of them;
 * then a tenth tag on a new commit (a new base path, as every real new tag is; the working tree
 * has its documents, as after a release). Every run is a whole process tree (start-up included)
 * timed by /usr/bin/time: wall, CPU (user + system of the process and every child it waited for)
 * and the peak resident memory of the largest process. CPU is the figure to compare on a shared
 * machine: wall times swing with its load.
 *
 *   node bench/versions.ts [--pairs 3]
 *       alternately, --pairs times: one version's build (`build orders.apidesc.yaml`, a new
 *       cache) and the adding of the tenth tag (`build --versions 'v*'`, a copy of the nine
 *       tags' cache by hard links: the cache as that build left it); each pair, then the medians
 *       and the median of the pairs' ratios.
 *   node bench/versions.ts --against <checkout> [--pairs 3]
 *       A/B: the adding of the tenth tag by this checkout and by another one (e.g. a worktree of
 *       main), alternated, the same repository and cache for both.
 *   node bench/versions.ts --cold
 *       also the ten tags with an empty cache (every version built), once.
 *   node bench/versions.ts --profile <folder> [--against <checkout>]
 *       one adding of the tenth tag with `--cpu-prof` in every Node process (NODE_OPTIONS), the
 *       profiles written into <folder> (made when missing; open them in a browser's devtools).
 *
 * Everything it makes is removed at the end (the profiles' folder excepted).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '3' },
    against: { type: 'string' },
    cold: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const pairs = Number(values.pairs);
const here = resolve(import.meta.dirname, '..');
const cliOf = (checkout: string): string => join(checkout, 'bin', 'apidesc-docs.mjs');
const source = readFileSync(join(here, 'content', 'orders.apidesc.yaml'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'apidesc-bench-versions-'));
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
  /** What the build said of where its time went (its "Versions:" line). */
  said: string;
}

function timed(args: string[], checkout = here, env: NodeJS.ProcessEnv = {}): Run {
  const run = spawnSync('/usr/bin/time', ['-f', 'TIMED %e %U %S %M', process.execPath, cliOf(checkout), ...args], {
    cwd: work,
    encoding: 'utf8',
    timeout: TEN_MINUTES,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
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
const describe = (r: Run): string => `${r.wall.toFixed(1)} s wall, ${r.cpu.toFixed(2)} s CPU, ${r.peak.toFixed(0)} MiB`;
let runs = 0;
const fresh = (what: string): string => join(work, `${what}-${runs++}`);

/** The build cache of the nine tags, made by each checkout (the two may key versions differently). */
const nineCaches = new Map<string, string>();
function nineCacheOf(checkout: string): string {
  let cache = nineCaches.get(checkout);
  if (cache === undefined) {
    cache = fresh('cache-nine');
    timed(['build', 'orders.apidesc.yaml', '--versions', 'v*', '--out', fresh('nine'), '--cache', cache], checkout);
    nineCaches.set(checkout, cache);
  }
  return cache;
}

/**
 * `from` copied into `to` by hard links: the cache as the build before left it, each file the
 * same file on disk (its inode and time kept), as a user's next build finds it. (A copy of the
 * bytes would give every file a new inode, and the cache would read and hash each one.) Nothing
 * writes into a cache's file in place, so the nine tags' cache stays as it was for the next run.
 */
function linkTree(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
    const target = join(to, relative(from, join(entry.parentPath, entry.name)));
    if (entry.isDirectory()) mkdirSync(target, { recursive: true });
    else {
      mkdirSync(dirname(target), { recursive: true });
      linkSync(join(entry.parentPath, entry.name), target);
    }
  }
}

/** The adding of the tenth tag by `checkout`, from a copy of the nine tags' cache (linkTree). */
const adding = (checkout: string, env: NodeJS.ProcessEnv = {}): Run => {
  const cache = fresh('cache');
  linkTree(nineCacheOf(checkout), cache);
  return timed(['build', 'orders.apidesc.yaml', '--versions', 'v*', '--out', fresh('ten'), '--cache', cache], checkout, env);
};
const oneVersion = (): Run => timed(['build', 'orders.apidesc.yaml', '--out', fresh('one'), '--cache', fresh('one-cache')]);

/** Prints the paired table of `a` and `b` (each a list of runs, paired by position). */
function pairedTable(names: [string, string], a: Run[], b: Run[]): void {
  const row = (what: string, pick: (r: Run) => number, unit: string, digits: number): string => {
    const ratios = a.map((r, i) => pick(b[i]!) / pick(r));
    return `| ${what} | ${median(a.map(pick)).toFixed(digits)} ${unit} | ${median(b.map(pick)).toFixed(digits)} ${unit} | ${median(ratios).toFixed(2)}× |`;
  };
  console.log(`\n| median of ${a.length} pairs | ${names[0]} | ${names[1]} | ${names[1]} / ${names[0]} (median of the pairs' ratios) |`);
  console.log('|---|---|---|---|');
  console.log(row('CPU, user + system', (r) => r.cpu, 's', 2));
  console.log(row('wall', (r) => r.wall, 's', 1));
  console.log(row('peak memory of one process', (r) => r.peak, 'MiB', 0));
}

try {
  git('init', '-q', '-b', 'main');
  for (let n = 1; n <= 9; n++) tag(n);
  // The tags before the tenth, built by each checkout it times into a cache of its own.
  nineCacheOf(here);
  if (values.against !== undefined) nineCacheOf(resolve(values.against));
  tag(10);
  // Not measured: the renderer bundles found as every later build finds them.
  timed(['build', 'orders.apidesc.yaml', '--out', fresh('warm-up'), '--cache', fresh('warm-up-cache')]);
  if (values.against !== undefined)
    timed(['build', 'orders.apidesc.yaml', '--out', fresh('warm-up'), '--cache', fresh('warm-up-cache')], resolve(values.against));
  if (values.profile !== undefined) {
    const folder = resolve(values.profile);
    mkdirSync(folder, { recursive: true });
    const run = adding(values.against !== undefined ? resolve(values.against) : here, { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${folder}` });
    console.log(`tenth added, profiled into ${folder}: ${describe(run)}\n${run.said}`);
  } else if (values.against !== undefined) {
    const other = resolve(values.against);
    const theirs: Run[] = [];
    const ours: Run[] = [];
    for (let i = 0; i < pairs; i++) {
      if (i % 2 === 0) theirs.push(adding(other));
      ours.push(adding(here));
      if (i % 2 !== 0) theirs.push(adding(other));
      console.log(`pair ${i + 1}: ${other} ${describe(theirs[i]!)}; this checkout ${describe(ours[i]!)}`);
    }
    pairedTable([`tenth added (${other})`, 'tenth added (this checkout)'], theirs, ours);
    console.log(`\nThis checkout's last run said: ${ours.at(-1)?.said}`);
  } else {
    const one: Run[] = [];
    const added: Run[] = [];
    for (let i = 0; i < pairs; i++) {
      if (i % 2 === 0) one.push(oneVersion());
      added.push(adding(here));
      if (i % 2 !== 0) one.push(oneVersion());
      console.log(`pair ${i + 1}: one version ${describe(one[i]!)}; tenth added ${describe(added[i]!)}`);
    }
    pairedTable(['one version', 'tenth version added'], one, added);
    console.log(`\nThe last run said: ${added.at(-1)?.said}`);
  }
  if (values.cold) {
    const cold = timed(['build', 'orders.apidesc.yaml', '--versions', 'v*', '--out', fresh('cold'), '--cache', fresh('cold-cache')]);
    console.log(`\nten tags with an empty cache, every version built: ${describe(cold)}\n${cold.said}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
