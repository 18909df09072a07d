/**
 * Compiled validators for the format's JSON Schema, one per definition.
 *
 * Compiling the schema takes ajv about 0.2 s, a large share of validating a small document, so
 * the compiled code (ajv "standalone" output) is cached in the package's node_modules/.cache,
 * keyed by a hash of the schema and the ajv version, and imported on later runs. Without a
 * writable cache it simply compiles every time.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdirSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CodeCachedModule } from '../../perf/code-cache.ts';
import type { Ajv, KeywordCxt, ValidateFunction } from 'ajv';
import { lazyModule } from '../../perf/lazy-module.ts';
import { mechanismOn } from '../../perf/switches.ts';
import { apidescSchema, definitionNames } from './schema/apidesc-schema.ts';

/** A Reference Object met during validation, with the definition its target must satisfy. */
export interface RefSite {
  target: string;
  ref: string;
  instancePath: string;
}

type Collector = (target: string, data: unknown, instancePath: string) => void;
/** The name under which the cached validators' code finds the collector: a parameter of the function it runs in (code-cache.ts). */
const COLLECTOR = 'apidescCollectRef';
let current: Collector | undefined;
/** What the generated code calls. */
const dispatch: Collector = (target, data, instancePath) => current?.(target, data, instancePath);

/** Runs `validate` with `apidescRef` sites collected into the returned list. */
export function collectRefSites(validate: ValidateFunction, value: unknown): RefSite[] {
  const sites: RefSite[] = [];
  current = (target, data, instancePath) => {
    const ref = (data as { $ref?: unknown } | null)?.$ref;
    if (typeof ref === 'string') sites.push({ target, ref, instancePath });
  };
  try {
    validate(value);
  } finally {
    current = undefined;
  }
  return sites;
}

export type Validators = Record<string, ValidateFunction>;

/** ajv itself (about 20 ms to load) only when the compiled validators are not cached yet. */
const ajvModule = lazyModule<typeof import('ajv')>('ajv');
const standaloneModule = lazyModule<typeof import('ajv/dist/standalone/index.js')>('ajv/dist/standalone/index.js');

function createAjv(): Ajv {
  const { Ajv, Name, _ } = ajvModule();
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: false,
    logger: false,
    validateFormats: false,
    inlineRefs: false,
    code: { source: true, esm: false },
  });
  ajv.addKeyword({
    keyword: 'apidescRef',
    schemaType: 'string',
    // Compiled here, the code calls `dispatch` itself; written out for the cache, it names
    // COLLECTOR, which the cache's loader hands it (no global).
    code(cxt: KeywordCxt) {
      const collect = cxt.gen.scopeValue('func', { ref: dispatch, code: _`${new Name(COLLECTOR)}` });
      // `instancePath` is the parameter every ajv validate function receives; errorPath is relative to it.
      cxt.gen.code(_`${collect}(${cxt.schema as string}, ${cxt.data}, ${new Name('instancePath')} + ${cxt.it.errorPath})`);
    },
  });
  ajv.addSchema(apidescSchema);
  return ajv;
}

function exportsMap(): Record<string, string> {
  const map: Record<string, string> = { Root: apidescSchema.$id };
  for (const name of definitionNames) map[name] = `${apidescSchema.$id}#/definitions/${name}`;
  return map;
}

function compileAll(ajv: Ajv): Validators {
  const out: Validators = {};
  for (const [name, id] of Object.entries(exportsMap())) {
    const fn = ajv.getSchema(id);
    if (!fn) throw new Error(`the schema definition ${name} did not compile`);
    out[name] = fn;
  }
  return out;
}

function cacheFile(): string {
  // Resolved as Node resolves the import: installed as a dependency, ajv may sit in the user's node_modules.
  const ajvVersion = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;
  const hash = createHash('sha256').update(JSON.stringify(apidescSchema)).update(ajvVersion).update(createAjv.toString()).digest('hex').slice(0, 16);
  return fileURLToPath(new URL(`../../../node_modules/.cache/apidesc-docs/structural-${hash}.cjs`, import.meta.url));
}

let loaded: Validators | undefined;
let cachedModule: CodeCachedModule<Validators> | undefined;

export function structuralValidators(): Validators {
  if (loaded) return loaded;
  let file: string | undefined;
  try {
    file = mechanismOn('validator-cache') ? cacheFile() : undefined;
    if (file && existsSync(file)) {
      cachedModule = compiledValidatorsModule(file);
      loaded = cachedModule.load();
      return loaded;
    }
  } catch {
    // A broken or unreadable cache is ignored: compile below.
    cachedModule = undefined;
  }
  const ajv = createAjv();
  loaded = compileAll(ajv);
  if (file) {
    try {
      writeCompiledValidators(ajv, file);
    } catch {
      // Read-only installs keep compiling on each run.
    }
  }
  return loaded;
}

/** Writes the validators of `ajv` (createAjv) as a CommonJS file, for compiledValidatorsModule. */
export function writeCompiledValidators(ajv: Ajv, file: string): void {
  const code = standaloneModule().default(ajv, exportsMap());
  mkdirSync(new URL('.', pathToFileURL(file)), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, code);
  renameSync(temp, file);
}

/** The validators written by writeCompiledValidators, run with the collector their `apidescRef` code calls. */
export function compiledValidatorsModule(file: string): CodeCachedModule<Validators> {
  return new CodeCachedModule<Validators>(file, { inject: { [COLLECTOR]: dispatch } });
}

export { compileAll, createAjv };

/** Keeps the validators' compiled functions for the next run (see code-cache.ts); call once they have run. */
export function keepCompiledValidators(): void {
  cachedModule?.save();
}
