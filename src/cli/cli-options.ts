/** The command line's options, as node:util parseArgs reads them (main.ts; the start-up bundle reads the command before the rest loads). */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export const CLI_OPTIONS = {
  format: { type: 'string', default: 'text' },
  root: { type: 'string' },
  'allow-remote-refs': { type: 'boolean', default: false },
  strict: { type: 'boolean', default: false },
  'max-bytes': { type: 'string' },
  'max-depth': { type: 'string' },
  out: { type: 'string', default: 'dist' },
  base: { type: 'string' },
  'allow-invalid': { type: 'boolean', default: false },
  // No default here: dev serves on 4321, preview on 4322.
  port: { type: 'string' },
  site: { type: 'string' },
  config: { type: 'string' },
  title: { type: 'string' },
  logo: { type: 'string' },
  favicon: { type: 'string' },
  guides: { type: 'string' },
  sidebar: { type: 'string' },
  accent: { type: 'string' },
  'edit-link': { type: 'string' },
  'preview-url': { type: 'string' },
  'base-ref': { type: 'string' },
  compare: { type: 'string' },
  'compare-ref': { type: 'string' },
  'fail-on': { type: 'string' },
  severity: { type: 'string', multiple: true },
  'no-color': { type: 'boolean', default: false },
  debug: { type: 'boolean', default: false },
  timings: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} satisfies ParseArgsConfig['options'];

/**
 * The command and its file or folder arguments, read leniently (never throws): for what is
 * decided before the command line itself loads (the bundle's code cache, src/perf/cli-bundle.ts).
 * main.ts reads the same arguments strictly and reports what is wrong with them.
 */
export function commandOf(argv: string[]): { command: string | undefined; inputs: string[] } {
  const { positionals } = parseArgs({ args: argv, options: CLI_OPTIONS, allowPositionals: true, strict: false });
  const [command, ...inputs] = positionals;
  return { command, inputs };
}
