/**
 * Which messages of a Protocol Buffers source a payload carries: those no other message of the
 * source uses (a message that holds itself is not thereby used), in name order. One message
 * means the payload is that message; several mean it is one of them. Shared by the schema view
 * (protobuf-node.ts) and the example check (example-validator.ts), so both read one message.
 */
import { lazyModule } from '../../perf/lazy-module.ts';

const protobuf = lazyModule<typeof import('protobufjs')>('protobufjs');

export type ProtobufType = import('protobufjs').Type;

/** The payload's candidate messages of `source`; throws when protobufjs cannot read it. */
export function payloadMessages(source: string): ProtobufType[] {
  const root = protobuf().parse(source, { keepCase: true }).root;
  root.resolveAll();
  const messages = allMessages(root);
  const used = new Set<string>();
  for (const m of messages)
    for (const f of m.fieldsArray) if (f.resolvedType && 'fieldsArray' in f.resolvedType && f.resolvedType !== m) used.add(f.resolvedType.fullName);
  const tops = messages.filter((m) => !used.has(m.fullName));
  return tops.length > 0 ? tops : messages;
}

function allMessages(ns: import('protobufjs').NamespaceBase): ProtobufType[] {
  const out: ProtobufType[] = [];
  const stack = [ns];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const nested of current.nestedArray) {
      if ('fieldsArray' in nested) out.push(nested as ProtobufType);
      if ('nestedArray' in nested) stack.push(nested as import('protobufjs').NamespaceBase);
    }
  }
  return out.sort((a, b) => (a.fullName < b.fullName ? -1 : a.fullName > b.fullName ? 1 : 0));
}

/**
 * A value in the JSON mapping (enum values by name) as protobufjs's `verify` takes it (enum
 * values by number), so that `verify` can judge it. Values of other shapes are left as they are
 * for `verify` to report.
 */
export function withEnumNumbers(type: ProtobufType, value: unknown, depth = 0): unknown {
  if (depth > 64 || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of type.fieldsArray) {
    if (!(field.name in out)) continue;
    const resolved = field.resolvedType;
    const convert = (v: unknown): unknown => {
      if (resolved && 'values' in resolved && typeof v === 'string') {
        const values = (resolved as import('protobufjs').Enum).values;
        return Object.hasOwn(values, v) ? values[v] : v;
      }
      if (resolved && 'fieldsArray' in resolved) return withEnumNumbers(resolved as ProtobufType, v, depth + 1);
      return v;
    };
    const v = out[field.name];
    if (field.map && typeof v === 'object' && v !== null) out[field.name] = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, convert(x)]));
    else if (field.repeated && Array.isArray(v)) out[field.name] = v.map(convert);
    else out[field.name] = convert(v);
  }
  return out;
}
