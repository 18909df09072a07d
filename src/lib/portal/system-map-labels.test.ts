/**
 * The system map's labels as the SVG draws them: no arrow's label overlaps another label or a
 * box, whatever the number of APIs (portals generated of 2 to 30 APIs, in a chain, a star, both
 * ways between two APIs and a mesh). Boxes are read from the rendered SVG, their widths those the
 * layout estimates for their text (text-fit.ts), as the page draws them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagramSvg } from '../diagram/svg.ts';
import type { FlowPairCount } from './flow-types.ts';
import { systemMap } from './system-map.ts';

interface Rect {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The rectangles of the SVG: each arrow's label background and each box. */
function rectsOf(svg: string): { labels: Rect[]; boxes: Rect[] } {
  const labels: Rect[] = [];
  const boxes: Rect[] = [];
  const attr = (tag: string, name: string): number => Number(new RegExp(`\\b${name}="([^"]+)"`).exec(tag)![1]);
  for (const [tag, label] of svg.matchAll(/<rect class="dg-edge-label-bg"[^>]*\/><text[^>]*>([^<]*)</g))
    labels.push({ name: label!, x: attr(tag, 'x'), y: attr(tag, 'y'), width: attr(tag, 'width'), height: attr(tag, 'height') });
  for (const [, title, tag] of svg.matchAll(/<title>([^<]*)<\/title>(<rect [^>]*\/>)/g))
    boxes.push({ name: title!, x: attr(tag!, 'x'), y: attr(tag!, 'y'), width: attr(tag!, 'width'), height: attr(tag!, 'height') });
  return { labels, boxes };
}

const overlap = (a: Rect, b: Rect): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const api = (i: number) => ({ api: `api-${i}`, apiTitle: `Service number ${i}${i % 3 === 0 ? ' with a longer name' : ''}` });
const pair = (from: number, to: number, channels: string[]): FlowPairCount => ({
  from: api(from),
  to: api(to),
  count: channels.length,
  disagreeing: 0,
  channels: channels.slice(0, 2),
  channelCount: channels.length,
});
const channel = (i: number, j: number) => (i % 2 === 0 ? `orders/${i}/${j}/placed` : `c${i}`);

/** Portals of every shape the map meets: a sender and its receivers, chains, both ways, and a mesh. */
function portals(): [string, FlowPairCount[]][] {
  const out: [string, FlowPairCount[]][] = [];
  for (const n of [2, 3, 5, 8, 12, 20, 30]) {
    out.push([`star of ${n}`, Array.from({ length: n - 1 }, (_, i) => pair(0, i + 1, [channel(i, 0)]))]);
    out.push([`chain of ${n}`, Array.from({ length: n - 1 }, (_, i) => pair(i, i + 1, [channel(i, 1), channel(i, 2)]))]);
    out.push([
      `both ways among ${n}`,
      Array.from({ length: n - 1 }, (_, i) => [pair(0, i + 1, [channel(i, 3)]), pair(i + 1, 0, [`reply/${i}/x`, 'a', 'b'])]).flat(),
    ]);
    out.push([`mesh of ${n}`, Array.from({ length: n }, (_, i) => [pair(i, (i + 1) % n, [channel(i, 4)]), pair(i, (i + 3) % n, [channel(i, 5)])]).flat()]);
  }
  return out;
}

describe('system map labels', () => {
  for (const [name, pairs] of portals())
    it(`${name}: no label overlaps another label or a box`, () => {
      const diagram = systemMap(pairs, (slug) => `${slug}/`)!;
      const svg = diagramSvg(diagram, { idPrefix: 'map', href: (u) => u, siteHref: (u) => u });
      const { labels, boxes } = rectsOf(svg);
      assert.equal(labels.length, diagram.edges.length, 'every arrow labelled');
      assert.equal(boxes.length, diagram.nodes.length, 'every API drawn');
      const clashes: string[] = [];
      for (const [i, a] of labels.entries()) {
        for (const b of labels.slice(i + 1)) if (overlap(a, b)) clashes.push(`label ${a.name} × label ${b.name}`);
        for (const b of boxes) if (overlap(a, b)) clashes.push(`label ${a.name} × box ${b.name}`);
      }
      assert.deepEqual(clashes, []);
    });
});
