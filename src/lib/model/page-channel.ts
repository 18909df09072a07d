/** Channel pages: address, parameters, servers, messages, the operations that use the channel. */
import type { Location } from '../diagnostics/diagnostic.ts';
import { entries } from '../resolve/doc-index.ts';
import { joinPointer } from '../json-pointer.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { toLink } from './entity-locator.ts';
import { channelFlow } from './flow-channel.ts';
import { messageLine } from './page-message-line.ts';
import { templateValueFacts } from './page-template-values.ts';
import { bindingsOf, channelServers, type Context, entityByUrl, serverWhere, sub, valueAt } from './page-context.ts';
import type { Page } from './page-types.ts';
import { templateParts } from './page-values.ts';
import type { Entity, Link } from './types.ts';
import type { PagePeers } from '../portal/flow-types.ts';
import { peersSection } from './page-peers.ts';
import { pageKindOf } from './page-kinds.ts';
import { replyRoutes } from './reply-channels.ts';
import { channelTopicFact } from './channel-topic.ts';
import { UNKNOWN_ADDRESS } from './object-view.ts';

export function channelPage(ctx: Context, page: Page, channel: Record<string, unknown>, at: Location, peers?: PagePeers): void {
  const address = typeof channel.address === 'string' ? channel.address : undefined;
  page.facts.push(
    address !== undefined
      ? { label: 'Address', text: address, code: true, template: templateParts(address) }
      : channel.address === undefined || channel.address === null
        ? { label: 'Address', text: UNKNOWN_ADDRESS }
        : // A document with errors: a value that is no address is not one "set at run time".
          { label: 'Address', text: 'not valid: the address is not written as text' },
  );
  if (page.kind === 'channel') {
    // The sns topic it is, named as its operations' pages name it.
    const topic = channelTopicFact(ctx, page.url, channel, at, address);
    if (topic) page.facts.push(topic);
    replyFacts(ctx, page);
  }
  if (isPlainObject(channel.parameters)) {
    const parameters = templateValueFacts(ctx, channel.parameters, sub(at, 'parameters'));
    if (parameters.length > 0) page.sections.push({ type: 'facts', heading: 'Parameters', anchor: 'parameters', facts: parameters });
  }
  const servers =
    page.kind === 'channel'
      ? channelServers(ctx, page).map((link) => serverWhere(ctx, link))
      : entries(channel.servers).flatMap(([i, s]) => ctx.locator.link(s, sub(at, 'servers', i)) ?? []);
  page.sections.push({ type: 'links', heading: 'Servers', anchor: 'servers', links: servers, empty: 'Available on every server of the API.' });
  const messages = entries(channel.messages).flatMap(([id, m]) => {
    const link = ctx.locator.link(m, sub(at, 'messages', id)) ?? ctx.entities.find((e) => e.pointer === joinPointer(page.pointer, 'messages', id));
    const line = messageLine(ctx, m, sub(at, 'messages', id));
    return link ? [{ ...('kind' in link ? toLink(link as Entity) : link), note: id, ...(line ? { message: line } : {}) }] : [];
  });
  page.sections.push({ type: 'links', heading: 'Messages', anchor: 'messages', links: messages, empty: 'No messages are defined.' });
  // An sns topic draws its fan-out instead (pages.ts), which shows the same operations and more.
  const sns = isPlainObject(bindingsOf(ctx, channel.bindings, sub(at, 'bindings'))?.value.sns);
  const flow = page.kind === 'channel' && !sns ? ctx.diagram(() => channelFlow(ctx, page, address, peers)) : undefined;
  if (flow) page.sections.push({ type: 'diagram', heading: 'Message flow', anchor: 'flow', diagram: flow });
  if (peers && page.kind === 'channel') page.sections.push(peersSection(peers));
  const operations = page.usedBy.filter((l) => pageKindOf(l.kind)?.map === 'operations').map((l) => ({ ...l, note: actionOf(ctx, l) }));
  page.sections.push({ type: 'links', heading: 'Operations', anchor: 'operations', links: operations, empty: 'No operation uses this channel.' });
}

/**
 * Where the answers to this channel's requests come back (a reader who lands on the request's
 * channel learns that they come elsewhere), or, on a reply channel, whose requests it answers.
 */
function replyFacts(ctx: Context, page: Page): void {
  const self = entityByUrl(ctx, page.url);
  if (!self) return;
  const routes = replyRoutes(ctx);
  const once = (list: (Entity | undefined)[]): Entity[] => [...new Set(list.filter((e): e is Entity => e !== undefined && e !== self))];
  for (const reply of once(routes.filter((r) => r.request === self).map((r) => r.reply)))
    page.facts.push({ label: 'Replies', link: toLink(reply), noteHtml: 'The answer to each request comes back on this channel.', wording: true });
  for (const request of once(routes.filter((r) => r.reply === self).map((r) => r.request)))
    page.facts.push({ label: 'Replies to', link: toLink(request), noteHtml: 'This channel carries the answers to the requests sent there.', wording: true });
}

export function actionOf(ctx: Context, link: Link): string | undefined {
  const entity = entityByUrl(ctx, link.url);
  const v =
    entity && ctx.doc.deref(valueAt(ctx, { file: ctx.doc.root.path, pointer: entity.pointer }), { file: ctx.doc.root.path, pointer: entity.pointer })?.value;
  return isPlainObject(v) && typeof v.action === 'string' ? v.action : undefined;
}
