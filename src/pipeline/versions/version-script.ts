/**
 * The version switcher's script, `versions.js` at the root of a `build --versions` site: the
 * client module src/client/versions.ts bundled by esbuild with what it imports of
 * src/site/version-map.ts (the functions the build finds a page's place in another version with),
 * one script without imports of its own. The same sources make the same bytes.
 */
import { fileURLToPath } from 'node:url';

// From src/pipeline/versions/ and from the published package's node-dist/pipeline/versions/ alike: src/ is shipped as TypeScript.
const PACKAGE = fileURLToPath(new URL('../../../', import.meta.url));
const CLIENT = fileURLToPath(new URL('src/client/versions.ts', `file://${PACKAGE}`));

/** What the file says of itself, before the bundle. */
const BANNER = "// Written by apidesc-docs build --versions: the version switcher's later versions, and what a page it opened stands in for.";

/** The bundled script's text. */
export async function versionScript(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [CLIENT],
    // Not the build's working folder: that may be any folder (or one removed meanwhile), where esbuild would not find the package's files.
    absWorkingDir: PACKAGE,
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
  });
  return result.outputFiles[0]!.text;
}
