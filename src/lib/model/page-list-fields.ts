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
  const address = addressOf(ctx, map, value, at);
  if (address !== undefined) page.address = address;
  if (page.summaryHtml === undefined && typeof value.description === 'string') {
    const lead = leadSentence(value.description);
    if (lead) page.leadHtml = renderInlineMarkdown(lead);
  }
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
