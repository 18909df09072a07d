import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { layoutDiagram } from '../diagram/layout.ts';
import { diagramSvg } from '../diagram/svg.ts';
import { groupDiagram, groupUrl, MAX_OVERVIEW_BOXES, operationGroups, overviewDiagram, overviewDiagrams, SHOWN_OVERVIEW_BOXES } from './flow-overview.ts';
import type { Page } from './page-types.ts';
import { fixturePage } from '../../../test/page-fixture.ts';

/** A page of `kind` named `id`, at `<kind>s/<id>/`. */
const page = (kind: Page['kind'], id: string, extra: Partial<Page> = {}): Page => fixturePage(kind, `/${kind}s/${id}`, { url: `${kind}s/${id}/`, ...extra });

/** An API of `n` channels, each with one operation, alternately sending and receiving, tagged in ten groups. */
function api(n: number): Page[] {
  const pages = [page('server', 'broker', { badges: ['kafka'] })];
  for (let i = 0; i < n; i++) {
    pages.push(page('channel', `c${i}`));
    pages.push(
      page('operation', `o${i}`, {
        channel: `c${i}`,
        badges: [i % 2 ? 'receive' : 'send'],
        tags: [`team${i % 10}`],
        protocols: ['kafka'],
        messages: [`M${i}`],
      }),
    );
  }
  return pages;
}

describe('the overview diagram', () => {
  it('draws a small API whole: application, servers, operations, channels, message names on the arrows', () => {
    const d = overviewDiagram('Shop', api(3))!;
    assert.deepEqual(
      d.nodes.map((n) => n.kind),
      ['app', 'server', 'send', 'channel', 'receive', 'channel', 'send', 'channel'],
    );
    assert.deepEqual(
      d.edges.filter((e) => e.label).map((e) => [e.from, e.to, e.label, e.reverse ?? false]),
      [
        ['op-operations/o0/', 'channel-channels/c0/', 'M0', false],
        ['op-operations/o1/', 'channel-channels/c1/', 'M1', true],
        ['op-operations/o2/', 'channel-channels/c2/', 'M2', false],
      ],
    );
    assert.ok(d.nodes.every((n) => n.url !== undefined));
  });

  it('draws the operations of one channel next to each other, so that their arrows to it do not cross others', () => {
    // Four operations on two channels, listed alternately in the document (as a sender and a receiver of each often are).
    const pages = [page('server', 'broker', { badges: ['kafka'] }), page('channel', 'orders'), page('channel', 'payments')];
    for (const [id, channel, action] of [
      ['placeOrder', 'orders', 'send'],
      ['takePayment', 'payments', 'send'],
      ['shipOrder', 'orders', 'receive'],
      ['refund', 'payments', 'receive'],
      ['cancelOrder', 'orders', 'send'],
    ] as const)
      pages.push(page('operation', id, { channel, badges: [action], protocols: ['kafka'], messages: [`${id} event`] }));
    const d = overviewDiagram('Shop', pages)!;
    const placed = layoutDiagram(d);
    const centre = new Map(placed.nodes.map((n) => [n.node.id, n.y + n.height / 2]));
    // Arrows between the operations' column and the channels' column cross when an operation
    // above another goes to a channel below the other's.
    const arrows = d.edges.filter((e) => e.from.startsWith('op-') && e.to.startsWith('channel-')).map((e) => [centre.get(e.from)!, centre.get(e.to)!] as const);
    let crossings = 0;
    for (const [i, [a1, b1]] of arrows.entries()) for (const [a2, b2] of arrows.slice(i + 1)) if ((a1 - a2) * (b1 - b2) < 0) crossings++;
    assert.equal(crossings, 0, `${crossings} crossings: ${JSON.stringify(arrows)}`);
  });

  it('summarises a large API by tag with counts, and stays small at 1,000 channels', () => {
    const d = overviewDiagram('Big', api(1000))!;
    assert.ok(d.nodes.length <= MAX_OVERVIEW_BOXES);
    assert.equal(d.nodes.filter((n) => n.kind === 'group').length, 10);
    const team0 = d.nodes.find((n) => n.label === 'team0')!;
    assert.deepEqual(team0.lines, ['100 operations · 100 channels']);
    assert.ok(d.edges.some((e) => e.from === 'app' && e.to === team0.id && e.label === '100 sent'));
    const svg = diagramSvg(d, { idPrefix: 'o', href: (u) => `/${u}`, siteHref: (u) => `/${u}` });
    assert.ok(svg.length < 20_000, `${svg.length} bytes`);
  });

  it('groups by protocol when no operation has a tag, and counts groups beyond twelve in one box', () => {
    const pages = api(60).map((p) => (p.kind === 'operation' ? { ...p, tags: [], protocols: [`p${Number(p.id.slice(1)) % 15}`] } : p));
    const d = overviewDiagram('Mixed', pages)!;
    assert.match(d.title, /by protocol/);
    assert.equal(d.nodes.filter((n) => n.kind === 'group').length, 13);
    assert.ok(d.nodes.some((n) => n.caption === '3 more protocols'));
  });

  it("links each group's box to a diagram of its own, which draws its operations one by one and counts the rest", () => {
    const pages = api(1000);
    const d = overviewDiagram('Big', pages)!;
    const groups = operationGroups(pages)!;
    assert.equal(groups.length, 10);
    for (const group of groups) assert.equal(d.nodes.find((n) => n.label === group.name)?.url, groupUrl(group));
    assert.equal(groupUrl(groups[0]!), 'flows/team0/');
    const one = groupDiagram('Big', groups[0]!, pages);
    assert.ok(one.nodes.length <= MAX_OVERVIEW_BOXES);
    const drawn = one.nodes.filter((n) => n.kind === 'send' || n.kind === 'receive');
    assert.ok(drawn.length >= 15 && drawn.every((n) => groups[0]!.operations.some((o) => o.url === n.url)));
    const more = one.nodes.find((n) => n.kind === 'group')!;
    assert.equal(more.label, `${100 - drawn.length} more`);
    assert.equal(more.url, 'flows/team0/#h-operations');
    assert.match(one.title, /operations with tag team0/);
    // A small API's overview draws everything: no group pages.
    assert.equal(operationGroups(api(3)), undefined);
  });

  it('shows a summary of a middle-sized API first and the whole drawing on demand; by what its operations do when it has one protocol and no tags', () => {
    assert.equal(overviewDiagrams('Small', api(3))?.whole, undefined, 'a small API drawn whole at once');
    const pages = api(12).map((p) => (p.kind === 'operation' ? { ...p, tags: [] } : p));
    assert.ok(1 + 1 + 12 + 12 > SHOWN_OVERVIEW_BOXES && 1 + 1 + 12 + 12 <= MAX_OVERVIEW_BOXES);
    const { shown, whole } = overviewDiagrams('Middle', pages)!;
    assert.deepEqual(
      shown.nodes.map((n) => [n.kind, n.label, n.url]),
      [
        ['app', 'Middle', ''],
        ['group', 'receiving', 'operations/'],
        ['group', 'sending', 'operations/'],
      ],
    );
    assert.deepEqual(shown.nodes[1]!.lines, ['6 operations · 6 channels']);
    assert.equal(whole?.nodes.filter((n) => n.kind === 'send' || n.kind === 'receive').length, 12);
    // No group pages for it: its boxes lead to the list of operations, the whole drawing is on the overview.
    assert.equal(operationGroups(pages), undefined);
    assert.equal(overviewDiagrams('Big', api(1000))?.whole, undefined, 'a large API: its groups have pages of their own');
  });
});
