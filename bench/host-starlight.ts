/**
 * The reference inside a Starlight site against this tool's own build, on gen-doc documents
 * (../shared/bench/gen-doc.mjs): wall time and peak memory of the process tree of
 * `apidesc-docs build` and of `astro build` of test/fixtures/starlight-site with the same document
 * (allowInvalid: gen-doc's documents carry errors). Issue 39 asks for a 1,000-channel document
 * inside Starlight within twice this tool's own time and 2 GB.
 *
 *   node bench/host-starlight.ts --sizes 100,1000
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { hostSite } from '../test/host-site.ts';
import { binCommand, fmt, measure } from './measure.ts';

const repo = resolve(import.meta.dirname, '..');
const shared = resolve(process.env.APIDESC_SHARED ?? join(repo, '../shared'));
const genDoc = join(shared, 'bench/gen-doc.mjs');
const { values } = parseArgs({ options: { sizes: { type: 'string', default: '100,1000' } } });
if (!existsSync(genDoc)) {
  console.error(`gen-doc.mjs not found at ${genDoc}: set APIDESC_SHARED to the shared folder.`);
  process.exit(2);
}
const work = join(repo, 'bench/.out');
mkdirSync(work, { recursive: true });

function generate(n: number): string {
  const file = join(work, `doc-${n}-apidesc-sns0.2.0.yaml`);
  if (!existsSync(file))
    writeFileSync(
      file,
      execFileSync(process.execPath, [genDoc, '--channels', String(n), '--key', 'apidesc', '--sns-binding-version', '0.2.0'], { maxBuffer: 1 << 30 }),
    );
  return file;
}

console.log('| channels | apidesc-docs build (s, MB) | inside Starlight (s, MB) | pages | time ratio |');
console.log('| --- | --- | --- | --- | --- |');
for (const n of values.sizes.split(',').map(Number)) {
  const doc = generate(n);
  const out = join(work, 'host-standalone');
  rmSync(out, { recursive: true, force: true });
  const own = await measure([...binCommand(join(repo, 'bin/apidesc-docs.mjs')), 'build', doc, '--out', out, '--allow-invalid']);
  rmSync(out, { recursive: true, force: true });
  const site = hostSite('starlight-site', { 'api/doc.apidesc.yaml': readFileSync(doc, 'utf8') });
  try {
    const config = join(site.dir, 'astro.config.mjs');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace("documents: 'api/', base: 'reference'", "documents: 'api/', base: 'reference', allowInvalid: true"),
    );
    // The fixture's own page shows parts of content/orders.apidesc.yaml, not of this document.
    rmSync(join(site.dir, 'src/content/docs/guides/orders.mdx'));
    const host = await measure([process.execPath, join(repo, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: site.dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      timeoutS: 1800,
    });
    if (host.exit !== 0) throw new Error(`astro build failed:\n${host.stderr}`);
    const pages = readdirSync(join(site.dir, 'dist'), { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
    console.log(`| ${n} | ${fmt(own.wall, 1)}, ${fmt(own.rssMb, 0)} | ${fmt(host.wall, 1)}, ${fmt(host.rssMb, 0)} | ${pages} | ${fmt(host.wall / own.wall)} |`);
  } finally {
    site.remove();
  }
}
