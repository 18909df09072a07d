/**
 * The 404 page's suggestion: the page the address most likely meant (src/site/route-list.ts),
 * found from the site's small lists of addresses, read only here and only what the address
 * needs (one list per segment). Addresses are lower case, so `/operations/publishSignup/` is
 * suggested as `/operations/publishsignup/`; a typo (`/channels/orderevent/`) finds its page too.
 * Without script, or when nothing is near enough, the page offers its links and search as before.
 */
import { meantPage, type RouteListFile } from '../site/route-list.ts';

/** Fills in and shows `slot` (the 404 page's "Did you mean …?") when a page is near the address. */
async function suggestMeantPage(slot: HTMLElement): Promise<void> {
  const root = slot.dataset.base ?? '/';
  const { pathname } = window.location;
  if (!pathname.startsWith(root)) return;
  const load = async (path: string): Promise<RouteListFile | undefined> => {
    const response = await fetch(root + path, { headers: { accept: 'application/json' } });
    return response.ok ? ((await response.json()) as RouteListFile) : undefined;
  };
  const page = await meantPage(pathname.slice(root.length), load).catch(() => undefined);
  if (page === undefined || root + page === pathname) return;
  const link = slot.querySelector('a');
  if (!link) return;
  link.href = root + page;
  link.textContent = root + page;
  slot.hidden = false;
}

/** The address's last word, as a search would take it (`/operations/publishSignup/` → `publishSignup`). */
function fillSearch(input: HTMLInputElement): void {
  const words = decodeURIComponent(window.location.pathname)
    .split('/')
    .filter((segment) => segment && !segment.endsWith('.html'));
  const last = words.at(-1);
  if (last && !input.value) input.value = last.replace(/[-_]+/g, ' ');
}

const search = document.getElementById('not-found-q');
if (search instanceof HTMLInputElement) {
  try {
    fillSearch(search);
  } catch {
    // An address that is not valid percent-encoding: the box stays empty.
  }
}
const slot = document.getElementById('meant-page');
if (slot) void suggestMeantPage(slot);
