/**
 * The files of "try it" (src/site/try-it-files.ts), written into the site by a build with the
 * configuration's `tryIt` only: its stylesheet, the form's script, compiled from src/client/try-it.ts (esbuild
 * strips the types; it imports nothing but the MQTT client, by URL), and the mqtt package's
 * browser build as it is published, which the script loads only to talk to an MQTT server.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { TRY_IT_CSS, TRY_IT_MQTT, TRY_IT_SCRIPT, TRY_IT_STYLESHEET } from '../site/try-it-files.ts';

// From src/pipeline/ and from the published package's node-dist/pipeline/ alike: src/client is shipped as TypeScript.
const CLIENT = new URL('../../src/client/try-it.ts', import.meta.url);

export async function writeTryItAssets(siteDir: string): Promise<void> {
  const { transform } = await import('esbuild');
  const { code } = await transform(readFileSync(CLIENT, 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022', minify: true, legalComments: 'none' });
  writeFileSync(join(siteDir, TRY_IT_SCRIPT), code);
  writeFileSync(join(siteDir, TRY_IT_STYLESHEET), TRY_IT_CSS);
  copyFileSync(createRequire(import.meta.url).resolve('mqtt/dist/mqtt.esm'), join(siteDir, TRY_IT_MQTT));
}
