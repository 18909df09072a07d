/**
 * JSON Pointer now lives below the loader, in src/lib/json-pointer.ts. This re-export stays only
 * while src/lib/diff/json-schema-compat.ts is being split by concern: the split's modules import
 * src/lib/json-pointer.ts directly, and this file goes with it.
 */
export * from '../json-pointer.ts';
