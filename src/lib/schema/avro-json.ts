/**
 * A JSON value read as a value of an Avro type, the way an example is written: bytes and fixed
 * as strings of one character per byte (as Avro's JSON encoding writes them), unions unwrapped
 * (the value of the branch itself, as avsc takes an unambiguous union). avsc's `isValid`
 * then judges it. Shared by the example check and the schema property test.
 */
import type { Type } from 'avsc';

interface Shaped {
  typeName: string;
  fields?: { name: string; type: Type }[];
  types?: Type[];
  itemsType?: Type;
  valuesType?: Type;
  underlyingType?: Type;
}

export function avroValueFromJson(type: Type, value: unknown, depth = 0): unknown {
  if (depth > 100) return value;
  const t = type as unknown as Shaped;
  if (t.underlyingType) return avroValueFromJson(t.underlyingType, value, depth + 1);
  switch (t.typeName) {
    case 'bytes':
    case 'fixed':
      return typeof value === 'string' ? Buffer.from(value, 'latin1') : value;
    case 'record':
    case 'error': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const field of t.fields ?? []) if (field.name in out) out[field.name] = avroValueFromJson(field.type, out[field.name], depth + 1);
      return out;
    }
    case 'array':
      return Array.isArray(value) && t.itemsType ? value.map((v) => avroValueFromJson(t.itemsType!, v, depth + 1)) : value;
    case 'map':
      return typeof value === 'object' && value !== null && !Array.isArray(value) && t.valuesType
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, avroValueFromJson(t.valuesType!, v, depth + 1)]))
        : value;
    default:
      if (t.types) {
        // An unwrapped union: the first branch that takes the value.
        for (const branch of t.types) {
          const read = avroValueFromJson(branch, value, depth + 1);
          if (branch.isValid(read)) return read;
        }
      }
      return value;
  }
}
