/**
 * The normalised views of a document's schemas (schema-node.ts), made on demand and kept: the
 * table, the generated example, the twin, search and the fingerprint of a payload ask for the
 * same nodes and get the same objects. One per ResolvedDoc (`schemaViewsOf`).
 *
 * Bounded by construction: a node is made once per place a schema is written (a schema reached
 * a thousand times is one node), and merges of allOf parts are counted: past MAX_MERGES, or
 * parts nested deeper than MAX_MERGE_DEPTH, a node says it was not merged whole (`unresolved`)
 * instead of growing with the product of its parts.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { childPointer } from '../json-pointer.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { type SchemaFormatKind, schemaReadingKind, unlistedSchemaObjectReading } from './schema-formats.ts';
import { avroNodes } from './avro-node.ts';
import { jsonSchemaNode } from './json-schema-node.ts';
import { ANY_ID, intersect, NOTHING_ID, nothingLike } from './merge.ts';
import { protobufNodes } from './protobuf-node.ts';
import { ramlNodes } from './raml-node.ts';
import { emptyNode, type NodeRegistry, type SchemaDialect, type SchemaNode } from './schema-node.ts';

/** A schema as a page shows it: its normalised root, and the format it is written in. */
export interface SchemaView {
  /** The root node; undefined for a custom format this tool does not read (its source is shown). */
  root?: SchemaNode;
  /** How the format was named (`schemaFormat`), when written. */
  format?: string;
  kind: SchemaFormatKind;
  /** The schema as written, for formats other than JSON Schema (Avro, Protobuf, RAML, custom). */
  source?: string;
  /**
   * For a Schema Object whose `schemaFormat` names a version the SPEC does not list: the
   * sentence that says so and what it is read as (a quiet note on the page).
   */
  readAs?: string;
}

/**
 * What a node is made of: the JSON Schema or OpenAPI schema written where it is (its own
 * keywords), and the nodes merged into it (its allOf parts, or the two nodes a merge joins), in
 * order. A reader that needs to point at a keyword (`diff`) finds where it is written through it.
 */
export interface NodeOrigin {
  written?: { value: Record<string, unknown>; at: Location };
  parts: readonly string[];
}

const NO_ORIGIN: NodeOrigin = { parts: [] };

/** How the ids of nodes the view cannot read begin (a reference that does not resolve, a value that is not a schema). */
export const UNRESOLVED_PREFIX = 'unresolved:';

/** Merged nodes a document may make (each is a pair of nodes that allOf parts both define). */
export const MAX_MERGES = 20_000;
/** allOf parts of parts … merged into one node at most this deep. */
export const MAX_MERGE_DEPTH = 32;

type Builder = () => SchemaNode;

export class SchemaViews implements NodeRegistry {
  readonly doc: ResolvedDoc;
  readonly #nodes = new Map<string, SchemaNode>();
  readonly #builders = new Map<string, Builder>();
  readonly #building = new Set<string>();
  /** The id of the merge of two nodes, by their ids (`a&b`). */
  readonly #mergeIds = new Map<string, string>();
  readonly #origins = new Map<string, NodeOrigin>();
  #merges = 0;

  constructor(doc: ResolvedDoc) {
    this.doc = doc;
    const here = { file: doc.root.path, pointer: '' };
    this.#nodes.set(ANY_ID, { ...emptyNode(ANY_ID, 'json-schema', here), boolean: true });
    this.#nodes.set(NOTHING_ID, nothingLike(emptyNode(NOTHING_ID, 'json-schema', here)));
  }

  /** The node with this id (made now if it was only named so far). */
  node(id: string): SchemaNode {
    const known = this.#nodes.get(id);
    if (known) return known;
    const builder = this.#builders.get(id);
    if (!builder) return this.#nodes.get(ANY_ID)!;
    if (this.#building.has(id) || this.#building.size >= MAX_MERGE_DEPTH) {
      // A schema that is its own allOf part (directly or through others), or parts nested too deep to merge.
      // Its own part adds nothing to what it is (A ∩ B ∩ A is A ∩ B): only parts too deep leave the merge incomplete.
      return this.#building.has(id)
        ? this.#unresolvedPlaceholder(id, 'it is its own allOf part', false)
        : this.#unresolvedPlaceholder(id, 'its allOf parts nest too deeply to merge here', true);
    }
    this.#building.add(id);
    try {
      const node = builder();
      this.#nodes.set(id, node);
      this.#builders.delete(id);
      return node;
    } finally {
      this.#building.delete(id);
    }
  }

  /**
   * The view of a schema where a message's payload or headers, or a components entry, has one:
   * a Multi Format Schema Object (by its format) or a Schema Object.
   */
  view(raw: unknown, site: Location): SchemaView {
    const resolved = this.doc.deref(raw, site);
    if (!resolved) return { kind: 'apidesc', root: this.#unresolvedNode(site, 'its reference does not resolve') };
    const value = resolved.value;
    if (isMultiFormat(value)) {
      const kind = schemaReadingKind(value.schemaFormat);
      const format = typeof value.schemaFormat === 'string' ? value.schemaFormat : undefined;
      const inner = this.doc.deref(value.schema, sub(resolved.at, 'schema'));
      const unlisted = unlistedSchemaObjectReading(format);
      const readAs = unlisted && `read as ${unlisted.readAs} (the document names version ${unlisted.version}, which this format does not define)`;
      const base = { kind, ...(format ? { format } : {}), ...(readAs ? { readAs } : {}) };
      if (!inner) return { ...base, root: this.#unresolvedNode(sub(resolved.at, 'schema'), 'its reference does not resolve') };
      const source =
        kind === 'apidesc' || kind === 'openapi' ? undefined : typeof inner.value === 'string' ? inner.value : JSON.stringify(inner.value, null, 2);
      const root = this.#formatRoot(kind, inner.value, inner.at);
      return { ...base, ...(root ? { root } : {}), ...(source !== undefined ? { source } : {}) };
    }
    return { kind: 'apidesc', root: this.node(this.childId('json-schema', raw, site)) };
  }

  /** What the node `id` is made of (see NodeOrigin); a node the view made otherwise (Avro, Protobuf, RAML, constants) has no parts. */
  origin(id: string): NodeOrigin {
    this.node(id);
    return this.#origins.get(id) ?? NO_ORIGIN;
  }

  /** The id of the node of a JSON Schema or OpenAPI schema written at `site` (its references followed). */
  childId(dialect: SchemaDialect, raw: unknown, site: Location): string {
    if (raw === true) return ANY_ID;
    if (raw === false) return NOTHING_ID;
    const resolved = this.doc.deref(raw, site);
    if (!resolved) return this.#unresolvedNode(site, 'its reference does not resolve').id;
    const { value, at } = resolved;
    if (value === true) return ANY_ID;
    if (value === false) return NOTHING_ID;
    if (isMultiFormat(value)) {
      // A reference to a components entry written as a Multi Format Schema Object: its schema, in its format.
      const kind = schemaReadingKind(value.schemaFormat);
      const inner = this.doc.deref(value.schema, sub(at, 'schema'));
      const root = inner && this.#formatRoot(kind, inner.value, inner.at);
      return root ? root.id : this.#unresolvedNode(at, `it is written in the schema format ${String(value.schemaFormat)}, which is shown as written`).id;
    }
    if (!isPlainObject(value)) return this.#unresolvedNode(at, 'it is not a schema (an object or a boolean)').id;
    const id = `${dialect}:${at.file}#${at.pointer}`;
    if (!this.#nodes.has(id) && !this.#builders.has(id)) this.#builders.set(id, () => this.#jsonNode(id, dialect, value, at));
    return id;
  }

  /** Registers a node a format module makes (Avro, Protobuf, RAML): `build` runs when it is first asked for. */
  define(id: string, build: Builder): string {
    if (!this.#nodes.has(id) && !this.#builders.has(id)) this.#builders.set(id, build);
    return id;
  }

  /** The id of the node merging `a` and `b` (allOf): made when asked for. */
  readonly both = (a: string, b: string): string => {
    if (a === b || b === ANY_ID) return a;
    if (a === ANY_ID) return b;
    // A merge is named by a number, not by the names it merges: merges of merges would otherwise
    // have names as long as the chain of parts (quadratic in an allOf of thousands of parts).
    const key = `${a}&${b}`;
    const known = this.#mergeIds.get(key);
    if (known) return known;
    const id = `merge:${this.#mergeIds.size}`;
    this.#mergeIds.set(key, id);
    if (++this.#merges > MAX_MERGES) {
      const placeholder = this.#unresolvedPlaceholder(id, 'the schema merges more allOf parts than a page can show', true);
      this.#nodes.set(id, { ...placeholder, id });
      return id;
    }
    this.#origins.set(id, { parts: [a, b] });
    this.#builders.set(id, () => intersect(id, this.node(a), this.node(b), this.both));
    return id;
  };

  #jsonNode(id: string, dialect: SchemaDialect, value: Record<string, unknown>, at: Location): SchemaNode {
    let node = jsonSchemaNode(id, dialect, value, at, (raw, site) => this.childId(dialect, raw, site));
    const parts = Array.isArray(value.allOf) ? value.allOf : [];
    const partIds: string[] = [];
    this.#origins.set(id, { written: { value, at }, parts: partIds });
    parts.forEach((raw, i) => {
      const site = sub(at, 'allOf', String(i));
      const viaRef = this.doc.deref(raw, site)?.via.length ?? 0;
      const partId = this.childId(dialect, raw, site);
      partIds.push(partId);
      const part = this.node(partId);
      // A part reached by reference is a schema of its own: what it brings says so, and the merged schema extends it.
      const named = viaRef > 0 && part.boolean === undefined;
      // A base that lists its subtypes as alternatives (the discriminator pattern of Java and C#
      // generators): a subtype extending it inherits its fields, not the choice among the
      // subtypes, which would hold the subtype itself again without end.
      const choices = part.choices.filter((c) => !c.options.includes(id));
      const brought: SchemaNode = named
        ? { ...part, choices, extends: [part.at, ...part.extends], properties: part.properties.map((p) => (p.from ? p : { ...p, from: part.at })) }
        : { ...part, choices };
      node = intersect(id, node, brought, this.both);
    });
    return node;
  }

  #formatRoot(kind: SchemaFormatKind, value: unknown, at: Location): SchemaNode | undefined {
    switch (kind) {
      case 'apidesc':
        return this.node(this.childId('json-schema', value, at));
      case 'openapi':
        return this.node(this.childId('openapi', value, at));
      case 'avro':
        return this.node(avroNodes(this, value, at));
      case 'protobuf':
        return typeof value === 'string' ? this.node(protobufNodes(this, value, at)) : undefined;
      case 'raml':
        return this.node(ramlNodes(this, value, at));
      default:
        return undefined;
    }
  }

  /** A node that stands for a schema the view cannot read, saying why. */
  #unresolvedNode(at: Location, reason: string): SchemaNode {
    const id = `${UNRESOLVED_PREFIX}${at.file}#${at.pointer}`;
    const known = this.#nodes.get(id);
    if (known) return known;
    const node: SchemaNode = { ...emptyNode(id, 'json-schema', at), unresolved: reason };
    this.#nodes.set(id, node);
    return node;
  }

  #unresolvedPlaceholder(id: string, reason: string, incomplete: boolean): SchemaNode {
    const here = this.doc.root.path;
    return { ...emptyNode(`${id}!`, 'json-schema', { file: here, pointer: '' }), unresolved: reason, ...(incomplete ? { incomplete } : {}) };
  }
}

const views = new WeakMap<ResolvedDoc, SchemaViews>();

/** The views of a document's schemas (one set per document). */
export function schemaViewsOf(doc: ResolvedDoc): SchemaViews {
  let v = views.get(doc);
  if (!v) views.set(doc, (v = new SchemaViews(doc)));
  return v;
}

/** A Multi Format Schema Object: `schemaFormat` and `schema`, the keys no JSON Schema has. */
export function isMultiFormat(value: unknown): value is { schemaFormat?: unknown; schema: unknown } {
  return (
    isPlainObject(value) &&
    'schema' in value &&
    (typeof value.schemaFormat === 'string' || Object.keys(value).every((k) => k === 'schema' || k.startsWith('x-')))
  );
}

function sub(at: Location, ...tokens: string[]): Location {
  return { file: at.file, pointer: tokens.reduce(childPointer, at.pointer) };
}
