/**
 * The normalized model: plain, JSON-serialisable data, the only thing pages see
 * (ARCHITECTURE.md). Built once per document by build-model.ts.
 */
import type { FlowsNotListed, PortalFlow } from '../portal/flow-types.ts';

/** Component maps of the SPEC's Components Object, in SPEC order. */
export const COMPONENT_KINDS = [
  'schemas',
  'servers',
  'channels',
  'operations',
  'messages',
  'securitySchemes',
  'serverVariables',
  'parameters',
  'correlationIds',
  'replies',
  'replyAddresses',
  'externalDocs',
  'tags',
  'operationTraits',
  'messageTraits',
  'serverBindings',
  'channelBindings',
  'operationBindings',
  'messageBindings',
] as const;
export type ComponentMap = (typeof COMPONENT_KINDS)[number];

export type EntityKind = 'server' | 'channel' | 'operation' | 'message' | `component:${ComponentMap}`;

/**
 * `apidesc-routes.json`: every route of the site, and in a portal the flows between its APIs
 * (issue 22), for other tools. Sites built before the flows wrote the list of routes alone.
 */
export interface RouteManifest {
  routes: RouteEntry[];
  /** At most FLOWS_PER_PAIR of each pair of APIs and MANIFEST_FLOWS in all (portal-flows.ts). */
  flows: PortalFlow[];
  /** The flows not listed, counted (absent when every flow is listed). */
  flowsNotListed?: FlowsNotListed;
}

/** One route of `apidesc-routes.json`. */
export interface RouteEntry {
  api: string;
  kind: string;
  id: string;
  /** JSON pointer of the object in its document, e.g. `/channels/userSignedUp`. */
  pointer: string;
  /** URL relative to the site base, with a trailing slash. */
  url: string;
  /**
   * Digest of what the page shows (set by `build`): compare two manifests to find the pages a
   * change touched (`apidesc-docs changes`).
   */
  hash?: string;
}

export interface Link {
  kind: EntityKind;
  id: string;
  url: string;
  title: string;
}

/** A page of the site: one server, channel, operation, message or components entry. */
export interface Entity {
  kind: EntityKind;
  id: string;
  /** URL relative to the API's base, with a trailing slash. */
  url: string;
  /** Where the route points in the root document. */
  pointer: string;
  /** Where the object is written (after following references). */
  source: { file: string; pointer: string; line: number };
  /** Human name: title, else name, else id (UI.md, page anatomy). */
  title: string;
  /** Objects that reference this one (where-used), sorted by URL. */
  usedBy: Link[];
  /** Component schemas: the first messages that carry it, directly or through other schemas (schema-carriers.ts; at most CARRIERS_KNOWN). */
  carriedBy?: Link[];
}

/** A named component schema: its id and its page. */
export interface Named {
  id: string;
  url: string;
}

/** A base schema's discriminator (SPEC "Schema Object"): its property, and each known subtype with the value that selects it. */
export interface Discriminator {
  property: string;
  subtypes: { value: string; schema: Named }[];
}

/** What a subtype is to its base: the base, and the value of the base's discriminator that selects it. */
export interface Subtype {
  base: Named;
  property: string;
  value: string;
}

/** One row of a schema table. */
export interface SchemaRow {
  /** Anchor id, unique within the page, from the keyword path (e.g. `payload.lines.items.sku`). */
  anchor: string;
  /** Property name, or a label such as `items`, `additionalProperties`, `oneOf 1 (card)`. */
  name: string;
  depth: number;
  /** `string`, `array of Money`, `string | null`, `Order` (named component), `any`. */
  type: string;
  format?: string;
  required: boolean;
  /** Short constraint chips: `1..64 chars`, `≥ 0`, `pattern ^[A-Z]+$`, `unique items`. */
  constraints: string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  /** At most ROW_EXAMPLES of the document's examples of this schema that its check accepts. */
  examples?: unknown[];
  /** The document's examples past those shown as "e.g." (ROW_EXAMPLES), not checked: the row says how many more. */
  moreExamples?: number;
  /** The document's examples of this schema, when every one fails its check (rule schema-example): said to be wrong, never shown as "e.g.". */
  wrongExamples?: unknown[];
  flags: ('deprecated' | 'readOnly' | 'writeOnly')[];
  descriptionHtml?: string;
  /** The row opens a group of alternatives (oneOf/anyOf/allOf/not/if-then-else). */
  combinator?: 'oneOf' | 'anyOf' | 'allOf' | 'not' | 'if' | 'then' | 'else';
  /** Named component schema this row is (links to its own page). */
  component?: { id: string; url: string };
  /** Recursion: the schema is already shown above; link to that row instead of expanding. */
  backReference?: { anchor: string; name: string };
  /** A schema shown in full elsewhere in the same table (not small enough to show twice): link to that row. */
  repeatOf?: { anchor: string; name: string };
  /** The value may also be null (a type list with null, OpenAPI `nullable`, an Avro union with null). */
  nullable?: boolean;
  /** Why the schema could not be read (a reference that does not resolve, a malformed Avro schema, …), as inline HTML. */
  unresolvedHtml?: string;
  /**
   * The table's depth limit (MAX_ROW_DEPTH): what is nested below this row is not shown here.
   * `on` is the named component schema whose own page shows it, when there is one.
   */
  cut?: { on?: { id: string; url: string } };
  /** `false` schema (nothing allowed) or `true` (anything). */
  booleanSchema?: boolean;
  /** One of the shapes of its parent's `oneOf` / `anyOf` (its `combinator` says which). */
  alternative?: boolean;
  /** The named schemas merged into this one by `allOf`: what it extends. */
  extends?: { id: string; url: string }[];
  /** A property brought by a named `allOf` part: that part (its page). */
  from?: { id: string; url: string };
  /** The values each item of an array may take (an array of a simple type with an `enum`). */
  itemEnum?: unknown[];
  /** A base schema's discriminator: its property, and each known subtype with the value that selects it. */
  discriminator?: Discriminator;
  /** A subtype: its base, and the value of the base's discriminator that selects it. */
  selectedBy?: Subtype[];
}

/** Where a schema's example can be taken from (reused-examples.ts): a message's example, and the path to the part. */
export interface ExampleSite {
  message: Link;
  example: string;
  /** Property names and array indexes from the payload's root. */
  path: (string | number)[];
  value: unknown;
}
