/**
 * A component schema that gives no example of its own, shown with the part of a message's
 * hand-written example that sits at the schema's place in the message's payload (the `total` of
 * an order's example for Money, a line of its `lines` for an order line), rather than values
 * made from types ("sku": "string") beside a message whose example says "BOOK-1". Readers see
 * where it comes from; a part that its schema rejects is not used.
 *
 * Every message's payload schema is walked once per document (on the first schema page that
 * asks): each schema met, with the path of property names and array items that leads to it.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { ownValue } from '../own-key.ts';
import { type Context, merged, sub, valueAt } from './page-context.ts';
import { toLink } from './entity-locator.ts';
import type { Entity, ExampleSite, Link } from './types.ts';

export type { ExampleSite };

/** A message whose examples are written, its payload's schema, and those examples' payloads by name. */
export interface WrittenExamples {
  link: Link;
  payload: unknown;
  payloadAt: Location;
  examples: { name: string; payload: unknown }[];
}

/** How deep a payload's schema is followed, and how many sites are kept for one schema. */
const MAX_DEPTH = 8;
const MAX_SITES = 4;

const keyOf = (at: Location): string => `${at.file}#${at.pointer}`;

/** The messages of the document (their own pages: channels' and components') whose examples are written, traits merged. */
export function writtenExamples(ctx: Context, entities: Entity[], contentOf: (entity: Entity) => Location): WrittenExamples[] {
  const found: WrittenExamples[] = [];
  for (const entity of entities) {
    if (entity.kind !== 'message' && entity.kind !== 'component:messages') continue;
    const at = contentOf(entity);
    const resolved = ctx.doc.deref(ctx.doc.file(at.file) ? valueAt(ctx, at) : undefined, at);
    if (!resolved || !isPlainObject(resolved.value)) continue;
    const m = merged(ctx, resolved.value, resolved.at);
    if (m.value.payload === undefined || !Array.isArray(m.value.examples)) continue;
    const examples = m.value.examples.flatMap((ex, i) =>
      isPlainObject(ex) && ex.payload !== undefined ? [{ name: typeof ex.name === 'string' ? ex.name : `Example ${i + 1}`, payload: ex.payload }] : [],
    );
    if (examples.length > 0)
      found.push({ link: toLink(entity), payload: m.value.payload, payloadAt: sub(m.origin.payload ?? resolved.at, 'payload'), examples });
  }
  return found;
}

/** The example sites of every schema the messages' payloads reach, by the schema's location. */
export function exampleSites(doc: ResolvedDoc, messages: WrittenExamples[]): Map<string, ExampleSite[]> {
  const sites = new Map<string, ExampleSite[]>();
  for (const message of messages) {
    // Each schema once per message (the first path that reaches it): a payload whose schemas share
    // parts reaches a part by many paths, as many as the product of its fan-outs.
    walk(doc, message.payload, message.payloadAt, [], new Set(), (at, path) => {
      const list = sites.get(keyOf(at)) ?? [];
      if (list.length >= MAX_SITES) return;
      for (const example of message.examples) {
        const value = valueAtPath(example.payload, path);
        if (value === undefined) continue;
        list.push({ message: message.link, example: example.name, path, value });
        sites.set(keyOf(at), list);
        return;
      }
    });
  }
  return sites;
}

/** Every schema of a payload, once, with the first path to it: properties, array items (their first), allOf/oneOf/anyOf parts (the same path). */
function walk(
  doc: ResolvedDoc,
  raw: unknown,
  at: Location,
  path: (string | number)[],
  seen: Set<string>,
  visit: (at: Location, path: (string | number)[]) => void,
): void {
  const resolved = doc.deref(raw, at);
  if (!resolved || !isPlainObject(resolved.value) || path.length > MAX_DEPTH) return;
  const key = keyOf(resolved.at);
  if (seen.has(key)) return;
  seen.add(key);
  visit(resolved.at, path);

  const schema = resolved.value;
  for (const [name, child] of entries(schema.properties)) walk(doc, child, sub(resolved.at, 'properties', name), [...path, name], seen, visit);
  if (isPlainObject(schema.items)) walk(doc, schema.items, sub(resolved.at, 'items'), [...path, 0], seen, visit);
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const)
    for (const [i, part] of entries(schema[keyword])) walk(doc, part, sub(resolved.at, keyword, i), path, seen, visit);
}

function valueAtPath(value: unknown, path: (string | number)[]): unknown {
  let current = value;
  for (const step of path) {
    if (typeof step === 'number') current = Array.isArray(current) ? current[step] : undefined;
    else current = isPlainObject(current) ? ownValue(current, step) : undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

/**
 * The fields of an object value that its schema declares (its `properties`, and those of its
 * `allOf` parts): OrderRef's page shows an order's `orderId`, not the whole order that extends it.
 * The value as it is when the schema declares none.
 */
export function declaredPart(doc: ResolvedDoc, schema: unknown, at: Location, value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const names = new Set<string>();
  const collect = (raw: unknown, site: Location, depth: number): void => {
    const resolved = doc.deref(raw, site);
    if (!resolved || !isPlainObject(resolved.value) || depth > MAX_DEPTH) return;
    for (const [name] of entries(resolved.value.properties)) names.add(name);
    for (const [i, part] of entries(resolved.value.allOf)) collect(part, sub(resolved.at, 'allOf', i), depth + 1);
  };
  collect(schema, at, 0);
  if (names.size === 0) return value;
  const part: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value))
    if (names.has(name)) Object.defineProperty(part, name, { value: v, enumerable: true, writable: true, configurable: true });
  return part;
}

/** A path as a reader writes it: `lines[0].unitPrice`, or "the whole payload". */
export function pathText(path: (string | number)[]): string {
  return path.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('');
}
