/**
 * A built diagram's SVG read back as geometry: its boxes (by the words of their title) and its
 * arrows (their points and which end has the arrowhead), so that a test can say which way a
 * drawn arrow points and which boxes it joins, as a reader of the picture does.
 */

export interface DrawnBox {
  kind: string;
  /** The box's title: its caption, name and lines joined by " · ". */
  title: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Point {
  x: number;
  y: number;
}

export interface DrawnArrow {
  points: Point[];
  /** Where the arrowhead is drawn, from the path's markers. */
  head: 'start' | 'end' | 'none';
  relation: boolean;
}

export function boxesOf(svg: string): DrawnBox[] {
  return [
    ...svg.matchAll(/<(?:a|g) class="dg-node dg-([a-z]+)"[^>]*><title>([^<]*)<\/title><rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/g),
  ].map((m) => ({ kind: m[1]!, title: m[2]!, x: Number(m[3]), y: Number(m[4]), width: Number(m[5]), height: Number(m[6]) }));
}

export function arrowsOf(svg: string): DrawnArrow[] {
  return [...svg.matchAll(/<path class="dg-edge( dg-relation)?" d="([^"]+)"(?: marker-(start|end)="[^"]+")?\/>/g)].map((m) => ({
    relation: m[1] !== undefined,
    head: (m[3] as 'start' | 'end' | undefined) ?? 'none',
    points: [...m[2]!.matchAll(/[ML]([-\d.]+) ([-\d.]+)/g)].map((p) => ({ x: Number(p[1]), y: Number(p[2]) })),
  }));
}

/** The point a message leaves from and the one its arrowhead points at (an arrow without a head: undefined). */
export function travelOf(arrow: DrawnArrow): { from: Point; to: Point } | undefined {
  const [first, last] = [arrow.points[0]!, arrow.points.at(-1)!];
  return arrow.head === 'end' ? { from: first, to: last } : arrow.head === 'start' ? { from: last, to: first } : undefined;
}

const NEAR = 0.15;

/** Whether `p` lies on the outline of `box` (coordinates are written to a tenth of a pixel). */
export function onEdgeOf(p: Point, box: DrawnBox): boolean {
  const inX = p.x >= box.x - NEAR && p.x <= box.x + box.width + NEAR;
  const inY = p.y >= box.y - NEAR && p.y <= box.y + box.height + NEAR;
  const onSide = Math.abs(p.x - box.x) < NEAR || Math.abs(p.x - box.x - box.width) < NEAR;
  const onTopOrBottom = Math.abs(p.y - box.y) < NEAR || Math.abs(p.y - box.y - box.height) < NEAR;
  return inX && inY && (onSide || onTopOrBottom);
}

/** The stretches two arrows draw over one another (a trunk they share): pairs of their segments on one line that overlap. */
export function sharedStretches(a: DrawnArrow, b: DrawnArrow): number {
  const segments = (arrow: DrawnArrow) => arrow.points.slice(1).map((p, i) => [arrow.points[i]!, p] as const);
  let shared = 0;
  for (const [p, q] of segments(a))
    for (const [r, s] of segments(b)) {
      const vertical = Math.abs(p.x - q.x) < NEAR && Math.abs(r.x - s.x) < NEAR && Math.abs(p.x - r.x) < NEAR;
      const horizontal = Math.abs(p.y - q.y) < NEAR && Math.abs(r.y - s.y) < NEAR && Math.abs(p.y - r.y) < NEAR;
      const [k1, k2, k3, k4] = vertical ? [p.y, q.y, r.y, s.y] : [p.x, q.x, r.x, s.x];
      const overlap = Math.min(Math.max(k1, k2), Math.max(k3, k4)) - Math.max(Math.min(k1, k2), Math.min(k3, k4));
      if ((vertical || horizontal) && overlap > NEAR) shared++;
    }
  return shared;
}
