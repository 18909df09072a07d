/**
 * `apidesc-docs build`: validates the inputs (an invalid document stops the build with its
 * diagnostics, exit 1), then builds the Astro site. Until the site issue lands the site is a
 * placeholder page listing the documents.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPlainObject } from '../lib/resolve/resolved-doc.ts';
import { EXIT, type CliIO } from './io.ts';
import { validateCommand, type ValidateCommandOptions } from './validate-command.ts';

export interface BuildOptions extends ValidateCommandOptions {
  outDir: string;
}

export async function buildCommand(inputs: string[], options: BuildOptions, io: CliIO): Promise<number> {
  const validation = await validateCommand(inputs, options, io);
  if (validation.exitCode !== EXIT.ok) {
    io.err('Build stopped: fix the errors above.');
    return validation.exitCode;
  }
  const documents = validation.results.map(({ file, doc }) => {
    const info = doc && isPlainObject(doc.root.value) && isPlainObject(doc.root.value.info) ? doc.root.value.info : {};
    return { file, title: String(info.title ?? file), version: String(info.version ?? '') };
  });
  process.env.APIDESC_DOCUMENTS = JSON.stringify(documents);
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const { build } = await import('astro');
  const root = fileURLToPath(new URL('../../', import.meta.url));
  await build({ root, outDir: resolve(options.cwd ?? process.cwd(), options.outDir), logLevel: 'warn' });
  io.err(`Built ${documents.length} document(s) into ${options.outDir}`);
  return EXIT.ok;
}
