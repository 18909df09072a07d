/**
 * The title a search hit shows for a page the document gives no title: its key in words
 * (`receiveCommentLiked` → "Receive comment liked", `scram-connections` → "Scram connections"), as
 * the portal's cards name a message by its key, so that a list of hits reads as names rather than
 * a column of identifiers. The id stays findable: it is the page's heading and the hit's `id`,
 * shown under the title as code (public/search-query.js idShown).
 */
import { readableKey } from '../lib/schema/name-hints.ts';
import type { Page } from '../lib/model/page-types.ts';

/**
 * The kinds read by a name in words. Not a schema (a type's name, `OrderRef`, as code calls it) nor
 * a parameter or a variable (`streetlightId`, the name an address spells): their ids are what a reader types.
 */
const READ_AS_WORDS: ReadonlySet<string> = new Set([
  'server',
  'channel',
  'operation',
  'message',
  'component:channels',
  'component:operations',
  'component:messages',
  'component:servers',
]);

/** The hit's title where it differs from the page's: only for a page titled by its id, whose key reads as other words. */
export function searchTitle(page: Pick<Page, 'kind' | 'id' | 'title'>): string | undefined {
  if (page.title !== page.id || !READ_AS_WORDS.has(page.kind)) return undefined;
  const words = readableKey(page.id);
  return words !== page.id ? words : undefined;
}
