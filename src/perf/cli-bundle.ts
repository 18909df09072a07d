/**
 * The command line's start-up modules as one bundled file, run through a V8 code cache.
 *
 * Node loads the modules every command starts with (about 75: ours, js-yaml, the JSON Schema
 * validator) one by one, and resolving, reading, stripping types from and linking them took
 * 45–55 ms of each `validate`, an eighth of checking a 100-channel document. esbuild bundles
 * the static import graph of the entry into one CommonJS file, kept in node_modules/.cache with
 * a manifest of its inputs (path, size, modification time); a later run whose inputs are
 * unchanged loads that file with a V8 code cache written after its command ran (code-cache.ts),
 * so the functions the command used are compiled already.
 *
 * Modules imported on demand (`import('../pipeline/pipeline.ts')`) stay separate ES modules, loaded
 * as without the bundle: the bundle holds only what every command runs. Code run by node:vm
 * cannot call `import()` itself (only with an experimental flag, or an experimental constant
 * that prints a warning), so each such call becomes a call of the import function the loader
 * passes in (code-cache.ts), with the module's own URL to resolve relative names against.
 * Each module's `import.meta.url` is replaced by its own file's URL, so the files it names
 * (workers, caches, packages through createRequire) are found where they are without the bundle.
 * Whenever a bundle cannot be made or stored (esbuild missing, a read-only install, a module
 * esbuild cannot take), the command runs from the modules themselves.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CodeCachedModule, DYNAMIC_IMPORT } from './code-cache.ts';

/** What the entry module exports (src/cli/main.ts). */
export interface CliModule {
  main(argv: string[]): Promise<number>;
}

export interface LoadedCli extends CliModule {
  /** Keeps the functions the command compiled for the next run; call once it has run. Never throws. */
  saveCodeCache(): void;
}

/** Bumped whenever the way bundles are made changes, so that older bundles are made again. */
const RECIPE = 2;

interface Manifest {
  recipe: number;
  entry: string;
  /** File name of the bundle, next to the manifest. */
  bundle: string;
  /** Every file bundled: absolute path, size, modification time. */
  inputs: [string, number, number][];
  /** The packages left outside (CliBundleOptions.external). */
  external?: string[];
}

export interface CliBundleOptions {
  /** Folder for the bundle, its manifest and code caches. */
  cacheDir: string;
  /** Names the code cache: each command runs other functions. */
  command: string;
  /**
   * Packages left out of the bundle and loaded by Node when the bundle requires them: those that
   * `import()` their own parts or read `import.meta`, which a bundle run by node:vm cannot do.
   * Part of the manifest: a different list makes the bundle anew.
   */
  external?: readonly string[];
}

/**
 * The entry module run from its bundle, made first when missing or out of date; undefined when
 * no bundle can be made or stored (the caller then imports the entry itself).
 */
export async function loadCliBundle(entry: string, options: CliBundleOptions): Promise<(LoadedCli & { rebuilt: boolean; usedCodeCache: boolean }) | undefined> {
  const manifestFile = manifestFileOf(entry, options.cacheDir);
  const external = [...(options.external ?? [])];
  let manifest = currentManifest(manifestFile, entry, external);
  const rebuilt = manifest === undefined;
  // The command line's own files (import.meta and import() rewritten) are those under the
  // entry's grandparent: src/ in the repository, node-dist/ in the package.
  if (!manifest) manifest = await writeBundle(entry, manifestFile, dirname(dirname(entry)), external);
  if (!manifest) return undefined;
  const bundle = join(options.cacheDir, manifest.bundle);
  try {
    const module = new CodeCachedModule<CliModule>(bundle, { cacheName: safeName(options.command), requireFrom: entry });
    const { main } = module.load();
    return { main, saveCodeCache: () => module.save(), rebuilt, usedCodeCache: module.usedCache };
  } catch {
    // A bundle that does not load (removed meanwhile, or broken): run from the modules.
    return undefined;
  }
}

/** The bundle of `entry` in `cacheDir`, if there is one and its inputs have not changed since it was made. */
export function currentBundleFile(entry: string, cacheDir: string, external: readonly string[] = []): string | undefined {
  const manifest = currentManifest(manifestFileOf(entry, cacheDir), entry, [...external]);
  return manifest && join(cacheDir, manifest.bundle);
}

function manifestFileOf(entry: string, cacheDir: string): string {
  return join(cacheDir, `cli-${shortHash(entry)}.json`);
}

/** The manifest, when it describes a bundle of this entry whose inputs have not changed since. */
function currentManifest(file: string, entry: string, external: string[]): Manifest | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  if (manifest.recipe !== RECIPE || manifest.entry !== entry || !Array.isArray(manifest.inputs)) return undefined;
  if ((manifest.external ?? []).join('\n') !== external.join('\n')) return undefined;
  for (const [path, size, mtime] of manifest.inputs) {
    try {
      const stat = statSync(path);
      if (stat.size !== size || stat.mtimeMs !== mtime) return undefined;
    } catch {
      return undefined;
    }
  }
  return manifest;
}

async function writeBundle(entry: string, manifestFile: string, sourceRoot: string, external: string[]): Promise<Manifest | undefined> {
  try {
    const { build, transform } = await import('esbuild');
    const target = `node${process.versions.node.split('.')[0]}`;
    const ownFiles = new RegExp(`^${escapeRegExp(sourceRoot + '/')}.*\\.[cm]?[jt]s$`);
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'cjs',
      target,
      external,
      logLevel: 'silent',
      plugins: [
        {
          name: 'apidesc-cli-bundle',
          setup(build) {
            build.onLoad({ filter: ownFiles }, async (args) => {
              // Types go first, so that only calls are left to read as `import(`.
              const { code } = await transform(readFileSync(args.path, 'utf8'), {
                loader: extname(args.path).endsWith('ts') ? 'ts' : 'js',
                format: 'esm',
                target,
              });
              return { contents: withOwnImports(code, args.path), loader: 'js' };
            });
          },
        },
      ],
    });
    // A module reading some other part of `import.meta` would read an empty object, and an
    // `import()` left in a package would fail under node:vm: such code is not bundled.
    if (result.warnings.some((w) => w.id === 'empty-import-meta')) return undefined;
    if (Object.values(result.metafile.outputs).some((output) => output.imports.some((i) => i.kind === 'dynamic-import'))) return undefined;
    const code = result.outputFiles[0]!.text;
    const dir = dirname(manifestFile);
    const bundle = `cli-${shortHash(code)}.cjs`;
    const inputs = Object.keys(result.metafile.inputs).map((input): [string, number, number] => {
      const path = resolve(input);
      const stat = statSync(path);
      return [path, stat.size, stat.mtimeMs];
    });
    const manifest: Manifest = { recipe: RECIPE, entry, bundle, inputs, ...(external.length > 0 ? { external } : {}) };
    mkdirSync(dir, { recursive: true });
    const previous = readPreviousBundle(manifestFile);
    writeAtomically(join(dir, bundle), code);
    writeAtomically(manifestFile, JSON.stringify(manifest));
    if (previous && previous !== bundle) removeBundle(dir, previous);
    return manifest;
  } catch {
    return undefined;
  }
}

/**
 * A module's JavaScript made ready for the bundle: `import.meta.url` and `import.meta.main`
 * spelled out (a CommonJS bundle has no `import.meta`; any other use of it makes esbuild warn,
 * and the bundle is refused), and each `import(x)` made a call of the loader's import function
 * with the module's URL, `__apidescImport(url, x)` (see DYNAMIC_IMPORT in code-cache.ts).
 */
export function withOwnImports(code: string, path: string): string {
  const url = JSON.stringify(pathToFileURL(path).href);
  return code
    .replaceAll('import.meta.url', url)
    .replaceAll('import.meta.main', 'false')
    .replace(/(?<![\w$.])import\(/g, `${DYNAMIC_IMPORT}(${url}, `);
}

function readPreviousBundle(manifestFile: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest).bundle;
  } catch {
    return undefined;
  }
}

/** An out-of-date bundle and its code caches: each edit of the sources would otherwise leave one behind. */
function removeBundle(dir: string, bundle: string): void {
  if (!/^cli-[0-9a-f]+\.cjs$/.test(bundle)) return;
  const prefix = `${bundle}.`;
  try {
    rmSync(join(dir, bundle), { force: true });
    for (const file of readdirSync(dir)) if (file.startsWith(prefix) && file.endsWith('.v8cache')) rmSync(join(dir, file), { force: true });
  } catch {
    // Another process may be using or removing it: left for the next one.
  }
}

function writeAtomically(file: string, content: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

function safeName(command: string): string {
  return /^[a-z]{1,20}$/.test(command) ? command : 'other';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Folder of the package's own caches (as the structural validators use), from the entry module's path. */
export function defaultCacheDir(entry: string): string {
  return fileURLToPath(new URL('../../node_modules/.cache/apidesc-docs/', pathToFileURL(entry)));
}
