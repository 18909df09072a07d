/**
 * Loads a CommonJS package on first use. Packages needed only for some documents (Avro and
 * Protobuf parsers, the slow YAML position parser) would otherwise add to every start-up.
 */
import { createRequire } from 'node:module';
import { mechanismOn } from './switches.ts';

const require = createRequire(import.meta.url);

export function lazyModule<T>(id: string): () => T {
  let module: T | undefined = mechanismOn('lazy-modules') ? undefined : (require(id) as T);
  return () => (module ??= require(id) as T);
}
