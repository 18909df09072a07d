/**
 * Entry of the model process (started by stage-processes.ts): runs prepare-main.ts from an
 * esbuild bundle of it and the packages it uses, as the command line runs from its own
 * (src/perf/cli-bundle.ts). Node would otherwise resolve, read and link its 400 and more modules
 * one by one on the build's critical path (bench/README.md, "Build speed (issue 35), sixth round").
 * Packages that load their parts with `import()` stay outside the bundle and are loaded by Node
 * (PREPARE_EXTERNAL). Without a bundle (`APIDESC_PERF_OFF=prepare-bundle`, APIDESC_DOCS_NO_BUNDLE=1,
 * or none could be made) the module itself runs: the same work.
 */
import { fileURLToPath } from 'node:url';
import { defaultCacheDir, loadCliBundle, type CliModule } from '../perf/cli-bundle.ts';
import { PREPARE_EXTERNAL } from '../perf/prepare-external.ts';
import { mechanismOn } from '../perf/switches.ts';
import { moduleFile } from '../lib/module-file.ts';

const entry = fileURLToPath(moduleFile('./prepare-main.ts', import.meta.url));
const useBundle = process.env.APIDESC_DOCS_NO_BUNDLE !== '1' && mechanismOn('prepare-bundle');
const bundled = useBundle ? await loadCliBundle(entry, { cacheDir: defaultCacheDir(entry), command: 'prepare', external: PREPARE_EXTERNAL }) : undefined;
// The stage ends with process.exit (child-lifetime.ts): the functions it compiled are kept then.
if (bundled) process.once('exit', () => bundled.saveCodeCache());
const stage: CliModule = bundled ?? ((await import(moduleFile('./prepare-main.ts', import.meta.url).href)) as CliModule);
await stage.main([]);
