/**
 * Validation benchmark (not a test): `npm run bench [-- options]`.
 *
 * Generates synthetic documents with ../shared/bench/gen-doc.mjs, runs `apidesc-docs validate`
 * on each as a whole process (start-up included) and prints the median wall time and peak RSS.
 * With --peers it also installs the official AsyncAPI parser into a temporary folder (never a
 * dependency of this project, as ../shared/bench/peers.sh does), runs it on the same documents
 * (root key renamed to `asyncapi`, which gen-doc.mjs does) and prints the ratios.
 *
 * Options: --sizes 10,100,1000,5000  --runs 3  --peers  --peer-dir DIR (reuse an install)
 *          --peer-runs 1  --peer-max 5000 (largest size the peer is run on)
 *          --peer-node /usr/bin/node (run the peer on another Node, e.g. the machine's own)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const repo = resolve(import.meta.dirname, '..');
const shared = resolve(process.env.APIDESC_SHARED ?? join(repo, '../shared'));
const genDoc = join(shared, 'bench/gen-doc.mjs');
const parseDoc = join(shared, 'bench/parse-doc.mjs');
const PARSER_VERSION = '3.6.3';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10,100,1000,5000' },
    runs: { type: 'string', default: '3' },
    peers: { type: 'boolean', default: false },
    'peer-dir': { type: 'string' },
    'peer-runs': { type: 'string', default: '1' },
    'peer-max': { type: 'string', default: '5000' },
    'peer-node': { type: 'string' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);

if (!existsSync(genDoc)) {
  console.error(`gen-doc.mjs not found at ${genDoc}: set APIDESC_SHARED to the shared folder.`);
  process.exit(2);
}

interface Measure {
  wall: number;
  rssMb: number;
  exit: number;
}

/** Runs a command under /usr/bin/time, which reports the peak RSS of the whole process. */
function measure(command: string[]): Measure {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %M', ...command], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const last = result.stderr.trim().split('\n').pop() ?? '';
  const [wall, rss] = last.split(' ').map(Number);
  return { wall: wall ?? NaN, rssMb: (rss ?? NaN) / 1024, exit: result.status ?? -1 };
}

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function repeat(command: string[], times: number): Measure {
  const all = Array.from({ length: times }, () => measure(command));
  return { wall: median(all.map((m) => m.wall)), rssMb: Math.max(...all.map((m) => m.rssMb)), exit: all[0]!.exit };
}

const work = join(repo, 'bench/.out');
mkdirSync(work, { recursive: true });

function generate(n: number, key: 'apidesc' | 'asyncapi', sns: string): string {
  const file = join(work, `doc-${n}-${key}-sns${sns}.yaml`);
  if (!existsSync(file)) {
    const yaml = execFileSync(process.execPath, [genDoc, '--channels', String(n), '--key', key, '--sns-binding-version', sns], { maxBuffer: 1 << 30 });
    writeFileSync(file, yaml);
  }
  return file;
}

function ours(file: string, times: number): Measure {
  // The 5000-channel document (62 MB) is above the default 50 MB input limit.
  return repeat([process.execPath, join(repo, 'bin/apidesc-docs.mjs'), 'validate', '--format', 'json', '--max-bytes', '200000000', file], times);
}

function installPeer(): string {
  const dir = values['peer-dir'] ?? mkdtempSync(join(tmpdir(), 'apidesc-peer-'));
  if (!existsSync(join(dir, 'node_modules/@asyncapi/parser'))) {
    console.error(`installing @asyncapi/parser@${PARSER_VERSION} into ${dir} …`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private": true}');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', `@asyncapi/parser@${PARSER_VERSION}`], { cwd: dir, stdio: 'inherit' });
  }
  return dir;
}

const mb = (file: string): string => (statSync(file).size / 1e6).toFixed(1);
const fmt = (n: number, digits = 2): string => (Number.isFinite(n) ? n.toFixed(digits) : '—');

console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
console.log(`median of ${runs} whole-process runs; exit 1 means the document has errors (gen-doc emits message \`deprecated\`, which the SPEC does not list)\n`);
console.log('| channels | YAML MB | validate s | peak RSS MB | s per MB | exit |');
console.log('|---:|---:|---:|---:|---:|---:|');
for (const n of sizes) {
  const file = generate(n, 'apidesc', '0.2.0');
  const m = ours(file, runs);
  console.log(`| ${n} | ${mb(file)} | ${fmt(m.wall)} | ${fmt(m.rssMb, 0)} | ${fmt(m.wall / Number(mb(file)))} | ${m.exit} |`);
}

if (values.peers) {
  const peerDir = installPeer();
  const peerRuns = Number(values['peer-runs']);
  console.log(`\nSame documents for both tools (sns bindingVersion 0.1.0, which the official parser requires; root key renamed), median of ${runs} runs (ours) and ${peerRuns} (@asyncapi/parser ${PARSER_VERSION}, parse + validate, on ${values['peer-node'] ? execFileSync(values['peer-node'], ['--version'], { encoding: 'utf8' }).trim() : process.version}):\n`);
  console.log('| channels | ours s | ours RSS MB | official parser s | parser RSS MB | speed-up |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const n of sizes) {
    const m = ours(generate(n, 'apidesc', '0.1.0'), runs);
    const p = n <= Number(values['peer-max']) ? repeat([values['peer-node'] ?? process.execPath, parseDoc, peerDir, generate(n, 'asyncapi', '0.1.0')], peerRuns) : { wall: NaN, rssMb: NaN, exit: -1 };
    console.log(`| ${n} | ${fmt(m.wall)} | ${fmt(m.rssMb, 0)} | ${fmt(p.wall)} | ${fmt(p.rssMb, 0)} | ${fmt(p.wall / m.wall, 1)}x |`);
  }
}
