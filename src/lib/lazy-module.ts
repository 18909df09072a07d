/**
 * Loads a CommonJS package on first use. Packages needed only for some documents (Avro and
 * Protobuf parsers, the slow YAML position parser) would otherwise add to every start-up.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function lazyModule<T>(id: string): () => T {
  let module: T | undefined;
  return () => (module ??= require(id) as T);
}
