/**
 * The diagrams of issue 22 in the static HTML, on the project's own content, on corpus
 * documents (sns topics with subscriptions, request/reply with a runtime reply address) and on a
 * hostile document: present where they belong, a graphic with a title and a description, every
 * link pointing at a page of the site, the list that says the same in text beside them, the
 * same bytes from two builds.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { arrowsOf, boxesOf, type DrawnArrow, type DrawnBox, onEdgeOf, sharedStretches, travelOf } from './diagram-geometry.ts';
import { runIn, tempTree } from './helpers.ts';
import { hostileDocument } from './hostile-document.ts';

const ORDERS = readFileSync(new URL('../content/orders.apidesc.yaml', import.meta.url), 'utf8');
const CORPUS_FILES = [
  'bindings-sns-fifo-orders.yaml',
  'bindings-sns-sqs-pubsub-producer.yaml',
  'codegen-request-reply-runtime-address.yaml',
  'spec-rpc-client.yaml',
  'spec-kraken-websocket-request-reply-multiple-channels.yaml',
];

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? htmlFiles(full) : name.endsWith('.html') ? [full] : [];
  });
}

/** The flow diagrams of a page (not the retry timelines, which are pictures without links). */
const svgsOf = (html: string): string[] => [...html.matchAll(/<svg [^>]*class="diagram( wide)?"[\s\S]*?<\/svg>/g)].map((m) => m[0]);

/**
 * That the phone's drawing of a loop of messages (a request and its reply) reads the way they
 * travel: its boxes top to bottom in `captions`' order, an arrow from each into the next, the
 * last back into the first box's side, each arrowhead at the box the message arrives at, no
 * arrow without a head and no two on one line (a trunk shared by the request and the reply read
 * as both leaving the requester).
 */
function assertLoopReads(svg: string, captions: string[]): void {
  const boxes = boxesOf(svg);
  const arrows = arrowsOf(svg);
  const box = (caption: string): DrawnBox => {
    const found = boxes.filter((b) => b.title.startsWith(`${caption} · `));
    assert.equal(found.length, 1, `one box "${caption}" in ${boxes.map((b) => b.title).join(' | ')}`);
    return found[0]!;
  };
  const column = captions.map(box);
  assert.equal(boxes.length, captions.length, 'each party drawn once');
  for (const [i, b] of column.entries()) if (i > 0) assert.ok(b.y > column[i - 1]!.y + column[i - 1]!.height, `${b.title} under ${column[i - 1]!.title}`);
  assert.equal(arrows.length, captions.length, 'one arrow a hop');
  const hop = (from: DrawnBox, to: DrawnBox): DrawnArrow => {
    const found = arrows.filter((a) => {
      const t = travelOf(a);
      return t !== undefined && onEdgeOf(t.from, from) && onEdgeOf(t.to, to);
    });
    assert.equal(found.length, 1, `an arrow from ${from.title} with its head at ${to.title}: ${JSON.stringify(arrows)}`);
    return found[0]!;
  };
  const hops = column.map((b, i) => hop(b, column[(i + 1) % column.length]!));
  // Down the column: out of each box's bottom, into the next box's top.
  for (const [i, a] of hops.slice(0, -1).entries()) {
    const t = travelOf(a)!;
    assert.ok(t.to.y > t.from.y && Math.abs(t.to.y - column[i + 1]!.y) < 0.15, `arrow ${i} points down into the next box`);
  }
  // Back: into the first box from its left, the head pointing right (its last stretch runs rightwards into the box).
  const back = hops.at(-1)!;
  const [beforeHead, head] = [back.points.at(-2)!, back.points.at(-1)!];
  assert.equal(back.head, 'end');
  assert.ok(Math.abs(head.x - column[0]!.x) < 0.15 && beforeHead.x < head.x && beforeHead.y === head.y, 'the way back ends in the first box from the left');
  assert.ok(Math.min(...back.points.map((p) => p.x)) < Math.min(...column.map((b) => b.x)), 'on a lane of its own, left of the boxes');
  for (const [i, a] of arrows.entries()) for (const b of arrows.slice(i + 1)) assert.equal(sharedStretches(a, b), 0, 'no stretch of line is two arrows');
}

/** Every diagram of a site is a graphic with a title and a description, and links only to pages that exist. */
function checkDiagrams(site: string): number {
  let count = 0;
  for (const file of htmlFiles(site)) {
    for (const svg of svgsOf(readFileSync(file, 'utf8'))) {
      count++;
      assert.match(svg, /^<svg [^>]*role="group" aria-roledescription="diagram" aria-labelledby="([^" ]+)-title" aria-describedby="\1-desc"/, file);
      assert.match(svg, /<title id="[^"]+-title">[^<]+<\/title><desc id="[^"]+-desc">[^<]+<\/desc>/, file);
      // Names are text: no element or attribute of theirs (text content has its "<" escaped, so only real tags match).
      for (const tag of svg.match(/<[a-z][^>]*>/g) ?? []) assert.doesNotMatch(tag, /^<script|\son[a-z]+=|javascript:/i, file);
      const links = [...svg.matchAll(/<a class="dg-node[^"]*" href="([^"]+)"/g)].map((m) => m[1]!);
      assert.ok(links.length > 0, `${file}: a diagram without links`);
      for (const href of links) {
        const path = decodeURIComponent(href.replace(/#.*$/, ''));
        assert.ok(existsSync(join(site, path, 'index.html')), `${file}: ${href} leads nowhere`);
      }
    }
  }
  return count;
}

describe('diagrams of the default content', () => {
  let dir = '';
  const page = (url: string): string => readFileSync(join(dir, 'site', url, 'index.html'), 'utf8');
  before(async () => {
    dir = tempTree({ 'orders.yaml': ORDERS });
    const r = await runIn(dir, ['build', 'orders.yaml', '--out', 'site']);
    assert.equal(r.code, 0, r.out + r.err);
  });

  it('draws who sends to a channel and who receives from it, first (the fixed order of channel pages, as the overview opens with its flow)', () => {
    const html = page('channels/stockcheck');
    const [svg] = svgsOf(html);
    assert.ok(svg);
    assert.match(svg, /<a class="dg-node dg-send" href="\/operations\/requeststockcheck\/">/);
    assert.match(svg, /<a class="dg-node dg-channel" href="\/channels\/stockcheck\/">/);
    assert.match(svg, /<text class="dg-edge-label"[^>]*>Stock check requested<\/text>/);
    assert.ok(html.indexOf('id="h-flow"') < html.indexOf('id="h-operations"'), 'the diagram comes first, as on every channel page');
  });

  it("draws an sns topic's fan-out: publishers, the topic and its type, each subscription with its filter, dead-letter queues", () => {
    const html = page('channels/orderevents');
    const [svg] = svgsOf(html);
    assert.ok(svg);
    assert.equal((html.match(/<figure class="diagram-box/g) ?? []).length, 1, 'the fan-out replaces the plain flow on an sns topic');
    assert.match(svg, /<text class="dg-caption"[^>]*>SNS topic · (FIFO|standard)<\/text>/);
    assert.match(svg, /class="dg-node dg-send" href="\/operations\/publishorderevents\/"/);
    assert.match(svg, /class="dg-node dg-subscription" href="\/operations\/[^"]+\/#h-sns"/);
    assert.match(svg, /<text class="dg-line"[^>]*>(only |every message)/);
    assert.match(
      html,
      /<h3 id="sns-fan-out">Fan-out<\/h3>[\s\S]*<p class="fanout-producers">Published by <a href="\/operations\/publishorderevents\/">/,
      'the fan-out in text is still there',
    );
  });

  it('draws the request and its reply on an operation with a reply, the reply address in words', () => {
    const html = page('operations/requeststockcheck');
    const [svg] = svgsOf(html);
    assert.ok(svg);
    assert.match(svg, /<title id="dg-reply-flow-title">Request and reply of /);
    assert.match(svg, /reply channel/);
    // `$message.header#/replyTo` as a reader says it; the expression itself is in the Reply section's facts.
    assert.match(svg, /<text class="dg-line"[^>]*>the address in header<\/text><text class="dg-line"[^>]*>replyTo<\/text>/);
    assert.doesNotMatch(svg, /\$message/);
    assert.match(svg, /marker-start="url\(#dg-reply-flow-arrow\)"/, 'the reply points back');
    assert.ok(html.indexOf('id="h-reply-flow"') < html.indexOf('id="h-reply"'));
    // Too wide left to right for the page's column (960 px), it is drawn top to bottom there; still
    // wider than a phone shows whole, a phone shows its outline instead (one box a line), never cut.
    const widthOf = (svg: string): number => Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1]);
    assert.ok(widthOf(svg) <= 700 && widthOf(svg) > 330, `${widthOf(svg)} px`);
    const svgs = svgsOf(html);
    assert.equal(svgs.length, 2);
    assert.ok(widthOf(svgs[1]!) <= 300, `the phone's outline: ${widthOf(svgs[1]!)} px`);
    assert.match(html, /<figure class="diagram-box has-narrow dg-w\d+" data-pagefind-ignore><div class="dg-wide" style="min-width: (\d+)px"><svg/);
    // Never shrunk so far that its 13 px text reads under 12.5 px.
    const minWidth = Number(/<div class="dg-wide" style="min-width: (\d+)px"><svg/.exec(html)?.[1]);
    assert.equal(minWidth, Math.ceil((widthOf(svg) * 12.5) / 13));
  });

  it('reads top to bottom on a phone, the way the request and its reply travel, the reply back into the requester on its own lane', () => {
    const [wide, narrow] = svgsOf(page('operations/requeststockcheck'));
    assert.ok(wide && narrow);
    assert.match(narrow, /aria-labelledby="dg-reply-flow-narrow-title"/);
    assertLoopReads(narrow, ['this operation (requester)', 'request channel', 'responder', 'reply channel']);
    // Named where they travel: the request's message on its way to the request channel, the reply's on its way to the reply channel.
    const labels = [...narrow.matchAll(/<text class="dg-edge-label" x="[\d.]+" y="([\d.]+)">([^<]+)<\/text>/g)].map((m) => ({ y: Number(m[1]), text: m[2]! }));
    const at = (caption: string) => boxesOf(narrow).find((b) => b.title.startsWith(caption))!;
    const between = (text: string, above: string, below: string) => {
      const l = labels.find((x) => x.text === text);
      assert.ok(l && l.y > at(above).y + at(above).height && l.y < at(below).y, `${text} between ${above} and ${below}`);
    };
    between('Stock check requested', 'this operation', 'request channel');
    between('Stock check answered', 'responder', 'reply channel');
    // Its text alternatives still say it: the title and the description, as the wide drawing's.
    assert.match(
      narrow,
      /<title id="dg-reply-flow-narrow-title">Request and reply of Request a stock check<\/title><desc id="dg-reply-flow-narrow-desc">Request a stock check sends Stock check requested on Stock check requests; the reply \(Stock check answered\) comes back on /,
    );
  });

  it('reads as a loop on a phone on a channel with a request and its reply: from the sender into the channel, on round to the reply back into the sender', () => {
    const [, narrow] = svgsOf(page('channels/stockcheck'));
    assert.ok(narrow);
    // From the sender, as the wide drawing starts it (and the operation's page its own picture).
    assertLoopReads(narrow, ['send operation', 'channel', 'receivers', 'reply channel']);
  });

  it('draws the API on its overview: the application, its servers, operations and channels', () => {
    const [svg] = svgsOf(readFileSync(join(dir, 'site', 'index.html'), 'utf8'));
    assert.ok(svg);
    assert.match(svg, /<a class="dg-node dg-app" href="\/">/);
    assert.match(svg, /class="dg-node dg-server" href="\/servers\//);
    assert.equal([...svg.matchAll(/class="dg-node dg-(send|receive)"/g)].length, 5);
    // The three channels the operations use, and the one a reply comes back on.
    assert.equal([...svg.matchAll(/class="dg-node dg-channel"/g)].length, 4);
    assert.match(svg, /<title>channel · Stock check replies<\/title>/);
  });

  it('links every box to a page of the site', () => {
    assert.ok(checkDiagrams(join(dir, 'site')) >= 4);
  });

  it('gives the same bytes from a second build', async () => {
    const r = await runIn(dir, ['build', 'orders.yaml', '--out', 'again']);
    assert.equal(r.code, 0, r.out + r.err);
    for (const file of htmlFiles(join(dir, 'site'))) {
      const other = file.replace(join(dir, 'site'), join(dir, 'again'));
      assert.deepEqual(svgsOf(readFileSync(other, 'utf8')), svgsOf(readFileSync(file, 'utf8')), file);
    }
  });
});

if (HAS_CORPUS)
  describe('diagrams of corpus documents', () => {
    let dir = '';
    before(async () => {
      dir = tempTree({});
      for (const f of CORPUS_FILES) copyFileSync(join(CORPUS, 'valid', f), join(dir, f));
      const r = await runIn(dir, ['build', ...CORPUS_FILES, '--out', 'site']);
      assert.equal(r.code, 0, r.out + r.err);
    });

    it('has a diagram on every channel with an operation and every operation with a reply, each linking to real pages', () => {
      const routes = (JSON.parse(readFileSync(join(dir, 'site', 'apidesc-routes.json'), 'utf8')) as { routes: { kind: string; url: string }[] }).routes;
      for (const r of routes.filter((r) => r.kind === 'channel')) {
        const html = readFileSync(join(dir, 'site', r.url, 'index.html'), 'utf8');
        const hasOperations = /id="h-operations"[\s\S]*?<ul><li>/.test(html.slice(html.indexOf('id="h-operations"'), html.indexOf('id="h-operations"') + 400));
        // One diagram (its figure may hold a second drawing of it for narrow screens).
        if (hasOperations) assert.ok((html.match(/<figure class="diagram-box/g) ?? []).length === 1, `${r.url}: no diagram`);
      }
      const replies = routes
        .filter((r) => r.kind === 'operation')
        .filter((r) => readFileSync(join(dir, 'site', r.url, 'index.html'), 'utf8').includes('id="h-reply"'));
      assert.ok(replies.length >= 2, 'the corpus documents have operations with replies');
      for (const r of replies) assert.match(readFileSync(join(dir, 'site', r.url, 'index.html'), 'utf8'), /id="dg-reply-flow-title"/, r.url);
      assert.ok(checkDiagrams(join(dir, 'site')) >= 6);
    });

    it('draws each subscription of the sns FIFO topic with its dead-letter queue by name', () => {
      const html = readFileSync(join(dir, 'site', 'bindings-sns-fifo-orders', 'channels', 'orderevents', 'index.html'), 'utf8');
      const [svg] = svgsOf(html);
      assert.ok(svg);
      assert.match(svg, /SNS topic · FIFO/);
      assert.equal([...svg.matchAll(/class="dg-node dg-subscription"/g)].length, 3);
      assert.match(svg, /dead-letter queue[\s\S]*billing-orders-dlq\.fifo/);
      // An ARN by its resource name (wrapped after its separator, in a box narrow enough for three side by side), the whole ARN in the box's title only.
      assert.match(svg, /<text class="dg-label"[^>]*>partner-orders-dlq\.<\/text><text class="dg-label"[^>]*>fifo<\/text>/);
      assert.match(svg, /<title>dead-letter queue · partner-orders-dlq\.fifo · arn:aws:sqs:eu-west-1:210987654321:partner-orders-dlq\.fifo<\/title>/);
      assert.doesNotMatch(svg, /<text class="dg-line"[^>]*>arn:aws:sqs/);
    });
  });

if (HAS_CORPUS)
  describe('retry timelines of sns subscriptions', () => {
    it('draws the retry timeline of each subscription with a schedule, above its schedule table', async () => {
      const dir = tempTree({});
      copyFileSync(join(CORPUS, 'valid', 'bindings-sns-http-pubsub.yaml'), join(dir, 'api.yaml'));
      const r = await runIn(dir, ['build', 'api.yaml', '--out', 'site']);
      assert.equal(r.code, 0, r.out + r.err);
      const html = readFileSync(join(dir, 'site', 'operations', 'receiveusersignedup', 'index.html'), 'utf8');
      const svg = /<svg [^>]*class="diagram timeline"[\s\S]*?<\/svg>/.exec(html)?.[0];
      assert.ok(svg);
      assert.match(svg, /role="img"/);
      assert.match(svg, /Time since the first failed delivery \(to scale\)/);
      assert.match(svg, /After the last retry: the dead-letter queue /);
      const at = html.indexOf('class="diagram timeline"');
      assert.ok(html.indexOf('<table class="schedule', at) > at, 'the timeline before its table');
    });
  });

describe('diagrams of a hostile document', () => {
  it('escapes every name and links only to pages of the site', async () => {
    const dir = tempTree({ 'evil.yaml': hostileDocument() });
    const r = await runIn(dir, ['build', 'evil.yaml', '--out', 'site', '--allow-invalid']);
    assert.equal(r.code, 0, r.out + r.err);
    assert.ok(checkDiagrams(join(dir, 'site')) >= 1);
  });
});

describe('diagrams of a large API', () => {
  /** Three teams, one named with markup. */
  const TAGS = ['billing', 'shipping', "'Team <b>3</b>'"];
  /** 30 channels, an operation on each, tagged in three teams: too many boxes for one overview diagram. */
  const large = (): string => {
    const channels = Array.from({ length: 30 }, (_, i) => `  c${i}:\n    address: events.c${i}\n`).join('');
    const operations = Array.from(
      { length: 30 },
      (_, i) => `  op${i}:\n    action: ${i % 2 ? 'receive' : 'send'}\n    channel: {$ref: '#/channels/c${i}'}\n    tags: [{name: ${TAGS[i % 3]}}]\n`,
    ).join('');
    return `apidesc: 3.0.0\ninfo: {title: Large, version: 1.0.0}\nchannels:\n${channels}operations:\n${operations}`;
  };

  it("summarises the overview by tag, each group's box leading to a page that draws the group's operations", async () => {
    const dir = tempTree({ 'large.yaml': large() });
    const r = await runIn(dir, ['build', 'large.yaml', '--out', 'site']);
    assert.equal(r.code, 0, r.out + r.err);
    const overview = readFileSync(join(dir, 'site', 'index.html'), 'utf8');
    // Each drawn on a desk and, narrower, on a phone.
    const groups = new Set([...overview.matchAll(/<a class="dg-node dg-group" href="\/(flows\/[^"]+)"/g)].map((m) => m[1]));
    assert.deepEqual([...groups].sort(), ['flows/billing/', 'flows/shipping/', 'flows/team-b-3-b/']);
    const billing = readFileSync(join(dir, 'site', 'flows', 'billing', 'index.html'), 'utf8');
    assert.match(billing, /<title id="dg-group-title">Message flow of Large: operations with tag billing<\/title>/);
    // Its ten operations drawn one by one, and listed.
    assert.equal(new Set([...billing.matchAll(/<a class="dg-node dg-(send|receive)" href="(\/operations\/op\d+\/)"/g)].map((m) => m[2])).size, 10);
    assert.match(billing, /<h2 id="h-operations">[\s\S]*<a href="\/operations\/op0\/">op0<\/a>/);
    // The tag named with markup is text.
    assert.match(readFileSync(join(dir, 'site', 'flows', 'team-b-3-b', 'index.html'), 'utf8'), /<h1>Team &lt;b&gt;3&lt;\/b&gt;<\/h1>/);
    assert.ok(checkDiagrams(join(dir, 'site')) >= 4);
  });
});
