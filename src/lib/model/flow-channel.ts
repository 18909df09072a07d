/**
 * The channel page's diagram (issue 22): this API's operations that send to the channel, the
 * channel, and the operations that receive from it, each arrow labelled with the messages it
 * carries. Both sides are drawn: a side no operation of this API (nor, in a portal, another API)
 * takes is a box that says so ("the other side, not in this document"), as the request/reply
 * picture draws its responder, so that a reader does not infer it. An operation here whose reply
 * comes back on a channel of its own has that leg drawn too, as its operation page draws it: the
 * reply channel under this one, the reply from the other side back to the requester (or from the
 * responder here to the other side). The list of operations under it says the same in text.
 */
import type { Diagram, DiagramEdge, DiagramNode } from '../diagram/diagram-types.ts';
import { messagesLabel, operationMessageNames } from './flow-messages.ts';
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { type Context, entityByUrl, operationsOn, sub, valueAt } from './page-context.ts';
import { replyRoutes } from './reply-channels.ts';
import type { Entity } from './types.ts';
import type { Page } from './page-types.ts';
import type { PagePeers } from '../portal/flow-types.ts';
import { peerNodes, peersSaid } from './page-peers.ts';
import { OUTSIDE_WORDS, outsideNode } from './flow-reply.ts';

/** Operations drawn on each side; the rest are counted in one box that links to the list. */
export const MAX_SIDE = 8;

export function channelFlow(ctx: Context, page: Page, address: string | undefined, peers?: PagePeers): Diagram | undefined {
  const channel = entityByUrl(ctx, page.url);
  const operations = channel ? operationsOn(ctx, channel) : [];
  const replies = replyUses(ctx, page, new Set(operations.map((op) => op.entity.url)));
  const others = peers ? peers.sentBy.length + peers.receivedBy.length : 0;
  if (operations.length === 0 && replies.length === 0 && others === 0) return undefined;
  const nodes: DiagramNode[] = [
    { id: 'channel', kind: 'channel', caption: 'channel', label: page.title, ...(address !== undefined ? { lines: [address] } : {}), url: page.url },
  ];
  const edges: DiagramEdge[] = [];
  const sides = { send: [] as string[], receive: [] as string[] };
  // The operations drawn, by their entity's address: the reply legs start or end at them.
  const drawnOps = new Map<string, string>();
  for (const side of ['send', 'receive'] as const) {
    const list = operations.filter((op) => op.value.action === side);
    for (const op of list.slice(0, MAX_SIDE)) {
      const id = `op-${nodes.length}`;
      drawnOps.set(op.entity.url, id);
      nodes.push({ id, kind: side, caption: `${side} operation`, label: op.entity.title, url: op.entity.url });
      const label = messagesLabel(operationMessageNames(ctx, op.entity));
      edges.push(side === 'send' ? { from: id, to: 'channel', ...(label ? { label } : {}) } : { from: 'channel', to: id, ...(label ? { label } : {}) });
      sides[side].push(op.entity.title);
    }
    if (list.length > MAX_SIDE) {
      const id = `more-${side}`;
      nodes.push({ id, kind: 'group', caption: `${side} operations`, label: `${list.length - MAX_SIDE} more`, url: `${page.url}#h-operations` });
      edges.push(side === 'send' ? { from: id, to: 'channel' } : { from: 'channel', to: id });
    }
  }
  // Operations whose reply travels on this channel: the requester receives it, the responder sends it.
  for (const { link, action } of replies.slice(0, MAX_SIDE)) {
    const id = `reply-${nodes.length}`;
    const responder = action === 'receive';
    nodes.push({
      id,
      kind: responder ? 'send' : 'receive',
      caption: responder ? 'sends its reply here' : 'receives its reply here',
      label: link.title,
      url: link.url,
    });
    edges.push(responder ? { from: id, to: 'channel', label: 'reply' } : { from: 'channel', to: id, label: 'reply' });
  }
  if (peers) {
    const drawn = peerNodes(peers, 'channel', MAX_SIDE);
    nodes.push(...drawn.nodes);
    edges.push(...drawn.edges);
  }
  // A side nothing here takes: said in a box of its own, not left for the reader to infer.
  const taken = {
    send: operations.some((op) => op.value.action === 'send') || replies.some((r) => r.action === 'receive') || (peers?.sentBy.length ?? 0) > 0,
    receive: operations.some((op) => op.value.action === 'receive') || replies.some((r) => r.action !== 'receive') || (peers?.receivedBy.length ?? 0) > 0,
  };
  const outside: string[] = [];
  if (!taken.send) {
    nodes.push(outsideNode('outside-send', 'senders'));
    edges.push({ from: 'outside-send', to: 'channel' });
    outside.push(`its senders are ${OUTSIDE_WORDS.line}`);
  }
  if (!taken.receive) {
    nodes.push(outsideNode('outside-receive', 'receivers'));
    edges.push({ from: 'channel', to: 'outside-receive' });
    outside.push(`its receivers are ${OUTSIDE_WORDS.line}`);
  }
  const legs = channel ? replyLegs(ctx, channel, drawnOps, nodes, edges, taken) : [];
  const said = (names: string[], verb: string, total: number): string =>
    total === 0 ? `No operation of this API ${verb}.` : `${names.join(', ')}${total > names.length ? ` and ${total - names.length} more` : ''} ${verb}.`;
  const count = (side: 'send' | 'receive'): number => operations.filter((op) => op.value.action === side).length;
  return {
    title: `Message flow of channel ${page.title}`,
    description: `${said(sides.send, 'send to it', count('send'))} ${said(sides.receive, 'receive from it', count('receive'))}${outside.length > 0 ? ` The other side: ${outside.join('; ')}.` : ''}${legs.length > 0 ? ` ${legs.join(' ')}` : ''}${replies.length > 0 ? ` ${replies.map((r) => r.link.title).join(', ')} use it for replies.` : ''}${others > 0 ? ` ${peersSaid(peers!)} The lists below say the same in text.` : ' The list of operations below says the same in text.'}`,
    nodes,
    edges,
  };
}

/** The operations that name this channel only as their reply's (the page's "used by"), with their action. */
function replyUses(ctx: Context, page: Page, direct: Set<string>): { link: Page['usedBy'][number]; action: unknown }[] {
  return page.usedBy
    .filter((l) => l.kind === 'operation' && !direct.has(l.url))
    .map((link) => {
      const entity = entityByUrl(ctx, link.url);
      const at = entity && { file: ctx.doc.root.path, pointer: entity.pointer };
      const value = at && ctx.doc.deref(valueAt(ctx, at), at)?.value;
      return { link, action: isPlainObject(value) ? value.action : undefined };
    });
}

/**
 * The reply legs of the operations drawn whose reply comes back on another channel (the page's
 * "Replies" fact): that channel's box, once, and the reply drawn from the side that answers to the
 * side that asked, right to left under the request (`reverse`, as the operation page's picture
 * draws it). The other side is this channel's side that nothing here takes, or the operations of
 * this API on it. Returns the sentences that say so, for the picture's description.
 */
function replyLegs(
  ctx: Context,
  channel: Entity,
  drawnOps: Map<string, string>,
  nodes: DiagramNode[],
  edges: DiagramEdge[],
  taken: { send: boolean; receive: boolean },
): string[] {
  const said: string[] = [];
  const replyIds = new Map<string, string>();
  for (const route of replyRoutes(ctx).filter((r) => r.request === channel)) {
    const opId = drawnOps.get(route.operation.url);
    if (!opId) continue;
    const asks = nodes.find((n) => n.id === opId)?.kind === 'send';
    // Who answers a request sent here: the receivers (an operation of this API, or the box that says they are elsewhere); who asked, the senders.
    const otherSide = asks ? 'receive' : 'send';
    const other = taken[otherSide] ? nodes.find((n) => n.kind === otherSide && drawnOps.has(n.url ?? ''))?.id : `outside-${otherSide}`;
    if (!other) continue;
    let replyId = replyIds.get(route.reply.url);
    if (!replyId) {
      replyId = `reply-channel-${replyIds.size}`;
      replyIds.set(route.reply.url, replyId);
      nodes.push({ id: replyId, kind: 'channel', caption: 'reply channel', label: route.reply.title, url: route.reply.url });
    }
    const label = messagesLabel(replyMessageNames(ctx, route.operation)) ?? 'reply';
    // The requester on the left, the responder on the right; the reply runs right to left.
    const [left, right] = asks ? [opId, other] : [other, opId];
    edges.push({ from: left, to: replyId, reverse: true }, { from: replyId, to: right, label, reverse: true });
    said.push(`The reply to ${route.operation.title} (${label}) comes back on ${route.reply.title}.`);
  }
  return said;
}

/** The names of the messages an operation's reply carries: its own list, or every message of its reply channel. */
function replyMessageNames(ctx: Context, operation: Entity): string[] {
  const at = { file: ctx.doc.root.path, pointer: operation.pointer };
  const op = ctx.doc.deref(valueAt(ctx, at), at);
  if (!op || !isPlainObject(op.value)) return [];
  const reply = ctx.doc.deref(op.value.reply, sub(op.at, 'reply'));
  if (!reply || !isPlainObject(reply.value)) return [];
  if (Array.isArray(reply.value.messages)) return reply.value.messages.flatMap((raw, i) => ctx.locator.link(raw, sub(reply.at, 'messages', i))?.title ?? []);
  const channel = ctx.doc.deref(reply.value.channel, sub(reply.at, 'channel'));
  if (!channel || !isPlainObject(channel.value)) return [];
  return entries(channel.value.messages).map(([id, raw]) => ctx.locator.link(raw, sub(channel.at, 'messages', id))?.title ?? String(id));
}
