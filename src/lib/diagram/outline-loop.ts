/**
 * The outline of a diagram whose messages go round one loop (a request and its reply: requester →
 * request channel → responder → reply channel → requester), for phones: one box a line in the
 * order the message travels, an arrow straight down from each box to the next, and the way back
 * to the first box on a lane of its own at the left, its arrowhead on that box. The tree outline
 * (outline.ts) hangs the request's and the reply's channels off one trunk from the first box,
 * which reads as both leaving it: here each arrow points the way its message moves, and none
 * shares a line with another.
 */
import type { Diagram, DiagramEdge } from './diagram-types.ts';
import { type Box, boxOf, edgeLabelOf, type Placed, type PlacedEdge, type PlacedNode } from './layout.ts';

const MARGIN = 4;
/** Room left of the boxes for the way back, and where its line runs. */
const LANE = 22;
const LANE_AT = MARGIN + 8;
/** Where a connector between two boxes runs, from their left edge. */
const CONNECTOR_AT = 22;
/** The shortest connector between two boxes: long enough to show its arrowhead and a line before it. */
const MIN_GAP = 26;
const LABEL_GAP = 3;
/** The loops drawn this way: a two-box loop is one connector both ways, and longer ones lists. */
const MIN_BOXES = 3;
const MAX_BOXES = 7;

/** Where the message of `edge` comes from and goes to (a reverse arrow runs from `to` to `from`). */
const travel = (edge: DiagramEdge): { source: string; target: string } =>
  edge.reverse ? { source: edge.to, target: edge.from } : { source: edge.from, target: edge.to };

/**
 * The arrows of `diagram` in the order its message travels them, when they are one loop through
 * every box (each box sends once and receives once, no relation, no application); else undefined.
 * The loop starts where the wide drawing starts it, at the one box no arrow is written to (the
 * requester: its arrows are written from it, the reply's reversed, so that the layered drawing
 * puts it first), so that both drawings tell the story from the same box; else at `hub`.
 */
export function loopFrom(diagram: Diagram, hub: string): DiagramEdge[] | undefined {
  const ids = new Set(diagram.nodes.map((n) => n.id));
  const { edges } = diagram;
  if (ids.size < MIN_BOXES || ids.size > MAX_BOXES || edges.length !== ids.size) return undefined;
  if (edges.some((e) => e.relation || !ids.has(e.from) || !ids.has(e.to) || e.from === e.to)) return undefined;
  // An application's outline hangs its operations from it, each arrow at its own operation (outline.ts):
  // an application that sends and receives on one channel is a loop too, and reads right as that hub.
  if (diagram.nodes.some((n) => n.kind === 'app')) return undefined;
  const leaving = new Map<string, DiagramEdge>();
  for (const edge of edges) {
    const { source } = travel(edge);
    if (leaving.has(source)) return undefined;
    leaving.set(source, edge);
  }
  const first = [...ids].filter((id) => !edges.some((e) => e.to === id));
  const start = first.length === 1 ? first[0]! : hub;
  if (!ids.has(start)) return undefined;
  const order: DiagramEdge[] = [];
  const seen = new Set<string>();
  for (let at = start; !seen.has(at); ) {
    seen.add(at);
    const edge = leaving.get(at);
    if (!edge) return undefined;
    order.push(edge);
    at = travel(edge).target;
  }
  // Back at the start having met every box: one loop, not a smaller one with boxes left over.
  return seen.size === ids.size && travel(order.at(-1)!).target === start ? order : undefined;
}

/** The loop `order` (from loopFrom) placed: its boxes in a column, the last arrow back up the lane to the first box. */
export function layoutLoop(diagram: Diagram, order: DiagramEdge[]): Placed {
  const boxes = new Map<string, Box>();
  for (const node of diagram.nodes) if (!boxes.has(node.id)) boxes.set(node.id, boxOf(node));
  const x = MARGIN + LANE;
  const nodes: PlacedNode[] = [];
  const edges: PlacedEdge[] = [];
  let y = MARGIN;
  let width = 0;
  const connector = x + CONNECTOR_AT;
  const labelBeside = (edge: DiagramEdge, top: number) => {
    const label = edgeLabelOf(edge.label);
    if (!label) return undefined;
    width = Math.max(width, connector + LABEL_GAP + label.width);
    return { ...label, x: connector + LABEL_GAP + label.width / 2, y: top };
  };
  for (const [i, edge] of order.entries()) {
    const box = boxes.get(travel(edge).source)!;
    const node: PlacedNode = { ...box, x, y };
    nodes.push(node);
    width = Math.max(width, x + box.width);
    y += box.height;
    // Down to the next box, the message's names beside the line; the last arrow goes back round instead.
    if (i === order.length - 1) break;
    const gap = Math.max(MIN_GAP, (edgeLabelOf(edge.label)?.height ?? 0) + 4 * LABEL_GAP);
    const label = labelBeside(edge, y + gap / 2);
    edges.push({
      edge,
      points: [
        { x: connector, y },
        { x: connector, y: y + gap },
      ],
      arrow: 'end',
      ...(label ? { label } : {}),
    });
    y += gap;
  }
  // The way back: down out of the last box (its names beside it), left to the lane, up the lane,
  // and into the first box from the left, where its arrowhead is.
  const last = order.at(-1)!;
  const lastLabel = edgeLabelOf(last.label);
  const turn = y + Math.max(MIN_GAP / 2, (lastLabel?.height ?? 0) + 2 * LABEL_GAP);
  const label = labelBeside(last, (y + turn) / 2);
  const first = nodes[0]!;
  const into = first.y + first.height / 2;
  edges.push({
    edge: last,
    points: [
      { x: connector, y },
      { x: connector, y: turn },
      { x: LANE_AT, y: turn },
      { x: LANE_AT, y: into },
      { x, y: into },
    ],
    arrow: 'end',
    ...(label ? { label } : {}),
  });
  return { direction: 'TB', width: Math.ceil(width + MARGIN), height: Math.ceil(turn + MARGIN), nodes, edges };
}
