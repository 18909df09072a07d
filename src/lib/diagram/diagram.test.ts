import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagram } from './diagram-types.ts';
import { layoutDiagram, type PlacedEdge, type PlacedNode } from './layout.ts';
import { layoutOutline } from './outline.ts';
import { loopFrom } from './outline-loop.ts';
import { diagramSvg, escapeXml } from './svg.ts';
import { fitLines } from './text-fit.ts';

const href = (url: string): string => `/base/${url}`;

const flow: Diagram = {
  title: 'Messages on channel orders',
  description: 'placeOrder sends OrderPlaced to orders; shipOrder receives it.',
  nodes: [
    { id: 'send', kind: 'send', caption: 'send operation', label: 'placeOrder', url: 'operations/placeOrder/' },
    { id: 'ch', kind: 'channel', caption: 'channel', label: 'orders', lines: ['orders.v1'], url: 'channels/orders/' },
    { id: 'recv', kind: 'receive', caption: 'receive operation', label: 'shipOrder', url: 'operations/shipOrder/' },
    { id: 'plain', kind: 'queue', label: 'no page' },
  ],
  edges: [
    { from: 'send', to: 'ch', label: 'OrderPlaced' },
    { from: 'ch', to: 'recv', label: 'OrderPlaced' },
    { from: 'ch', to: 'plain', relation: true },
    { from: 'ch', to: 'missing' },
  ],
};

/** Elements of one name, as their opening tags. */
const tags = (svg: string, name: string): string[] => [...svg.matchAll(new RegExp(`<${name}[\\s>][^>]*>`, 'g'))].map((m) => m[0]);

describe('diagram layout', () => {
  it("puts an arrow's label beside its line, left to right, where no arrow crosses it (an overview's message names sat on the connectors)", () => {
    // An API overview's shape: the application, operations fanning out, each to or from a channel, with message names.
    const overview: Diagram = {
      title: 'Overview',
      description: 'd',
      direction: 'LR',
      nodes: [
        { id: 'app', kind: 'app', caption: 'this application', label: 'Order Fulfilment Events' },
        ...['Request a stock check', 'Notify customers', 'Publish parcel scans', 'Warehouse picks orders', 'Publish order events'].map((label, i) => ({
          id: `op${i}`,
          kind: i % 2 === 0 ? ('send' as const) : ('receive' as const),
          caption: 'operation',
          label,
        })),
        ...['Stock check requests', 'Stock check replies', 'Shipment tracking', 'Order events'].map((label, i) => ({
          id: `ch${i}`,
          kind: 'channel' as const,
          caption: 'channel',
          label,
        })),
      ],
      edges: [
        ...[0, 2, 4].map((i) => ({ from: 'app', to: `op${i}` })),
        // As flow-overview.ts draws them: a receive operation's arrows from the application's side, reversed.
        ...[1, 3].map((i) => ({ from: 'app', to: `op${i}`, reverse: true })),
        { from: 'op0', to: 'ch0', label: 'Stock check requested' },
        { from: 'op0', to: 'ch1', label: 'reply', reverse: true },
        { from: 'op1', to: 'ch2', label: 'Parcel scanned', reverse: true },
        { from: 'op2', to: 'ch2', label: 'Parcel scanned' },
        { from: 'op3', to: 'ch3', label: 'Order placed, Order cancelled', reverse: true },
        { from: 'op4', to: 'ch3', label: 'Order placed, Order cancelled' },
      ],
    };
    const placed = layoutDiagram(overview);
    assert.equal(placed.direction, 'LR');
    /** Whether the segment a–b passes through the rectangle (its border shrunk by a pixel: touching is not crossing). */
    const crosses = (a: { x: number; y: number }, b: { x: number; y: number }, r: { left: number; right: number; top: number; bottom: number }): boolean => {
      for (let t = 0; t <= 1; t += 1 / 64) {
        const x = a.x + (b.x - a.x) * t;
        const y = a.y + (b.y - a.y) * t;
        if (x > r.left + 1 && x < r.right - 1 && y > r.top + 1 && y < r.bottom - 1) return true;
      }
      return false;
    };
    const labelled = placed.edges.filter((e) => e.label);
    assert.equal(labelled.length, 6);
    for (const e of labelled) {
      const l = e.label!;
      const box = { left: l.x - l.width / 2, right: l.x + l.width / 2, top: l.y - l.height / 2, bottom: l.y + l.height / 2 };
      for (const other of placed.edges)
        for (let i = 1; i < other.points.length; i++)
          assert.ok(
            !crosses(other.points[i - 1]!, other.points[i]!, box),
            `the arrow ${other.edge.from}→${other.edge.to} crosses the label "${e.edge.label}" of ${e.edge.from}→${e.edge.to}`,
          );
      // Beside its own arrow: a level stretch just under the label, as wide as it.
      const under = e.points.some(
        (p, i) =>
          i > 0 &&
          p.y === e.points[i - 1]!.y &&
          Math.abs(p.y - box.bottom) <= 6 &&
          Math.min(p.x, e.points[i - 1]!.x) <= box.left + 1 &&
          Math.max(p.x, e.points[i - 1]!.x) >= box.right - 1,
      );
      assert.ok(under, `the arrow ${e.edge.from}→${e.edge.to} runs under its label: ${JSON.stringify(e.points)} ${JSON.stringify(box)}`);
    }
  });

  it('places every box inside the drawing, none overlapping, arrows from box to box', () => {
    const placed = layoutDiagram(flow);
    assert.equal(placed.nodes.length, 4);
    assert.equal(placed.edges.length, 3, 'the arrow to an unknown box is left out');
    for (const n of placed.nodes) {
      assert.ok(n.x >= 0 && n.y >= 0 && n.x + n.width <= placed.width + 0.01 && n.y + n.height <= placed.height + 0.01, n.node.id);
      for (const m of placed.nodes)
        if (m !== n)
          assert.ok(n.x + n.width <= m.x || m.x + m.width <= n.x || n.y + n.height <= m.y || m.y + m.height <= n.y, `${n.node.id} overlaps ${m.node.id}`);
    }
    // Left to right: the sender before the channel before the receiver.
    const x = (id: string): number => placed.nodes.find((n) => n.node.id === id)!.x;
    assert.ok(x('send') < x('ch') && x('ch') < x('recv'));
    for (const e of placed.edges) assert.ok(e.points.length >= 2);
  });

  it('cuts long names to fit their boxes, on at most three lines, and wraps small lines (an address) onto up to four', () => {
    const long = 'x'.repeat(500);
    const placed = layoutDiagram({ title: 't', description: 'd', nodes: [{ id: long, kind: 'channel', label: long, lines: [long] }], edges: [] });
    const node = placed.nodes[0]!;
    assert.ok(node.width <= 248);
    assert.equal(node.label.length, 3);
    assert.ok(node.label[2]!.endsWith('…'));
    assert.equal(node.lines.length, 4);
    assert.ok(node.lines[3]!.endsWith('…'));
    // A channel's address is shown whole when it fits three lines, broken after its separators.
    const address = 'smartylighting.streetlights.1.0.event.{streetlightId}.lighting.measured';
    const channel = layoutDiagram({ title: 't', description: 'd', nodes: [{ id: 'c', kind: 'channel', label: 'c', lines: [address] }], edges: [] }).nodes[0]!;
    assert.equal(channel.lines.join(''), address);
    assert.ok(channel.lines.length > 1 && channel.lines.every((l) => !l.endsWith('…')));
  });

  it('breaks names after separators where it can', () => {
    assert.deepEqual(fitLines('orders/eu-west/placed/v1', 12, 3), ['orders/eu-', 'west/placed/', 'v1']);
    assert.deepEqual(fitLines('customerAccountUpdated', 12, 2), ['customer', 'AccountUpda…']);
    assert.deepEqual(fitLines('short', 12, 2), ['short']);
    // A value after a separator stays whole: "OrderPlaced" is not read as "Order" and "Placed".
    assert.deepEqual(fitLines('only eventType "OrderPlaced"', 24, 3), ['only eventType', '"OrderPlaced"']);
  });
});

/** A request and its reply, the reply's arrows written first (as the wide drawing wants them). */
const requestAndReply: Diagram = {
  title: 't',
  description: 'd',
  nodes: [
    { id: 'self', kind: 'send', label: 'Request a stock check' },
    { id: 'reply', kind: 'channel', label: 'Stock check replies' },
    { id: 'request', kind: 'channel', label: 'Stock check requests' },
    { id: 'other', kind: 'receive', label: 'the other side' },
  ],
  edges: [
    { from: 'self', to: 'reply', reverse: true },
    { from: 'reply', to: 'other', label: 'answered', reverse: true },
    { from: 'self', to: 'request', label: 'requested' },
    { from: 'request', to: 'other' },
  ],
};

describe('diagram outline (phones)', () => {
  /** A topic published by one operation, delivered to `n` subscriptions, each with a dead-letter queue. */
  const fanOut = (n: number): Diagram => ({
    title: 'fan-out',
    description: 'd',
    nodes: [
      { id: 'pub', kind: 'send', caption: 'publishes', label: 'Publish order events' },
      { id: 'topic', kind: 'topic', caption: 'sns topic', label: 'orders.fifo' },
      ...Array.from({ length: n }, (_, i) => [
        {
          id: `sub${i}`,
          kind: 'subscription' as const,
          caption: 'SQS queue subscription',
          label: `queue-${i}`,
          lines: [`arn:aws:sqs:eu-west-1:123456789012:queue-${i}`],
        },
        { id: `dlq${i}`, kind: 'queue' as const, caption: 'dead-letter queue', label: `queue-${i}-dlq` },
      ]).flat(),
    ],
    edges: [
      { from: 'pub', to: 'topic', label: 'Order placed' },
      ...Array.from({ length: n }, (_, i) => [
        { from: 'topic', to: `sub${i}` },
        { from: `sub${i}`, to: `dlq${i}`, label: 'undeliverable' },
      ]).flat(),
    ],
  });

  it("puts a topic's one publisher's message names on its connector, between it and the topic, not above the publisher", () => {
    const outline = layoutOutline(fanOut(2));
    const pub = outline.nodes.find((n) => n.node.id === 'pub')!;
    const topic = outline.nodes.find((n) => n.node.id === 'topic')!;
    const edge = outline.edges.find((e) => e.edge.from === 'pub')!;
    const label = edge.label!;
    assert.ok(label.y - label.height / 2 >= pub.y + pub.height && label.y + label.height / 2 <= topic.y, 'between the publisher and the topic');
    const trunk = edge.points[edge.points.length - 1]!.x;
    assert.ok(label.x - label.width / 2 > trunk && label.x - label.width / 2 < trunk + 10, 'beside the connector');
  });

  it('is as narrow as a phone however many boxes, where the layered drawing is not', () => {
    const d = fanOut(5);
    assert.ok(layoutDiagram(d).width > 600);
    const outline = layoutOutline(d);
    assert.ok(outline.width <= 330, `${outline.width} px`);
    assert.deepEqual(outline.nodes.map((n) => n.node.id).sort(), d.nodes.map((n) => n.id).sort(), 'every box, once');
    // One box a line, each under the box it hangs from, indented from it.
    for (const [i, n] of outline.nodes.entries()) if (i > 0) assert.ok(n.y > outline.nodes[i - 1]!.y + outline.nodes[i - 1]!.height);
    const at = (id: string) => outline.nodes.find((n) => n.node.id === id)!;
    assert.equal(at('topic').x, 4, 'from the hub');
    assert.ok(at('sub0').x > at('topic').x && at('dlq0').x > at('sub0').x);
  });

  it('reads as the messages travel: from a box, the arrows a message leaves by before those it arrives by (a request before its reply)', () => {
    const d = requestAndReply;
    const outline = layoutOutline(d);
    // Each party once (review 15): the responder is not drawn again under the reply channel; the
    // reply leaves it by a short arrow down into the reply channel, right under it, named beside it.
    assert.deepEqual(
      outline.nodes.map((n) => n.node.id),
      ['self', 'request', 'other', 'reply'],
    );
    const [, , other, reply] = outline.nodes as [PlacedNode, PlacedNode, PlacedNode, PlacedNode];
    const answered = outline.edges.find((e) => e.edge.label === 'answered')!;
    assert.equal(answered.arrow, 'end');
    const [from, to] = [answered.points[0]!, answered.points[answered.points.length - 1]!];
    assert.equal(from.y, other.y + other.height, 'from the responder');
    assert.equal(to.y, reply.y, 'into the reply channel');
    assert.ok(from.x > reply.x && from.x < reply.x + reply.width && from.x > other.x && from.x < other.x + other.width, 'within both boxes');
    const label = answered.label!;
    assert.ok(label.y - label.height / 2 >= other.y + other.height && label.y + label.height / 2 <= reply.y, 'its name between the two boxes');
  });

  it('draws a loop (a request and its reply) as a column in the order the message travels, the way back on its own lane into the first box', () => {
    const d = requestAndReply;
    const outline = layoutOutline(d);
    const [self, request, other, reply] = outline.nodes as [PlacedNode, PlacedNode, PlacedNode, PlacedNode];
    assert.deepEqual(
      outline.nodes.map((n) => n.node.id),
      ['self', 'request', 'other', 'reply'],
    );
    assert.ok(outline.edges.every((e) => e.arrow === 'end'));
    const hops = outline.edges.map((e) => [e.points[0]!, e.points.at(-1)!] as const);
    for (const [i, [from, to]] of hops.slice(0, -1).entries()) {
      const [a, b] = [outline.nodes[i]!, outline.nodes[i + 1]!];
      assert.deepEqual([from.y, to.y], [a.y + a.height, b.y], `down from ${a.node.id} into ${b.node.id}`);
    }
    const [back, into] = hops.at(-1)!;
    assert.equal(back.y, reply.y + reply.height, 'the way back leaves the reply channel');
    assert.deepEqual(into, { x: self.x, y: self.y + self.height / 2 }, 'and ends in the requester, from its left');
    assert.ok(outline.width <= 330 && request.x === other.x, `one column, as narrow as a phone: ${outline.width} px`);
    // Only one loop through every box, without an application (whose outline hangs its operations from it).
    assert.equal(loopFrom({ ...d, edges: d.edges.slice(1) }, 'self'), undefined, 'an arrow missing');
    assert.equal(loopFrom({ ...d, nodes: [...d.nodes, { id: 'x', kind: 'queue', label: 'x' }] }, 'self'), undefined, 'a box left over');
    assert.equal(loopFrom({ ...d, nodes: d.nodes.map((n) => (n.id === 'self' ? { ...n, kind: 'app' } : n)) }, 'self'), undefined, 'an application');
    assert.equal(loopFrom(flow, 'send'), undefined, 'a flow that does not come back');
  });

  it("keeps two APIs' opposite flows apart in a portal's system map (review 15: one double-headed connector), each with its own arrow and name", () => {
    const d: Diagram = {
      title: 'map',
      description: 'd',
      nodes: [
        { id: 'a', kind: 'app', caption: 'API', label: 'Orders' },
        { id: 'b', kind: 'app', caption: 'API', label: 'Billing' },
      ],
      edges: [
        { from: 'a', to: 'b', label: 'orders' },
        { from: 'b', to: 'a', label: 'invoices' },
      ],
    };
    const outline = layoutOutline(d);
    assert.equal(outline.edges.filter((e) => e.arrow === 'end').length, 2, 'one arrowhead a flow');
    assert.deepEqual(
      outline.nodes.map((n) => n.node.id),
      ['a', 'b', 'b'],
      'Billing under each of its flows',
    );
    const [there, back] = ['orders', 'invoices'].map((l) => outline.edges.find((e) => e.edge.label === l && e.label?.lines.join(' ') === l)!) as [
      PlacedEdge,
      PlacedEdge,
    ];
    assert.ok(there && back, 'each flow named by its own label');
    const a = outline.nodes.find((n) => n.node.id === 'a')!;
    // Into Billing from Orders; back up to Orders' connector from Billing: each connector with one arrowhead, none shared.
    assert.deepEqual(
      [there, back].map((e) => e.arrow),
      ['end', 'end'],
    );
    const ends = (e: PlacedEdge) => [e.points[0]!, e.points[e.points.length - 1]!].map((p) => `${p.x},${p.y}`);
    assert.notDeepEqual(ends(there).sort(), ends(back).sort(), 'not drawn over one another');
    assert.ok(
      back.points[back.points.length - 1]!.x < there.points[there.points.length - 1]!.x || back.points.at(-1)!.y <= a.y + a.height,
      'the way back ends at the trunk under Orders',
    );
  });

  it('puts each arrowhead the way its message travels, and joins a box reached a second time to the box under it', () => {
    const d: Diagram = {
      title: 't',
      description: 'd',
      nodes: [
        { id: 'app', kind: 'app', label: 'the application' },
        { id: 'send', kind: 'send', label: 'send it' },
        { id: 'recv', kind: 'receive', label: 'receive it' },
        { id: 'ch', kind: 'channel', label: 'one channel' },
      ],
      edges: [
        { from: 'app', to: 'send' },
        { from: 'send', to: 'ch', label: 'M' },
        { from: 'app', to: 'recv', reverse: true },
        { from: 'recv', to: 'ch', reverse: true },
      ],
    };
    const outline = layoutOutline(d);
    assert.deepEqual(
      outline.nodes.map((n) => n.node.id),
      ['app', 'send', 'ch', 'recv'],
    );
    // Down to a box that receives: the arrowhead at its end; up from a box that sends to the one above: where it meets the trunk.
    const heads = outline.edges.filter((e) => e.arrow === 'end').map((e) => e.points[e.points.length - 1]!);
    const send = outline.nodes[1]!;
    const ch = outline.nodes[2]!;
    const recv = outline.nodes[3]!;
    assert.ok(
      heads.some((p) => p.x === send.x && p.y === send.y + send.height / 2),
      'into the sending operation, from the application',
    );
    assert.ok(
      heads.some((p) => p.x < recv.x && p.y === recv.y + recv.height / 2),
      'from the receiving operation, to the application',
    );
    // The channel, drawn once above the receiving operation: one arrow down from it into the operation (the message arrives there).
    assert.ok(
      heads.some((p) => p.x > recv.x && p.x > ch.x && p.y === recv.y),
      'down from the channel into the receiving operation',
    );
    assert.ok(!heads.some((p) => p.y === ch.y + ch.height), 'no arrowhead into the channel it receives from');
    const svg = diagramSvg(d, { idPrefix: 'o', href, siteHref: href }, outline);
    assert.equal(tags(svg, 'text').length, 5, 'four boxes and one label');
  });
});

describe('diagram SVG', () => {
  const svg = diagramSvg(flow, { idPrefix: 'flow', href, siteHref: href });

  it('is a graphic named by its title and described by its description, its links reachable (not role="img", which hides them)', () => {
    assert.match(svg, /^<svg [^>]*role="group" aria-roledescription="diagram" aria-labelledby="flow-title" aria-describedby="flow-desc"/);
    assert.match(svg, /<title id="flow-title">Messages on channel orders<\/title>/);
    assert.match(svg, /<desc id="flow-desc">placeOrder sends OrderPlaced to orders; shipOrder receives it.<\/desc>/);
    assert.doesNotMatch(svg, /<script|\son\w+=/i);
  });

  it('makes every box with a page a link to it, and the others plain boxes', () => {
    const links = tags(svg, 'a').map((a) => /href="([^"]*)"/.exec(a)![1]);
    assert.deepEqual(links, ['/base/operations/placeOrder/', '/base/channels/orders/', '/base/operations/shipOrder/']);
    assert.equal(tags(svg, 'rect').filter((r) => !r.includes('dg-edge-label-bg')).length, 4);
  });

  it('draws message flows as arrows with their message names, relations dashed without arrowheads', () => {
    const paths = tags(svg, 'path').filter((p) => p.includes('dg-edge'));
    assert.equal(paths.length, 3);
    assert.equal(paths.filter((p) => p.includes('marker-end="url(#flow-arrow)"')).length, 2);
    assert.equal(paths.filter((p) => p.includes('dg-relation') && !p.includes('marker-end')).length, 1);
    assert.equal([...svg.matchAll(/<text class="dg-edge-label"[^>]*>OrderPlaced<\/text>/g)].length, 2);
  });

  it('writes no colour of its own: classes only, for the theme to colour', () => {
    assert.doesNotMatch(svg, /\s(fill|stroke|color|style)=/);
    assert.doesNotMatch(svg, /#[0-9a-f]{3,6}\b/i);
  });

  it('gives the same bytes for the same diagram, whether its layout was computed or reused', async () => {
    const again = diagramSvg(structuredClone(flow), { idPrefix: 'flow', href, siteHref: href });
    assert.equal(again, svg);
    // A fresh process computes the layout anew.
    const { execFileSync } = await import('node:child_process');
    const script = `import { diagramSvg } from ${JSON.stringify(new URL('./svg.ts', import.meta.url).href)};
      process.stdout.write(diagramSvg(${JSON.stringify(flow)}, { idPrefix: 'flow', href: (u) => '/base/' + u, siteHref: (u) => '/base/' + u }));`;
    const fresh = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(fresh, svg);
  });

  it('escapes hostile names in text, titles and links, and keeps them in their boxes', () => {
    const evil = '<script>alert("x")</script>\'&"';
    const hostile: Diagram = {
      title: evil,
      description: evil,
      nodes: [
        { id: evil, kind: 'channel', caption: evil, label: `${evil}${'y'.repeat(300)}`, lines: [evil], url: `channels/"><script>x</script>/` },
        { id: 'b', kind: 'send', label: 'b\u0000\u0007ok', url: 'b/' },
      ],
      edges: [{ from: 'b', to: evil, label: evil }],
    };
    const out = diagramSvg(hostile, { idPrefix: 'x"><script>', href, siteHref: href });
    assert.doesNotMatch(out, /<script/i);
    assert.doesNotMatch(out, /[\u0000-\u0008]/);
    // Only the elements the renderer writes: nothing a name brought in.
    const elements = new Set([...out.matchAll(/<([a-z]+)[\s>/]/g)].map((m) => m[1]));
    assert.deepEqual([...elements].sort(), ['a', 'defs', 'desc', 'g', 'marker', 'path', 'rect', 'svg', 'text', 'title']);
    assert.equal(tags(out, 'a').length, 2);
    assert.match(out, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;&#39;&amp;&quot;/);
    assert.match(out, /href="\/base\/channels\/&quot;&gt;&lt;script&gt;x&lt;\/script&gt;\/"/);
    const placed = layoutDiagram(hostile);
    assert.ok(placed.nodes.every((n) => n.width <= 248));
  });

  it('escapes markup characters and leaves out characters XML forbids', () => {
    assert.equal(escapeXml('a<b>&"\'\u0001c'), 'a&lt;b&gt;&amp;&quot;&#39;c');
  });
});
