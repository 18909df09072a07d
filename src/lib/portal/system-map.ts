/**
 * A portal's system map (issue 22): each API that sends to or receives from another as a box,
 * one arrow per pair of APIs in the direction messages travel, labelled with where they meet.
 * The list of flows under it on the portal's root says the same in text. At most MAX_MAP_APIS
 * boxes and MAX_MAP_ARROWS arrows are drawn (the busiest); the description says what is left out.
 */
import type { Diagram, DiagramEdge, DiagramNode } from '../diagram/diagram-types.ts';
import type { FlowPairCount } from './flow-types.ts';

/** APIs drawn at most; the rest are counted in the description (the list shows every pair). */
export const MAX_MAP_APIS = 30;
/** Arrows drawn at most, those of the pairs with the most flows. */
export const MAX_MAP_ARROWS = 60;

/** The map of `pairs` (every pair of the portal, in the order of the list). */
export function systemMap(pairs: readonly FlowPairCount[], apiUrl: (slug: string) => string): Diagram | undefined {
  if (pairs.length === 0) return undefined;
  // The APIs with the most flows, when there are too many to draw.
  const weight = new Map<string, number>();
  for (const pair of pairs) for (const api of [pair.from.api, pair.to.api]) weight.set(api, (weight.get(api) ?? 0) + pair.count);
  const drawn = new Set(
    [...weight]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .slice(0, MAX_MAP_APIS)
      .map(([api]) => api),
  );
  const among = pairs.filter((pair) => drawn.has(pair.from.api) && drawn.has(pair.to.api));
  // The busiest pairs, when there are too many arrows to read; drawn in the order of the list.
  const order = new Map(among.map((pair, i) => [pair, i]));
  const arrows = new Set(
    among.length <= MAX_MAP_ARROWS ? among : [...among].sort((a, b) => b.count - a.count || order.get(a)! - order.get(b)!).slice(0, MAX_MAP_ARROWS),
  );
  const nodes: DiagramNode[] = [];
  const ids = new Map<string, string>();
  const node = (side: FlowPairCount['from']): string => {
    let id = ids.get(side.api);
    if (!id) {
      id = `api-${ids.size}`;
      ids.set(side.api, id);
      nodes.push({ id, kind: 'app', caption: 'API', label: side.apiTitle, siteUrl: apiUrl(side.api) });
    }
    return id;
  };
  const edges: DiagramEdge[] = [];
  for (const pair of among) {
    if (!arrows.has(pair)) continue;
    const label = pair.channelCount <= 2 ? pair.channels.join(', ') : `${pair.channels.slice(0, 2).join(', ')} +${pair.channelCount - 2} more`;
    edges.push({ from: node(pair.from), to: node(pair.to), label });
  }
  const left = weight.size - drawn.size;
  const unarrowed = among.length - arrows.size;
  return {
    title: 'System map: messages between the APIs of this portal',
    description:
      `${pairs.length} connection${pairs.length === 1 ? '' : 's'} between ${weight.size} APIs, each arrow from the API that sends to the one that receives, labelled with where they meet.` +
      `${left > 0 ? ` ${left} APIs with fewer flows are not drawn.` : ''}` +
      `${unarrowed > 0 ? ` ${unarrowed} connections with fewer flows between the APIs drawn have no arrow.` : ''} The list of flows below says the same in text.`,
    nodes,
    edges,
  };
}
