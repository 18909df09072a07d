/** A chain of boxes placed without dagre (chain-layout.ts) is placed exactly as dagre places it. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dagreLayout, layoutDiagram } from '../lib/diagram/layout.ts';
import { type ChainInput, chainLayout } from './chain-layout.ts';

/** A small deterministic generator (mulberry32), so a failure can be run again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function chainInput(next: () => number, direction: 'LR' | 'TB'): ChainInput {
  const n = 2 + Math.floor(next() * 4);
  const pick = (values: number[]): number => values[Math.floor(next() * values.length)]!;
  // Box sizes as layout.ts makes them (widths in steps of 16, heights of text lines), and odd ones.
  const boxes = Array.from({ length: n }, () => ({
    width: next() < 0.8 ? 112 + 16 * Math.floor(next() * 8) : 1 + Math.floor(next() * 300),
    height: next() < 0.8 ? 16 + pick([16, 18, 32, 34, 48, 50, 66, 82, 130]) : 1 + Math.floor(next() * 200),
  }));
  // The chain's boxes in a shuffled order, so that indices and the path differ.
  const order = [...boxes.keys()].sort(() => next() - 0.5);
  const edges = order.slice(1).map((to, i) => ({
    from: order[i]!,
    to,
    ...(next() < 0.6 ? { label: { width: 8 * (2 + Math.floor(next() * 24)), height: pick([18, 34, 7]) } } : {}),
  }));
  return { direction, ranksep: direction === 'LR' ? 48 : 40, marginx: 4, marginy: 4, labelOffset: 4, boxes, edges: edges.sort(() => next() - 0.5) };
}

describe('chain layout', () => {
  it('places 600 generated chains of 2 to 5 boxes exactly as dagre does, both ways', () => {
    const next = random(21);
    for (let i = 0; i < 600; i++) {
      const input = chainInput(next, i % 2 ? 'LR' : 'TB');
      const worked = chainLayout(input);
      assert.ok(worked, `chain ${i} is recognised as a chain`);
      assert.deepEqual(worked, dagreLayout(input), `chain ${i}: ${JSON.stringify(input)}`);
    }
  });

  it('leaves other shapes to dagre: a fan-out, a cycle, a box without arrows', () => {
    const box = { width: 128, height: 50 };
    const base = { direction: 'LR' as const, ranksep: 48, marginx: 4, marginy: 4, labelOffset: 4 };
    assert.equal(
      chainLayout({
        ...base,
        boxes: [box, box, box],
        edges: [
          { from: 0, to: 1 },
          { from: 0, to: 2 },
        ],
      }),
      undefined,
    );
    assert.equal(
      chainLayout({
        ...base,
        boxes: [box, box, box],
        edges: [
          { from: 1, to: 0 },
          { from: 2, to: 0 },
        ],
      }),
      undefined,
    );
    assert.equal(
      chainLayout({
        ...base,
        boxes: [box, box, box],
        edges: [
          { from: 1, to: 2 },
          { from: 2, to: 1 },
        ],
      }),
      undefined,
    );
    assert.equal(chainLayout({ ...base, boxes: [box, box], edges: [{ from: 0, to: 0 }] }), undefined);
    assert.equal(chainLayout({ ...base, boxes: [box], edges: [] }), undefined);
  });

  it('draws a request and its reply as before (sideways and top to bottom)', () => {
    const diagram = {
      title: 't',
      description: 'd',
      nodes: [
        { id: 'a', kind: 'send' as const, label: 'Send the order' },
        { id: 'c', kind: 'channel' as const, label: 'orders', lines: ['orders/{orderId}/placed'] },
        { id: 'b', kind: 'receive' as const, label: 'Receive the order' },
      ],
      edges: [
        { from: 'a', to: 'c', label: 'OrderPlaced' },
        { from: 'c', to: 'b' },
      ],
    };
    for (const direction of ['LR', 'TB'] as const) {
      const placed = layoutDiagram({ ...diagram, direction });
      // The arrow's label sits above its level stretch left to right (underLabel), on it top to bottom.
      const label = placed.edges[0]!.label!;
      if (direction === 'LR') assert.ok(label.y < placed.edges[0]!.points[1]!.y);
      else assert.equal(label.x, placed.edges[0]!.points[1]!.x);
      assert.ok(placed.width > 0 && placed.height > 0);
    }
  });
});
