/**
 * The sharded build of a generated portal (issue 37; bench/README.md, "Portals in shards"):
 * `node bench/portal-shards.ts --apis 20 --channels 50 --shards 4 [--work <folder>]`.
 *
 * Builds the portal whole (cold, a new cache folder), then each shard on its own, one after the
 * other as the jobs of a CI matrix would run them on machines of their own (each a new cache
 * folder), then merges them; prints each run's wall and processor time and the peak RSS of its
 * process tree, and checks that the merged site is the whole build's, byte for byte, search index included. Every
 * build runs with `--allow-invalid` (gen-doc's findings). The work folder is removed at the end
 * unless `--work` names one to keep (the generated documents are reused from it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { binCommand, type Measure, measure } from './measure.ts';
import { generatePortal } from './portal-docs.ts';

const { values } = parseArgs({
  options: {
    apis: { type: 'string', default: '20' },
    channels: { type: 'string', default: '50' },
    shards: { type: 'string', default: '4' },
    work: { type: 'string' },
  },
});
const apis = Number(values.apis);
const channels = Number(values.channels);
const shards = Number(values.shards);
const work = values.work ? resolve(values.work) : mkdtempSync(join(tmpdir(), 'apidesc-bench-shards-'));
const cli = binCommand(resolve(import.meta.dirname, '../bin/apidesc-docs.mjs'));
const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function row(name: string, m: Measure): void {
  const said = m.stderr.split('\n').filter((line) => /^(Built|Merged|Build cache|Search index parts)/.test(line));
  console.log(`| ${name} | ${m.wall.toFixed(1)} | ${m.cpu.toFixed(1)} | ${Math.round(m.rssMb)} | ${load()} | ${said.join(' ').replace(/\|/g, '/')} |`);
  if (m.exit !== 0) throw new Error(`${name} failed (exit ${m.exit}):\n${m.stderr}`);
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

try {
  generatePortal(join(work, 'apis'), apis, channels);
  const run = (args: string[]): Promise<Measure> => measure([...cli, ...args, '--allow-invalid'], { cwd: work, timeoutS: 3600 });
  for (const dir of ['whole', 'whole-cache', 'merged', ...Array.from({ length: shards }, (_, i) => [`shard-${i + 1}`, `cache-${i + 1}`]).flat()])
    rmSync(join(work, dir), { recursive: true, force: true });
  console.log(`${apis} APIs × ${channels} channels, ${shards} shards; load average at the start: ${load()}`);
  console.log('| run | wall s | CPU s | peak MB (tree) | load after | what it says |\n|---|---|---|---|---|---|');
  row('whole, cold', await run(['build', 'apis', '--out', 'whole', '--cache', 'whole-cache']));
  for (let i = 1; i <= shards; i++)
    row(`shard ${i}/${shards}, cold`, await run(['build', 'apis', '--shard', `${i}/${shards}`, '--out', `shard-${i}`, '--cache', `cache-${i}`]));
  // One API edited: the whole rebuilt with its cache, and the shard that holds it with its own.
  execFileSync(process.execPath, [join(import.meta.dirname, 'portal-edit-toggle.ts'), join(work, 'apis'), String(Math.min(7, apis))]);
  row('whole, one API changed, with its cache', await run(['build', 'apis', '--out', 'whole-again', '--cache', 'whole-cache']));
  rmSync(join(work, 'whole-again'), { recursive: true, force: true });
  const merge = await measure([...cli, 'merge', ...Array.from({ length: shards }, (_, i) => `shard-${i + 1}`), '--out', 'merged'], {
    cwd: work,
    timeoutS: 3600,
  });
  row('merge', merge);
  const [whole, merged] = [join(work, 'whole'), join(work, 'merged')];
  const files = filesOf(whole);
  const mergedFiles = filesOf(merged);
  // The search index too: the shards index the parts a build of the whole makes (src/pipeline/cache/search-group-plan.ts).
  const inMerged = new Set(mergedFiles);
  const differ = files.filter((file) => !inMerged.has(file) || !readFileSync(join(whole, file)).equals(readFileSync(join(merged, file))));
  console.log(
    `merged vs whole: ${files.length} and ${mergedFiles.length} files; files differing or missing (search index included): ${differ.length}${differ.length ? ` (${differ.slice(0, 5).join(', ')})` : ''}`,
  );
} finally {
  if (!values.work) rmSync(work, { recursive: true, force: true });
}
