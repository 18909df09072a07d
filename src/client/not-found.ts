/**
 * The 404 page's suggestion: the page the address most likely meant (src/site/route-list.ts),
 * found from the site's small lists of addresses, read only here and only what the address
 * needs (one list per segment). Addresses are lower case, so `/operations/publishSignup/` is
 * suggested as `/operations/publishsignup/`; a typo (`/channels/orderevent/`) finds its page too.
 * The suggestion names the page by its kind and title, as a sentence says them ("Did you mean the
 * operation Publish order events?"). Without script, or when nothing is near enough, the page offers its links
 * and search as before.
 */
import { meantPageLabelled, type RouteListFile } from '../site/route-list.ts';

/** Fills in and shows `slot` (the 404 page's "Did you mean …?") when a page is near the address. */
async function suggestMeantPage(slot: HTMLElement): Promise<void> {
  const root = slot.dataset.base ?? '/';
  const { pathname } = window.location;
  if (!pathname.startsWith(root)) return;
  const load = async (path: string): Promise<RouteListFile | undefined> => {
    // As the page's preload asks for it (no header of its own), so that the first list is the one already fetched.
    const response = await fetch(root + path);
    return response.ok ? ((await response.json()) as RouteListFile) : undefined;
  };
  const page = await meantPageLabelled(pathname.slice(root.length), load).catch(() => undefined);
  if (page === undefined || root + page.path === pathname) return;
  const link = slot.querySelector('a');
  const title = slot.querySelector('.meant-title');
  const kind = slot.querySelector('.meant-kind');
  const api = slot.querySelector('.meant-api');
  if (!link || !title || !kind || !api) return;
  link.href = root + page.path;
  // "the operation Publish order events": what the reader knows the page by; the address where no title is known.
  title.textContent = page.title ?? root + page.path;
  kind.textContent = page.word ? `the ${kindInSentence(page.word)} ` : '';
  // In a portal, which API it is in: "the channel Order events (FIFO) in Orders (SNS FIFO fan-out)",
  // "Channels in Orders (SNS FIFO fan-out)" (a section's page, named by its title alone).
  api.textContent = page.api ? ` in ${page.api}` : '';
  slot.hidden = false;
}

/** A kind's word inside a sentence: "Operation" → "operation"; a word that is an acronym ("API", "SNS topic") kept. */
const kindInSentence = (word: string): string => (/^[A-Z][a-z]/.test(word) ? word[0]!.toLowerCase() + word.slice(1) : word);

/** The address's last word, as a search would take it (`/operations/publishSignup/` → `publishSignup`). */
function addressWords(): string | undefined {
  const words = decodeURIComponent(window.location.pathname)
    .split('/')
    .filter((segment) => segment && !segment.endsWith('.html'));
  return words.at(-1)?.replace(/[-_]+/g, ' ');
}

// The page's search box holds the address's words, ready to search (the form works without this too).
const searchBox = document.getElementById('not-found-query');
if (searchBox instanceof HTMLInputElement && searchBox.value === '') {
  try {
    const words = addressWords();
    if (words) searchBox.value = words;
  } catch {
    // An address that is not valid percent-encoding: the box stays empty.
  }
}

/**
 * In a portal, an address under one API's folder (`/<api>/operations/turnOm/`) keeps that API's
 * header and sidebar, as Starlight keeps a section's navigation: taken from the API's overview
 * page (one request, from the site itself), so that the reader goes on inside the API. The host
 * serves the one root 404 page for every address, which lists every API without them.
 */
async function keepApiContext(root: string): Promise<void> {
  const frame = document.querySelector('.frame.no-sidebar');
  const slug = window.location.pathname.startsWith(root) ? window.location.pathname.slice(root.length).split('/')[0] : undefined;
  if (!frame || !slug) return;
  const listed = [...document.querySelectorAll<HTMLAnchorElement>('main ul.links a')].some((a) => a.pathname === `${root}${slug}/`);
  if (!listed) return;
  const response = await fetch(`${root}${slug}/`);
  if (!response.ok) return;
  const api = new DOMParser().parseFromString(await response.text(), 'text/html');
  const sidebar = api.querySelector('nav.sidebar');
  const brand = api.querySelector('header.site .brand');
  const toggle = api.querySelector('input.nav-toggle');
  const menu = api.querySelector('header.site .nav-button');
  const header = document.querySelector('header.site');
  if (!sidebar || !brand || !header) return;
  header.querySelector('.brand')?.replaceWith(document.importNode(brand, true));
  if (menu && !header.querySelector('.nav-button')) header.prepend(document.importNode(menu, true));
  if (toggle && !document.querySelector('input.nav-toggle')) header.before(document.importNode(toggle, true));
  frame.prepend(document.importNode(sidebar, true));
  frame.classList.remove('no-sidebar');
}

const slot = document.getElementById('meant-page');
if (slot) {
  void suggestMeantPage(slot);
  void keepApiContext(slot.dataset.base ?? '/').catch(() => undefined);
}
