/**
 * An API as a portal's catalog shows it (issue: the portal root is a catalog): a summary (the
 * first paragraph of its description), its protocols, its tags, and who owns it, from the `x-`
 * fields teams use for that (`x-owner`, `x-team`) where the Info Object has one.
 */
import { renderInlineMarkdown } from '../markdown/render-markdown.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import type { Page } from './page-types.ts';

export interface CatalogEntry {
  /** The first paragraph of the description, as inline CommonMark. */
  summaryHtml?: string;
  /** From its servers, else from the protocol bindings of its channels, operations and messages. */
  protocols: string[];
  /** Set when no server names a protocol: `protocols` are those its bindings name (the card says so). */
  protocolsFrom?: 'bindings';
  tags: string[];
  owner?: string;
}

/**
 * The tags a card and the tag filter show: those that do not name one of the API's protocols
 * ("sns" tagged on an API that publishes to sns): the protocol's chip and filter say it already.
 */
export function ownTags(entry: Pick<CatalogEntry, 'tags' | 'protocols'>): string[] {
  const protocols = new Set(entry.protocols.map((p) => p.toLowerCase()));
  return entry.tags.filter((t) => !protocols.has(t.toLowerCase()));
}

const OWNER_FIELDS = ['x-owner', 'x-team', 'x-owning-team', 'x-maintainer'];

/**
 * `messageProtocols`: those the bindings of its messages name, which pages do not count (a
 * message page's badges are its own), for an API whose only protocol bindings are on messages.
 */
export function catalogEntry(info: Record<string, unknown>, pages: readonly Page[], messageProtocols: readonly string[] = []): CatalogEntry {
  const protocols = [...new Set([...pages.flatMap((p) => p.protocols), ...messageProtocols])].filter((p) => p !== '').sort();
  // A server states its protocol; without one, the bindings only suggest it (a `ws` binding on a channel).
  const fromBindings = protocols.length > 0 && !pages.some((p) => p.kind === 'server' && p.protocols.length > 0);
  const tags = Array.isArray(info.tags) ? info.tags.flatMap((t) => (isPlainObject(t) && typeof t.name === 'string' ? [t.name] : [])) : [];
  const owner = OWNER_FIELDS.map((f) => info[f]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const first =
    typeof info.description === 'string'
      ? info.description
          .trim()
          .split(/\n\s*\n/)[0]
          ?.trim()
      : undefined;
  // A first paragraph that is a heading, a list or a table is no summary.
  const summary = first && !/^(#|[-*+] |\d+\. |\||```|<)/.test(first) ? renderInlineMarkdown(first.replace(/\s*\n\s*/g, ' ')) : undefined;
  return {
    ...(summary ? { summaryHtml: summary } : {}),
    protocols,
    ...(fromBindings ? { protocolsFrom: 'bindings' as const } : {}),
    tags,
    ...(owner ? { owner } : {}),
  };
}
