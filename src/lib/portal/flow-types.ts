/**
 * Flows across the APIs of a portal (issue 22): what each API offers to the match (its
 * endpoints), and the flows found between them. Plain serialisable data: the site data carries
 * it to the pages and `apidesc-routes.json` to other tools.
 */

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

/** What a page of one API shows of the others: who sends to it and who receives from it. */
export interface PagePeers {
  sentBy: PeerOperation[];
  receivedBy: PeerOperation[];
}
