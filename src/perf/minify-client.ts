/**
 * The site's own scripts (public/*.js) as they are shipped: minified by esbuild once, when the
 * renderer bundle is made, so that the repository keeps them readable and their comments, and the
 * pages' script budgets (test/build-scale.test.ts) measure the bytes a reader downloads. Each file
 * is transformed alone (no bundling): its imports, exports and top-level names stay as written, so
 * modules still import one another and classic scripts keep their globals. Same source, same bytes.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Minifies in `clientDir` every `.js` file that came from `publicDir` (Astro copies public/ there as it is). */
export async function minifyPublicScripts(publicDir: string, clientDir: string): Promise<number> {
  const { transform } = await import('esbuild');
  let saved = 0;
  for (const entry of await readdir(publicDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = join(clientDir, relative(publicDir, join(entry.parentPath, entry.name)));
    const source = await readFile(file, 'utf8');
    // No format given: esbuild keeps the file's own (a module's imports and exports, a script's globals).
    const { code } = await transform(source, { loader: 'js', minify: true, target: 'es2022', legalComments: 'none', charset: 'utf8' });
    saved += Buffer.byteLength(source) - Buffer.byteLength(code);
    await writeFile(file, code);
  }
  return saved;
}
