/**
 * A portal's rebuild after one API changed, this checkout (A) against another (B, `--other`):
 * `node bench/portal-rebuild.ts --apis 20 --channels 50 --pairs 3 --other <checkout> [--work <folder>]`
 * (bench/README.md, "Portals"). `--other` is a checkout of the same package with its packages
 * installed (e.g. `git archive main` and a copy of node_modules).
 *
 * Generates the portal (portal-docs.ts), builds it cold with each checkout into a cache folder of
 * its own (A then B), then `--pairs` times: edits one API (portal-edit-toggle.ts) and rebuilds
 * with each checkout from its cache, the order alternated pair by pair (A B, B A, …) so that both
 * meet the machine in the same state. Prints each run's wall and processor time (user + system
 * of the whole process tree), the peak RSS of the tree, the load average after it, and the
 * rebuild's share of its own cold build. Every build runs with `--allow-invalid` (gen-doc's
 * findings). The work folder is removed at the end unless `--work` names one to keep.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { binCommand, fmt, type Measure, measure, median } from './measure.ts';
import { generatePortal } from './portal-docs.ts';

const { values } = parseArgs({
  options: {
    apis: { type: 'string', default: '20' },
    channels: { type: 'string', default: '50' },
    pairs: { type: 'string', default: '3' },
    other: { type: 'string' },
    work: { type: 'string' },
  },
});
if (!values.other) throw new Error('usage: node bench/portal-rebuild.ts --other <checkout> [--apis 20 --channels 50 --pairs 3 --work <folder>]');
const apis = Number(values.apis);
const channels = Number(values.channels);
const pairs = Number(values.pairs);
const work = values.work ? resolve(values.work) : mkdtempSync(join(tmpdir(), 'apidesc-bench-rebuild-'));
const sides = { A: binCommand(resolve(import.meta.dirname, '../bin/apidesc-docs.mjs')), B: binCommand(resolve(values.other, 'bin/apidesc-docs.mjs')) };
type Side = keyof typeof sides;
const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

let builds = 0;
/** Builds the portal with `side`'s checkout and its cache into a new folder (removed after). */
async function build(side: Side, what: string): Promise<Measure> {
  const out = `site-${++builds}`;
  const m = await measure([...sides[side], 'build', 'apis', '--out', out, '--cache', `cache-${side}`, '--allow-invalid'], { cwd: work, timeoutS: 3600 });
  rmSync(join(work, out), { recursive: true, force: true });
  const said = m.stderr.split('\n').filter((line) => /^(Build cache|API summaries|Search index parts)/.test(line));
  console.log(`| ${what} | ${side} | ${fmt(m.wall, 1)} | ${fmt(m.cpu, 1)} | ${Math.round(m.rssMb)} | ${load()} | ${said.join(' ').replace(/\|/g, '/')} |`);
  if (m.exit !== 0) throw new Error(`${what} (${side}) failed (exit ${m.exit}):\n${m.stderr}`);
  return m;
}

try {
  generatePortal(join(work, 'apis'), apis, channels);
  for (const side of ['A', 'B']) rmSync(join(work, `cache-${side}`), { recursive: true, force: true });
  console.log(`${apis} APIs × ${channels} channels; A ${resolve(import.meta.dirname, '..')}, B ${resolve(values.other)}; load average at the start: ${load()}`);
  console.log('| build | side | wall s | CPU s | peak MB (tree) | load after | what it says |\n|---|---|---|---|---|---|---|');
  const cold = { A: await build('A', 'cold'), B: await build('B', 'cold') };
  const rebuilds: Record<Side, Measure[]> = { A: [], B: [] };
  for (let i = 0; i < pairs; i++) {
    execFileSync(process.execPath, [join(import.meta.dirname, 'portal-edit-toggle.ts'), join(work, 'apis'), String(Math.min(7, apis))]);
    for (const side of (i % 2 === 0 ? ['A', 'B'] : ['B', 'A']) as Side[]) rebuilds[side].push(await build(side, `pair ${i + 1}: one API changed`));
  }
  const ratios = rebuilds.A.map((a, i) => a.cpu / rebuilds.B[i]!.cpu);
  console.log(
    `rebuild CPU, median: A ${fmt(median(rebuilds.A.map((m) => m.cpu)), 1)} s, B ${fmt(median(rebuilds.B.map((m) => m.cpu)), 1)} s; A/B pair by pair ${ratios.map((r) => fmt(r)).join(', ')}`,
  );
  for (const side of ['A', 'B'] as const)
    console.log(
      `${side}: rebuild / its cold build, CPU ${fmt(median(rebuilds[side].map((m) => m.cpu)) / cold[side].cpu)}, wall ${fmt(median(rebuilds[side].map((m) => m.wall)) / cold[side].wall)}`,
    );
} finally {
  if (!values.work) rmSync(work, { recursive: true, force: true });
}
