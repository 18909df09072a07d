/**
 * Portal flows at scale (not a test): `node bench/portal-flows.ts [--sizes 20,40,80,160]`.
 * For each size, a portal of that many 1 KB documents that all send and receive on the same three
 * addresses (test/portal-flood.ts: flows grow with the square of the number of APIs) is built as
 * a whole process; printed: flows, wall time, peak RSS, and what the bounds keep small: the
 * bytes of apidesc-routes.json, of the portal's root, and of the largest page. Then the match
 * alone, in this process, for each size.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { buildSiteData } from '../src/site/site-model.ts';
import { floodPortal } from '../test/portal-flood.ts';
import { binCommand, fmt, measure } from './measure.ts';
import { siteStats } from './site-stats.ts';

const repo = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { sizes: { type: 'string', default: '20,40,80,160' } } });
const sizes = values.sizes.split(',').map(Number);
const work = mkdtempSync(join(tmpdir(), 'apidesc-bench-flows-'));

try {
  console.log("| APIs | flows | build s | peak RSS MB | apidesc-routes.json KB | portal root KB | largest page KB | model s (match, pages' summaries) |");
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const size of sizes) {
    const dir = join(work, String(size));
    const files = floodPortal(size);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const run = await measure([...binCommand(join(repo, 'bin/apidesc-docs.mjs')), 'build', 'apis', '--out', 'site'], { cwd: dir, timeoutS: 900 });
    if (run.exit !== 0) throw new Error(`build of ${size} APIs failed:\n${run.stderr}`);
    const site = join(dir, 'site');
    const manifest = JSON.parse(readFileSync(join(site, 'apidesc-routes.json'), 'utf8')) as { flows: unknown[]; flowsNotListed?: { flows: number } };
    const stats = siteStats(site);
    const docs = [];
    for (const path of Object.keys(files)) docs.push({ file: join(dir, path), doc: (await validateDocument(join(dir, path), {})).doc! });
    const started = performance.now();
    buildSiteData(docs, dir, { deferPages: true });
    const model = performance.now() - started;
    const kb = (bytes: number): string => (bytes / 1e3).toFixed(0);
    console.log(
      `| ${size} | ${manifest.flowsNotListed?.flows ?? manifest.flows.length} | ${fmt(run.wall, 1)} | ${fmt(run.rssMb, 0)} | ${kb(statSync(join(site, 'apidesc-routes.json')).size)} | ${kb(statSync(join(site, 'index.html')).size)} | ${kb(stats.largestPage)} | ${fmt(model / 1000, 2)} |`,
    );
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
