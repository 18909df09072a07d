/**
 * The version switcher's script, `versions.js` at the root of a `build --versions` site: the
 * client module src/client/versions.ts bundled by esbuild with what it imports of
 * src/site/version-map.ts (the functions the build finds a page's place in another version with),
 * one script without imports of its own. The same sources make the same bytes.
 *
 * The bundle is kept in the build cache (`scripts/versions`), keyed by esbuild's version, its
 * options and the bytes of every file it was made of (as esbuild listed them): a change to any
 * of them makes it again. Bundling started an esbuild process at every `--versions` build.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildCache } from '../cache/build-cache.ts';

// From src/pipeline/versions/ and from the published package's node-dist/pipeline/versions/ alike: src/ is shipped as TypeScript.
const PACKAGE = fileURLToPath(new URL('../../../', import.meta.url));
const CLIENT = fileURLToPath(new URL('src/client/versions.ts', `file://${PACKAGE}`));

/** What the file says of itself, before the bundle. */
const BANNER = "// Written by apidesc-docs build --versions: the version switcher's later versions, and what a page it opened stands in for.";

/** The build cache's entry of the bundle. */
const ENTRY = 'versions';
const FILE = 'versions.js';

/** Where the script is bundled from, and where esbuild resolves its imports (a test's copy of the client module may stand in). */
export interface ScriptSource {
  entry: string;
  workingDir: string;
}

const OPTIONS = {
  bundle: true,
  write: false,
  format: 'iife',
  target: 'es2022',
  platform: 'browser',
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  banner: { js: BANNER },
  logLevel: 'silent',
} as const;

/** The bundled script's text, from the build cache when every file it was made of is unchanged. */
export async function versionScript(
  cache?: BuildCache,
  source: ScriptSource = { entry: CLIENT, workingDir: PACKAGE },
): Promise<{ text: string; cached: boolean }> {
  const esbuild = await import('esbuild');
  const known = cache && inputsOf(cache.unkeyedData('scripts', ENTRY));
  const knownKey = known && keyOf(esbuild.version, source, known);
  if (cache && knownKey) {
    const hit = cache.read('scripts', ENTRY, knownKey);
    const file = typeof hit === 'object' ? hit.files.find((f) => f.path === FILE) : undefined;
    if (file) return { text: file.bytes.toString('utf8'), cached: true };
  }
  const result = await esbuild.build({
    ...OPTIONS,
    entryPoints: [source.entry],
    // Not the build's working folder: that may be any folder (or one removed meanwhile), where esbuild would not find the package's files.
    absWorkingDir: source.workingDir,
    metafile: true,
  });
  const text = result.outputFiles[0]!.text;
  const inputs = Object.keys(result.metafile.inputs).sort();
  const key = keyOf(esbuild.version, source, inputs);
  if (cache && key) {
    const folder = mkdtempSync(join(tmpdir(), 'apidesc-version-script-'));
    try {
      writeFileSync(join(folder, FILE), text);
      // A cache that cannot take it (a full disk) makes the bundle again next time.
      cache.tryWrite('scripts', ENTRY, key, folder, { inputs });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  return { text, cached: false };
}

/** The files an entry says its bundle was made of (relative to the working folder), when it says so. */
function inputsOf(data: unknown): string[] | undefined {
  const inputs = (data as { inputs?: unknown } | undefined)?.inputs;
  return Array.isArray(inputs) && inputs.every((i) => typeof i === 'string') ? inputs : undefined;
}

/** The key of a bundle made of `inputs`: esbuild's version, the options, and each input's path and bytes; undefined when one cannot be read. */
function keyOf(version: string, source: ScriptSource, inputs: readonly string[]): string | undefined {
  const hash = createHash('sha256');
  const add = (part: string | Buffer): void => {
    hash.update(`${part.length}\0`);
    hash.update(part);
  };
  add(version);
  add(JSON.stringify(OPTIONS));
  add(source.entry);
  // esbuild reads the TypeScript settings from there too, without listing it as an input.
  for (const input of ['tsconfig.json', ...inputs]) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(resolve(source.workingDir, input));
    } catch (error) {
      if (input === 'tsconfig.json' && (error as NodeJS.ErrnoException).code === 'ENOENT') bytes = Buffer.from('none');
      else return undefined;
    }
    add(input);
    add(bytes);
  }
  return hash.digest('hex');
}
