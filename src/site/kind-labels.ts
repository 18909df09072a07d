/**
 * What each kind of page is called, in words a reader uses: the search filter's values ("Reply",
 * "Operation trait", not "replie" or "operationTraits") and the kind shown above each title.
 */
import { pageKindOf } from '../lib/model/page-kinds.ts';
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
 * The search's Kind for the parts objects are composed of (isReaderKind false): every page
 * counts under one Kind, so that the filter's counts add up to the results. The search ranks
 * these after the readers' objects (public/search-rank.js names it too).
 */
export const OTHER_KIND = 'Other';

/**
 * An operation's action as its badge says it: what the API does ("API sends"), never a bare
 * "send" beside the page's words for the reader ("You receive these messages"), which then read
 * as a contradiction. Other badges (protocols) as they are.
 */
export function badgeWords(badge: string): string {
  if (badge === 'send') return 'API sends';
  if (badge === 'receive') return 'API receives';
  return badge;
}
