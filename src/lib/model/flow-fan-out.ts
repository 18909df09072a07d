/**
 * The sns topic's fan-out (issue 22, UI.md "sns"): the operations that publish to the topic,
 * the topic (FIFO or standard), each subscription (protocol, endpoint, a short form of its
 * filter) and where undeliverable messages go (its dead-letter queue). The fan-out list under
 * it says the same in text.
 */
import type { Diagram, DiagramEdge, DiagramNode } from '../diagram/diagram-types.ts';
import { orderAcross } from '../diagram/layout.ts';
import { MAX_SIDE } from './flow-channel.ts';
import { messagesLabel, operationMessageNames } from './flow-messages.ts';
import { type Context, entityByUrl, operationsOn } from './page-context.ts';
import type { Page } from './page-types.ts';
import type { FanOut, SnsTopicView } from './sns.ts';
import type { PagePeers } from '../portal/flow-types.ts';
import { peerNodes, peersSaid } from './page-peers.ts';

/**
 * An ARN by its resource name (what a reader recognises, in the box at a legible size), the whole
 * ARN in the box's title only: the table under the picture gives it whole, and drawn in the box it
 * was three lines of account and region that pushed the picture past a screen. Anything else as it is.
 */
function endpointText(endpoint: string): { label: string; detail?: string } {
  const resource = /^arn:[^:]*:[^:]*:[^:]*:[^:]*:(.+)$/.exec(endpoint)?.[1]?.split(/[:/]/).pop();
  return resource ? { label: resource, detail: endpoint } : { label: endpoint };
}

/** A filter in a few words: its first condition, and how many more. */
export function shortFilter(filter: string[] | undefined): string {
  if (!filter || filter.length === 0) return 'every message';
  return `only ${filter[0]}${filter.length > 1 ? ` (+${filter.length - 1} more)` : ''}`;
}

/** The id of a subscription's box: this prefix and its index in the fan-out's consumers. */
export const SUBSCRIPTION_NODE = 'sub-';

/** Where a subscription is received, said after its name: "received outside this API" names no operation of it. */
export const RECEIVED_OUTSIDE = 'received outside this API';

/**
 * Who a subscription belongs to, in a reader's words, by the rule the operation's page follows
 * (sns.ts receivesItself): the receiving operation whose sqs binding defines its queue receives
 * it ("received by", the operation named after it); a publishing operation that lists its topic's
 * subscriptions (the binding allows it on either side) sets them up ("set up by", not "listed
 * by", which speaks of the document); any other is received outside this API, whichever
 * operation lists it (its page shows it under the topic's other subscriptions).
 */
export function subscriptionHolder(
  publishers: ReadonlySet<string>,
  c: { operation: { url: string }; own?: true },
): { words: 'set up by' | 'received by'; named: true } | { words: typeof RECEIVED_OUTSIDE; named: false } {
  if (publishers.has(c.operation.url)) return { words: 'set up by', named: true };
  return c.own ? { words: 'received by', named: true } : { words: RECEIVED_OUTSIDE, named: false };
}

/** The holder in one line of text: "received by Warehouse picks orders", "received outside this API". */
export function holderText(publishers: ReadonlySet<string>, c: { operation: { url: string; title: string }; own?: true }): string {
  const holder = subscriptionHolder(publishers, c);
  return holder.named ? `${holder.words} ${c.operation.title}` : holder.words;
}

export function fanOutDiagram(ctx: Context, page: Page, topic: SnsTopicView, fanOut: FanOut, peers?: PagePeers): Diagram {
  const type = topic.ordering === 'FIFO' ? 'FIFO' : 'standard';
  const nodes: DiagramNode[] = [{ id: 'topic', kind: 'topic', caption: `SNS topic · ${type}`, label: topic.name ?? page.title, url: `${page.url}#h-sns` }];
  const edges: DiagramEdge[] = [];
  const channel = entityByUrl(ctx, page.url);
  const operations = channel ? operationsOn(ctx, channel) : [];
  for (const producer of fanOut.producers.slice(0, MAX_SIDE)) {
    const id = `pub-${nodes.length}`;
    nodes.push({ id, kind: 'send', caption: 'publishes (send operation)', label: producer.title, url: producer.url });
    const entity = operations.find((op) => op.entity.url === producer.url)?.entity;
    const label = entity ? messagesLabel(operationMessageNames(ctx, entity)) : undefined;
    edges.push({ from: id, to: 'topic', ...(label ? { label } : {}) });
  }
  if (fanOut.producers.length > MAX_SIDE) {
    nodes.push({ id: 'more-pub', kind: 'group', caption: 'publishers', label: `${fanOut.producers.length - MAX_SIDE} more`, url: `${page.url}#h-sns` });
    edges.push({ from: 'more-pub', to: 'topic' });
  }
  const queues = new Map<string, string>();
  // The words of the fan-out's text (FanOutList.astro): a publishing operation that lists its
  // topic's subscriptions does not receive them.
  const publishers = new Set(fanOut.producers.map((p) => p.url));
  for (const [index, c] of fanOut.consumers.slice(0, MAX_SIDE).entries()) {
    const id = `${SUBSCRIPTION_NODE}${index}`;
    const endpoint = endpointText(c.endpoint || c.operation.title);
    nodes.push({
      id,
      kind: 'subscription',
      caption: `${c.protocolLabel} subscription`,
      label: endpoint.label,
      // A subscription or a policy AWS refuses is no filter that works: the box says so instead of what it would take.
      lines: [
        c.verdict
          ? c.verdict.of === 'subscription'
            ? 'AWS refuses it on a FIFO topic'
            : c.verdict.effect === 'refused'
              ? 'AWS refuses its filter policy'
              : 'its filter never matches'
          : shortFilter(c.filter),
        holderText(publishers, c),
      ],
      ...(endpoint.detail ? { detail: endpoint.detail } : {}),
      url: `${c.operation.url}#h-sns`,
    });
    edges.push({ from: 'topic', to: id });
    if (c.deadLetter) {
      let queue = queues.get(c.deadLetter);
      if (!queue) {
        queue = `dlq-${nodes.length}`;
        queues.set(c.deadLetter, queue);
        const dlq = endpointText(c.deadLetter);
        nodes.push({
          id: queue,
          kind: 'queue',
          caption: 'dead-letter queue',
          label: dlq.label,
          ...(dlq.detail ? { detail: dlq.detail } : {}),
          url: `${c.operation.url}#h-sns`,
        });
      }
      edges.push({ from: id, to: queue, label: 'undeliverable' });
    }
  }
  if (fanOut.consumers.length > MAX_SIDE) {
    nodes.push({ id: 'more-sub', kind: 'group', caption: 'subscriptions', label: `${fanOut.consumers.length - MAX_SIDE} more`, url: `${page.url}#h-sns` });
    edges.push({ from: 'topic', to: 'more-sub' });
  }
  // Operations that receive from the channel without describing a subscription still receive what the topic fans out.
  const subscribed = new Set(fanOut.consumers.map((c) => c.operation.url));
  for (const op of operations.filter((o) => o.value.action === 'receive' && !subscribed.has(o.entity.url)).slice(0, MAX_SIDE)) {
    const id = `recv-${nodes.length}`;
    nodes.push({ id, kind: 'receive', caption: 'receive operation (no subscription described)', label: op.entity.title, url: op.entity.url });
    edges.push({ from: 'topic', to: id });
  }
  // In a portal, the other APIs that publish to the topic or receive from it.
  if (peers) {
    const drawn = peerNodes(peers, 'topic', MAX_SIDE);
    nodes.push(...drawn.nodes);
    edges.push(...drawn.edges);
  }
  const n = fanOut.consumers.length;
  return {
    title: `Fan-out of SNS topic ${topic.name ?? page.title}`,
    description:
      `${fanOut.producers.length === 0 ? 'No operation of this API publishes to this ' : `${fanOut.producers.map((p) => p.title).join(', ')} ${fanOut.producers.length === 1 ? 'publishes' : 'publish'} to this `}${type} topic; ` +
      `${n === 0 ? 'no subscription is described' : `it delivers to ${n} subscription${n === 1 ? '' : 's'}`}` +
      `${queues.size > 0 ? `, undeliverable messages going to ${[...queues.keys()].join(', ')}` : ''}.${peers ? ` ${peersSaid(peers)}` : ''} The fan-out list below says the same in text.`,
    nodes,
    edges,
  };
}

/**
 * The fan-out with its subscriptions in the order its picture draws them (dagre may turn a
 * topic's boxes round), so that the table under the picture reads in the same order; those the
 * picture leaves out ("n more") after them, as they were.
 */
export function inDrawnOrder(fanOut: FanOut, diagram: Diagram): FanOut {
  const drawn = orderAcross(
    diagram,
    fanOut.consumers.slice(0, MAX_SIDE).map((_, i) => `${SUBSCRIPTION_NODE}${i}`),
  ).map((id) => fanOut.consumers[Number(id.slice(SUBSCRIPTION_NODE.length))]!);
  if (drawn.length === 0) return fanOut;
  return { ...fanOut, consumers: [...drawn, ...fanOut.consumers.slice(drawn.length)] };
}
