/**
 * Facts said once and truthfully on sns pages and their neighbours (issue 34, round 4's review):
 * the fan-out's boxes name the operation that holds a subscription as its text does ("received
 * by" a receiving operation, "set up by" a publishing one) and its table follows the picture's
 * order; a receiving operation says AWS's fixed retries once, with the subscriptions they apply
 * to, and folds the sqs binding its cards already explain; a publishing operation offers its
 * commands per message; the words of the action, of security, of schema shapes and scopes; an
 * overview's message cards and reply channel; a server's operations.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { unescapeText } from '../src/lib/html-text.ts';
import { visibleText } from './visible-text.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { sharedSite } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');

/** The subscription boxes of a page's wide fan-out drawing, left to right: their link titles and visible lines. */
function subscriptionBoxes(html: string): { title: string; lines: string[]; x: number }[] {
  const wide = /<div class="dg-wide"[^>]*>[\s\S]*?<\/svg>/.exec(html.slice(html.indexOf('id="sns-fan-out"')))![0];
  return [...wide.matchAll(/<a class="dg-node dg-subscription"[^>]*><title>([^<]*)<\/title><rect x="([\d.]+)"[^>]*\/>([\s\S]*?)<\/a>/g)]
    .map((m) => ({
      title: unescapeText(m[1]!),
      x: Number(m[2]),
      lines: [...m[3]!.matchAll(/<text class="dg-line"[^>]*>([^<]*)<\/text>/g)].map((l) => unescapeText(l[1]!)),
    }))
    .sort((a, b) => a.x - b.x);
}

/** The rows of a fan-out's subscription table, in words. */
function tableRows(html: string): string[] {
  const table = /<table class="subscription-lines">[\s\S]*?<\/table>/.exec(html)![0];
  return [...table.matchAll(/<tr(?: [^>]*)?>(?!<th)[\s\S]*?<\/tr>/g)].map((m) => visibleText(m[0]));
}

/** A page's reading part: from <main> to its folded Source. */
const reading = (html: string): string => html.slice(html.indexOf('<main'), html.indexOf('<div class="source"'));

describe('facts said once and truthfully (default content)', () => {
  let out = '';
  const read = (url: string): string => readFileSync(join(out, url, 'index.html'), 'utf8');
  before(async () => {
    out = await sharedSite(['content'], repo);
  });

  it("names each subscription's operation in its box as the text does, and lists them in the picture's order", () => {
    const html = read('channels/orderevents');
    const boxes = subscriptionBoxes(html);
    assert.equal(boxes.length, 3);
    // Only the warehouse's own queue is received by its operation (its page marks it "This API's queue"); the others outside this API.
    // In each box's title whole, and visible in the box (its first words at least: a box wraps it).
    const holders = boxes.map((box) => [box.title.split(' · ')[1], / · (received [^·]+)( · |$)/.exec(box.title)?.[1]]);
    assert.deepEqual(Object.fromEntries(holders), {
      'billing-orders.fifo': 'received outside this API',
      'fraud-screening.fifo': 'received outside this API',
      'warehouse-picking.fifo': 'received by Warehouse picks orders',
    });
    for (const box of boxes)
      assert.ok(
        box.lines.some((l) => l.startsWith('received ')),
        box.lines.join(' / '),
      );
    assert.match(visibleText(html), /Delivered to 3 subscriptions ?:/);
    const rows = tableRows(html);
    // Each row as the box above it, left to right: its endpoint's resource name ends the row's first cell.
    assert.deepEqual(
      rows.map((row) => boxes.findIndex((b) => row.split(' only ')[0]!.split(' every ')[0]!.includes(b.title.split(' · ')[1]!))),
      [0, 1, 2],
      `${rows.join('\n')}\n${boxes.map((b) => b.title).join('\n')}`,
    );
  });

  it('keeps the subscription table to three columns, its ids wrapping only at their separators', () => {
    // The standard topic, whose function is named by its ARN.
    const html = read('channels/shipmenttracking');
    const table = /<table class="subscription-lines">[\s\S]*?<\/table>/.exec(html)![0];
    assert.deepEqual(
      [...table.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]),
      ['Subscription', 'Receives', 'If delivery fails'],
    );
    assert.match(
      table,
      /<code class="endpoint-full">arn:<wbr>aws:<wbr>lambda:<wbr>eu-<wbr>west-<wbr>1:<wbr>123456789012:<wbr>function:<wbr>parcel-<wbr>alerts<\/code>/,
    );
    assert.ok(
      tableRows(read('channels/orderevents')).includes(
        "SQS queue warehouse-picking.fifo received by Warehouse picks orders only messages where total.amount is a number > 0 AWS's fixed retries → warehouse-picking-dlq.fifo",
      ),
    );
    const css = readFileSync(join(repo, 'src/styles/site.css'), 'utf8');
    assert.match(css, /table\.subscription-lines td \{ overflow-wrap: break-word;/, 'a word breaks only when it cannot fit whole');
  });

  it("gives each subscription's retries on the channel in the words its operation's page gives them, AWS's fixed ones once under the table", () => {
    const cases = [
      ['channels/orderevents', 'operations/receiveordereventsinwarehouse'],
      ['channels/shipmenttracking', 'operations/notifycustomersofscans'],
    ] as const;
    for (const [channel, operation] of cases) {
      const page = visibleText(reading(read(operation)));
      const html = read(channel);
      const rows = tableRows(html);
      assert.ok(rows.length > 0, channel);
      // Each fixed policy's numbers in one note under the table, which its rows link to by name (review 18: a 40-word sentence in every row).
      const notes = new Map([...html.matchAll(/<p class="kind fanout-fixed-retries" id="([^"]+)">([\s\S]*?)<\/p>/g)].map((m) => [m[1]!, visibleText(m[2]!)]));
      for (const row of rows) {
        const declared = /(\d[\d,]* retries over about [^→]+?) →/.exec(row)?.[1];
        const fixed = /AWS's (fixed|default) retries →/.test(row);
        assert.ok(declared || fixed, `${channel}: ${row}`);
        if (declared) assert.ok(page.includes(declared), `${operation} says "${declared}"`);
      }
      for (const [id, note] of notes) {
        assert.match(html, new RegExp(`<a href="#${id}">AWS(&#39;|')s (fixed|default) retries</a>`), `${channel}: a row links to ${id}`);
        const schedule = /: (\d[\d,]* retries over about .+?), (whatever|as neither)/.exec(note)?.[1];
        assert.ok(schedule && page.includes(schedule), `${operation} says the numbers of "${note}"`);
      }
      assert.ok(notes.size > 0, `${channel}: a fixed policy's note`);
      // Every number said once on the channel's page.
      const text = visibleText(reading(html));
      for (const n of ['100,015 retries', '50 retries']) assert.ok((text.match(new RegExp(n, 'g'))?.length ?? 0) <= 1, `${channel}: "${n}" once`);
    }
  });

  it('says on a receiving operation the retries AWS fixes once, named by the protocols it subscribes, and folds the sqs binding under the queues', () => {
    const page = reading(read('operations/receiveordereventsinwarehouse'));
    const text = visibleText(page);
    assert.equal(text.match(/100,015 retries/g)?.length, 1, 'AWS’s fixed retries stated once');
    assert.match(text, /SQS 100,015 retries over about 23 days \(3 immediately, [^)]*\(exponential\)[^)]*\), fixed by AWS, whatever a delivery policy says\./);
    assert.match(text, /AWS's fixed retries → dropped/);
    // What the retries and the arrow mean, once for the page (review 21).
    assert.equal(text.match(/If a delivery fails, SNS retries it as its row says/g)?.length, 1);
    // No HTTPS subscription on this FIFO topic: the topic's delivery policy is no business of this page.
    assert.doesNotMatch(text, /Topic delivery policy/);
    // The standard topic's: each fixed policy once, named by the protocols that follow it; the webhook declares its own retries.
    const others = visibleText(reading(read('operations/notifycustomersofscans')));
    assert.equal(others.match(/100,015 retries over/g)?.length, 1, 'AWS’s fixed retries of Firehose and Lambda stated once');
    assert.equal(others.match(/50 retries over about 6\.7 hours \(/g)?.length, 1, 'AWS’s fixed retries of e-mail and SMS stated once');
    assert.match(others, /E-mail and SMS 50 retries over about 6\.7 hours \([^)]*\(exponential\)[^)]*\), fixed by AWS, whatever a delivery policy says\./);
    assert.match(
      others,
      /Lambda and Firehose 100,015 retries over about 23 days \([^)]*\(exponential\)[^)]*\), fixed by AWS, whatever a delivery policy says\./,
    );
    assert.doesNotMatch(others, /Topic delivery policy/);
    assert.doesNotMatch(page, /id="h-bindings"/, 'no Bindings section repeating the queues');
    assert.match(page, /<details class="fold sns-queues"><summary><span id="sns-queue-warehouse-picking-fifo"><\/span>/);
    assert.match(visibleText(/<details class="fold sns-queues">[\s\S]*?<\/details>/.exec(page)![0]), /fifoThroughputLimit perMessageGroupId/);
    // One security heading, whatever gives the schemes.
    assert.match(page, /<h2 id="h-security"><a href="#h-security">Security<\/a><\/h2>/);
    assert.doesNotMatch(text, /Server security that also applies/);
    // The message's fields of fields folded here (its page has them open).
    const messages = page.slice(page.indexOf('id="h-messages"'), page.indexOf('id="h-sns"'));
    assert.ok(messages.includes('<details class="prop-children">'), 'fields of fields folded');
    assert.ok(!messages.includes('<details class="prop-children" open>'), 'none open');
    assert.ok(read('components/messages/orderplaced').includes('<details class="prop-children" open>'), 'open on the message page');
  });

  it('offers the publish commands of each message of a publishing operation, a tab each', () => {
    const html = read('operations/publishorderevents');
    // The commands after the fields, the panel and the sns section (EntityPage.astro), at the column's whole width.
    const panel = /<section class="sns-send"[\s\S]*?(?=<section aria-labelledby="h-security")/.exec(html)![0];
    const tabs = [...panel.matchAll(/<input type="radio" class="panel-tab-input" name="sns-publish-message"[^>]*>\s*<label for="[^"]+">([^<]*)<\/label>/g)].map(
      (m) => m[1],
    );
    assert.deepEqual(tabs, ['Order placed', 'Order cancelled']);
    const cancelled = visibleText(
      /<div class="panel-tab" id="sns-publish-message-2-panel"[\s\S]*?(?=<div class="panel-tab" id="sns-publish-message-3-panel"|<\/div><\/div><p class="kind">|$)/.exec(
        panel,
      )![0],
    );
    assert.match(cancelled, /aws sns publish/);
    // The cancelled order's payload (its reason), not the placed order's: the file of its example, offered beside the command (written once, under Examples).
    assert.match(cancelled, /--message file:\/\/order-cancelled\.json/);
    const file = /<a href="data:application\/json;charset=utf-8,([^"]*)" download="order-cancelled\.json"/.exec(panel);
    assert.ok(file, 'the file is offered');
    assert.match(decodeURIComponent(file[1]!), /^\{\n {2}"orderId": "ord-\d+",\n {2}"reason": "customer-request"\n\}\n$/);
    assert.doesNotMatch(cancelled, /placedAt/);
    assert.match(cancelled, /--message-group-id/);
  });

  it('says what the action means, the reply included, and names schema shapes and scopes once', () => {
    assert.match(visibleText(read('operations/requeststockcheck')), /For you You receive the request and send the reply\./);
    assert.match(visibleText(read('operations/publishorderevents')), /For you You receive these messages\./);
    const order = visibleText(read('components/schemas/order'));
    assert.match(order, /1 field of payment , and one of 2 shapes/);
    assert.match(order, /This shape is the schema CardPayment \./);
    assert.doesNotMatch(order, /shapes of|Its schema:/);
    // Its name once, as the title: the table starts with what it is.
    assert.match(
      read('components/schemas/order'),
      /<p class="schema-root-line"><span class="prop-type">object<\/span><span class="kind"> · extends <a href="\/components\/schemas\/orderref\/">OrderRef<\/a>/,
    );
    assert.doesNotMatch(order, /Order \(object\)/);
    const oauth = read('components/securityschemes/partneroauth');
    // Its name once, as the title, which says what it is: its card has no head saying it again, nor its flow.
    assert.doesNotMatch(oauth, /<p class="scheme-head">/);
    assert.match(oauth, /<p class="flow-title"><strong>Client credentials flow<\/strong><\/p>/);
    // From the title on (the breadcrumbs above it name the page too).
    const oauthWords = visibleText(reading(oauth).slice(reading(oauth).indexOf('<h1')));
    assert.equal(oauthWords.match(/OAuth 2\.0/g)?.length, 1, oauthWords);
    assert.doesNotMatch(oauth, /<strong>partnerOAuth<\/strong>/);
    assert.doesNotMatch(oauth, /Scopes offered/, 'the scopes table lists them');
    assert.match(oauth, /<dt><code>orders:read<\/code><\/dt> <dd>Read order events\.<\/dd>/);
    const sigv4Page = reading(read('components/securityschemes/sigv4'));
    const sigv4 = visibleText(sigv4Page.slice(sigv4Page.indexOf('<h1')));
    assert.equal(sigv4.match(/Authorization/g)?.length, 1, sigv4);
  });

  it("shows a message card's payload where it has no summary, draws the reply channel, and lists a server's operations", () => {
    const overview = read('');
    const cancelled = /<li><a href="\/components\/messages\/ordercancelled\/">Order cancelled<\/a>[\s\S]*?<\/li>/.exec(overview)![0];
    assert.match(visibleText(cancelled), /^Order cancelled Payload orderId string ?, reason string/);
    const flow = /<section aria-labelledby="h-flow">[\s\S]*?<\/section>/.exec(overview)![0];
    assert.match(flow, /<title>channel · Stock check replies<\/title>/);
    // The Markdown twin of a message says "Used by" once too.
    const twin = readFileSync(join(out, 'components/messages/orderplaced/index.md'), 'utf8');
    assert.equal(twin.match(/^## Used by$/gm)?.length, 1, twin);
    assert.match(twin, /- \[Warehouse picks orders\]\([^)]*\) — receives it on Order events/);
    const server = visibleText(reading(read('servers/production')));
    assert.match(
      server,
      /Operations on this server Publish order events orders- \{region\} \.fifo API sends Warehouse picks orders orders- \{region\} \.fifo API receives/,
    );
  });
});

if (HAS_CORPUS)
  describe('facts said once and truthfully (a corpus producer that lists its subscriptions)', () => {
    let html = '';
    before(async () => {
      const out = await sharedSite(['bindings-sns-fifo-orders.yaml'], join(CORPUS, 'valid'));
      html = readFileSync(join(out, 'channels', 'orderevents', 'index.html'), 'utf8');
    });

    it("names the publishing operation in each box as the one that lists the subscription, never as its receiver, in the table's order", () => {
      const boxes = subscriptionBoxes(html);
      assert.equal(boxes.length, 3);
      for (const box of boxes) {
        assert.match(box.title, / · set up by Publish order event( · |$)/, box.title);
        assert.doesNotMatch(box.title, / · by |received by/);
      }
      const rows = tableRows(html);
      assert.deepEqual(
        rows.map((row) => boxes.findIndex((b) => row.split(' only ')[0]!.split(' every ')[0]!.split(' AWS ')[0]!.includes(b.title.split(' · ')[1]!))),
        [0, 1, 2],
        `${rows.join('\n')}\n${boxes.map((b) => b.title).join('\n')}`,
      );
    });
  });
