/**
 * Compiles the command line (src/cli, src/pipeline, src/project, src/dev, src/perf, src/lib, src/site) and the host
 * integrations (src/integrations: apidesc-docs/starlight, apidesc-docs/astro) to JavaScript in `node-dist/` for the published
 * package: Node strips types only outside node_modules, so an installed copy cannot run the
 * TypeScript sources. Run by `npm pack` / `npm publish` (prepack); the site's own modules stay
 * TypeScript, which Astro compiles itself.
 *
 * Each file is compiled on its own (no bundling), so the layout matches src/ and every
 * `new URL('./x.ts', import.meta.url)` has its `.js` sibling (see src/lib/module-file.ts).
 */
import { readdirSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url).pathname;
const outdir = join(root, 'node-dist');

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

rmSync(outdir, { recursive: true, force: true });
const entryPoints = ['cli', 'pipeline', 'project', 'dev', 'perf', 'lib', 'site', 'integrations'].flatMap((folder) => sources(join(root, 'src', folder)));
const result = await build({
  entryPoints,
  outdir,
  outbase: join(root, 'src'),
  bundle: false,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  write: true,
  metafile: true,
  logLevel: 'warning',
});

// Relative imports keep their `.ts` after compilation: point them at the compiled siblings.
const relativeTs = /((?:\bfrom|\bimport)\s*\(?\s*)(["'])(\.{1,2}\/[^"']+)\.ts\2/g;
for (const file of Object.keys(result.metafile.outputs)) {
  const path = join(root, file);
  const code = readFileSync(path, 'utf8');
  writeFileSync(path, code.replace(relativeTs, '$1$2$3.js$2'));
}
process.stderr.write(`Compiled ${entryPoints.length} modules into ${relative(root, outdir)}/.\n`);
