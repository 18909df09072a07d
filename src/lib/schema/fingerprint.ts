/**
 * What a schema accepts, as one text (for a digest): its normalised view (schema-node.ts) from
 * the root, each node by what it admits, without its wording (titles, descriptions, examples,
 * defaults, deprecation), which two teams write differently for the same message. Nodes are
 * numbered in the order they are reached, so two documents that write the same shape with other
 * names or other references give the same text, and a recursive schema ends. At most MAX_NODES
 * nodes are read; a larger schema's text says where it stopped.
 */
import type { SchemaNode } from './schema-node.ts';
import type { SchemaViews } from './schema-views.ts';

export const MAX_NODES = 5_000;

export function acceptedShapeText(views: SchemaViews, root: SchemaNode): string {
  const order = new Map<string, number>();
  const queue: SchemaNode[] = [];
  const ref = (id: string | undefined | false): number | boolean | undefined => {
    if (id === undefined || id === false) return id;
    let n = order.get(id);
    if (n === undefined) {
      n = order.size;
      order.set(id, n);
      if (order.size <= MAX_NODES) queue.push(views.node(id));
    }
    return n;
  };
  ref(root.id);
  queue[0] = root;
  const lines: string[] = [];
  for (let i = 0; i < queue.length; i++) lines.push(JSON.stringify(shape(queue[i]!, ref)));
  if (order.size > MAX_NODES) lines.push(`(cut at ${MAX_NODES} schemas)`);
  return lines.join('\n');
}

function shape(node: SchemaNode, ref: (id: string | undefined | false) => number | boolean | undefined): unknown[] {
  const sorted = <T>(list: T[], key: (t: T) => string): T[] => [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return [
    node.boolean ?? null,
    node.types ? [...node.types].sort() : null,
    node.inferredObject ?? false,
    sorted(node.properties, (p) => p.name).map((p) => [p.name, ref(p.node), p.required]),
    [...node.requiredOnly].sort(),
    node.patternProperties.map((p) => [p.pattern, ref(p.node)]),
    ref(node.additionalProperties) ?? null,
    ref(node.propertyNames) ?? null,
    ref(node.items) ?? null,
    node.tupleItems?.map((t) => ref(t)) ?? null,
    ref(node.additionalItems) ?? null,
    ref(node.contains) ?? null,
    [node.minProperties, node.maxProperties, node.minItems, node.maxItems, node.uniqueItems, node.minLength, node.maxLength].map((v) => v ?? null),
    [...node.patterns].sort(),
    node.format ?? null,
    node.numbers,
    node.enum
      ? sorted(
          node.enum.map((v) => JSON.stringify(v)),
          (v) => v,
        )
      : null,
    node.knownValues ?? null,
    node.const ? JSON.stringify(node.const.value) : null,
    node.choices.map((c) => [c.kind, c.options.map((o) => ref(o)), c.discriminator ?? null]),
    node.nots.map((n) => ref(n)),
    node.conditionals.map((c) => [ref(c.if), ref(c.then) ?? null, ref(c.else) ?? null]),
    node.unresolved ? 'unresolved' : null,
  ];
}
