/**
 * One example against one registered schema (ExampleValidator's lookup of short ids): the
 * validator's settings in one place, for the calling thread and for the worker of checks that
 * may not finish (example-check-worker.ts).
 */
import { validate, type OutputUnit, type Schema } from '@cfworker/json-schema';

/** Every error of `value` against `lookup[root]` (draft 7, all errors, not the first). */
export function registeredSchemaErrors(value: unknown, root: string, lookup: Record<string, Schema | boolean>): OutputUnit[] {
  return validate(value, lookup[root]!, '7', lookup, false).errors;
}
