/**
 * Every performance mechanism of src/perf can be turned off on its own, so that the benchmark
 * (bench/mechanisms.ts) measures what each saves, and so that a mechanism suspected of a fault can
 * be ruled out: `APIDESC_PERF_OFF=cli-bundle,renderer-bundle apidesc-docs build …`. The command
 * does the same work either way, only slower.
 */
export const MECHANISMS = [
  'compile-cache',
  'cli-bundle',
  'prepare-bundle',
  'code-cache',
  'validator-cache',
  'lazy-modules',
  'renderer-bundle',
  'lean-heap',
  'parallel-highlight',
  'highlight-memo',
  'message-memo',
  'line-memo',
  'grammar-regex-cache',
  'lazy-grammars',
] as const;

export type Mechanism = (typeof MECHANISMS)[number];

/** Whether `mechanism` is in use: every one is, unless APIDESC_PERF_OFF names it. */
export function mechanismOn(mechanism: Mechanism, env: NodeJS.ProcessEnv = process.env): boolean {
  const off = env.APIDESC_PERF_OFF;
  return off === undefined || !off.split(',').some((name) => name.trim() === mechanism);
}
