/**
 * dagre's layout of a chain of boxes (a → b → c: a channel with one sender and one receiver, a
 * request and its reply), worked out directly instead of by dagre.
 *
 * dagre takes 2–6 ms even for three boxes (it builds and orders layer graphs, ranks with network
 * simplex, aligns four ways), and most of a site's diagrams are such chains: at 100 channels 114
 * of the 252 layouts a build computes. For a chain its answer is simple: every rank holds one box
 * or one arrow's dummy node (the label's, or an empty one: dagre doubles each arrow's length to
 * make room for labels), all centred on one line, ranks stacked with half the rank separation
 * between them. This module computes that with dagre's own arithmetic, step for step (positionY,
 * fixupEdgeLabelCoords, undoCoordinateSystem, translateGraph, assignNodeIntersects), so the numbers
 * are the same to the last bit: `chain-layout.test.ts` compares them with dagre's on chains of
 * every length and size. Anything else (a fan-out, a cycle, a box twice) is left to dagre.
 */
export interface Point {
  x: number;
  y: number;
}

/** What dagre is asked to lay out: box sizes, and arrows between them (by index) with their label's size. */
export interface ChainInput {
  direction: 'LR' | 'TB';
  /** dagre's `ranksep` for this direction. */
  ranksep: number;
  marginx: number;
  marginy: number;
  /** dagre's `labeloffset` for labels beside the arrow (left to right: labelpos "l"); top to bottom they are centred on it. */
  labelOffset: number;
  boxes: readonly { width: number; height: number }[];
  edges: readonly { from: number; to: number; label?: { width: number; height: number } }[];
}

/** dagre's answer: the drawing's size, each box's centre, each arrow's points and its label's centre. */
export interface ChainLayout {
  width: number;
  height: number;
  nodes: Point[];
  edges: { points: Point[]; label?: Point }[];
}

/** The boxes of `input` in the order its arrows join them, when they form one chain; else undefined. */
function chainOrder(input: ChainInput): { order: number[]; edgeAfter: number[] } | undefined {
  const n = input.boxes.length;
  if (n < 2 || input.edges.length !== n - 1) return undefined;
  const next = new Array<number>(n).fill(-1);
  const hasInto = new Array<boolean>(n).fill(false);
  const edgeAfter = new Array<number>(n).fill(-1);
  for (const [i, e] of input.edges.entries()) {
    if (e.from === e.to || next[e.from] !== -1 || hasInto[e.to]) return undefined;
    next[e.from] = e.to;
    hasInto[e.to] = true;
    edgeAfter[e.from] = i;
  }
  const start = hasInto.indexOf(false);
  const order: number[] = [];
  for (let v = start; v !== -1 && order.length <= n; v = next[v]!) order.push(v);
  // A path through every box (a cycle beside a shorter path would leave some out).
  return order.length === n ? { order, edgeAfter } : undefined;
}

/** dagre's intersectRect: where the line from a box's centre to `point` leaves the box. */
function intersectRect(rect: Point & { width: number; height: number }, point: Point): Point {
  const dx = point.x - rect.x;
  const dy = point.y - rect.y;
  let w = rect.width / 2;
  let h = rect.height / 2;
  let sx: number;
  let sy: number;
  if (dx === 0 || Math.abs(dy) * w > Math.abs(dx) * h) {
    if (dy < 0) h = -h;
    sx = (h * dx) / dy;
    sy = h;
  } else {
    if (dx < 0) w = -w;
    sx = w;
    sy = (w * dy) / dx;
  }
  return { x: rect.x + sx, y: rect.y + sy };
}

/** dagre's layout of `input` when it is a chain of boxes; undefined for any other shape. */
export function chainLayout(input: ChainInput): ChainLayout | undefined {
  const chain = chainOrder(input);
  if (!chain) return undefined;
  const { boxes, edges } = input;
  const sideways = input.direction === 'LR';
  // dagre's coordinates top to bottom (it turns a left-to-right drawing at the start and back at
  // the end): the rank axis is "y", and every rank's one node is centred on x = 0.
  const rankSep = input.ranksep / 2;
  const boxAt = new Array<number>(boxes.length);
  const dummyAt = new Array<number>(edges.length);
  let prevY = 0;
  for (const v of chain.order) {
    const along = sideways ? boxes[v]!.width : boxes[v]!.height;
    boxAt[v] = prevY + along / 2;
    prevY += along + rankSep;
    const e = chain.edgeAfter[v]!;
    if (e === -1) continue;
    const label = edges[e]!.label;
    const dummy = label ? (sideways ? label.width : label.height) : 0;
    dummyAt[e] = prevY + dummy / 2;
    prevY += dummy + rankSep;
  }
  // Back in the drawing's own direction, before translateGraph.
  const nodes = boxes.map((b, v) => ({ ...(sideways ? { x: boxAt[v]!, y: 0 } : { x: 0, y: boxAt[v]! }), width: b.width, height: b.height }));
  const labels = edges.map((e, i) => {
    if (!e.label) return undefined;
    // fixupEdgeLabelCoords: a label beside the arrow ("l") moves off it by half its thickness and the offset.
    const across = sideways ? 0 - (e.label.height / 2 + input.labelOffset) : 0;
    return { ...(sideways ? { x: dummyAt[i]!, y: across } : { x: across, y: dummyAt[i]! }), width: e.label.width, height: e.label.height };
  });
  const dummies = edges.map((_, i) => (sideways ? { x: dummyAt[i]!, y: 0 } : { x: 0, y: dummyAt[i]! }));
  // translateGraph, with its starting values (maxX and maxY start at 0).
  let minX = Number.POSITIVE_INFINITY;
  let maxX = 0;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = 0;
  for (const a of [...nodes, ...labels.filter((l) => l !== undefined)]) {
    minX = Math.min(minX, a.x - a.width / 2);
    maxX = Math.max(maxX, a.x + a.width / 2);
    minY = Math.min(minY, a.y - a.height / 2);
    maxY = Math.max(maxY, a.y + a.height / 2);
  }
  minX -= input.marginx;
  minY -= input.marginy;
  for (const a of [...nodes, ...dummies]) {
    a.x -= minX;
    a.y -= minY;
  }
  return {
    width: maxX - minX + input.marginx,
    height: maxY - minY + input.marginy,
    nodes: nodes.map(({ x, y }) => ({ x, y })),
    edges: edges.map((e, i) => {
      const points = [intersectRect(nodes[e.from]!, dummies[i]!), dummies[i]!, intersectRect(nodes[e.to]!, dummies[i]!)];
      const label = labels[i];
      return label ? { points, label: { x: label.x - minX, y: label.y - minY } } : { points };
    }),
  };
}
