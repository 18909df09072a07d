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

/** The kind above a page's title: "channel", "component · security scheme". */
export function kindLabel(kind: EntityKind): string {
  const word = kindWord(kind).toLowerCase();
  return kind.startsWith('component:') ? `component · ${word}` : word;
}
