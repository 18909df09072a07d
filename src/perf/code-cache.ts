/**
 * Runs a CommonJS file through a V8 code cache made after the code has done its work.
 *
 * Node's own compile cache (bin/apidesc-docs.mjs) is written when a module is compiled, before
 * it runs, so it holds only the top level: V8 compiles each function on its first call, and
 * for the structural validators (a 0.9 MB file of ajv code) that took about 40 ms of every
 * `validate`. A cache written once the code has run holds every function it used. The command
 * line's bundle (src/perf/cli-bundle.ts) runs the same way.
 * The cache is keyed by V8's version tag (V8 version, flags, CPU), so the `validate` command and
 * the build's processes, which run with other V8 flags, each keep their own.
 */
import { createRequire } from 'node:module';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { cachedDataVersionTag } from 'node:v8';
import { mechanismOn } from './switches.ts';

/**
 * The name under which the file finds an import function, `(base, specifier) => import(…)`:
 * code run by node:vm cannot call `import()` without an experimental flag, so bundled code calls
 * this instead (cli-bundle.ts rewrites it so). A relative specifier resolves against `base`.
 */
export const DYNAMIC_IMPORT = '__apidescImport';

const importFor = (base: string, specifier: string): Promise<unknown> => import(/^\.{1,2}\//.test(specifier) ? new URL(specifier, base).href : specifier);

export interface CodeCacheOptions {
  /**
   * Tells caches of the same file apart: code that runs different functions on different
   * occasions (the command line's commands) keeps one cache for each.
   */
  cacheName?: string;
  /** `require` in the file resolves as if from this file (default: the file itself). */
  requireFrom?: string;
  /**
   * Values the file's code names as free variables, handed to it as parameters of the function
   * it runs in (generated code that must call back into this process, without a global).
   */
  inject?: Record<string, unknown>;
}

export class CodeCachedModule<T> {
  readonly #file: string;
  readonly #cacheFile: string;
  readonly #requireFrom: string;
  readonly #inject: [string, unknown][];
  #script: Script | undefined;
  /** A usable cache was loaded, or this run has written one. */
  #saved = false;

  constructor(file: string, options: CodeCacheOptions = {}) {
    this.#file = file;
    this.#requireFrom = options.requireFrom ?? file;
    this.#inject = Object.entries(options.inject ?? {});
    const name = options.cacheName ? `.${options.cacheName}` : '';
    this.#cacheFile = `${file}${name}.${cachedDataVersionTag().toString(16)}.v8cache`;
  }

  /** Compiles and runs the file (with the cache when there is a usable one) and returns its exports. */
  load(): T {
    // A `#!` line is only allowed at the very start of a script, not inside the wrapper.
    const code = readFileSync(this.#file, 'utf8').replace(/^#!/, '//');
    let cachedData: Buffer | undefined;
    try {
      if (mechanismOn('code-cache')) cachedData = readFileSync(this.#cacheFile);
    } catch {
      // No cache yet: written by save().
    }
    const params = ['exports', 'require', 'module', DYNAMIC_IMPORT, ...this.#inject.map(([name]) => name)].join(', ');
    const script = new Script(`(function (${params}) {${code}\n})`, {
      filename: this.#file,
      ...(cachedData ? { cachedData } : {}),
    });
    // A usable cache stays as it is; a missing or rejected one is written once the code has run.
    this.#saved = cachedData !== undefined && !script.cachedDataRejected;
    this.#script = script;
    const module = { exports: {} as T };
    (script.runInThisContext() as (exports: T, require: NodeJS.Require, module: { exports: T }, importer: typeof importFor, ...injected: unknown[]) => void)(
      module.exports,
      createRequire(this.#requireFrom),
      module,
      importFor,
      ...this.#inject.map(([, value]) => value),
    );
    return module.exports;
  }

  /** Whether the last load() ran from a cache written by an earlier run. */
  get usedCache(): boolean {
    return this.#saved;
  }

  /** Writes the cache, with the functions compiled so far, unless a usable one was loaded. Never throws. */
  save(): void {
    if (this.#saved || !this.#script || !mechanismOn('code-cache')) return;
    this.#saved = true;
    try {
      const temp = `${this.#cacheFile}.${process.pid}.tmp`;
      writeFileSync(temp, this.#script.createCachedData());
      renameSync(temp, this.#cacheFile);
    } catch {
      // A read-only install compiles on each run, as without the cache.
    }
  }
}
