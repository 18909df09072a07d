/**
 * The command line's runner, as bin/apidesc-docs.mjs loads it: here in the command's own layer,
 * so that src/perf/cli-bundle.ts (which the model process loads too) needs nothing of src/cli/.
 */
import { pathToFileURL } from 'node:url';
import { type CliModule, defaultCacheDir, loadCliBundle } from '../perf/cli-bundle.ts';
import { mechanismOn } from '../perf/switches.ts';
import { commandOf } from './cli-options.ts';

/**
 * Runs the command line from its bundle, or from the modules when asked to (`--debug`, whose
 * stack traces then name the source files; APIDESC_DOCS_NO_BUNDLE=1) or when there is none.
 */
export async function runCommandLine(entry: string, argv: string[]): Promise<number> {
  const useBundle = !argv.includes('--debug') && process.env.APIDESC_DOCS_NO_BUNDLE !== '1' && mechanismOn('cli-bundle');
  const bundled = useBundle ? await loadCliBundle(entry, { cacheDir: defaultCacheDir(entry), command: commandOf(argv).command ?? '' }) : undefined;
  const cli = bundled ?? ((await import(pathToFileURL(entry).href)) as CliModule);
  const exitCode = await cli.main(argv);
  bundled?.saveCodeCache();
  return exitCode;
}
