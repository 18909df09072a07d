/**
 * What a search result shows of its object at a glance, as the object's page shows it at its top:
 * an operation's direction (its badge, "API sends") and its channel's address; the operations
 * that send and receive a message. Written into each page's search record as meta
 * (EntityPage.astro) and shown by the header box and the search page (public/search-query.js
 * glanceOf). A channel's and a server's address is their `address` meta already.
 */
import type { Page } from '../lib/model/page-types.ts';

export interface SearchGlance {
  /** An operation's action: what the API does ("API sends"), as its badge says it. */
  action?: 'send' | 'receive';
  /** An operation's channel's address. */
  channel?: string;
  /**
   * A message's operations: "sent by Publish order events, received by Pick orders" (the first of
   * each, "and n more" after it). A schema's messages (or, used by none, its schemas): "in message
   * Order placed and 2 more", so that a hit on a field of it says which messages carry the field.
   */
  via?: string;
}

/** "in message Order placed", "in messages Order placed and 2 more": the first by its title, the others counted. */
function inWords(noun: string, titles: readonly string[]): string {
  return `in ${noun}${titles.length > 1 ? 's' : ''} ${titles[0]}${titles.length > 1 ? ` and ${titles.length - 1} more` : ''}`;
}

/** The messages that use a schema, else the schemas that do, as its "Used by" lists them. */
function schemaUsers(page: Page): string | undefined {
  const titles = (kinds: readonly string[]): string[] => [...new Set(page.usedBy.filter((l) => kinds.includes(l.kind)).map((l) => l.title))];
  const messages = titles(['message', 'component:messages']);
  if (messages.length > 0) return inWords('message', messages);
  const schemas = titles(['component:schemas']);
  return schemas.length > 0 ? inWords('schema', schemas) : undefined;
}

/** The operations named by a message's "Used by" (or "Sent and received by") list, with what the API does with it. */
function carriers(page: Page): { title: string; action: 'send' | 'receive' }[] {
  const lists = page.sections.flatMap((s) => (s.type === 'links' && (s.anchor === 'used-by' || s.anchor === 'sent-received') ? s.links : []));
  return lists.flatMap((link) =>
    link.kind === 'operation' && typeof link.note === 'string' && /^(sends|receives) it/.test(link.note)
      ? [{ title: link.title, action: link.note.startsWith('sends') ? ('send' as const) : ('receive' as const) }]
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
