/**
 * Packages the model process's bundle (src/pipeline/prepare-process.ts) leaves to Node. shiki
 * loads each grammar and theme with `import()` of a module of its own (@shikijs/langs,
 * @shikijs/themes): esbuild would copy all of them, 325 modules and 10 MB, into the bundle, to be
 * read and parsed at every start of the model process, which highlights with 16 of them. Left
 * outside, Node loads shiki and only the grammars the build asks for, as without the bundle.
 * oniguruma-to-es, which shiki's engine loads, stays outside with it: one copy of the class that
 * src/perf/grammar-regex-cache.ts makes its emulated regular expressions with.
 */
export const PREPARE_EXTERNAL: readonly string[] = ['shiki', '@shikijs/*', 'oniguruma-to-es'];
