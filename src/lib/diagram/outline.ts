/**
 * A diagram laid out as an outline, for phones: one box per line, each under the box it is
 * connected to and indented from it, a connector from that box down to it with the arrowhead
 * the way the message travels and the message names above the box (a topic's one publisher: beside
 * its connector, between it and the topic, where the message travels). As narrow as the widest box
 * plus a few indents (about 300 px) however many boxes there are, so that a fan-out of five
 * subscriptions or an API of fifteen operations reads on a phone at full size, where the layered
 * drawing (layout.ts) would have to shrink its text away.
 *
 * The outline starts at the hub (the application, else the box with the most arrows) and follows
 * the arrows both ways; a box reached a second time is drawn again, without what hangs under it,
 * unless it is the line right above the box that reaches it (a box that both receives from and
 * replies to the hub's neighbour): then a short arrow joins the two, and each party is drawn once.
 * A topic's publishers are drawn above it, so that its fan-out reads the way messages travel.
 * A diagram that is one loop (a request and its reply) is drawn as a column instead (outline-loop.ts).
 */
import { type Box, boxOf, edgeLabelOf } from './layout.ts';
import { layoutLoop, loopFrom } from './outline-loop.ts';
import type { Diagram, DiagramEdge } from './diagram-types.ts';
import type { Placed, PlacedEdge, PlacedNode } from './layout.ts';

/** How far each level is indented, and where its connector runs (from the parent's left edge). */
const INDENT = 22;
const TRUNK = 11;
/** Space between boxes, and between a label and its box. */
const GAP = 10;
const LABEL_GAP = 3;
const MARGIN = 4;
/** Levels drawn; deeper boxes are left out (a diagram that deep is a list, which the page has). */
const MAX_DEPTH = 6;

interface Line {
  box: Box;
  depth: number;
  /** A box whose only arrows go into the hub (a topic's publisher): drawn above the hub, feeding it. */
  feeds?: DiagramEdge[];
  /** The arrows between it and the box it hangs from (one, or both ways), and that box. */
  via?: { edges: DiagramEdge[]; parent: number };
  /** The arrows between it and the line right above it, a box it reached again: joined by a short connector, not drawn twice. */
  above?: DiagramEdge[];
}

export function layoutOutline(diagram: Diagram): Placed {
  const nodes = new Map<string, Box>();
  for (const node of diagram.nodes) if (!nodes.has(node.id)) nodes.set(node.id, boxOf(node));
  const edges = diagram.edges.filter((e) => nodes.has(e.from) && nodes.has(e.to));
  // An arrow between two APIs' boxes (a portal's system map).
  const apis = (e: DiagramEdge): boolean => !e.relation && nodes.get(e.from)!.node.kind === 'app' && nodes.get(e.to)!.node.kind === 'app';
  const degree = (id: string): number => edges.filter((e) => e.from === id || e.to === id).length;
  const ids = [...nodes.keys()];
  const root = ids.find((id) => nodes.get(id)!.node.kind === 'app') ?? ids.reduce((best, id) => (degree(id) > degree(best) ? id : best), ids[0] ?? '');
  // One loop (a request and its reply): a column in the order the message travels, the way back on
  // its own lane, as a trunk shared by the request's and the reply's channels reads as both leaving the hub.
  const loop = loopFrom(diagram, root);
  if (loop) return layoutLoop(diagram, loop);

  // The tree, breadth first from the hub, so that each box hangs from the box nearest the hub
  // (an operation from the application, its channel from it); an arrow to a box already placed
  // draws that box again under the box it leaves from, without what hangs under it.
  interface TreeNode {
    id: string;
    children: { edges: DiagramEdge[]; node: TreeNode }[];
  }
  const treeOf = (start: string, placed: Set<string>, used: Set<DiagramEdge>): TreeNode => {
    const top: TreeNode = { id: start, children: [] };
    placed.add(start);
    const queue: TreeNode[] = [top];
    while (queue.length > 0) {
      const here = queue.shift()!;
      // The arrows a message leaves this box by before those it arrives by: the outline reads as the
      // messages travel (a request's channel before its reply's), each kind in the diagram's order.
      const leaving = new Set(edges.filter((e) => !e.relation && travelsDown(e, here.id)));
      for (const edge of [...leaving, ...edges.filter((e) => !leaving.has(e))]) {
        if (used.has(edge) || (edge.from !== here.id && edge.to !== here.id)) continue;
        used.add(edge);
        const other = edge.from === here.id ? edge.to : edge.from;
        // A second arrow between the same two boxes (sent and received): on the same connector;
        // but two APIs' flows the opposite ways (a portal's system map) stay apart, the other API
        // drawn again under its own arrow and name, where one connector would read as one flow.
        const twin = here.children.find((c) => c.node.id === other);
        const apart = twin !== undefined && apis(edge) && twin.edges.some((e) => apis(e) && travelsDown(e, here.id) !== travelsDown(edge, here.id));
        if (twin && !apart) {
          twin.edges.push(edge);
          continue;
        }
        const child: TreeNode = { id: other, children: [] };
        here.children.push({ edges: [edge], node: child });
        if (!placed.has(other)) {
          placed.add(other);
          queue.push(child);
        }
      }
    }
    return top;
  };
  const lines: Line[] = [];
  const drawn = new Set<string>();
  const walk = (tree: TreeNode, depth: number, via?: Line['via']): void => {
    if (depth > MAX_DEPTH) return;
    // A box drawn already, right above the box it hangs from: that box joins it, not a second copy.
    if (via && drawn.has(tree.id) && tree.children.length === 0 && lines[via.parent - 1]?.box.node.id === tree.id && !lines[via.parent]!.above) {
      lines[via.parent]!.above = via.edges;
      return;
    }
    const index = lines.length;
    drawn.add(tree.id);
    lines.push({ box: nodes.get(tree.id)!, depth, ...(via ? { via } : {}) });
    for (const { edges: via, node } of tree.children) walk(node, depth + 1, { edges: via, parent: index });
  };
  const placedIds = new Set<string>();
  const used = new Set<DiagramEdge>();
  if (root) {
    const tree = treeOf(root, placedIds, used);
    // A topic reads top down, as the message travels: its publishers above it, its subscriptions under it.
    const feeders =
      nodes.get(root)!.node.kind === 'topic'
        ? tree.children.filter((c) => c.node.children.length === 0 && c.edges.every((e) => !e.relation && !travelsDown(e, root)))
        : [];
    for (const { edges: via, node } of feeders) lines.push({ box: nodes.get(node.id)!, depth: 1, feeds: via });
    walk({ ...tree, children: tree.children.filter((c) => !feeders.includes(c)) }, 0);
  }
  // Boxes no arrow reaches from the hub start outlines of their own.
  for (const id of ids) if (!placedIds.has(id)) walk(treeOf(id, placedIds, used), 0);

  const placed: PlacedNode[] = [];
  const placedEdges: PlacedEdge[] = [];
  let y = MARGIN;
  let width = 0;
  const feeding: { node: PlacedNode; edges: DiagramEdge[]; label?: ReturnType<typeof edgeLabelOf> }[] = [];
  // One publisher: its messages' names on its connector, between it and the topic (above the box,
  // they read as the box's caption). Several share one trunk, so each keeps its names above it.
  const labelOnTrunk = lines.filter((l) => l.feeds).length === 1;
  for (const line of lines) {
    const texts = (line.via?.edges ?? line.feeds ?? []).flatMap((e) => (e.label ? [e.label] : []));
    const label = texts.length > 0 ? edgeLabelOf(texts.join(' · ')) : undefined;
    if (label && !(line.feeds && labelOnTrunk)) y += label.height + LABEL_GAP;
    const trunkLabel = !line.feeds && labelOnTrunk ? feeding[0]?.label : undefined;
    if (trunkLabel) y += trunkLabel.height + LABEL_GAP;
    const aboveTexts = (line.above ?? []).flatMap((e) => (e.label ? [e.label] : []));
    const aboveLabel = aboveTexts.length > 0 ? edgeLabelOf(aboveTexts.join(' · ')) : undefined;
    if (aboveLabel) y += aboveLabel.height + LABEL_GAP;
    const x = MARGIN + line.depth * INDENT;
    const node: PlacedNode = { ...line.box, x, y };
    placed.push(node);
    width = Math.max(width, x + node.width, label ? x + label.width : 0);
    if (line.feeds) feeding.push({ node, edges: line.feeds, ...(label ? { label } : {}) });
    else if (feeding.length > 0) {
      // The hub under its feeders: each feeder's connector joins a trunk left of them that ends in an arrowhead on the hub.
      const trunk = MARGIN + TRUNK;
      for (const f of feeding) {
        const middle = f.node.y + f.node.height / 2;
        const labelled = !f.label
          ? {}
          : labelOnTrunk
            ? { label: { ...f.label, x: trunk + LABEL_GAP + f.label.width / 2, y: (f.node.y + f.node.height + y) / 2 } }
            : { label: { ...f.label, x: f.node.x + f.label.width / 2, y: f.node.y - LABEL_GAP - f.label.height / 2 } };
        width = Math.max(width, trunk + LABEL_GAP + (f.label?.width ?? 0));
        placedEdges.push({
          edge: f.edges[0]!,
          points: [
            { x: f.node.x, y: middle },
            { x: trunk, y: middle },
            { x: trunk, y },
          ],
          arrow: 'end',
          ...labelled,
        });
      }
      feeding.length = 0;
    }
    if (line.above) {
      // Straight down (or up) between the box above and this one, where both boxes are, its name beside it
      // (in the space made for it above any name of this box's own connector).
      const prev = placed[placed.length - 2]!;
      const at = Math.max(prev.x, x) + TRUNK;
      const down = line.above.some((e) => !e.relation && travelsDown(e, prev.node.id));
      const top = { x: at, y: prev.y + prev.height };
      const bottom = { x: at, y };
      placedEdges.push({
        edge: line.above[0]!,
        points: down ? [top, bottom] : [bottom, top],
        arrow: line.above.every((e) => e.relation) ? 'none' : 'end',
        ...(aboveLabel ? { label: { ...aboveLabel, x: at + LABEL_GAP + aboveLabel.width / 2, y: top.y + (GAP + aboveLabel.height + LABEL_GAP) / 2 } } : {}),
      });
      width = Math.max(width, at + LABEL_GAP + (aboveLabel?.width ?? 0));
    }
    if (line.via) {
      const parent = placed[line.via.parent]!;
      const trunk = parent.x + TRUNK;
      const middle = y + node.height / 2;
      const [edge, ...others] = line.via.edges as [DiagramEdge, ...DiagramEdge[]];
      const labelled = label ? { label: { ...label, x: x + label.width / 2, y: y - LABEL_GAP - label.height / 2 } } : {};
      const down = line.via.edges.some((e) => !e.relation && travelsDown(e, parent.node.id));
      const up = line.via.edges.some((e) => !e.relation && !travelsDown(e, parent.node.id));
      const trunkTo = { x: trunk, y: middle };
      // From the box above down to this one: the arrowhead at this box when a message travels down.
      placedEdges.push({
        edge,
        points: [{ x: trunk, y: parent.y + parent.height }, trunkTo, { x, y: middle }],
        arrow: down ? 'end' : 'none',
        ...(up ? {} : labelled),
      });
      // Up from this box. Its parent's only child (a channel under the operation that receives
      // from it): one connector from it up to its parent, the arrowhead on the parent, so that the
      // message is seen to arrive there. On a trunk shared by several boxes: the arrowhead where
      // its connector meets the trunk, so that it is clear which box the message leaves.
      const onlyChild = lines.filter((l) => l.via?.parent === line.via!.parent).length === 1;
      if (up && onlyChild && !down) {
        placedEdges.pop();
        placedEdges.push({
          edge: others[0] ?? edge,
          points: [{ x, y: middle }, trunkTo, { x: trunk, y: parent.y + parent.height }],
          arrow: 'end',
          ...labelled,
        });
      } else if (up) placedEdges.push({ edge: others[0] ?? edge, points: [{ x, y: middle }, trunkTo], arrow: 'end', ...labelled });
    }
    y += node.height + GAP;
  }
  return { direction: 'TB', width: Math.ceil(width + MARGIN), height: Math.ceil(y - GAP + MARGIN), nodes: placed, edges: placedEdges };
}

/** Whether the message of `edge` travels from `parent` to the other box (a reverse arrow runs from `to` to `from`). */
function travelsDown(edge: DiagramEdge, parent: string): boolean {
  const source = edge.reverse ? edge.to : edge.from;
  return source === parent;
}
