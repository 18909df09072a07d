/**
 * The portal's API switcher in every page's header (src/layouts/Layout.astro): the first
 * SWITCHER_SHOWN APIs, then a link to all of them. What it shows reaches every page of every API,
 * so the build cache keys each API's pages by it (src/pipeline/cache/api-cache-key.ts).
 */
import { listedTitle } from '../lib/model/api-titles.ts';
import type { SiteApi } from './site-data-types.ts';

/** APIs the switcher lists; the rest are on the portal's root. */
export const SWITCHER_SHOWN = 30;

/** What the switcher of any page of a portal of `apis` shows: the APIs it lists (prefix and title), and how many there are. */
export function switcherFacts(apis: readonly SiteApi[]): { listed: [prefix: string, title: string][]; count: number } {
  return { listed: apis.slice(0, SWITCHER_SHOWN).map((api) => [api.prefix, listedTitle(api)]), count: apis.length };
}
