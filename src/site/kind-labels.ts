/**
 * What each kind of page is called, in words a reader uses: the search filter's values ("Reply",
 * "Operation trait", not "replie" or "operationTraits") and the kind shown above each title.
 */
import { PAGE_KINDS, pageKindOf } from '../lib/model/page-kinds.ts';
import { protocolWords } from '../lib/model/protocol-names.ts';
import type { EntityKind } from '../lib/model/types.ts';

/** The kind in words: "Channel", "Operation trait". A component's kind is named like the object it is. */
export function kindWord(kind: EntityKind): string {
  const word = pageKindOf(kind)?.word;
  if (word !== undefined) return word;
  return kind.startsWith('component:') ? kind.slice('component:'.length) : kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** Several pages of a kind, as the sidebar's group of shared definitions heads them: "Server variables", "Correlation IDs". */
export function kindPlural(kind: EntityKind): string {
  return pageKindOf(kind)?.plural ?? `${kindWord(kind)}s`;
}

/**
 * The kind above a page's title: "Channel", "Security scheme". A reader looks for a message, not a
 * "component · message": where the object is written (components or not) is the author's concern.
 */
export function kindLabel(kind: EntityKind): string {
  return kindWord(kind);
}

/** Whether the search's Kind filter offers this kind: servers, channels, operations, messages, schemas …, not the parts objects are composed of (page-kinds.ts). */
export function isReaderKind(kind: EntityKind): boolean {
  return pageKindOf(kind)?.part !== true;
}

/**
 * The search's Kind of a page: what it is, in the word its page says above its title ("Channel",
 * "Operation trait", "Message binding"), so that a hit and the filter name it alike. Not a group of
 * this tool's ("Traits and bindings", "Tags and external docs"), which no reader calls anything,
 * nor a bare "Other". Every page counts under one Kind, so that the filter's counts add up to the results.
 */
export function searchKind(kind: EntityKind): string {
  return kindWord(kind);
}

/**
 * The Kinds of the parts objects are composed of (searchKind of each): the search ranks them after
 * the readers' objects (public/search-rank.js PART_KINDS names them too).
 */
export const PART_KINDS: readonly string[] = [...new Set(PAGE_KINDS.filter((k) => k.part).map((k) => searchKind(`component:${k.map}`)))].sort();

/**
 * An operation's action as its badge says it: what the API does ("API sends"), never a bare
 * "send" beside the page's words for the reader ("You receive these messages"), which then read
 * as a contradiction. A protocol by its reader's name, as the portal's chips say it ("Kafka (TLS)",
 * not `kafka-secure` on one page and the name on the next).
 */
export function badgeWords(badge: string): string {
  if (badge === 'send') return 'API sends';
  if (badge === 'receive') return 'API receives';
  return protocolWords(badge);
}
