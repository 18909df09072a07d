/**
 * The flows of a portal as each page lists them (issue 22): an operation page its other side
 * ("Received by: Welcome Mailer › receiveUserSignedUp"), a channel page the senders and
 * receivers of the other APIs that meet it.
 */
import type { FlowSide, PagePeers, PeerOperation, PortalFlow } from './flow-types.ts';

export interface PeerIndex {
  /** The other APIs' operations that meet the page at `url` (relative to the site), if any. */
  peersOf(url: string): PagePeers | undefined;
}

export function indexPeers(flows: PortalFlow[], apiUrlOf: (slug: string) => string): PeerIndex {
  const byUrl = new Map<string, { sentBy: Map<string, PeerOperation>; receivedBy: Map<string, PeerOperation> }>();
  const entry = (url: string) => {
    let e = byUrl.get(url);
    if (!e) byUrl.set(url, (e = { sentBy: new Map(), receivedBy: new Map() }));
    return e;
  };
  const peer = (other: FlowSide, flow: PortalFlow): PeerOperation => ({
    apiTitle: other.apiTitle,
    apiUrl: apiUrlOf(other.api),
    title: other.operationTitle,
    url: other.url,
    channelTitle: other.channelTitle,
    channelUrl: other.channelUrl,
    matchedBy: flow.matchedBy,
    messages: flow.messages,
    ...(flow.disagreement ? { disagreement: flow.disagreement } : {}),
  });
  for (const flow of flows) {
    // A channel used by several operations of one API meets each peer once.
    for (const url of new Set([flow.from.url, flow.from.channelUrl])) {
      const list = entry(url).receivedBy;
      if (!list.has(flow.to.url)) list.set(flow.to.url, peer(flow.to, flow));
    }
    for (const url of new Set([flow.to.url, flow.to.channelUrl])) {
      const list = entry(url).sentBy;
      if (!list.has(flow.from.url)) list.set(flow.from.url, peer(flow.from, flow));
    }
  }
  return {
    peersOf: (url) => {
      const e = byUrl.get(url);
      return e && { sentBy: [...e.sentBy.values()], receivedBy: [...e.receivedBy.values()] };
    },
  };
}
