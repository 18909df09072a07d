/**
 * What each performance mechanism of src/perf saves: for every mechanism, the same command with
 * it and without it (APIDESC_PERF_OFF, src/perf/switches.ts), alternated run by run, at several
 * sizes of a generated document. Prints one Markdown table; src/perf/README.md keeps the results.
 *
 *   node bench/mechanisms.ts [--sizes 10,100,1000] [--runs 5] [--build-runs 3] [--build-sizes 100]
 *
 * TurboFan (off for the command itself, by the bin's first line) is measured the same way, with
 * `node --no-turbofan` against plain `node`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Mechanism } from '../src/perf/switches.ts';
import { binCommand, fmt, measure, median, type Measure } from './measure.ts';

const repo = resolve(import.meta.dirname, '..');
const bin = join(repo, 'bin/apidesc-docs.mjs');
const shared = resolve(process.env.APIDESC_SHARED ?? join(repo, '../shared'));
const genDoc = join(shared, 'bench/gen-doc.mjs');
const work = join(repo, 'bench/.out');

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10,100,1000' },
    runs: { type: 'string', default: '5' },
    'build-sizes': { type: 'string', default: '100' },
    'build-runs': { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});

function generate(n: number): string {
  const file = join(work, `doc-${n}-apidesc-sns0.2.0.yaml`);
  mkdirSync(work, { recursive: true });
  if (!existsSync(file))
    writeFileSync(
      file,
      execFileSync(process.execPath, [genDoc, '--channels', String(n), '--key', 'apidesc', '--sns-binding-version', '0.2.0'], { maxBuffer: 1 << 30 }),
    );
  return file;
}

interface Case {
  /** What is measured, as the table names it. */
  name: string;
  command: 'validate' | 'build';
  /** The run without the mechanism. */
  off: { mechanism: Mechanism } | { nodeFlags: string[]; onFlags: string[] };
}

const CASES: Case[] = [
  { name: 'turbofan off for the command (bin)', command: 'validate', off: { nodeFlags: [], onFlags: ['--no-turbofan'] } },
  { name: 'turbofan off for the command (bin)', command: 'build', off: { nodeFlags: [], onFlags: ['--no-turbofan'] } },
  { name: 'cli-bundle', command: 'validate', off: { mechanism: 'cli-bundle' } },
  { name: 'code-cache', command: 'validate', off: { mechanism: 'code-cache' } },
  { name: 'validator-cache', command: 'validate', off: { mechanism: 'validator-cache' } },
  { name: 'lazy-modules', command: 'validate', off: { mechanism: 'lazy-modules' } },
  { name: 'compile-cache', command: 'validate', off: { mechanism: 'compile-cache' } },
  { name: 'renderer-bundle', command: 'build', off: { mechanism: 'renderer-bundle' } },
  { name: 'parallel-highlight', command: 'build', off: { mechanism: 'parallel-highlight' } },
  { name: 'highlight-memo', command: 'build', off: { mechanism: 'highlight-memo' } },
  { name: 'message-memo', command: 'build', off: { mechanism: 'message-memo' } },
  { name: 'line-memo', command: 'build', off: { mechanism: 'line-memo' } },
  { name: 'grammar-regex-cache', command: 'build', off: { mechanism: 'grammar-regex-cache' } },
  { name: 'lean-heap', command: 'build', off: { mechanism: 'lean-heap' } },
  { name: 'compile-cache', command: 'build', off: { mechanism: 'compile-cache' } },
];

function commandOf(c: Case, doc: string, out: string, with_: boolean): { argv: string[]; env: NodeJS.ProcessEnv } {
  const args = c.command === 'validate' ? ['validate', doc] : ['build', doc, '--out', out, '--allow-invalid'];
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  if ('mechanism' in c.off && !with_) env.APIDESC_PERF_OFF = c.off.mechanism;
  else delete env.APIDESC_PERF_OFF;
  // As the installed command runs (binCommand), or with the flags of the case.
  const command = 'nodeFlags' in c.off ? [process.execPath, ...(with_ ? c.off.onFlags : c.off.nodeFlags), bin] : binCommand(bin);
  return { argv: [...command, ...args], env };
}

const rows: string[] = [];
const sizesOf = (c: Case): number[] => (c.command === 'validate' ? values.sizes : values['build-sizes']).split(',').map(Number);
for (const c of CASES) {
  if (values.only && !c.name.includes(values.only)) continue;
  for (const n of sizesOf(c)) {
    const doc = generate(n);
    const runs = Number(c.command === 'validate' ? values.runs : values['build-runs']);
    const out = join(work, 'mechanisms-site');
    const timed: Record<'with' | 'without', Measure[]> = { with: [], without: [] };
    // One unmeasured run each, so that caches are made before either side is timed.
    for (const with_ of [true, false]) {
      const { argv, env } = commandOf(c, doc, out, with_);
      await measure(argv, { env, timeoutS: 1800 });
    }
    for (let i = 0; i < runs; i++)
      for (const with_ of [true, false]) {
        const { argv, env } = commandOf(c, doc, out, with_);
        rmSync(out, { recursive: true, force: true });
        timed[with_ ? 'with' : 'without'].push(await measure(argv, { env, timeoutS: 1800 }));
      }
    const on = median(timed.with.map((m) => m.wall));
    const off = median(timed.without.map((m) => m.wall));
    const rss = (list: Measure[]): number => Math.max(...list.map((m) => m.rssMb));
    rows.push(
      `| ${c.name} | ${c.command} | ${n} | ${fmt(on)} | ${fmt(off)} | ${fmt((100 * (off - on)) / off, 0)} % | ${fmt(rss(timed.with), 0)} | ${fmt(rss(timed.without), 0)} |`,
    );
    console.error(rows.at(-1));
  }
}
rmSync(join(work, 'mechanisms-site'), { recursive: true, force: true });
console.log(`Medians of alternated runs (validate ${values.runs}, build ${values['build-runs']}), ${new Date().toISOString().slice(0, 10)}:\n`);
console.log('| mechanism | command | channels | with it s | without it s | saves | peak RSS with MB | without MB |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
