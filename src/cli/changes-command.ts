/**
 * `apidesc-docs changes <before> <after>`: the pages a change added, changed and removed, from
 * two route manifests (`apidesc-routes.json` of the published site and of a pull request's
 * preview). A page changed when the digest of what it shows differs. Prints Markdown for a
 * pull-request comment (links into the preview with --preview-url), plain text, or JSON. What the
 * manifests hold is text of the documents and is shown as such: escaped for Markdown and for the
 * terminal, URLs only when they are paths of the site or http(s) URLs.
 */
import { resolve } from 'node:path';
import type { RouteEntry } from '../lib/model/types.ts';
import { escapeControls } from '../lib/terminal-text.ts';
import { codeSpan, linkDestination, markdownText } from '../lib/markdown-text.ts';
import { byCodeUnits } from '../lib/text-order.ts';
import { describeFailure, readRegularFile } from '../lib/load/regular-file.ts';
import { EXIT } from '../lib/exit-codes.ts';
import type { Reporter } from '../lib/reporter.ts';

export type ChangesFormat = 'text' | 'json' | 'markdown';

export interface ChangesOptions {
  format: ChangesFormat;
  /** Where the new site is served: entries link there. */
  previewUrl?: string;
  cwd: string;
}

interface PageEntry {
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

/** Lists in Markdown and text stop here: a comment that long helps no reviewer. */
const LISTED = 100;
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export async function changesCommand(args: string[], options: ChangesOptions, io: Reporter): Promise<number> {
  if (args.length !== 2) {
    io.err('apidesc-docs changes: give two route manifests, the published one first: apidesc-docs changes <before.json|URL> <after.json>');
    return EXIT.usage;
  }
  const manifests: RouteEntry[][] = [];
  for (const source of args) {
    const read = await readManifest(source, options.cwd);
    if (typeof read === 'string') {
      io.err(`apidesc-docs changes: ${source}: ${read}`);
      return EXIT.usage;
    }
    manifests.push(read);
  }
  const changes = compareManifests(manifests[0]!, manifests[1]!);
  // Entries name their API only in a portal of several.
  const apis = new Set([...manifests[0]!, ...manifests[1]!].map((r) => r.api).filter(Boolean));
  const label = (e: PageEntry): string => `${e.kind.replace('component:', '')} ${e.id}${apis.size > 1 && e.api ? ` (${e.api})` : ''}`;
  if (options.format === 'json') io.out(JSON.stringify(changes, null, 2));
  else io.out(options.format === 'markdown' ? markdown(changes, label, options.previewUrl) : text(changes, label, options.previewUrl));
  return EXIT.ok;
}

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

async function readManifest(source: string, cwd: string): Promise<RouteEntry[] | string> {
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

/**
 * Whether a manifest's `url` may be shown: a path of the site (`channels/orders/`) or an http(s)
 * URL. A manifest can be written by anyone (a pull request's preview): never a script
 * (`javascript:`, `data:`), another host by a path (`//host`, `/\\host`, which browsers read as
 * `//host`), or a URL with spaces or control characters.
 */
export function isShownUrl(url: string): boolean {
  if (/[\s\\\u0000-\u001f\u007f-\u009f]/.test(url)) return false;
  if (/^https?:\/\/[^/]/i.test(url)) return URL.canParse(url);
  return !url.startsWith('//') && !/^[a-z][a-z0-9+.-]*:/i.test(url);
}

/** Where an entry links: its page in the preview (or its own http(s) URL); none for a URL that may not be shown. */
function link(e: PageEntry, previewUrl: string | undefined): string | undefined {
  if (!previewUrl || !isShownUrl(e.url)) return undefined;
  const href = new URL(e.url, previewUrl.replace(/\/?$/, '/')).href;
  return /^https?:/i.test(href) ? href : undefined;
}

function summary(changes: Changes): string {
  const parts = [
    `${changes.added.length} added`,
    ...(changes.unknownChanges ? [] : [`${changes.changed.length} changed`]),
    `${changes.removed.length} removed`,
  ];
  return parts.join(', ');
}

type Label = (e: PageEntry) => string;

/** Text of a manifest (ids are the documents' map keys) is written with markdown-text.ts: shown as written, adding nothing to the comment. */
const destination = linkDestination;

function markdown(changes: Changes, label: Label, previewUrl: string | undefined): string {
  const out = [`### API documentation changes`, '', `${summary(changes)}.`];
  if (changes.unknownChanges) out.push('', '_The published manifest has no page digests: changed pages are not listed until it is rebuilt._');
  for (const [title, list, linked] of [
    ['Added', changes.added, true],
    ['Changed', changes.changed, true],
    ['Removed', changes.removed, false],
  ] as const) {
    if (list.length === 0) continue;
    out.push('', `**${title}**`, '');
    for (const e of list.slice(0, LISTED)) {
      const href = linked ? link(e, previewUrl) : undefined;
      const text = markdownText(label(e));
      out.push(href ? `- [${text}](${destination(href)})` : isShownUrl(e.url) ? `- ${text} ${codeSpan(e.url)}` : `- ${text}`);
    }
    if (list.length > LISTED) out.push(`- … and ${list.length - LISTED} more`);
  }
  return out.join('\n');
}

function text(changes: Changes, label: Label, previewUrl: string | undefined): string {
  const out = [summary(changes)];
  for (const [sign, list] of [
    ['+', changes.added],
    ['~', changes.changed],
    ['-', changes.removed],
  ] as const) {
    for (const e of list.slice(0, LISTED)) {
      const where = link(e, previewUrl) ?? (isShownUrl(e.url) ? e.url : undefined);
      out.push(`${sign} ${escapeControls(label(e))}${where === undefined ? '' : `  ${where}`}`);
    }
    if (list.length > LISTED) out.push(`${sign} … and ${list.length - LISTED} more`);
  }
  return out.join('\n');
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
