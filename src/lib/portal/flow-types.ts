/**
 * Flows across the APIs of a portal (issue 22): what each API offers to the match (its
 * endpoints), and the flows found between them. Plain serialisable data: the site data carries
 * it to the pages and `apidesc-routes.json` to other tools.
 */
import type { Diagram } from '../diagram/diagram-types.ts';

/** A message as the match compares it: its name, and the shape of its payload. */
export interface FlowMessage {
  /** The message's `name`, else its key: what two documents share for the same message. */
  name: string;
  /** Digest of the payload schema without its wording (payload-fingerprint.ts); absent: no payload. */
  payload?: string;
  /** Top-level fields of the payload, to say how two payloads differ. */
  properties?: string[];
  required?: string[];
}

/** A root operation that sends or receives, and where: what one API brings to the match. */
export interface FlowEndpoint {
  action: 'send' | 'receive';
  operation: { id: string; title: string; url: string };
  channel: { id: string; title: string; url: string };
  /** The channel's address; absent when it is unknown (set at run time), which meets nothing. */
  address?: string;
  /** The sns topic's name (the channel binding's `name`, else the operation binding's topic). */
  topic?: string;
  /**
   * Where the address is: the hosts (and paths) of the channel's servers, lower case. An address
   * is only a place on a server: `/` of one WebSocket API is not `/` of another.
   */
  hosts: string[];
  messages: FlowMessage[];
}

/** One side of a flow, its URLs relative to the site. */
export interface FlowSide {
  api: string;
  apiTitle: string;
  operation: string;
  operationTitle: string;
  url: string;
  channel: string;
  channelTitle: string;
  channelUrl: string;
  address?: string;
}

export type FlowMatch = 'address' | 'address pattern' | 'sns topic name';

/** An operation of one API sends where an operation of another receives. */
export interface PortalFlow {
  from: FlowSide;
  to: FlowSide;
  /** Where they meet: the sns topic's name, or the sender's address. */
  channel: string;
  matchedBy: FlowMatch;
  /** The names of the messages the sender sends there. */
  messages: string[];
  /** How the two sides disagree on the messages, in words; absent when they agree. */
  disagreement?: string;
}

/** The other side of a flow, as a page of one side lists it (URLs relative to the site). */
export interface PeerOperation {
  apiTitle: string;
  /** The other API's overview. */
  apiUrl: string;
  title: string;
  url: string;
  channelTitle: string;
  channelUrl: string;
  matchedBy: FlowMatch;
  messages: string[];
  disagreement?: string;
}

/**
 * What a page of one API shows of the others: who sends to it and who receives from it, the
 * first PEERS_LISTED of each listed (by URL), all of them counted.
 */
export interface PagePeers {
  sentBy: PeerOperation[];
  receivedBy: PeerOperation[];
  /** How many operations send to it, and receive from it, listed or not. */
  sentByCount: number;
  receivedByCount: number;
}

/** Two APIs, one sending to the other: how many flows, and where they meet. */
export interface FlowPairCount {
  from: { api: string; apiTitle: string };
  to: { api: string; apiTitle: string };
  /** Every flow from one to the other. */
  count: number;
  /** How many of them disagree on the messages. */
  disagreeing: number;
  /** Where they meet (the first few, in the order of their first flow), and how many such places in all. */
  channels: string[];
  channelCount: number;
}

/** A pair of APIs with its first FLOWS_PER_PAIR flows (by URL) listed (portal-flows.ts). */
export interface FlowPair extends FlowPairCount {
  flows: PortalFlow[];
}

/** What a portal's root shows of its flows: the system map, the first pairs, and counts of everything. */
export interface PortalFlows {
  /** The first PAIRS_SHOWN pairs, in the order of their first flow. */
  pairs: FlowPair[];
  /** The pairs not listed, and their flows. */
  morePairs: number;
  moreFlows: number;
  /** Every flow of the portal, and those that disagree on the messages. */
  count: number;
  disagreeing: number;
  /** The system map (system-map.ts), drawn from every pair. */
  map?: Diagram;
  /** The slugs of the APIs on either side of a flow, sorted: the root shows the others apart from the map. */
  connectedApis: string[];
  /** Counting stopped at its bound (portal-flows.ts, MAX_MATCHES): the counts are lower bounds. */
  countingStopped?: true;
}

/** What apidesc-routes.json says of flows it does not list. */
export interface FlowsNotListed {
  /** Flows of the portal, and how many of them are listed. */
  flows: number;
  listed: number;
  /** The pairs some of whose flows are not listed (at most MANIFEST_PAIRS, portal-flows.ts), and how many more pairs. */
  pairs: { from: string; to: string; flows: number; listed: number }[];
  morePairs: number;
  /** Whether counting stopped at MAX_MATCHES. */
  countingStopped?: true;
}
