/**
 * The kinds of page, one row each: the Components map its objects are in, the kind and folder of
 * the pages of the same objects outside components, the sidebar section it is listed in, the word
 * a reader sees, and the builder of its content. Read by the routes (routes.ts), the pages
 * (pages.ts and the summaries' fields), the site data and the labels (src/site), the site model's
 * counts and the entity page: a new kind of page is one row here, and, when its content is not an
 * object's plain definition, one builder (BUILDERS in pages.ts, which the type keeps complete).
 */
import type { ComponentMap, EntityKind } from './types.ts';

/** How a page's content is made: each name is one function of pages.ts. */
export type PageBuilder =
  | 'server'
  | 'channel'
  | 'operation'
  | 'message'
  | 'schema'
  | 'security-scheme'
  | 'reply'
  | 'correlation-id'
  | 'operation-trait'
  | 'message-trait'
  | 'channel-bindings'
  | 'operation-bindings'
  | 'bindings'
  | 'definition';

/** The sidebar's sections and their list pages, in the sidebar's order; the last holds every page no row places elsewhere. */
export const PAGE_SECTIONS = [
  { title: 'Servers', folder: 'servers/' },
  { title: 'Channels', folder: 'channels/' },
  { title: 'Operations', folder: 'operations/' },
  { title: 'Messages', folder: 'messages/' },
  { title: 'Schemas', folder: 'components/schemas/' },
  { title: 'Components', folder: 'components/' },
] as const;

export type SectionTitle = (typeof PAGE_SECTIONS)[number]['title'];

/** The section of every page no row places elsewhere. */
const OTHER_COMPONENTS: SectionTitle = 'Components';

export interface PageKind {
  /** The Components map its objects are in (a page of each entry: `component:<map>`). */
  map: ComponentMap;
  /**
   * The object in words, as readers of API references know it: the search filter's value, the
   * kind above a page's title ("Server variable", "Correlation ID", "Channel binding": the names
   * AsyncAPI's and OpenAPI's references use, not the map's key nor a word of this tool's).
   */
  word: string;
  /** The sidebar's group of such pages, when not the word with an "s" ("Correlation IDs", "Replies"). */
  plural?: string;
  /** The pages of such objects outside components: a map of the document's root, or a channel's messages. */
  outside?: {
    kind: Exclude<EntityKind, `component:${string}`>;
    /** The folder of their URLs when they are a map of the document's root: such objects are named by key, never referenced. */
    rootFolder?: string;
    section: SectionTitle;
  };
  /** The section of the pages of its components (default: the last, other components). */
  componentSection?: SectionTitle;
  builder: PageBuilder;
  /** What its traits add belongs to it (tags, bindings, external docs of the merged object). */
  traits?: true;
  /** Without a `title`, its `name` names it (a security scheme's `name` is a header's, an sns binding's a topic's). */
  titledByName?: true;
  /**
   * A part other objects are composed of (a trait, a binding, a correlation id), not what a reader
   * looks for: found by its words, but no value of the search's Kind filter, and its id does not
   * outrank the titles and ids of the objects a reader asked for.
   */
  part?: true;
}

/** One row per Components map, in SPEC order (the order of the routes and of COMPONENT_KINDS). */
export const PAGE_KINDS: readonly PageKind[] = [
  { map: 'schemas', word: 'Schema', componentSection: 'Schemas', builder: 'schema' },
  { map: 'servers', word: 'Server', outside: { kind: 'server', rootFolder: 'servers/', section: 'Servers' }, builder: 'server' },
  { map: 'channels', word: 'Channel', outside: { kind: 'channel', rootFolder: 'channels/', section: 'Channels' }, builder: 'channel' },
  {
    map: 'operations',
    word: 'Operation',
    outside: { kind: 'operation', rootFolder: 'operations/', section: 'Operations' },
    builder: 'operation',
    traits: true,
  },
  {
    map: 'messages',
    word: 'Message',
    outside: { kind: 'message', section: 'Messages' },
    componentSection: 'Messages',
    builder: 'message',
    traits: true,
    titledByName: true,
  },
  { map: 'securitySchemes', word: 'Security scheme', builder: 'security-scheme' },
  { map: 'serverVariables', word: 'Server variable', builder: 'definition' },
  { map: 'parameters', word: 'Channel parameter', builder: 'definition' },
  { map: 'correlationIds', word: 'Correlation ID', builder: 'correlation-id', part: true },
  { map: 'replies', word: 'Reply', plural: 'Replies', builder: 'reply' },
  { map: 'replyAddresses', word: 'Reply address', plural: 'Reply addresses', builder: 'definition', part: true },
  { map: 'externalDocs', word: 'External docs', plural: 'External docs', builder: 'definition', part: true },
  { map: 'tags', word: 'Tag', builder: 'definition', titledByName: true, part: true },
  { map: 'operationTraits', word: 'Operation trait', builder: 'operation-trait', part: true },
  { map: 'messageTraits', word: 'Message trait', builder: 'message-trait', titledByName: true, part: true },
  { map: 'serverBindings', word: 'Server binding', builder: 'bindings', part: true },
  { map: 'channelBindings', word: 'Channel binding', builder: 'channel-bindings', part: true },
  { map: 'operationBindings', word: 'Operation binding', builder: 'operation-bindings', part: true },
  { map: 'messageBindings', word: 'Message binding', builder: 'bindings', part: true },
];

const byKind = new Map<string, PageKind>();
for (const row of PAGE_KINDS) {
  byKind.set(`component:${row.map}`, row);
  if (row.outside) byKind.set(row.outside.kind, row);
}

/** The row of a page's kind (`channel` and `component:channels` share one); undefined for a kind no row has (a guide). */
export function pageKindOf(kind: string): PageKind | undefined {
  return byKind.get(kind);
}

/** The maps of the document's root that have pages of their own (servers, channels, operations), in table order. */
export const ROOT_PAGE_KINDS = PAGE_KINDS.flatMap(({ map, outside }) =>
  outside?.rootFolder !== undefined ? [{ map, kind: outside.kind, folder: outside.rootFolder }] : [],
);

/** Whether a page is of an object of the document's root maps: named by key, so never referenced ("Used by" would be empty). */
export function isRootObject(kind: string): boolean {
  return ROOT_PAGE_KINDS.some((row) => row.kind === kind);
}

/** The section a page of `kind` is listed in. */
export function sectionTitleOf(kind: string): SectionTitle {
  const row = pageKindOf(kind);
  const title = row?.outside?.kind === kind ? row.outside.section : row?.componentSection;
  return title ?? OTHER_COMPONENTS;
}

/** The kinds of each section, those outside components first (the overview lists a section by its first kind). */
export function kindsOfSection(title: SectionTitle): EntityKind[] {
  const outside = PAGE_KINDS.flatMap((row) => (row.outside?.section === title ? [row.outside.kind] : []));
  const components = PAGE_KINDS.flatMap((row) => (row.componentSection === title ? [`component:${row.map}` as const] : []));
  return [...outside, ...components];
}
