/**
 * What a page of one API of a portal shows of the others (issue 22): the section that lists
 * them, and their boxes in the page's diagram. Their links are relative to the site
 * (`siteUrl`), since they lead out of this API.
 */
import type { DiagramEdge, DiagramNode } from '../diagram/diagram-types.ts';
import type { PagePeers } from '../portal/flow-types.ts';
import { PEERS_LISTED } from '../portal/peer-index.ts';
import { messagesLabel } from './flow-messages.ts';
import type { PageSection } from './page-types.ts';

/** Each list shows at most this many (all the portal's flows keep of a page); the rest are counted. */
export const PEERS_SHOWN = PEERS_LISTED;

export function peersSection(peers: PagePeers): PageSection {
  const sentBy = peers.sentBy.slice(0, PEERS_SHOWN);
  const receivedBy = peers.receivedBy.slice(0, PEERS_SHOWN);
  return {
    type: 'peers',
    heading: 'Across the portal',
    anchor: 'other-apis',
    sentBy,
    receivedBy,
    moreSentBy: Math.max(0, peers.sentByCount - sentBy.length),
    moreReceivedBy: Math.max(0, peers.receivedByCount - receivedBy.length),
  };
}

/** The other APIs' senders before `center` and receivers after it, at most `max` of each. */
export function peerNodes(peers: PagePeers, center: string, max: number): { nodes: DiagramNode[]; edges: DiagramEdge[] } {
  const nodes: DiagramNode[] = [];
  const edges: DiagramEdge[] = [];
  for (const side of ['sentBy', 'receivedBy'] as const) {
    const action = side === 'sentBy' ? 'send' : 'receive';
    for (const peer of peers[side].slice(0, max)) {
      const id = `peer-${action}-${nodes.length}`;
      nodes.push({ id, kind: action, caption: `${action} operation · other API`, label: peer.title, lines: [`in ${peer.apiTitle}`], siteUrl: peer.url });
      const label = messagesLabel(peer.messages);
      edges.push(side === 'sentBy' ? { from: id, to: center, ...(label ? { label } : {}) } : { from: center, to: id, ...(label ? { label } : {}) });
    }
  }
  return { nodes, edges };
}

/** The other APIs' operations in a sentence, for a diagram's description (those listed, and how many more). */
export function peersSaid(peers: PagePeers): string {
  const names = (list: PagePeers['sentBy'], count: number): string =>
    list.map((p) => `${p.title} (${p.apiTitle})`).join(', ') + (count > list.length ? ` and ${count - list.length} more` : '');
  return [
    peers.sentBy.length > 0 ? `In other APIs, ${names(peers.sentBy, peers.sentByCount)} send${peers.sentByCount === 1 ? 's' : ''} to it.` : '',
    peers.receivedBy.length > 0
      ? `In other APIs, ${names(peers.receivedBy, peers.receivedByCount)} receive${peers.receivedByCount === 1 ? 's' : ''} from it.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}
