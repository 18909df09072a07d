/**
 * What a search result shows of its object at a glance, as the object's page shows it at its top:
 * an operation's direction (its badge, "API sends") and its channel's address; the operations
 * that send and receive a message. Written into each page's search record as meta
 * (EntityPage.astro) and shown by the header box and the search page (public/search-query.js
 * glanceOf). A channel's and a server's address is their `address` meta already.
 */
import type { Page } from '../lib/model/page-types.ts';
import { CARRIERS_KNOWN } from '../lib/model/schema-carriers.ts';
import { searchTitle } from './search-title.ts';

export interface SearchGlance {
  /** An operation's action: what the API does ("API sends"), as its badge says it. */
  action?: 'send' | 'receive';
  /** An operation's channel's address. */
  channel?: string;
  /**
   * A message's operations: "sent by Publish order events, received by Pick orders" (the first of
   * each, "and n more" after it). A schema's messages, through the schemas that use it too (else
   * those schemas): "in messages Order placed and Order updated", so that a hit on a field of it
   * says which messages carry the field.
   */
  via?: string;
}

/** A list of names as a sentence says it: "A", "A and B", "A, B and more" (the last when `more`). */
function namesWords(titles: readonly string[], more: boolean): string {
  if (more) return `${titles.join(', ')} and more`;
  return titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}` : (titles[0] ?? '');
}

/**
 * The messages that carry a schema, directly or through other schemas (schema-carriers.ts keeps
 * the first CARRIERS_KNOWN: as many say "and more"), else the schemas that use it.
 */
function schemaUsers(page: Page): string | undefined {
  const messages = [...new Set((page.carriedBy ?? []).map((l) => l.title))];
  if (messages.length > 0) {
    const more = (page.carriedBy?.length ?? 0) >= CARRIERS_KNOWN;
    const shown = more ? messages.slice(0, CARRIERS_KNOWN - 1) : messages;
    return `in message${messages.length > 1 ? 's' : ''} ${namesWords(shown, more)}`;
  }
  const schemas = [...new Set(page.usedBy.filter((l) => l.kind === 'component:schemas').map((l) => l.title))];
  return schemas.length > 0
    ? `in schema${schemas.length > 1 ? 's' : ''} ${namesWords(schemas.slice(0, CARRIERS_KNOWN - 1), schemas.length >= CARRIERS_KNOWN)}`
    : undefined;
}

/**
 * The operations named by a message's "Used by" (or "Sent and received by") list, with what the API
 * does with it; each named as its own hit is (search-title.ts: "sent by Dim light", not `dimLight`).
 */
function carriers(page: Page): { title: string; action: 'send' | 'receive' }[] {
  const lists = page.sections.flatMap((s) => (s.type === 'links' && (s.anchor === 'used-by' || s.anchor === 'sent-received') ? s.links : []));
  return lists.flatMap((link) =>
    link.kind === 'operation' && typeof link.note === 'string' && /^(sends|receives) it/.test(link.note)
      ? [{ title: searchTitle(link) ?? link.title, action: link.note.startsWith('sends') ? ('send' as const) : ('receive' as const) }]
      : [],
  );
}

export function searchGlance(page: Page): SearchGlance {
  if (page.kind === 'operation' || page.kind === 'component:operations') {
    const action = page.badges.find((b): b is 'send' | 'receive' => b === 'send' || b === 'receive');
    return { ...(action ? { action } : {}), ...(page.address ? { channel: page.address } : {}) };
  }
  if (page.kind === 'message' || page.kind === 'component:messages') {
    // Who sends it and who receives it, in the operations' own terms (as its "Used by" list says it):
    // no badge, which says what the API does, and one API may do both with one message.
    const said = (['send', 'receive'] as const).flatMap((action) => {
      const titles = [...new Set(carriers(page).flatMap((u) => (u.action === action ? [u.title] : [])))];
      if (titles.length === 0) return [];
      return [`${action === 'send' ? 'sent' : 'received'} by ${titles[0]}${titles.length > 1 ? ` and ${titles.length - 1} more` : ''}`];
    });
    return said.length > 0 ? { via: said.join(', ') } : {};
  }
  if (page.kind === 'component:schemas') {
    const via = schemaUsers(page);
    return via ? { via } : {};
  }
  return {};
}
