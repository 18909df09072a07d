/**
 * The messages that carry each component schema, as its payload or headers, or through the
 * schemas that use it (Order carries Payment, which carries InvoicePayment: a message of Order
 * carries all three). A search hit on a field says which messages carry it (src/site/search-glance.ts),
 * where the schema's own "Used by" names only its nearest users.
 *
 * Bounded on purpose: each schema keeps the first CARRIERS_KNOWN messages, and a message's walk
 * stops at a schema that has them all, since every schema under it has them too (each of its
 * carriers' walks went on below it). Each schema is passed at most CARRIERS_KNOWN times: the work
 * grows with the document, whatever its fan-outs and shared schemas.
 */
import { toLink } from './entity-locator.ts';
import type { Entity } from './types.ts';

/** Enough to say "in message A", "in messages A and B" or "in messages A, B and more". */
export const CARRIERS_KNOWN = 3;

const isSchema = (e: Entity): boolean => e.kind === 'component:schemas';
const isMessage = (e: Entity): boolean => e.kind === 'message' || e.kind === 'component:messages';
const keyOf = (e: { url: string; kind: string }): string => `${e.url}|${e.kind}`;

/** Sets `carriedBy` of each component schema that some message carries (after where-used.ts has set `usedBy`). */
export function linkCarriers(entities: readonly Entity[]): void {
  const byKey = new Map(entities.map((e) => [keyOf(e), e]));
  // The schemas each page uses directly: where-used's links, turned around.
  const uses = new Map<Entity, Entity[]>();
  for (const schema of entities) {
    if (!isSchema(schema)) continue;
    for (const link of schema.usedBy) {
      const user = byKey.get(keyOf(link));
      if (user) uses.set(user, [...(uses.get(user) ?? []), schema]);
    }
  }
  for (const message of entities) {
    if (!isMessage(message)) continue;
    const seen = new Set<Entity>();
    const stack = [...(uses.get(message) ?? [])];
    while (stack.length > 0) {
      const schema = stack.pop()!;
      if (seen.has(schema)) continue;
      seen.add(schema);
      const carriers = (schema.carriedBy ??= []);
      if (carriers.length >= CARRIERS_KNOWN) continue;
      carriers.push(toLink(message));
      stack.push(...(uses.get(schema) ?? []));
    }
  }
}
