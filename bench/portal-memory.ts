/**
 * Peak memory of a portal build against its number of APIs (issue 37, "memory flat in the number
 * of APIs"; bench/README.md, "Portals in shards"): `node bench/portal-memory.ts --apis 10,20,40
 * --channels 10`. Builds each generated portal whole and cold, and one shard of four of it, and
 * prints the peak RSS of the process tree (the command, the model process, the renderer and the
 * indexer together) and each process's own peak, with wall and processor time. The work folder is removed at the end.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { binCommand, measure } from './measure.ts';
import { generatePortal } from './portal-docs.ts';

const { values } = parseArgs({ options: { apis: { type: 'string', default: '10,20,40' }, channels: { type: 'string', default: '10' } } });
const sizes = values.apis.split(',').map(Number);
const channels = Number(values.channels);
const work = mkdtempSync(join(tmpdir(), 'apidesc-bench-memory-'));
const cli = binCommand(resolve(import.meta.dirname, '../bin/apidesc-docs.mjs'));
const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

try {
  console.log(`| APIs × ${channels} channels | build | wall s | CPU s | peak MB (tree) | each process's peak MB | load |\n|---|---|---|---|---|---|---|`);
  for (const apis of sizes) {
    const dir = join(work, String(apis));
    generatePortal(join(dir, 'apis'), apis, channels);
    for (const [name, args] of [
      ['whole', ['--out', 'whole', '--cache', 'cache-whole']],
      ['shard 1/4', ['--shard', '1/4', '--out', 'shard-1', '--cache', 'cache-shard']],
    ] as const) {
      const m = await measure([...cli, 'build', 'apis', ...args, '--allow-invalid'], { cwd: dir, timeoutS: 3600 });
      if (m.exit !== 0) throw new Error(`${apis} APIs, ${name}: exit ${m.exit}\n${m.stderr}`);
      const each = Object.entries(m.processes)
        .map(([role, mb]) => `${role} ${Math.round(mb)}`)
        .join(', ');
      console.log(`| ${apis} | ${name} | ${m.wall.toFixed(1)} | ${m.cpu.toFixed(1)} | ${Math.round(m.rssMb)} | ${each} | ${load()} |`);
    }
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
