/**
 * The flows of a portal, bounded (issue 32): every flow between two APIs is counted, by pair of
 * APIs and on the pages of both sides, but only the first few (by URL) of each pair, of the
 * portal's root and of each page are listed, and only those are built. Eighty APIs on the same
 * three addresses meet in 18,960 flows over 6,320 pairs; listed in full they made a 4.5 MB
 * portal root and a 14.5 MB apidesc-routes.json, which no reader or tool needs.
 */
import { BestFirst } from './best-first.ts';
import type { FlowPairCount, FlowsNotListed, PortalFlow, PortalFlows } from './flow-types.ts';
import { compareMatches, type EndpointMatch, flowOf, forEachMatch, messagesDisagree, type PortalApiEndpoints, sortFlows } from './match-flows.ts';
import { PeerCollector, type PeerIndex } from './peer-index.ts';
import { systemMap } from './system-map.ts';

/** Flows listed per pair of APIs, on the portal's root and in apidesc-routes.json; the rest are counted. */
export const FLOWS_PER_PAIR = 10;
/** Pairs of APIs listed on the portal's root; the rest are counted. */
export const PAIRS_SHOWN = 30;
/** Flows listed in apidesc-routes.json at most, pairs taken in order; past it, flows are counted by pair. */
export const MANIFEST_FLOWS = 1_000;
/** Pairs whose counts apidesc-routes.json gives when some of their flows are not listed; past it, pairs are counted. */
export const MANIFEST_PAIRS = 1_000;
/** Matches counted at most: past it, counting stops, and the portal's root and manifest say so. */
export const MAX_MATCHES = 200_000;
/** Places where a pair meets that are named (on the system map); the rest are counted. */
const CHANNELS_NAMED = 3;

export interface CollectedFlows {
  /** What the portal's root shows. */
  root: PortalFlows;
  /** What apidesc-routes.json lists, and counts without listing (absent when every flow is listed). */
  manifest: { flows: PortalFlow[]; notListed?: FlowsNotListed };
  /** What each page lists of the other side. */
  peers: PeerIndex;
}

interface PairTally {
  count: number;
  disagreeing: number;
  /** Each place they meet, with its first match. */
  channels: Map<string, EndpointMatch>;
  listed: BestFirst<EndpointMatch>;
}

export function collectFlows(apis: PortalApiEndpoints[], apiUrl: (slug: string) => string): CollectedFlows {
  const pairs = new Map<PortalApiEndpoints, Map<PortalApiEndpoints, PairTally>>();
  const peers = new PeerCollector();
  const disagree = disagreements();
  let count = 0;
  let disagreeing = 0;
  let stopped = false;
  forEachMatch(apis, (match) => {
    if (count >= MAX_MATCHES) {
      stopped = true;
      return;
    }
    count++;
    let to = pairs.get(match.sender.api);
    if (!to) pairs.set(match.sender.api, (to = new Map()));
    let pair = to.get(match.receiver.api);
    if (!pair) to.set(match.receiver.api, (pair = { count: 0, disagreeing: 0, channels: new Map(), listed: new BestFirst(FLOWS_PER_PAIR, compareMatches) }));
    pair.count++;
    const channel = channelOf(match);
    const first = pair.channels.get(channel);
    if (!first || compareMatches(match, first) < 0) pair.channels.set(channel, match);
    pair.listed.add(match);
    if (disagree(match)) {
      pair.disagreeing++;
      disagreeing++;
    }
    peers.add(match);
  });
  // Pairs in the order of their first flow.
  const ordered = [...pairs.values()].flatMap((to) => [...to.values()]).sort((a, b) => compareMatches(a.listed.items[0]!, b.listed.items[0]!));
  const counts = ordered.map(pairCount);
  const shown = ordered.slice(0, PAIRS_SHOWN);
  const map = systemMap(counts, apiUrl);
  const root: PortalFlows = {
    pairs: shown.map((tally, i) => ({ ...counts[i]!, flows: sortFlows(tally.listed.items.map(flowOf)) })),
    morePairs: ordered.length - shown.length,
    moreFlows: counts.slice(PAIRS_SHOWN).reduce((n, pair) => n + pair.count, 0),
    count,
    disagreeing,
    ...(map ? { map } : {}),
    connectedApis: [...new Set(counts.flatMap((pair) => [pair.from.api, pair.to.api]))].sort(),
    ...(stopped ? { countingStopped: true as const } : {}),
  };
  return { root, manifest: manifestOf(ordered, counts, count, stopped), peers: peers.index(apiUrl) };
}

function channelOf(match: EndpointMatch): string {
  return match.matchedBy === 'sns topic name' ? match.sender.endpoint.topic! : match.sender.endpoint.address!;
}

/**
 * Whether the two sides of a match disagree on the messages, remembered by what they send and
 * expect: APIs made from one template send the same messages, and are compared once.
 */
function disagreements(): (match: EndpointMatch) => boolean {
  const ids = new Map<string, number>();
  const idOf = new WeakMap<object, number>();
  const id = (messages: EndpointMatch['sender']['endpoint']['messages']): number => {
    let known = idOf.get(messages);
    if (known === undefined) {
      const text = JSON.stringify(messages);
      known = ids.get(text);
      if (known === undefined) ids.set(text, (known = ids.size));
      idOf.set(messages, known);
    }
    return known;
  };
  const answers = new Map<number, Map<number, boolean>>();
  return ({ sender, receiver }) => {
    const a = id(sender.endpoint.messages);
    const b = id(receiver.endpoint.messages);
    let row = answers.get(a);
    if (!row) answers.set(a, (row = new Map()));
    let answer = row.get(b);
    if (answer === undefined) row.set(b, (answer = messagesDisagree(sender.endpoint.messages, receiver.endpoint.messages) !== undefined));
    return answer;
  };
}

function pairCount(tally: PairTally): FlowPairCount {
  const { sender, receiver } = tally.listed.items[0]!;
  const channels = [...tally.channels].sort(([, a], [, b]) => compareMatches(a, b)).map(([channel]) => channel);
  return {
    from: { api: sender.api.slug, apiTitle: sender.api.title },
    to: { api: receiver.api.slug, apiTitle: receiver.api.title },
    count: tally.count,
    disagreeing: tally.disagreeing,
    channels: channels.slice(0, CHANNELS_NAMED),
    channelCount: channels.length,
  };
}

/**
 * The flows apidesc-routes.json lists: at most FLOWS_PER_PAIR of each pair and MANIFEST_FLOWS in
 * all, ordered by sender and receiver; `notListed` counts the rest (absent when every flow is listed).
 */
function manifestOf(ordered: PairTally[], counts: FlowPairCount[], count: number, stopped: boolean): CollectedFlows['manifest'] {
  const flows: PortalFlow[] = [];
  const cut: FlowsNotListed['pairs'] = [];
  let morePairs = 0;
  ordered.forEach((tally, i) => {
    const listed = tally.listed.items.slice(0, Math.max(0, MANIFEST_FLOWS - flows.length));
    flows.push(...listed.map(flowOf));
    if (listed.length === tally.count) return;
    const { from, to } = counts[i]!;
    if (cut.length < MANIFEST_PAIRS) cut.push({ from: from.api, to: to.api, flows: tally.count, listed: listed.length });
    else morePairs++;
  });
  const sorted = sortFlows(flows);
  if (cut.length === 0 && morePairs === 0 && !stopped) return { flows: sorted };
  return {
    flows: sorted,
    notListed: { flows: count, listed: flows.length, pairs: cut, morePairs, ...(stopped ? { countingStopped: true as const } : {}) },
  };
}
