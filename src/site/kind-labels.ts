/**
 * What each kind of page is called, in words a reader uses: the search filter's values ("Reply",
 * "Operation trait", not "replie" or "operationTraits") and the kind shown above each title.
 */
import type { ComponentMap, EntityKind } from '../lib/model/types.ts';

const COMPONENT_WORDS: Record<ComponentMap, string> = {
  schemas: 'Schema',
  servers: 'Server',
  channels: 'Channel',
  operations: 'Operation',
  messages: 'Message',
  securitySchemes: 'Security scheme',
  serverVariables: 'Server variable',
  parameters: 'Parameter',
  correlationIds: 'Correlation id',
  replies: 'Reply',
  replyAddresses: 'Reply address',
  externalDocs: 'External docs',
  tags: 'Tag',
  operationTraits: 'Operation trait',
  messageTraits: 'Message trait',
  serverBindings: 'Server bindings',
  channelBindings: 'Channel bindings',
  operationBindings: 'Operation bindings',
  messageBindings: 'Message bindings',
};

/** The kind in words: "Channel", "Operation trait". A component's kind is named like the object it is. */
export function kindWord(kind: EntityKind): string {
  if (kind.startsWith('component:')) {
    const map = kind.slice('component:'.length) as ComponentMap;
    return Object.hasOwn(COMPONENT_WORDS, map) ? COMPONENT_WORDS[map] : map;
  }
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

/**
 * The kind above a page's title: "Channel", "Security scheme". A reader looks for a message, not a
 * "component · message": where the object is written (components or not) is the author's concern.
 */
export function kindLabel(kind: EntityKind): string {
  return kindWord(kind);
}

/**
 * Components that are parts of other objects, not what a reader looks for: their pages are found
 * by their words but are no value of the search's Kind filter, and rank below the objects a reader
 * asked for (a trait's id holds the word as often as an operation's).
 */
const AUTHORING_PARTS: ReadonlySet<ComponentMap> = new Set<ComponentMap>([
  'correlationIds',
  'replyAddresses',
  'externalDocs',
  'tags',
  'operationTraits',
  'messageTraits',
  'serverBindings',
  'channelBindings',
  'operationBindings',
  'messageBindings',
]);

/** Whether the search's Kind filter offers this kind (servers, channels, operations, messages, schemas …). */
export function isReaderKind(kind: EntityKind): boolean {
  return !(kind.startsWith('component:') && AUTHORING_PARTS.has(kind.slice('component:'.length) as ComponentMap));
}
