/**
 * Flows between the APIs of a portal (issue 22): where an operation of one API sends and an
 * operation of another receives. Two sns topics meet by name (the topic is what both sides
 * name, whatever their channels' addresses); other channels by address, a `{parameter}` standing
 * for any value (address-match.ts), on a server both name (by host and path) when both name
 * servers: the root path `/` of two WebSocket APIs on different hosts is not one channel. Operations of the same API are not a flow between services:
 * the API's own diagrams show them.
 */
import { addressesMeet, literalParts } from './address-match.ts';
import { TemplatedReceivers } from './templated-receivers.ts';
import type { FlowEndpoint, FlowMatch, FlowMessage, FlowSide, PortalFlow } from './flow-types.ts';

export interface PortalApiEndpoints {
  slug: string;
  title: string;
  /** URL prefix of the API's pages relative to the site. */
  prefix: string;
  endpoints: FlowEndpoint[];
}

/** An endpoint with the API it belongs to. */
export interface ApiEndpoint {
  api: PortalApiEndpoints;
  endpoint: FlowEndpoint;
}

/** A sender and a receiver of two APIs that meet, and how. */
export interface EndpointMatch {
  sender: ApiEndpoint;
  receiver: ApiEndpoint;
  matchedBy: FlowMatch;
}

/**
 * Calls `visit` with every sender and receiver of two different APIs that meet, senders in the
 * order of their APIs, each receiver once per sender. The receivers are indexed: by sns topic, by
 * exact address, and (for a sender whose address has parameters) by the text before its first
 * parameter, so the work follows the number of matches, not the product of senders and
 * receivers. The number of matches itself can grow with the square of the number of APIs (every
 * API on the same address): what is listed of them is bounded by the caller (portal-flows.ts).
 */
export function forEachMatch(apis: PortalApiEndpoints[], visit: (match: EndpointMatch) => void, { indexTemplates = true } = {}): void {
  const receivers = apis.flatMap((api) => api.endpoints.filter((e) => e.action === 'receive').map((endpoint) => ({ api, endpoint })));
  // Receivers by topic and by exact address; those with parameters are tried one by one.
  const byTopic = group(
    receivers.filter((r) => r.endpoint.topic !== undefined),
    (r) => r.endpoint.topic!,
  );
  const byAddress = group(
    receivers.filter((r) => r.endpoint.address !== undefined),
    (r) => r.endpoint.address!,
  );
  // Each address split at its parameters once: pairs are tried many times.
  const parts = new Map<string, string[] | undefined>();
  const partsOf = (address: string): string[] | undefined => {
    if (!parts.has(address)) parts.set(address, literalParts(address));
    return parts.get(address);
  };
  // Receivers whose address has parameters: tried by every sender (those on an sns topic only by a
  // sender whose address has parameters too, as before topics were indexed).
  const templated = receivers.filter((r) => r.endpoint.address !== undefined && partsOf(r.endpoint.address));
  const templatedOffTopic = templated.filter((r) => r.endpoint.topic === undefined);
  // Indexed by what the addresses they meet start or end with (templated-receivers.ts); without
  // the index (a test's reference), every one is tried.
  const receiversParts = (r: ApiEndpoint): string[] => partsOf(r.endpoint.address!)!;
  const templatedIndex = new TemplatedReceivers(templated, receiversParts);
  const offTopicIndex = new TemplatedReceivers(templatedOffTopic, receiversParts);
  const templatedFor = (address: string, parts: string[] | undefined): readonly ApiEndpoint[] =>
    !indexTemplates ? (parts ? templated : templatedOffTopic) : parts ? templatedIndex.candidates(address, parts) : offTopicIndex.candidates(address, parts);
  // The other receivers' addresses in order: a templated sender meets only those that start with
  // the text before its first parameter, a range found by binary search.
  const exact = [...byAddress.keys()].filter((address) => !partsOf(address)).sort(byCodeUnits);
  const startingWith = (head: string): ApiEndpoint[] => {
    let low = 0;
    let high = exact.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (exact[mid]! < head) low = mid + 1;
      else high = mid;
    }
    const found: ApiEndpoint[] = [];
    for (let i = low; i < exact.length && exact[i]!.startsWith(head); i++) found.push(...byAddress.get(exact[i]!)!);
    return found;
  };
  // Whether an address says where it is by itself, when a side names no server (shareServer).
  const placed = new Map<string, boolean>();
  const isPlaced = (address: string | undefined): boolean => {
    const key = address ?? '';
    let known = placed.get(key);
    if (known === undefined) placed.set(key, (known = /[\p{L}\p{N}]/u.test(key.replace(/\{[^{}]*\}/g, ''))));
    return known;
  };
  for (const api of apis)
    for (const sender of api.endpoints) {
      if (sender.action !== 'send') continue;
      const from: ApiEndpoint = { api, endpoint: sender };
      const met = new Map<ApiEndpoint, FlowMatch>();
      const meet = (r: ApiEndpoint, matchedBy: FlowMatch): void => {
        if (r.api === api || met.has(r)) return;
        // An address is a place on a server: both sides must name one in common, when both name servers.
        if (matchedBy !== 'sns topic name' && !shareServer(sender, r.endpoint, isPlaced)) return;
        met.set(r, matchedBy);
      };
      if (sender.topic !== undefined) for (const r of byTopic.get(sender.topic) ?? []) meet(r, 'sns topic name');
      if (sender.address !== undefined) {
        // A receiver on an sns topic meets a sender on another topic, or on none, only by name.
        for (const r of byAddress.get(sender.address) ?? []) if (sender.topic === undefined || r.endpoint.topic === undefined) meet(r, 'address');
        const senderParts = partsOf(sender.address);
        const candidates = senderParts
          ? [...startingWith(senderParts[0]!), ...templatedFor(sender.address, senderParts)]
          : templatedFor(sender.address, undefined);
        for (const r of candidates) {
          if (sender.topic !== undefined && r.endpoint.topic !== undefined) continue;
          const how = addressesMeet(sender.address, r.endpoint.address!, senderParts, partsOf(r.endpoint.address!));
          if (how) meet(r, how);
        }
      }
      for (const [receiver, matchedBy] of met) visit({ sender: from, receiver, matchedBy });
    }
}

/** The flow of a match, as pages and apidesc-routes.json show it (with how the two sides disagree on the messages). */
export function flowOf({ sender, receiver, matchedBy }: EndpointMatch): PortalFlow {
  const disagreement = messagesDisagree(sender.endpoint.messages, receiver.endpoint.messages);
  return {
    from: side(sender.api, sender.endpoint),
    to: side(receiver.api, receiver.endpoint),
    channel: matchedBy === 'sns topic name' ? sender.endpoint.topic! : sender.endpoint.address!,
    matchedBy,
    messages: unique(sender.endpoint.messages.map((m) => m.name)),
    ...(disagreement ? { disagreement } : {}),
  };
}

/** Every flow of a small set of APIs, ordered by sender and receiver (a portal's are collected by portal-flows.ts, bounded). */
export function matchFlows(apis: PortalApiEndpoints[]): PortalFlow[] {
  const flows: PortalFlow[] = [];
  forEachMatch(apis, (match) => flows.push(flowOf(match)));
  return sortFlows(flows);
}

/** The URL of an endpoint's operation page, relative to the site (computed once per endpoint). */
const operationUrls = new WeakMap<ApiEndpoint, string>();
export function operationUrl(side: ApiEndpoint): string {
  let url = operationUrls.get(side);
  if (url === undefined) operationUrls.set(side, (url = side.api.prefix + side.endpoint.operation.url));
  return url;
}

/** The order of flows: by sender, then receiver, by URL (the same for the same documents), without building a key. */
export function compareMatches(a: EndpointMatch, b: EndpointMatch): number {
  return byCodeUnits(operationUrl(a.sender), operationUrl(b.sender)) || byCodeUnits(operationUrl(a.receiver), operationUrl(b.receiver));
}

/**
 * Whether two channels may be on the same server: they name a host in common, or one names no
 * server and the address says where it is by itself (`orders.created`, not `/`: the root path
 * of every WebSocket API).
 */
function shareServer(a: FlowEndpoint, b: FlowEndpoint, isPlaced: (address: string | undefined) => boolean): boolean {
  if (a.hosts.length === 0 || b.hosts.length === 0) return isPlaced(a.address);
  const hosts = new Set(a.hosts);
  return b.hosts.some((h) => hosts.has(h));
}

function side(api: PortalApiEndpoints, e: FlowEndpoint): FlowSide {
  return {
    api: api.slug,
    apiTitle: api.title,
    operation: e.operation.id,
    operationTitle: e.operation.title,
    url: api.prefix + e.operation.url,
    channel: e.channel.id,
    channelTitle: e.channel.title,
    channelUrl: api.prefix + e.channel.url,
    ...(e.address !== undefined ? { address: e.address } : {}),
  };
}

/** Same order for the same documents: by sender, then receiver, by URL. */
export function sortFlows(flows: PortalFlow[]): PortalFlow[] {
  const keyed = flows.map((f) => ({ f, key: `${f.from.url}\u0000${f.to.url}` }));
  return keyed.sort((a, b) => byCodeUnits(a.key, b.key)).map(({ f }) => f);
}

export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Names in a list, at most this many, then how many more. */
const NAMES_SHOWN = 4;
const list = (names: string[]): string =>
  names.length <= NAMES_SHOWN ? names.join(', ') : `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more`;

/**
 * How the receiver's messages differ from what the sender sends, in words a reader acts on:
 * messages it does not expect, or the same message with another payload (and which fields).
 */
export function messagesDisagree(sent: FlowMessage[], expected: FlowMessage[]): string | undefined {
  if (sent.length === 0 || expected.length === 0) return undefined;
  const expectedByName = new Map(expected.map((m) => [m.name, m]));
  // Two teams may name the same message differently: the same payload is the same message.
  const expectedPayloads = new Set(expected.flatMap((m) => (m.payload !== undefined ? [m.payload] : [])));
  const unexpected = unique(
    sent.filter((m) => !expectedByName.has(m.name) && (m.payload === undefined || !expectedPayloads.has(m.payload))).map((m) => m.name),
  );
  const said: string[] = [];
  if (unexpected.length === sent.length) said.push(`The sender sends ${list(unexpected)}; the receiver expects ${list(unique(expected.map((m) => m.name)))}.`);
  else if (unexpected.length > 0) said.push(`The receiver does not list ${list(unexpected)}.`);
  const seen = new Set<string>();
  for (const m of sent) {
    const other = expectedByName.get(m.name);
    if (!other || seen.has(m.name) || m.payload === other.payload) continue;
    seen.add(m.name);
    said.push(`The two ${m.name} payloads differ${fieldDifference(m, other)}.`);
  }
  return said.length > 0 ? said.join(' ') : undefined;
}

/** Which top-level fields make two payloads differ, when that is what does. */
function fieldDifference(sent: FlowMessage, expected: FlowMessage): string {
  const sentFields = new Set(sent.properties ?? []);
  const expectedFields = new Set(expected.properties ?? []);
  const parts: string[] = [];
  const missing = (expected.required ?? []).filter((f) => !sentFields.has(f));
  if (missing.length > 0 && sent.properties) parts.push(`the receiver requires ${list(missing)}, which the sender does not declare`);
  const onlySent = [...sentFields].filter((f) => !expectedFields.has(f));
  if (onlySent.length > 0 && expected.properties) parts.push(`the sender declares ${list(onlySent)}, which the receiver does not`);
  if (parts.length > 0) return `: ${parts.join('; ')}`;
  return sent.properties && expected.properties ? ' in the types or constraints of their fields' : '';
}

function group<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

const unique = (names: string[]): string[] => [...new Set(names)];
