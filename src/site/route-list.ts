/**
 * The site's addresses, for the 404 page: which page an address that does not exist meant.
 * Addresses are lower case (slugs, src/lib/model/slugs.ts), so `/operations/publishSignup/`,
 * written as the document spells the id, is not found; nor is an address with a typo in it.
 *
 * The build writes, for each folder of the site that holds pages (at any depth below it), a
 * small list of its children: `routes/<folder>/-.json` (`routes/-.json` for the root), each name
 * marked as a page, a folder of pages, or both. The 404 page reads them only when it is shown,
 * one per segment of the address, and matches each segment against its folder's names, without
 * regard to case, else by the nearest name (a typo). A folder with more than PART_SIZE children
 * (a channels folder of a 5,000-channel API) is split into parts by name, so that no list grows
 * with the document; the first file names where each later part starts, and only the part where
 * a segment would sort is read. `-` starts no slug, so a list's file never meets a page's folder.
 */
import { nearestName } from '../lib/near-name.ts';

/** The folder of the lists, at the site's root (a portal's API of that name is served under `routes-api/`). */
export const ROUTE_LIST_FOLDER = 'routes';

/** Most names in one list file. */
export const PART_SIZE = 1000;

/** What a name of a folder is: `p` a page, `f` a folder with pages below it, `b` both. */
type Kind = 'p' | 'f' | 'b';

/** One list file: its names, sorted, and their kinds (one letter per name); the first file of a split folder names the parts. */
export interface RouteListFile {
  names: string[];
  kinds: string;
  /**
   * What each name's page is called, for the 404 page's "Did you mean" ("Publish order events",
   * not `/operations/publishorderevents/`): its title and kind in words, `''` where unknown (a
   * folder without a page). Absent in lists written without titles.
   */
  titles?: string[];
  words?: string[];
  /** The first name of each part after the first (`-2.json`, `-3.json`, …). */
  parts?: string[];
}

/** The file of `folder`'s list (`''` the root), relative to the site's root; `part` from 1. */
export function routeListPath(folder: string, part = 1): string {
  const file = part === 1 ? '-.json' : `-${part}.json`;
  return folder === '' ? `${ROUTE_LIST_FOLDER}/${file}` : `${ROUTE_LIST_FOLDER}/${folder}/${file}`;
}

/**
 * The list files of a site whose pages are `pages` (folders relative to its root, such as
 * `channels/orderevents`; the root page is ''), by path relative to the site's root.
 */
/** A page's title and kind in words ("Publish order events", "Operation"), by its folder. */
export type PageLabels = ReadonlyMap<string, { title: string; word?: string }>;

export function routeListFiles(pages: Iterable<string>, labels: PageLabels = new Map()): Map<string, RouteListFile> {
  const children = new Map<string, Map<string, Kind>>();
  const add = (folder: string, name: string, kind: 'p' | 'f'): void => {
    let names = children.get(folder);
    if (!names) children.set(folder, (names = new Map()));
    const known = names.get(name);
    names.set(name, known === undefined || known === kind ? kind : 'b');
  };
  for (const page of pages) {
    const segments = page.split('/').filter((s) => s !== '');
    segments.forEach((segment, i) => {
      add(segments.slice(0, i).join('/'), segment, i === segments.length - 1 ? 'p' : 'f');
    });
  }
  const files = new Map<string, RouteListFile>();
  for (const [folder, names] of [...children].sort(([a], [b]) => compare(a, b))) {
    const sorted = [...names.keys()].sort(compare);
    const parts: string[][] = [];
    for (let start = 0; start < sorted.length; start += PART_SIZE) parts.push(sorted.slice(start, start + PART_SIZE));
    parts.forEach((part, i) => {
      const file: RouteListFile = { names: part, kinds: part.map((name) => names.get(name)).join('') };
      if (labels.size > 0) {
        const of = (name: string) => labels.get(folder === '' ? name : `${folder}/${name}`);
        file.titles = part.map((name) => of(name)?.title ?? '');
        file.words = part.map((name) => of(name)?.word ?? '');
      }
      if (i === 0 && parts.length > 1) file.parts = parts.slice(1).map((later) => later[0]!);
      files.set(routeListPath(folder, i + 1), file);
    });
  }
  return files;
}

/** Reads a list file by its path relative to the site's root; undefined when there is none. */
export type RouteListLoader = (path: string) => Promise<RouteListFile | undefined>;

/**
 * The page an address (relative to the site's root, as requested) most likely meant, as a path
 * relative to the site's root with its trailing slash, or undefined when no page is near enough:
 * each segment matched in its folder's list, without regard to case, else by the nearest name.
 */
export async function meantPage(address: string, load: RouteListLoader): Promise<string | undefined> {
  return (await meantPageLabelled(address, load))?.path;
}

/** A page an address may mean: its path's segments, and its title and kind in words where its list gives them. */
interface Meant {
  resolved: string[];
  title?: string;
  word?: string;
}

/**
 * The page an address meant (meantPage), with its title and kind in words where its list gives
 * them. Where a segment is near no name (`/<api>/operationz/foo/`: no operation is near "foo"),
 * the nearest page up the address that is not the site's root (the API's Operations, else its
 * overview), as Starlight suggests the pages near a broken address: the root page the 404 page
 * links anyway.
 */
export async function meantPageLabelled(
  address: string,
  load: RouteListLoader,
): Promise<{ path: string; title?: string; word?: string; api?: string } | undefined> {
  const segments = address
    .split('/')
    .filter((s) => s !== '' && s !== 'index.html')
    .map(decodeSegment);
  if (segments.length === 0) return undefined;
  const resolved: string[] = [];
  /** The pages on the way, the deepest last. */
  const pages: Meant[] = [];
  let complete = true;
  // In a portal, the API the page is in: its folder at the root is labelled "API" (pipeline/route-lists.ts).
  let api: string | undefined;
  for (const segment of segments) {
    const names = await namesNear(resolved.join('/'), segment, load);
    const match = names && nearestName(segment, names.names);
    if (!names || match === undefined) {
      complete = false;
      break;
    }
    resolved.push(match);
    const at = names.names.indexOf(match);
    const kind = names.kinds[at];
    const title = names.titles?.[at] || undefined;
    const word = names.words?.[at] || undefined;
    if (kind === 'p' || kind === 'b') pages.push({ resolved: [...resolved], ...(title ? { title } : {}), ...(word ? { word } : {}) });
    if (resolved.length === 1 && word === 'API') api = title;
  }
  const meant = pages.at(-1);
  if (!meant || (complete && meant.resolved.length !== resolved.length)) return undefined;
  const inApi = api !== undefined && meant.resolved.length > 1 ? { api } : {};
  return { path: `${meant.resolved.join('/')}/`, ...(meant.title ? { title: meant.title } : {}), ...(meant.word ? { word: meant.word } : {}), ...inApi };
}

/** The names of `folder`'s list where `segment` would sort (the part of a split folder that holds it). */
async function namesNear(folder: string, segment: string, load: RouteListLoader): Promise<RouteListFile | undefined> {
  const first = await load(routeListPath(folder));
  if (!first?.parts) return first;
  const key = segment.toLowerCase();
  let part = 1;
  first.parts.forEach((start, i) => {
    if (compare(start, key) <= 0) part = i + 2;
  });
  return part === 1 ? first : load(routeListPath(folder, part));
}

/** A segment of an address as the reader typed it: percent-encoding decoded where it is well formed. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Code-unit order: the same on every machine (slugs are ASCII). */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
