/**
 * Any object of the document as a readable tree (for bindings, security schemes, variables and
 * every component without a page layout of its own): references become links to their pages,
 * scalars become text, nothing is shown as a raw JSON dump. Bounded in depth and size so one
 * huge extension value cannot bloat a page.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { joinPointer } from '../json-pointer.ts';
import { isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import type { EntityLocator } from './entity-locator.ts';
import { runtimeExpressionMeaning } from './runtime-expression-words.ts';
import type { Link } from './types.ts';

export type ObjectView =
  | { type: 'scalar'; text: string; json: 'string' | 'number' | 'boolean' | 'null' }
  | { type: 'list'; items: ObjectView[] }
  | { type: 'map'; entries: [string, ObjectView][] }
  /** A reference to an object with its own page: the link, and the object shown in place too. */
  | { type: 'link'; link: Link; content?: ObjectView }
  | { type: 'more'; count: number }
  /** A `description`: CommonMark, rendered and sanitized. */
  | { type: 'markdown'; html: string }
  /** What a value means, in words, where its JSON would mislead (a channel's `address: null`). */
  | { type: 'words'; text: string }
  /** A runtime expression (a `location`) said in words ("The header requestId of the message"), the expression kept for who reads it. */
  | { type: 'expression'; words: string; expression: string };

/**
 * A channel's `address` null or absent means it is not known, for instance set at run time (SPEC,
 * Channel Object): said so, as the channel's page says it, rather than shown as `null`.
 */
export const UNKNOWN_ADDRESS = 'unknown (set at run time)';

const MAX_DEPTH = 12;
const MAX_ENTRIES = 200;
const MAX_EXPANDED_REF_DEPTH = 4;

export function objectView(doc: ResolvedDoc, locator: EntityLocator, value: unknown, site: Location, depth = 0): ObjectView {
  if (isRefObject(value)) {
    const link = locator.link(value, site);
    const resolved = doc.deref(value, site);
    if (link) {
      // Shown in place as well, so a reader need not leave the page (bounded: links nest).
      const shown = resolved && depth < MAX_EXPANDED_REF_DEPTH ? objectView(doc, locator, resolved.value, resolved.at, depth + 1) : undefined;
      const content = link.kind === 'channel' && shown?.type === 'map' ? channelWords(shown) : shown;
      return { type: 'link', link, ...(content && content.type !== 'scalar' ? { content } : {}) };
    }
    if (!resolved || depth >= MAX_DEPTH) return { type: 'scalar', text: value.$ref, json: 'string' };
    return objectView(doc, locator, resolved.value, resolved.at, depth + 1);
  }
  if (value === null) return { type: 'scalar', text: 'null', json: 'null' };
  if (typeof value !== 'object') {
    const json = typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';
    return { type: 'scalar', text: String(value), json };
  }
  if (depth >= MAX_DEPTH) return { type: 'more', count: Array.isArray(value) ? value.length : Object.keys(value).length };
  if (Array.isArray(value)) {
    const items = value
      .slice(0, MAX_ENTRIES)
      .map((item, i) => objectView(doc, locator, item, { file: site.file, pointer: joinPointer(site.pointer, i) }, depth + 1));
    if (value.length > MAX_ENTRIES) items.push({ type: 'more', count: value.length - MAX_ENTRIES });
    return { type: 'list', items };
  }
  const all = Object.entries(value);
  const entries: [string, ObjectView][] = all
    .slice(0, MAX_ENTRIES)
    .map(([k, v]) => [
      k,
      k === 'description' && typeof v === 'string'
        ? { type: 'markdown', html: renderMarkdown(v) }
        : k === 'location' && typeof v === 'string'
          ? locationView(v, site)
          : objectView(doc, locator, v, { file: site.file, pointer: joinPointer(site.pointer, k) }, depth + 1),
    ]);
  if (all.length > MAX_ENTRIES) entries.push(['…', { type: 'more', count: all.length - MAX_ENTRIES }]);
  return { type: 'map', entries };
}

/**
 * A correlation id's or a reply address's `location` (SPEC: a runtime expression over
 * `$message.header` or `$message.payload`) in the words the message and operation pages use: few
 * readers read `$message.header#/…`. A reply address reads the request (the object at `…/address`).
 */
function locationView(location: string, site: Location): ObjectView {
  const subject = /\/address$/.test(site.pointer) ? 'the request message' : 'the message';
  const meaning = runtimeExpressionMeaning(location, subject);
  if (meaning === undefined) return { type: 'scalar', text: location, json: 'string' };
  return { type: 'expression', words: meaning.charAt(0).toUpperCase() + meaning.slice(1), expression: location };
}

/** A channel's tree with its null address said in words. */
function channelWords(view: Extract<ObjectView, { type: 'map' }>): ObjectView {
  return {
    type: 'map',
    entries: view.entries.map(([k, v]): [string, ObjectView] =>
      k === 'address' && v.type === 'scalar' && v.json === 'null' ? [k, { type: 'words', text: UNKNOWN_ADDRESS }] : [k, v],
    ),
  };
}
