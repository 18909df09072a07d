/**
 * Runs one Astro build in its own process (spawned by build-command.ts). Astro keeps route data
 * in module state, so two builds in one process would render the second site with the first
 * one's pages; a process per build also keeps the CLI's memory flat.
 * Arguments: one JSON object {root, outDir, base?, site?}; the site data path is in the environment.
 */
import { build } from 'astro';
import { takeRenderLock } from './render-lock.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as { root: string; outDir: string; base?: string; site?: string };
process.env.ASTRO_TELEMETRY_DISABLED = '1';
// Astro's prerender step imports its chunks with Node's resolution, which finds the site's
// packages only from the project folder.
process.chdir(options.root);

const release = await takeRenderLock(options.root, undefined, () => process.stderr.write('Waiting for another build of the same site folder to finish rendering…\n'));
// Released however this process ends: a build stopped early (invalid documents) is sent SIGTERM.
process.once('exit', release);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(143));
await build({ root: options.root, outDir: options.outDir, logLevel: 'warn', ...(options.base ? { base: options.base } : {}), ...(options.site ? { site: options.site } : {}) });
