/**
 * The files of "try it" (src/site/try-it-files.ts), written into the site by a build with the
 * configuration's `tryIt` only (and served by `apidesc-docs dev` with it): its stylesheet, the
 * form's script, compiled from src/client/try-it.ts (esbuild strips the types; it imports nothing
 * but the MQTT client, by URL), and the mqtt package's browser build as it is published, which
 * the script loads only to talk to an MQTT server.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { TRY_IT_CSS, TRY_IT_MQTT, TRY_IT_SCRIPT, TRY_IT_STYLESHEET } from '../site/try-it-files.ts';

// From src/pipeline/ and from the published package's node-dist/pipeline/ alike: src/client is shipped as TypeScript.
const CLIENT = new URL('../../src/client/try-it.ts', import.meta.url);

export interface TryItFile {
  /** Relative to the site's root. */
  path: string;
  type: string;
  content: string | Buffer;
}

export async function tryItFiles(): Promise<TryItFile[]> {
  const { transform } = await import('esbuild');
  const { code } = await transform(readFileSync(CLIENT, 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022', minify: true, legalComments: 'none' });
  return [
    { path: TRY_IT_STYLESHEET, type: 'text/css; charset=utf-8', content: TRY_IT_CSS },
    { path: TRY_IT_SCRIPT, type: 'text/javascript; charset=utf-8', content: code },
    { path: TRY_IT_MQTT, type: 'text/javascript; charset=utf-8', content: readFileSync(createRequire(import.meta.url).resolve('mqtt/dist/mqtt.esm')) },
  ];
}

export async function writeTryItAssets(siteDir: string): Promise<void> {
  for (const file of await tryItFiles()) writeFileSync(join(siteDir, file.path), file.content);
}
