/**
 * The name a reader most likely meant when they typed one that does not exist: a command
 * ("valdate" → validate), an option, or the address of a page (the 404 page's suggestion).
 * Compared in lower case, by Levenshtein distance (leven), and only when near enough to be a typo:
 * one edit for names of up to three characters, two above (a swapped pair of letters is two).
 */
import { closestMatch } from 'leven';

export function nearestName(typed: string, names: readonly string[]): string | undefined {
  const lower = typed.toLowerCase();
  const exact = names.find((name) => name.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
  const found = closestMatch(lower, [...byLower.keys()], { maxDistance: lower.length <= 3 ? 1 : 2 });
  return found === undefined ? undefined : byLower.get(found);
}
