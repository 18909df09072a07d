/**
 * Places the boxes and arrows of a diagram with dagre (a layered layout: each arrow points the
 * same way, so a flow reads left to right). Boxes are sized here from their text (text-fit.ts);
 * dagre sees only sizes and arrows, under names of its own, so that its answer depends on the
 * shape of the diagram alone and can be reused for every diagram of the same shape.
 */
import dagre from '@dagrejs/dagre';
import { charsFitting, fitLines, textWidth } from './text-fit.ts';
import type { Diagram, DiagramEdge, DiagramNode } from './diagram-types.ts';

// A box's small lines (an ARN, a filter, who receives) at 13 px: read at their own size on a page (an sns fan-out), 12 px was too small to read comfortably.
export const FONT = { caption: 13, label: 14, line: 13, edge: 13 } as const;
export const LINE_HEIGHT = { caption: 16, label: 18, line: 16, edge: 16 } as const;
export const PAD = { x: 12, y: 8 } as const;
const NODE_WIDTH = { min: 112, max: 232, step: 16 } as const;
/**
 * The widest box of a fan-out's subscription or queue: three of them side by side (a topic's
 * usual fan-out) fit a desk's column at their own size, so that their 13 px lines are not shrunk; a long ARN wraps onto another line instead.
 */
const LEAF_MAX = 208;
/**
 * A name of words ("Warehouse picks orders") wraps at its spaces at this width, narrower than
 * the box may be: a drawing of many columns stays narrow enough to keep its text legible when
 * fitted to a column (an API's overview, five columns with its servers and message names, fits a
 * 1280 px window's column with its 13 px words at 12 px or more). A name without spaces (a queue, `partner-orders-dlq.fifo`) keeps the box's
 * whole width: it would break inside the identifier.
 */
const WORDS_WIDTH = 160;
/** Small lines under a box's label, after wrapping (an ARN takes three or four, its owner and its filter two each). */
const MAX_LINES = 8;
/** Lines one value (an endpoint, a filter) wraps onto at most. */
const LINES_PER_VALUE = 4;
/** Lines a box's name wraps onto (an HTTPS endpoint's URL takes three), the last cut with "…" past them: its whole name is in the box's title. */
const LABEL_LINES = 3;
/** Lines a caption ("Lambda function subscription") wraps onto, rather than being cut. */
const CAPTION_LINES = 2;
/** The space between an arrow that points right and its label, which dagre puts above it, not on it. */
const LABEL_OFFSET = 4;
/**
 * Where dagre puts an arrow's label: above an arrow that points right (on it, its text crossed
 * by the line or by the slanted stretches beside it: underLabel); on an arrow that points down,
 * whose line the label's background interrupts, as beside it would widen a drawing meant to fit
 * a phone by half a label.
 */
const labelBeside = (direction: 'LR' | 'TB') => (direction === 'LR' ? { labelpos: 'l', labeloffset: LABEL_OFFSET } : { labelpos: 'c' });
/** Edge labels (message names) wrap at this width, on at most two lines. */
const EDGE_LABEL_WIDTH = 184;
/**
 * About the width of the page's text column: a left-to-right diagram wider than this is laid out
 * top to bottom instead when that is narrower (a wide picture shrinks its text on the page).
 */
export const COLUMN_WIDTH = 720;

export interface Point {
  x: number;
  y: number;
}

export interface PlacedNode {
  node: DiagramNode;
  /** Top left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
  caption?: string[];
  label: string[];
  lines: string[];
}

export interface PlacedEdge {
  edge: DiagramEdge;
  points: Point[];
  /** Where the arrowhead goes when not where the arrow's direction puts it (an outline's connectors, outline.ts). */
  arrow?: 'start' | 'end' | 'none';
  /** Centre of the label and its lines. */
  label?: Point & { lines: string[]; width: number; height: number };
}

export interface Placed {
  /** The way its arrows point: left to right, or top to bottom. */
  direction: 'LR' | 'TB';
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

export type Box = Omit<PlacedNode, 'x' | 'y'>;

/** A box's text as it fits, and its size: widths in steps, so that diagrams of one shape share a layout. */
export function boxOf(node: DiagramNode): Box {
  const max = node.kind === 'subscription' || node.kind === 'queue' ? LEAF_MAX : NODE_WIDTH.max;
  const inner = max - 2 * PAD.x;
  const caption = node.caption ? fitLines(node.caption, charsFitting(inner, FONT.caption), CAPTION_LINES) : undefined;
  const label = fitLines(node.label, charsFitting((/\s/.test(node.label.trim()) ? Math.min(WORDS_WIDTH, max) : max) - 2 * PAD.x, FONT.label), LABEL_LINES);
  // An address or an endpoint is read whole: each small line wraps (at separators) onto up to
  // three lines rather than being cut, at most MAX_LINES in all.
  const wrapped = (node.lines ?? []).flatMap((l) => fitLines(l, charsFitting(inner, FONT.line), LINES_PER_VALUE));
  const lines = wrapped.slice(0, MAX_LINES);
  // A box that cannot hold them all says so with "…" (its full text is in its link's label), never cuts silently.
  if (wrapped.length > MAX_LINES) lines[MAX_LINES - 1] = `${lines[MAX_LINES - 1]!.replace(/…$/, '')}…`;
  const textW = Math.max(
    ...(caption ?? []).map((l) => textWidth(l, FONT.caption)),
    ...label.map((l) => textWidth(l, FONT.label)),
    ...lines.map((l) => textWidth(l, FONT.line)),
  );
  const width = Math.min(max, Math.max(NODE_WIDTH.min, Math.ceil((textW + 2 * PAD.x) / NODE_WIDTH.step) * NODE_WIDTH.step));
  const height = 2 * PAD.y + (caption?.length ?? 0) * LINE_HEIGHT.caption + label.length * LINE_HEIGHT.label + lines.length * LINE_HEIGHT.line;
  return { node, width, height, ...(caption !== undefined ? { caption } : {}), label, lines };
}

/** An arrow's label (message names) as it fits, and its size. */
export function edgeLabelOf(text: string | undefined): { lines: string[]; width: number; height: number } | undefined {
  if (!text) return undefined;
  const lines = fitLines(text, charsFitting(EDGE_LABEL_WIDTH, FONT.edge), 2);
  const width = Math.ceil(Math.max(...lines.map((l) => textWidth(l, FONT.edge))) / 8) * 8 + 8;
  return { lines, width, height: lines.length * LINE_HEIGHT.edge + 2 };
}

interface Shape {
  width: number;
  height: number;
  nodes: Point[];
  edges: { points: Point[]; label?: Point }[];
}

/**
 * Layouts by shape. Most diagrams of a site share a few shapes (a channel with one sender and
 * one receiver, a topic with two subscriptions…), and dagre takes 1–2 ms even for five boxes:
 * at 1,000 channels, about 1,500 diagrams. Bounded, and a reused layout is the one dagre would
 * compute again (the key is all it sees), so the output does not depend on what came before.
 * Measured on the 1,000-channel bench document (1,201 diagrams): 276 layouts computed, 0.6-0.7 s
 * inside dagre, 0.8-1.3 s for all the SVG; the same 1,201 again, every layout reused: 53 ms.
 */
const shapes = new Map<string, Shape>();
const MAX_SHAPES = 2000;

function layoutShape(
  key: string,
  direction: 'LR' | 'TB',
  boxes: Box[],
  edges: { from: number; to: number; label?: { width: number; height: number } }[],
): Shape {
  const known = shapes.get(key);
  if (known) return known;
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: direction, nodesep: 20, ranksep: direction === 'LR' ? 48 : 40, edgesep: 12, marginx: 4, marginy: 4 });
  for (const [i, b] of boxes.entries()) g.setNode(`n${i}`, { width: b.width, height: b.height });
  for (const [i, e] of edges.entries())
    g.setEdge(
      `n${e.from}`,
      `n${e.to}`,
      e.label ? { width: e.label.width, height: e.label.height, ...labelBeside(direction) } : { width: 0, height: 0 },
      `e${i}`,
    );
  dagre.layout(g);
  const graph = g.graph();
  const shape: Shape = {
    width: graph.width ?? 0,
    height: graph.height ?? 0,
    nodes: boxes.map((_, i) => {
      const n = g.node(`n${i}`);
      return { x: n.x ?? 0, y: n.y ?? 0 };
    }),
    edges: edges.map((e, i) => {
      const label = g.edge({ v: `n${e.from}`, w: `n${e.to}`, name: `e${i}` });
      const points = label.points ?? [];
      if (!e.label) return { points };
      const centre = { x: label.x ?? 0, y: label.y ?? 0 };
      return { points: direction === 'LR' ? underLabel(points, centre, e.label.width) : points, label: centre };
    }),
  };
  if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
  shapes.set(key, shape);
  return shape;
}

/**
 * An arrow's points with its labelled stretch level under the whole label (left to right): dagre
 * puts the label beside one point of the arrow (labelpos "l": above it), and the arrow's slanted
 * stretches on either side of that point would cross the label's text; level under it from the
 * label's one end to the other, they meet the label nowhere.
 */
function underLabel(points: Point[], label: Point, width: number): Point[] {
  if (points.length < 3) return points;
  let at = 1;
  for (let i = 1; i < points.length - 1; i++) if (Math.abs(points[i]!.x - label.x) < Math.abs(points[at]!.x - label.x)) at = i;
  const y = points[at]!.y;
  const left = { x: label.x - width / 2, y };
  const right = { x: label.x + width / 2, y };
  const rightwards = points[at - 1]!.x <= points[at + 1]!.x;
  return [...points.slice(0, at), ...(rightwards ? [left, right] : [right, left]), ...points.slice(at + 1)];
}

/** The diagram placed: boxes with their text cut to fit, arrows as points. Arrows between unknown boxes are left out. */
export function layoutDiagram(diagram: Diagram): Placed {
  const index = new Map<string, number>();
  const boxes: Box[] = [];
  for (const node of diagram.nodes) {
    if (index.has(node.id)) continue;
    index.set(node.id, boxes.length);
    boxes.push(boxOf(node));
  }
  const edges = diagram.edges.flatMap((edge) => {
    const from = index.get(edge.from);
    const to = index.get(edge.to);
    if (from === undefined || to === undefined) return [];
    const label = edgeLabelOf(edge.label);
    return [{ edge, from, to, ...(label ? { label } : {}) }];
  });
  const sizes = JSON.stringify([boxes.map((b) => [b.width, b.height]), edges.map((e) => [e.from, e.to, e.label?.width ?? 0, e.label?.height ?? 0])]);
  const direction = diagram.direction ?? 'LR';
  let shape = layoutShape(`${direction}${sizes}`, direction, boxes, edges);
  let drawn = direction;
  if (diagram.direction === undefined && shape.width > COLUMN_WIDTH) {
    const tall = layoutShape(`TB${sizes}`, 'TB', boxes, edges);
    if (tall.width < shape.width) [shape, drawn] = [tall, 'TB'];
  }
  return {
    direction: drawn,
    width: shape.width,
    height: shape.height,
    nodes: boxes.map((b, i) => ({ ...b, x: shape.nodes[i]!.x - b.width / 2, y: shape.nodes[i]!.y - b.height / 2 })),
    edges: edges.map((e, i) => {
      const placed = shape.edges[i]!;
      return {
        edge: e.edge,
        points: placed.points,
        ...(e.label && placed.label ? { label: { ...placed.label, ...e.label } } : {}),
      };
    }),
  };
}

/**
 * The ids of some boxes in the order a reader meets them across the drawing: left to right when
 * its arrows point down, top to bottom when they point right. dagre orders the boxes of a rank
 * the same way in either direction (it turns the drawing at the end), so a list beside the
 * picture in this order matches whichever of the two the page shows.
 */
export function orderAcross(diagram: Diagram, ids: readonly string[]): string[] {
  const placed = layoutDiagram(diagram);
  const at = new Map(placed.nodes.map((n) => [n.node.id, placed.direction === 'TB' ? n.x : n.y]));
  return ids.filter((id) => at.has(id)).sort((a, b) => at.get(a)! - at.get(b)!);
}

/**
 * The diagram with its boxes of `kind` in the order `placed` draws them across (the others where
 * they were), for a narrower form that lists boxes in their order (outline.ts): a phone's outline
 * of a fan-out then names the subscriptions in the order of the wide picture and of the table
 * under it (dagre may turn a rank round).
 */
export function inPlacedOrder(diagram: Diagram, placed: Placed, kind: DiagramNode['kind']): Diagram {
  const at = new Map(placed.nodes.map((n) => [n.node.id, placed.direction === 'TB' ? n.x : n.y]));
  const ofKind = diagram.nodes.filter((n) => n.kind === kind);
  const sorted = [...ofKind].sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
  let next = 0;
  // The arrows to those boxes too: an outline hangs a box's children in the order of its arrows.
  const ids = new Set(ofKind.map((n) => n.id));
  const into = diagram.edges.filter((e) => ids.has(e.to));
  const sortedInto = [...into].sort((a, b) => (at.get(a.to) ?? 0) - (at.get(b.to) ?? 0));
  let nextEdge = 0;
  return {
    ...diagram,
    nodes: diagram.nodes.map((n) => (n.kind === kind ? sorted[next++]! : n)),
    edges: diagram.edges.map((e) => (ids.has(e.to) ? sortedInto[nextEdge++]! : e)),
  };
}
