/** What the page builders share: the document, page lookups, and small helpers over the raw document. */
import type { SampleLanguage } from '../samples/generators.ts';
import type { TryItServer } from '../try-it/try-it-config.ts';
import type { Location } from '../diagnostics/diagnostic.ts';
import { entries } from '../resolve/doc-index.ts';
import { joinPointer } from '../json-pointer.ts';
import { applyTraits, type TraitSource } from '../resolve/merge-traits.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { type EntityLocator, toLink } from './entity-locator.ts';
import type { GeneratedExamples } from './generated-examples.ts';
import type { ExampleSite } from './types.ts';
import type { DiscriminatorIndex } from './discriminators.ts';
import type { RowOptions } from './schema-rows.ts';
import type { Entity, Link } from './types.ts';
import { protocolWords } from './protocol-names.ts';

export interface Context {
  doc: ResolvedDoc;
  locator: EntityLocator;
  entities: Entity[];
  componentAt: (at: Location) => { id: string; url: string } | undefined;
  /** How many pages use the component schema written at a location (0 when it is none). */
  componentUses: (at: Location) => number;
  /** Discriminators of the document's schemas: bases and their subtypes (discriminators.ts). */
  discriminators: DiscriminatorIndex;
  defaultContentType?: string;
  /** A file as pages name it (publishedPath): relative, never the machine's absolute path. */
  shownFile: (file: string) => string;
  /**
   * Examples made from a message's schemas (generated-examples.ts), for a message with traits
   * merged (`merged`); made once per message, however many pages show it.
   */
  generatedExamples: (message: Record<string, unknown>, origin: Record<string, Location>, at: Location) => GeneratedExamples;
  /** Whether the validator accepts a message example's payload and headers (traits merged: `message` and `origin` as `merged` gives them). */
  examplePartsAccepted: (message: Record<string, unknown>, origin: Record<string, Location>, at: Location, example: Record<string, unknown>) => boolean;
  /**
   * Whether a schema's own example (an entry of its `examples`, written at `at`) passes the checks
   * `validate` makes of it (rules schema-example, discriminator): judged once per example.
   */
  schemaExampleAccepted: (example: unknown, at: Location, schema: unknown, schemaAt: Location, dialect?: 'json-schema' | 'openapi') => boolean;
  /** An example made from a schema on its own (a component schema's page), checked as a payload's is. */
  schemaExample: (schema: unknown, at: Location) => GeneratedExamples;
  /** The part of a message's written example at the schema's place in its payload, that the schema accepts (reused-examples.ts). */
  reusedExample: (schema: unknown, at: Location) => ExampleSite | undefined;
  /** The languages of operations' code samples, in tab order; absent: every language samples are written in. */
  sampleLanguages?: readonly SampleLanguage[];
  /** The document's servers that operation pages let the reader try, by id (configuration `tryIt`). */
  tryIt?: Map<string, TryItServer>;
  /** Runs the making of a diagram, its time counted to the diagrams (`build --timings`). */
  diagram: <T>(make: () => T) => T;
}

/** The name under which the making of diagrams is measured (`build --timings`). */
export const DIAGRAMS = 'diagrams';

/** How the schemas of a page are shown as rows, anchors starting with `anchorPrefix`. */
export function rowOptions(ctx: Context, anchorPrefix: string, ownComponent?: string): RowOptions {
  return {
    anchorPrefix,
    componentAt: ctx.componentAt,
    usesOf: ctx.componentUses,
    discriminators: ctx.discriminators,
    exampleAccepted: (example, at, dialect) => {
      // The example is written at `<schema>/examples/<i>` (an OpenAPI schema's at `<schema>/example`): it is checked against that schema.
      const schemaAt = { file: at.file, pointer: at.pointer.replace(/\/(?:examples\/\d+|example)$/, '') };
      return ctx.schemaExampleAccepted(example, at, valueAt(ctx, schemaAt), schemaAt, dialect === 'openapi' ? 'openapi' : 'json-schema');
    },
    ...(ownComponent ? { ownComponent } : {}),
  };
}

export const sub = (at: Location, ...keys: (string | number)[]): Location => ({ file: at.file, pointer: joinPointer(at.pointer, ...keys) });

export function valueAt(ctx: Context, at: Location): unknown {
  let value: unknown = ctx.doc.file(at.file)?.value;
  for (const token of at.pointer
    .split('/')
    .slice(1)
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))) {
    value = isPlainObject(value) ? (Object.hasOwn(value, token) ? value[token] : undefined) : Array.isArray(value) ? value[Number(token)] : undefined;
  }
  return value;
}

export function merged(ctx: Context, value: Record<string, unknown>, at: Location): { value: Record<string, unknown>; origin: Record<string, Location> } {
  const traits: TraitSource[] = entries(value.traits).flatMap(([i, raw]) => {
    const t = ctx.doc.deref(raw, sub(at, 'traits', i));
    return t && isPlainObject(t.value) ? [{ value: t.value, at: t.at }] : [];
  });
  return applyTraits({ value, at }, traits);
}

const entityIndex = new WeakMap<Context, { byUrl: Map<string, Entity>; servers: Link[] }>();

/** Entities by URL and the root servers, indexed once per model (pages ask for every channel). */
function indexOf(ctx: Context): { byUrl: Map<string, Entity>; servers: Link[] } {
  let index = entityIndex.get(ctx);
  if (!index) {
    const byUrl = new Map<string, Entity>();
    for (const e of ctx.entities) if (!byUrl.has(e.url)) byUrl.set(e.url, e);
    index = { byUrl, servers: ctx.entities.filter((e) => e.kind === 'server').map(toLink) };
    entityIndex.set(ctx, index);
  }
  return index;
}

/** The entity whose page is at `url`. */
export function entityByUrl(ctx: Context, url: string): Entity | undefined {
  return indexOf(ctx).byUrl.get(url);
}

/** The servers of a root channel: its list, or every root server when the list is absent or empty (SPEC). */
export function channelServers(ctx: Context, channel: Entity): Link[] {
  const value = ctx.doc.deref(valueAt(ctx, { file: ctx.doc.root.path, pointer: channel.pointer }), { file: ctx.doc.root.path, pointer: channel.pointer });
  const list = value && isPlainObject(value.value) && Array.isArray(value.value.servers) ? value.value.servers : [];
  if (list.length === 0) return indexOf(ctx).servers;
  return list.flatMap((s, i) => ctx.locator.link(s, sub(value!.at, 'servers', i)) ?? []);
}

/** A bindings object after its reference, with a link to the components entry it came from. */
export function bindingsOf(ctx: Context, raw: unknown, site: Location): { value: Record<string, unknown>; at: Location; link?: Link } | undefined {
  if (raw === undefined) return undefined;
  const resolved = ctx.doc.deref(raw, site);
  if (!resolved || !isPlainObject(resolved.value)) return undefined;
  const link = isRefObject(raw) ? ctx.locator.link(raw, site) : undefined;
  return { value: resolved.value, at: resolved.at, ...(link ? { link } : {}) };
}

/**
 * A server as a channel's list names it: where clients connect (its host and path) and its
 * protocol beside its name, so that a reader of the channel need not open each server to know it.
 */
export function serverWhere(ctx: Context, link: Link): Link & { address?: string; note?: string } {
  const entity = indexOf(ctx).byUrl.get(link.url);
  const at = entity && { file: ctx.doc.root.path, pointer: entity.pointer };
  const v = at && ctx.doc.deref(valueAt(ctx, at), at)?.value;
  if (!isPlainObject(v)) return link;
  const host = typeof v.host === 'string' ? `${v.host}${typeof v.pathname === 'string' ? v.pathname : ''}` : undefined;
  // The protocol by its reader's name, as the server's badge and the portal say it (protocol-names.ts).
  const protocol =
    typeof v.protocol === 'string' ? protocolWords(`${v.protocol}${typeof v.protocolVersion === 'string' ? ` ${v.protocolVersion}` : ''}`) : undefined;
  return { ...link, ...(host ? { address: host } : {}), ...(protocol ? { note: protocol } : {}) };
}

export function serverProtocol(ctx: Context, link: Link): string | undefined {
  const entity = indexOf(ctx).byUrl.get(link.url);
  const at = entity && { file: ctx.doc.root.path, pointer: entity.pointer };
  const v = at && ctx.doc.deref(valueAt(ctx, at), at)?.value;
  return isPlainObject(v) && typeof v.protocol === 'string' ? v.protocol : undefined;
}

/** A root operation with what pages ask of it: its channel's page, its merged value, its sns binding. */
export interface RootOperation {
  entity: Entity;
  channel?: Entity;
  value: Record<string, unknown>;
  sns?: Record<string, unknown>;
  /** Its sqs binding: the queues it defines are the sns subscriptions it receives itself (sns.ts isOwnSubscription). */
  sqs?: unknown;
}

const operationIndex = new WeakMap<Context, Map<Entity | undefined, RootOperation[]>>();

/**
 * The root operations that use `channel`. Indexed once per model: channel and operation pages
 * ask this for every page, and scanning every operation each time grows with the square of
 * the document.
 */
export function operationsOn(ctx: Context, channel: Entity): RootOperation[] {
  let index = operationIndex.get(ctx);
  if (!index) {
    index = new Map();
    for (const entity of ctx.entities.filter((e) => e.kind === 'operation')) {
      const at = { file: ctx.doc.root.path, pointer: entity.pointer };
      const op = ctx.doc.deref(valueAt(ctx, at), at);
      if (!op || !isPlainObject(op.value)) continue;
      const target = ctx.locator.target(op.value.channel, sub(op.at, 'channel'));
      const m = merged(ctx, op.value, op.at);
      const bindings = bindingsOf(ctx, m.value.bindings, sub(m.origin.bindings ?? op.at, 'bindings'));
      const sns = bindings && isPlainObject(bindings.value.sns) ? bindings.value.sns : undefined;
      const list = index.get(target) ?? [];
      const sqs = bindings?.value.sqs;
      list.push({ entity, ...(target ? { channel: target } : {}), value: m.value, ...(sns ? { sns } : {}), ...(sqs !== undefined ? { sqs } : {}) });
      index.set(target, list);
    }
    operationIndex.set(ctx, index);
  }
  return index.get(channel) ?? [];
}
