/**
 * What `changes` reads and compares: two route manifests (`apidesc-routes.json` of the published
 * site, a file or an http(s) URL, and of a pull request's preview), each page added, changed (the
 * digest of what it shows differs) or removed. A manifest is read within bounds (its size, the
 * server's time) and checked before use: anyone can write one. src/cli/changes-command.ts prints
 * the outcome.
 */
import { resolve } from 'node:path';
import { describeFailure, readRegularFile } from '../lib/load/regular-file.ts';
import type { RouteEntry } from '../lib/model/types.ts';
import { byCodeUnits } from '../lib/text-order.ts';

export interface PageEntry {
  url: string;
  kind: string;
  id: string;
  api: string;
}

export interface Changes {
  added: PageEntry[];
  changed: PageEntry[];
  removed: PageEntry[];
  /** The older manifest has no digests (built before they existed): changed pages cannot be told. */
  unknownChanges: boolean;
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** One entry per page (several routes can show the same page). */
function pagesOf(manifest: RouteEntry[]): Map<string, RouteEntry> {
  const pages = new Map<string, RouteEntry>();
  for (const route of manifest) if (!pages.has(route.url)) pages.set(route.url, route);
  return pages;
}

export function compareManifests(before: RouteEntry[], after: RouteEntry[]): Changes {
  const old = pagesOf(before);
  const now = pagesOf(after);
  const entry = ({ url, kind, id, api }: RouteEntry): PageEntry => ({ url, kind, id, api });
  const byUrl = (a: PageEntry, b: PageEntry): number => byCodeUnits(a.url, b.url);
  const unknownChanges = before.length > 0 && before.every((r) => r.hash === undefined);
  return {
    added: [...now.values()]
      .filter((r) => !old.has(r.url))
      .map(entry)
      .sort(byUrl),
    changed: unknownChanges
      ? []
      : [...now.values()]
          .filter((r) => old.has(r.url) && old.get(r.url)!.hash !== r.hash)
          .map(entry)
          .sort(byUrl),
    removed: [...old.values()]
      .filter((r) => !now.has(r.url))
      .map(entry)
      .sort(byUrl),
    unknownChanges,
  };
}

/** The routes of a manifest, or why it cannot be used (a sentence). */
export async function readManifest(source: string, cwd: string): Promise<RouteEntry[] | string> {
  let text: string;
  try {
    if (/^https?:\/\//i.test(source)) {
      const response = await fetch(source, { signal: AbortSignal.timeout(15_000) });
      // A site published before its first manifest: everything is new.
      if (response.status === 404) return [];
      if (!response.ok) return `the server answered ${response.status}`;
      const body = await boundedBody(response, MAX_MANIFEST_BYTES);
      if (body === undefined) return 'is larger than a route manifest can be';
      text = body;
    } else {
      // A regular file only: a pipe or a device named here would block or never end.
      const read = readRegularFile(resolve(cwd, source), MAX_MANIFEST_BYTES);
      if (!('data' in read)) return read.reason === 'too-large' ? 'is larger than a route manifest can be' : `cannot be read (${describeFailure(read)})`;
      text = read.data.toString('utf8');
    }
  } catch (error) {
    return `cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'is not JSON';
  }
  const isRoute = (r: unknown): r is RouteEntry =>
    typeof r === 'object' && r !== null && ['url', 'kind', 'id', 'api'].every((k) => typeof (r as Record<string, unknown>)[k] === 'string');
  // The manifest's routes; a site built before the flows wrote the list of routes alone.
  const routes = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null && Object.hasOwn(data, 'routes')
      ? (data as { routes: unknown }).routes
      : undefined;
  if (!Array.isArray(routes) || !routes.every(isRoute))
    return 'is not a route manifest (apidesc-routes.json: {routes: a list of {api, kind, id, pointer, url}, flows})';
  return routes;
}

/** The body of a response, read no further than `limit` bytes (undefined past it): a server may send without end. */
async function boundedBody(response: Response, limit: number): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    // Leaving the loop cancels the stream.
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
