/**
 * `apidesc-docs changes <before> <after>`: the pages a change added, changed and removed, from
 * two route manifests (`apidesc-routes.json` of the published site and of a pull request's
 * preview), read and compared by src/pipeline/route-changes.ts: a page changed when the digest of
 * what it shows differs. Prints Markdown for a pull-request comment (links into the preview with
 * --preview-url), plain text, or JSON. What the manifests hold is text of the documents and is shown as such: escaped for Markdown and for the
 * terminal, URLs only when they are paths of the site or http(s) URLs.
 */
import type { RouteEntry } from '../lib/model/types.ts';
import { escapeControls } from '../lib/terminal-text.ts';
import { codeSpan, linkDestination, markdownText } from '../lib/markdown-text.ts';
import { EXIT } from '../lib/exit-codes.ts';
import type { Reporter } from '../lib/reporter.ts';
import { compareManifests, readManifest, type Changes, type PageEntry } from '../pipeline/route-changes.ts';

export type ChangesFormat = 'text' | 'json' | 'markdown';

export interface ChangesOptions {
  format: ChangesFormat;
  /** Where the new site is served: entries link there. */
  previewUrl?: string;
  cwd: string;
}

/** Lists in Markdown and text stop here: a comment that long helps no reviewer. */
const LISTED = 100;

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
