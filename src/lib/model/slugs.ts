/**
 * Readable, stable, collision-free URL slugs for ids (issue: deep links must not break).
 *
 * A slug is the id lower-cased with anything outside [a-z0-9._-] turned into "-". Ids are case
 * sensitive (`userSignedUp` and `UserSignedUp` can both exist) while file systems and some hosts
 * are not, so ids whose slugs collide are told apart by a short hash of the exact id; the id
 * that sorts first keeps the plain slug. A slug depends only on the ids of its own group, never
 * on document order, so it stays the same while unrelated parts of the document change.
 */
import { createHash } from 'node:crypto';

export function baseSlug(id: string): string {
  const ascii = id.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = ascii
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return slug === '' ? `id-${shortHash(id)}` : tailOf(slug, MAX_SLUG);
}

const MAX_SLUG = 80;

/**
 * A long slug keeps its end, where names differ (`io.github.acme.orders.paymentapplication.pet`
 * keeps `…paymentapplication.pet`): whole dotted segments from the end while they fit, else
 * the last characters.
 */
function tailOf(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const segments = slug.split('.');
  let kept = segments.pop()!;
  while (segments.length > 0 && kept.length + 1 + segments[segments.length - 1]!.length <= max) kept = `${segments.pop()!}.${kept}`;
  return (kept.length <= max ? kept : kept.slice(-max)).replace(/^[-.]+/, '');
}

export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 6);
}

/** Slugs for a group of ids that share one URL folder (e.g. all channels of an API). */
export function slugsFor(ids: Iterable<string>): Map<string, string> {
  const byBase = new Map<string, string[]>();
  for (const id of new Set(ids)) {
    const base = baseSlug(id);
    const list = byBase.get(base);
    if (list) list.push(id);
    else byBase.set(base, [id]);
  }
  const out = new Map<string, string>();
  for (const [base, list] of byBase) {
    list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    list.forEach((id, i) => {
      out.set(id, i === 0 ? base : `${base}-${shortHash(id)}`);
    });
  }
  return out;
}
