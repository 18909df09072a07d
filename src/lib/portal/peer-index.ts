/**
 * The flows of a portal as each page lists them (issue 22): an operation page its other side
 * ("Received by: Welcome Mailer › receiveUserSignedUp"), a channel page the senders and
 * receivers of the other APIs that meet it. Each list keeps its first PEERS_LISTED by URL; the
 * rest are counted (every API on the same address: each page would otherwise list them all).
 */
import type { PagePeers, PeerOperation } from './flow-types.ts';
import { type ApiEndpoint, compareMatches, type EndpointMatch, messagesDisagree, operationUrl } from './match-flows.ts';

/** Each list of a page shows at most this many other operations; the rest are counted. */
export const PEERS_LISTED = 20;

export interface PeerIndex {
  /** The other APIs' operations that meet the page at `url` (relative to the site), if any. */
  peersOf(url: string): PagePeers | undefined;
}

/** The other side of the matches of one page: for each other operation, its first match. */
type Side = Map<ApiEndpoint, EndpointMatch>;

export class PeerCollector {
  readonly #byUrl = new Map<string, { sentBy: Side; receivedBy: Side }>();
  readonly #channelUrls = new WeakMap<ApiEndpoint, string>();

  /** Adds a match to the pages of both sides: their operations' and their channels'. */
  add(match: EndpointMatch): void {
    const { sender, receiver } = match;
    // A channel used by several operations of one API meets each peer once.
    this.#keep(this.#entry(operationUrl(sender)).receivedBy, receiver, match);
    this.#keep(this.#entry(this.#channelUrl(sender)).receivedBy, receiver, match);
    this.#keep(this.#entry(operationUrl(receiver)).sentBy, sender, match);
    this.#keep(this.#entry(this.#channelUrl(receiver)).sentBy, sender, match);
  }

  /** The lists of each page, built when a page asks for them. */
  index(apiUrlOf: (slug: string) => string): PeerIndex {
    const built = new Map<string, PagePeers>();
    return {
      peersOf: (url) => {
        const e = this.#byUrl.get(url);
        if (!e) return undefined;
        let peers = built.get(url);
        if (!peers) {
          peers = {
            sentBy: listed(e.sentBy, (m) => m.sender, apiUrlOf),
            receivedBy: listed(e.receivedBy, (m) => m.receiver, apiUrlOf),
            sentByCount: e.sentBy.size,
            receivedByCount: e.receivedBy.size,
          };
          built.set(url, peers);
        }
        return peers;
      },
    };
  }

  #channelUrl(side: ApiEndpoint): string {
    let url = this.#channelUrls.get(side);
    if (url === undefined) this.#channelUrls.set(side, (url = side.api.prefix + side.endpoint.channel.url));
    return url;
  }

  #entry(url: string): { sentBy: Side; receivedBy: Side } {
    let e = this.#byUrl.get(url);
    if (!e) this.#byUrl.set(url, (e = { sentBy: new Map(), receivedBy: new Map() }));
    return e;
  }

  #keep(side: Side, other: ApiEndpoint, match: EndpointMatch): void {
    const known = side.get(other);
    if (!known || compareMatches(match, known) < 0) side.set(other, match);
  }
}

function listed(side: Side, other: (m: EndpointMatch) => ApiEndpoint, apiUrlOf: (slug: string) => string): PeerOperation[] {
  return [...side.values()]
    .sort(compareMatches)
    .slice(0, PEERS_LISTED)
    .map((match) => peer(other(match), match, apiUrlOf));
}

function peer(side: ApiEndpoint, match: EndpointMatch, apiUrlOf: (slug: string) => string): PeerOperation {
  const { api, endpoint } = side;
  const disagreement = messagesDisagree(match.sender.endpoint.messages, match.receiver.endpoint.messages);
  return {
    apiTitle: api.title,
    apiUrl: apiUrlOf(api.slug),
    title: endpoint.operation.title,
    url: operationUrl(side),
    channelTitle: endpoint.channel.title,
    channelUrl: api.prefix + endpoint.channel.url,
    matchedBy: match.matchedBy,
    messages: [...new Set(match.sender.endpoint.messages.map((m) => m.name))],
    ...(disagreement ? { disagreement } : {}),
  };
}
