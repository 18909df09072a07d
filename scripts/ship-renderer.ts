/**
 * Makes the site's renderer for the published package (prepack, after compile-node.ts): the bundle
 * that builds without a base path, site URL or guides use, in `node-dist/renderer/`, so that the
 * first build after an install renders at once instead of bundling the site with Astro first
 * (src/perf/renderer-bundle.ts, `shippedRenderer`). Builds with other options make their own, as
 * in the repository.
 */
import { relative } from 'node:path';
import { shipRenderer } from '../src/perf/renderer-bundle.ts';

const root = new URL('../', import.meta.url).pathname;
process.env.ASTRO_TELEMETRY_DISABLED = '1';
const dir = await shipRenderer(root);
process.stderr.write(`Made the site's renderer for builds without base path, site URL or guides in ${relative(root, dir)}/.\n`);
