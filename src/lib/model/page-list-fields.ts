/**
 * What lists show of an object beside its title (the section lists, the overview's cards, a
 * server's channels): where it is (a channel's address, an operation's channel address, a
 * server's URL) and, when it has no summary, its description's first sentence. Part of the
 * page's summary (pages.ts pageSummary), so lists stay cheap to build.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderInlineMarkdown } from '../markdown/render-markdown.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { leadSentence } from './lead-sentence.ts';
import { type Context, sub } from './page-context.ts';
import type { Page } from './page-types.ts';
import type { ComponentMap } from './types.ts';

/** `kind` without `component:`; `value` the object (traits merged for operations). */
export function listFields(ctx: Context, page: Page, map: ComponentMap | undefined, value: Record<string, unknown>, at: Location): void {
  if (map === 'schemas') {
    const simple = simpleTypeOf(value);
    if (simple !== undefined) page.simpleType = simple;
  }
  const address = addressOf(ctx, map, value, at);
  if (address !== undefined) page.address = address;
  if (page.summaryHtml === undefined && typeof value.description === 'string') {
    const lead = leadSentence(value.description);
    if (lead) page.leadHtml = renderInlineMarkdown(lead);
  }
  if (map === 'operations' && page.summaryHtml === undefined && page.leadHtml === undefined) {
    const line = channelLine(ctx, value, at);
    if (line) page.searchLeadHtml = renderInlineMarkdown(line);
  }
}

/** An operation's channel's summary, else its description's first sentence. */
function channelLine(ctx: Context, value: Record<string, unknown>, at: Location): string | undefined {
  const channel = value.channel !== undefined ? ctx.doc.deref(value.channel, sub(at, 'channel')) : undefined;
  if (!channel || !isPlainObject(channel.value)) return undefined;
  if (typeof channel.value.summary === 'string' && channel.value.summary.trim() !== '') return channel.value.summary.trim();
  return typeof channel.value.description === 'string' ? leadSentence(channel.value.description) : undefined;
}

/** `map`: the Components map of the page's kind (page-kinds.ts): a channel and a channel component have the same address. */
function addressOf(ctx: Context, map: ComponentMap | undefined, value: Record<string, unknown>, at: Location): string | undefined {
  if (map === 'channels') return typeof value.address === 'string' ? value.address : undefined;
  if (map === 'operations') {
    const channel = value.channel !== undefined ? ctx.doc.deref(value.channel, sub(at, 'channel')) : undefined;
    return channel && isPlainObject(channel.value) && typeof channel.value.address === 'string' ? channel.value.address : undefined;
  }
  if (map === 'servers') {
    if (typeof value.host !== 'string') return undefined;
    const protocol = typeof value.protocol === 'string' ? `${value.protocol}://` : '';
    return `${protocol}${value.host}${typeof value.pathname === 'string' ? value.pathname : ''}`;
  }
  return undefined;
}

/** Types of a single value: a schema of one of them, without fields or parts, is a simple type. */
const SIMPLE_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null']);

/**
 * The type of a schema of a simple value (`{ "type": "integer", "format": "int32" }`), said as
 * written ("string or null" for a list); undefined for one with fields, items or parts to choose.
 */
export function simpleTypeOf(schema: Record<string, unknown>): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length === 0 || !types.every((t): t is string => typeof t === 'string' && SIMPLE_TYPES.has(t))) return undefined;
  // Fields (springwolf writes `properties` on an XML payload of type string), items or parts make it no simple value.
  for (const key of ['properties', 'patternProperties', 'additionalProperties', 'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', 'not', 'if', '$ref'])
    if (schema[key] !== undefined) return undefined;
  return types.join(' or ');
}
