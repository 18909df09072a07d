/**
 * A portal's system map (issue 22): each API that sends to or receives from another as a box,
 * one arrow per pair of APIs in the direction messages travel, labelled with where they meet.
 * The list of flows under it on the portal's root says the same in text.
 */
import type { Diagram, DiagramEdge, DiagramNode } from '../diagram/diagram-types.ts';
import type { PortalFlow } from './flow-types.ts';

/** APIs drawn at most; the rest are counted in the description (the list shows every pair). */
export const MAX_MAP_APIS = 30;

/** Flows grouped by the pair of APIs they join, pairs in the order of their first flow. */
export function flowsByPair(flows: PortalFlow[]): { from: PortalFlow['from']; to: PortalFlow['to']; flows: PortalFlow[] }[] {
  const pairs = new Map<string, { from: PortalFlow['from']; to: PortalFlow['to']; flows: PortalFlow[] }>();
  for (const flow of flows) {
    const key = `${flow.from.api}\u0000${flow.to.api}`;
    const pair = pairs.get(key);
    if (pair) pair.flows.push(flow);
    else pairs.set(key, { from: flow.from, to: flow.to, flows: [flow] });
  }
  return [...pairs.values()];
}

export function systemMap(flows: PortalFlow[], apiUrl: (slug: string) => string): Diagram | undefined {
  const pairs = flowsByPair(flows);
  if (pairs.length === 0) return undefined;
  // The APIs with the most flows, when there are too many to draw.
  const weight = new Map<string, number>();
  for (const f of flows) for (const api of [f.from.api, f.to.api]) weight.set(api, (weight.get(api) ?? 0) + 1);
  const drawn = new Set(
    [...weight]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .slice(0, MAX_MAP_APIS)
      .map(([api]) => api),
  );
  const nodes: DiagramNode[] = [];
  const ids = new Map<string, string>();
  const node = (side: PortalFlow['from']): string => {
    let id = ids.get(side.api);
    if (!id) {
      id = `api-${ids.size}`;
      ids.set(side.api, id);
      nodes.push({ id, kind: 'app', caption: 'API', label: side.apiTitle, siteUrl: apiUrl(side.api) });
    }
    return id;
  };
  const edges: DiagramEdge[] = [];
  for (const pair of pairs) {
    if (!drawn.has(pair.from.api) || !drawn.has(pair.to.api)) continue;
    const channels = [...new Set(pair.flows.map((f) => f.channel))];
    const label = channels.length <= 2 ? channels.join(', ') : `${channels.slice(0, 2).join(', ')} +${channels.length - 2} more`;
    edges.push({ from: node(pair.from), to: node(pair.to), label });
  }
  const left = weight.size - drawn.size;
  return {
    title: 'System map: messages between the APIs of this portal',
    description:
      `${pairs.length} connection${pairs.length === 1 ? '' : 's'} between ${weight.size} APIs, each arrow from the API that sends to the one that receives, labelled with where they meet.` +
      `${left > 0 ? ` ${left} APIs with fewer flows are not drawn.` : ''} The list of flows below says the same in text.`,
    nodes,
    edges,
  };
}
