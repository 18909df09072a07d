/**
 * Benchmarks (not tests): `npm run bench [-- options]`. Prints Markdown tables.
 *
 * For each size it generates a document with ../shared/bench/gen-doc.mjs and measures, each as a
 * whole process (start-up included): `apidesc-docs validate` (wall time, peak RSS of the process
 * tree) and `apidesc-docs build --timings` (site + search index; wall time, processor time of the
 * process tree, peak RSS, the processor time of each stage as the build reports it, routes, output
 * bytes, median and largest page, median channel page, JavaScript a page loads before search is
 * used). Then, by default, this tool beside @asyncapi/html-template at 10 and 100 channels (runs
 * alternated, the ratio of their times), the growth from each size to the next, and the `dev`
 * edit-to-page latency.
 *
 * With --peers it installs the official AsyncAPI parser, generator and html-template into a folder
 * outside the project (as ../shared/bench/peers.sh does) and runs them on the same documents
 * (root key `asyncapi`, sns bindingVersion 0.1.0, which they require), printing the ratios.
 *
 * Options:
 *   --sizes 10,100,500,1000,2000,5000   channel counts
 *   --runs 3            validate runs per size (median)
 *   --build-runs 3      build runs per size up to 500 channels (1 above: minutes each)
 *   --dev 1000          size for the dev latency (0 to skip)
 *   --beside 10,100     sizes at which html-template is built beside this tool in the default
 *                       run (--beside '' for none); its install is kept in bench/.out/peers
 *   --peers             also the official tools at every size (the parser, html-template up to --html-max)
 *   --peer-dir DIR      reuse an install of the peers (default: a new temporary folder; bench/.out/peers for --beside)
 *   --parser-max 5000   largest size the official parser runs on
 *   --html-max 500      largest size html-template runs on (about 5.5 minutes at 500; crashes at 1000)
 *   --peer-runs 1       runs of each peer per size (median); they alternate with this tool's runs
 *                       of the same size, so that both meet the same machine
 *   --peer-node PATH    run the peers on this Node (default: the machine's own, the first \`node\` on
 *                       PATH outside node_modules: html-template's generator runs npm, which the
 *                       project's pinned Node cannot find)
 *   --only validate|build|dev   one part only
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { delimiter, join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { rendererCacheDir } from '../src/perf/renderer-bundle.ts';
import { devLatency } from './dev-latency.ts';
import { alternate, binCommand, fmt, repeat, type Job, type Measure } from './measure.ts';
import { installPeers, PEER_VERSIONS } from './peers.ts';
import { folderStats, siteStats, type SiteStats } from './site-stats.ts';

const repo = resolve(import.meta.dirname, '..');
const bin = join(repo, 'bin/apidesc-docs.mjs');
const shared = resolve(process.env.APIDESC_SHARED ?? join(repo, '../shared'));
const genDoc = join(shared, 'bench/gen-doc.mjs');

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10,100,500,1000,2000,5000' },
    runs: { type: 'string', default: '3' },
    'build-runs': { type: 'string', default: '3' },
    dev: { type: 'string', default: '1000' },
    peers: { type: 'boolean', default: false },
    beside: { type: 'string', default: '10,100' },
    'peer-dir': { type: 'string' },
    'parser-max': { type: 'string', default: '5000' },
    'html-max': { type: 'string', default: '500' },
    'peer-runs': { type: 'string', default: '1' },
    'peer-node': { type: 'string' },
    only: { type: 'string' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
const part = (name: string): boolean => values.only === undefined || values.only === name;

if (!existsSync(genDoc)) {
  console.error(`gen-doc.mjs not found at ${genDoc}: set APIDESC_SHARED to the shared folder.`);
  process.exit(2);
}

const work = join(repo, 'bench/.out');
mkdirSync(work, { recursive: true });

function generate(n: number, key: 'apidesc' | 'asyncapi', sns: string): string {
  const file = join(work, `doc-${n}-${key}-sns${sns}.yaml`);
  if (!existsSync(file))
    writeFileSync(file, execFileSync(process.execPath, [genDoc, '--channels', String(n), '--key', key, '--sns-binding-version', sns], { maxBuffer: 1 << 30 }));
  return file;
}

// The 5000-channel document (62 MB) is above the default 50 MB input limit.
const LIMIT = ['--max-bytes', '200000000'];
const validateCommand = (file: string): string[] => [...binCommand(bin), 'validate', '--format', 'json', ...LIMIT, file];
const validate = (file: string, times: number): Promise<Measure> => repeat(validateCommand(file), times);
/** A build of `file` into `out` by the command at `command` (this checkout's or an installed package's). */
const buildCommand = (file: string, out: string, command = bin): string[] => [
  ...binCommand(command),
  'build',
  file,
  '--out',
  out,
  '--allow-invalid',
  '--timings',
  ...LIMIT,
];

/**
 * Each build writes a new folder, as on a CI runner: the site of the run before is moved aside,
 * and removed only when the bench ends. On this machine's disk, making files in the seconds after
 * a large removal is slow (a 100-channel site's 563 folders and pages: 0.5–0.8 s instead of
 * 0.05 s), which put the removal of one run's site into the next run's time (bench/README.md,
 * "Build, eighth round").
 */
const setAsideDir = join(work, 'set-aside');
let setAsideCount = 0;
rmSync(setAsideDir, { recursive: true, force: true });
process.on('exit', () => rmSync(setAsideDir, { recursive: true, force: true }));

function setAside(folder: string): void {
  if (!existsSync(folder)) return;
  mkdirSync(setAsideDir, { recursive: true });
  renameSync(folder, join(setAsideDir, String(setAsideCount++)));
}

/** Builds into a new folder each run (as a CI preview does); gen-doc documents carry errors, hence --allow-invalid. */
async function build(file: string, times: number, beside?: Job): Promise<{ m: Measure; stats: SiteStats; phases: string; stages: string; beside?: Measure }> {
  const out = join(work, 'site');
  const ours: Job = { command: buildCommand(file, out), times, before: () => setAside(out) };
  const [m, other] = beside ? await alternate(ours, beside) : [await repeat(ours.command, times, {}, ours.before), undefined];
  if (m.exit !== 0) throw new Error(`build of ${file} failed:\n${m.stderr}`);
  // "Built … in 9.8 s (validate 0.8 s, model 6.5 s, pages 7.0 s (6.6 s of it beside the model), search 2.2 s; CPU 14.1 s)."
  const phases = /^Built .* in [\d.]+ s \((.*); CPU [\d.]+ s\)\.$/m.exec(m.stderr)?.[1] ?? '';
  return { m, stats: siteStats(out), phases, stages: stageCpu(m.stderr), ...(other ? { beside: other } : {}) };
}

/** The processor time of each stage, from the table of `build --timings` (of the first run): "model 3.4, renderer 2.6, search 2.0". */
function stageCpu(stderr: string): string {
  const cpu = (name: string): string => new RegExp(`^  ${name} +[\\d.]+ +([\\d.]+)$`, 'm').exec(stderr)?.[1] ?? '?';
  return `model ${cpu('model process')}, renderer ${cpu('renderer')}, search ${cpu('search index')}`;
}

/**
 * The package as users install it: packed from this checkout (`npm pack`, which compiles the
 * command line and makes the renderer the package ships) and installed into a folder of its own.
 * Made once per run of the bench; returns the installed package's folder.
 */
let installedPackage: string | undefined;
function installPackage(): string {
  if (installedPackage) return installedPackage;
  const dir = join(work, 'installed');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private": true}');
  const [{ filename }] = JSON.parse(
    execFileSync('npm', ['pack', '--pack-destination', dir, '--json'], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  ) as [{ filename: string }];
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, filename)], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  installedPackage = join(dir, 'node_modules/apidesc-docs');
  return installedPackage;
}

/**
 * A first build, one run:
 * - `sources`: this checkout, after the site's renderer bundles are removed: what the first
 *   build after a change of the site's sources, base path, site URL or guides takes (it bundles
 *   the renderer, src/perf/renderer-bundle.ts);
 * - `install`: the installed package (installPackage), with every cache of it removed and Node's
 *   compile cache empty: what the first build after `npm install` takes, as on a CI runner that
 *   keeps no cache between runs. The command line's bundle and the format's compiled validators
 *   are made, every module is compiled anew; the renderer is the one the package ships.
 * Every other build here reuses them all, as later builds do.
 */
async function firstBuild(file: string, after: 'sources' | 'install'): Promise<Measure> {
  const root = after === 'install' ? installPackage() : repo;
  const cache = rendererCacheDir(root);
  const compileCache = join(work, 'compile-cache');
  const forget = (): void => {
    for (const name of existsSync(cache) ? readdirSync(cache) : [])
      if (after === 'install' || name.startsWith('renderer-')) rmSync(join(cache, name), { recursive: true, force: true });
    // Left by a bench that was stopped: an install starts with none.
    rmSync(compileCache, { recursive: true, force: true });
  };
  const out = join(work, 'site');
  const env = after === 'install' ? { ...process.env, NODE_COMPILE_CACHE: compileCache } : process.env;
  const m = await repeat(buildCommand(file, out, join(root, 'bin/apidesc-docs.mjs')), 1, { env }, () => {
    forget();
    setAside(out);
  });
  rmSync(compileCache, { recursive: true, force: true });
  if (m.exit !== 0) throw new Error(`build of ${file} failed:\n${m.stderr}`);
  return m;
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
const kb = (bytes: number): string => (bytes / 1e3).toFixed(0);
const fileMb = (file: string): number => statSync(file).size / 1e6;

console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);

if (part('validate')) {
  console.log(`\n### validate (median of ${runs}; exit 1: gen-doc writes \`deprecated\` on messages, which the SPEC does not list)\n`);
  console.log('| channels | YAML MB | validate s | peak RSS MB | s per MB | exit |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const n of sizes) {
    const file = generate(n, 'apidesc', '0.2.0');
    const m = await validate(file, runs);
    console.log(`| ${n} | ${fileMb(file).toFixed(1)} | ${fmt(m.wall)} | ${fmt(m.rssMb, 0)} | ${fmt(m.wall / fileMb(file))} | ${m.exit} |`);
  }
}

const built = new Map<number, { m: Measure; stats: SiteStats }>();
if (part('build')) {
  console.log('\n### build (site + search index, into a fresh folder)\n');
  const smallestDoc = generate(sizes[0]!, 'apidesc', '0.2.0');
  const first = await firstBuild(smallestDoc, 'sources');
  const installed = await firstBuild(smallestDoc, 'install');
  console.log(
    `First builds, ${sizes[0]} channels: with new sources (it bundles the site's renderer) ${fmt(first.wall, 1)} s, peak RSS ${fmt(first.rssMb, 0)} MB; the installed package after \`npm install\` (no cache at all; the renderer it ships) ${fmt(installed.wall, 1)} s, ${fmt(installed.rssMb, 0)} MB. The builds below reuse what those made, as every later build does.\n`,
  );
  console.log(
    '| channels | runs | build s | CPU s | phases | CPU by stage s | peak RSS MB | pages | routes | output MB | median page KB | median channel page KB | largest page KB | JS before search KB |',
  );
  console.log('|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const n of sizes) {
    const times = n <= 500 ? Number(values['build-runs']) : 1;
    const { m, stats, phases, stages } = await build(generate(n, 'apidesc', '0.2.0'), times);
    built.set(n, { m, stats });
    console.log(
      `| ${n} | ${times} | ${fmt(m.wall, 1)} | ${fmt(m.cpu, 1)} | ${phases} | ${stages} | ${fmt(m.rssMb, 0)} | ${stats.pages} | ${stats.routes} | ${mb(stats.totalBytes)} | ${kb(stats.medianPage)} | ${kb(stats.medianChannelPage)} | ${kb(stats.largestPage)} (${stats.largestPageUrl}) | ${fmt(stats.maxScriptBytes / 1000, 1)} |`,
    );
  }
  const besideSizes = values.beside
    .split(',')
    .filter((size) => size.trim() !== '')
    .map(Number);
  if (besideSizes.length > 0 && !values.peers) await besideHtmlTemplate(besideSizes);
  console.log('\nGrowth from one size to the next (linear: time and output grow no faster than channels):\n');
  console.log('| from → to | channels × | build time × | output bytes × | median channel page × (vs smallest) |');
  console.log('|---|---:|---:|---:|---:|');
  const done = sizes.filter((n) => built.has(n));
  const smallest = built.get(done[0]!)!;
  for (let i = 1; i < done.length; i++) {
    const a = built.get(done[i - 1]!)!;
    const b = built.get(done[i]!)!;
    console.log(
      `| ${done[i - 1]} → ${done[i]} | ${fmt(done[i]! / done[i - 1]!, 1)} | ${fmt(b.m.wall / a.m.wall)} | ${fmt(b.stats.totalBytes / a.stats.totalBytes)} | ${fmt(b.stats.medianChannelPage / smallest.stats.medianChannelPage)} |`,
    );
  }
}

if (part('dev') && Number(values.dev) > 0) {
  const n = Number(values.dev);
  const { startS, editS } = await devLatency(bin, generate(n, 'apidesc', '0.2.0'));
  console.log(`\n### dev (${n} channels)\n`);
  console.log(`first page served after ${fmt(startS, 1)} s; an edit of a channel title shown on its page after ${editS.map((s) => `${fmt(s)} s`).join(', ')}`);
}

if (values.peers) {
  const peerDir = values['peer-dir'] ?? mkdtempSync(join(tmpdir(), 'apidesc-peers-'));
  const htmlMax = Number(values['html-max']);
  const peers = installPeers(peerDir, part('build') && htmlMax > 0);
  const peerRuns = Number(values['peer-runs']);
  const peerNode = values['peer-node'] ?? machineNode() ?? process.execPath;
  const peerVersion = execFileSync(peerNode, ['--version'], { encoding: 'utf8' }).trim();
  if (part('validate')) {
    console.log(`\n### validate: this tool and @asyncapi/parser ${PEER_VERSIONS.parser} (parse + validate, Node ${peerVersion}), same documents (sns 0.1.0)\n`);
    console.log('| channels | ours s | ours RSS MB | official parser s | parser RSS MB | speed-up |');
    console.log('|---:|---:|---:|---:|---:|---:|');
    for (const n of sizes.filter((s) => s <= Number(values['parser-max']))) {
      const [m, p] = await alternate(
        { command: validateCommand(generate(n, 'apidesc', '0.1.0')), times: runs },
        {
          command: [peerNode, join(shared, 'bench/parse-doc.mjs'), peers.parser, generate(n, 'asyncapi', '0.1.0')],
          times: peerRuns,
          options: { env: { ...process.env, PATH: machinePath() } },
        },
      );
      console.log(`| ${n} | ${fmt(m.wall)} | ${fmt(m.rssMb, 0)} | ${fmt(p.wall)} | ${fmt(p.rssMb, 0)} | ${fmt(p.wall / m.wall, 1)}x |`);
    }
  }
  if (part('build') && htmlMax > 0) {
    console.log(
      `\n### build: this tool and @asyncapi/html-template ${PEER_VERSIONS.htmlTemplate} (generator ${PEER_VERSIONS.generator}, its default options, Node ${peerVersion}), same documents (sns 0.1.0)\n`,
    );
    console.log(
      'Ours: builds that reuse the site renderer (median); first builds, one run each after the others: with new sources (it bundles the renderer), and the installed package after `npm install` (no cache at all; the renderer it ships).\n',
    );
    console.log(
      '| channels | ours s | ours RSS MB | ours pages | ours largest page KB | html-template s | its RSS MB | its files | its largest page KB | speed-up | ours, new sources s | its speed-up | ours, after an install s | its speed-up |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const n of sizes.filter((s) => s <= htmlMax)) {
      const out = join(peerDir, `out-${n}`);
      const htmlTemplate: Job = {
        command: [peerNode, join(shared, 'bench/gen-html.mjs'), peers.gen, generate(n, 'asyncapi', '0.1.0'), out],
        times: peerRuns,
        options: { timeoutS: 1200, env: { ...process.env, PATH: machinePath(), PUPPETEER_SKIP_DOWNLOAD: '1' } },
      };
      const ours = await build(generate(n, 'apidesc', '0.1.0'), n <= 500 ? Number(values['build-runs']) : 1, htmlTemplate);
      const p = ours.beside!;
      const theirs = p.exit === 0 ? folderStats(out) : { files: NaN, totalBytes: NaN, largestPage: NaN };
      const first = await firstBuild(generate(n, 'apidesc', '0.1.0'), 'sources');
      const installed = await firstBuild(generate(n, 'apidesc', '0.1.0'), 'install');
      const ratio = (ourWall: number): string => (p.exit === 0 ? `${fmt(p.wall / ourWall, 1)}x` : '—');
      console.log(
        `| ${n} | ${fmt(ours.m.wall, 1)} | ${fmt(ours.m.rssMb, 0)} | ${ours.stats.pages} | ${kb(ours.stats.largestPage)} | ${p.exit === 0 ? fmt(p.wall, 1) : `failed (exit ${p.exit})`} | ${fmt(p.rssMb, 0)} | ${theirs.files} | ${kb(theirs.largestPage)} | ${ratio(ours.m.wall)} | ${fmt(first.wall, 1)} | ${ratio(first.wall)} | ${fmt(installed.wall, 1)} | ${ratio(installed.wall)} |`,
      );
    }
  }
}

/**
 * This tool and html-template on the same documents (sns 0.1.0, which it requires), run in turn
 * (`--build-runs` each), every build of ours into a new folder: wall time, processor time of the
 * whole process tree and peak memory of each, and how many times faster this tool is.
 */
async function besideHtmlTemplate(besideSizes: number[]): Promise<void> {
  const peerDir = values['peer-dir'] ?? join(work, 'peers');
  const peers = installPeers(peerDir, true);
  const peerNode = values['peer-node'] ?? machineNode() ?? process.execPath;
  const peerVersion = execFileSync(peerNode, ['--version'], { encoding: 'utf8' }).trim();
  const times = Number(values['build-runs']);
  console.log(
    `\nBeside @asyncapi/html-template ${PEER_VERSIONS.htmlTemplate} (generator ${PEER_VERSIONS.generator}, its defaults, Node ${peerVersion}), same documents (sns 0.1.0), ${times} runs of each in turn, medians:\n`,
  );
  console.log('| channels | this tool s | CPU s | peak RSS MB | html-template s | CPU s | peak RSS MB | faster (wall) | less CPU |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const n of besideSizes) {
    const out = join(peerDir, `out-${n}`);
    const { m, beside } = await build(generate(n, 'apidesc', '0.1.0'), times, {
      command: [peerNode, join(shared, 'bench/gen-html.mjs'), peers.gen, generate(n, 'asyncapi', '0.1.0'), out],
      times,
      options: { timeoutS: 1200, env: { ...process.env, PATH: machinePath(), PUPPETEER_SKIP_DOWNLOAD: '1' } },
    });
    const p = beside!;
    const ok = p.exit === 0;
    console.log(
      `| ${n} | ${fmt(m.wall, 1)} | ${fmt(m.cpu, 1)} | ${fmt(m.rssMb, 0)} | ${ok ? fmt(p.wall, 1) : `failed (exit ${p.exit})`} | ${fmt(p.cpu, 1)} | ${fmt(p.rssMb, 0)} | ${ok ? `${fmt(p.wall / m.wall, 1)}x` : '—'} | ${ok ? `${fmt(p.cpu / m.cpu, 1)}x` : '—'} |`,
    );
  }
}

/** PATH without the project's node_modules/.bin folders, which `npm run` puts first: the peers see the machine as it is. */
function machinePath(): string {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.split(sep).includes('node_modules'))
    .join(delimiter);
}

/** The machine's own `node` (not the project's pinned one), if there is one. */
function machineNode(): string | undefined {
  for (const dir of machinePath().split(delimiter)) {
    const candidate = join(dir, 'node');
    if (dir !== '' && existsSync(candidate)) return candidate;
  }
  return undefined;
}
