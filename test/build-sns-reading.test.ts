/**
 * The sns pages of the default content read in order (issue 34): "On this page" of a channel
 * lists Access policy and Fan-out; that of a receiving operation names each subscription shortly
 * (no protocol key before its label, an ARN by its resource name, a URL by its host: on the
 * standard shipment tracking topic, as a FIFO topic has queues only); a phone's fan-out draws the
 * publisher above the topic and the subscriptions under it; a phone's retry timeline is drawn at
 * its own width, its end on a line of its own; the retries sentence says its fields in words.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { unescapeText } from '../src/lib/html-text.ts';
import { sharedSite } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');
const outline = (html: string): string[] =>
  [...(/<nav class="toc"[\s\S]*?<\/nav>|<details class="toc-top"[\s\S]*?<\/details>/.exec(html)?.[0] ?? '').matchAll(/<a href="#[^"]*">([^<]*)<\/a>/g)].map(
    (m) => unescapeText(m[1]!),
  );

describe('sns pages of the default content, as a reader goes through them', () => {
  let channel = '';
  let receiving = '';
  /** The standard topic, whose subscriptions are of every kind (a FIFO topic delivers to SQS queues only). */
  let shipments = '';
  let notifying = '';
  before(async () => {
    const out = await sharedSite(['content'], repo);
    channel = readFileSync(join(out, 'channels', 'orderevents', 'index.html'), 'utf8');
    receiving = readFileSync(join(out, 'operations', 'receiveordereventsinwarehouse', 'index.html'), 'utf8');
    shipments = readFileSync(join(out, 'channels', 'shipmenttracking', 'index.html'), 'utf8');
    notifying = readFileSync(join(out, 'operations', 'notifycustomersofscans', 'index.html'), 'utf8');
  });

  it('lists Fan-out, Topic settings and Access policy under the Amazon SNS topic in "On this page", in a reader\'s words (who receives what first)', () => {
    const entries = outline(channel);
    const topic = entries.indexOf('Amazon SNS topic');
    assert.deepEqual(entries.slice(topic, topic + 4), ['Amazon SNS topic', 'Fan-out', 'Topic settings', 'Access policy']);
  });

  it('names the subscriptions shortly in "On this page"', () => {
    const entries = outline(receiving);
    const subscriptions = entries.indexOf('Amazon SNS subscriptions');
    assert.ok(subscriptions >= 0, entries.join(' | '));
    // The warehouse's own queue, the tester under it, then the other teams' under a heading of their own (their rows are under it).
    assert.deepEqual(entries.slice(subscriptions + 1, subscriptions + 4), [
      'SQS queue warehouse-picking.fifo',
      'Try the filters',
      'Other subscriptions of the topic (2)',
    ]);
    const others = outline(notifying);
    const at = others.indexOf('Amazon SNS subscriptions');
    assert.ok(at >= 0, others.join(' | '));
    assert.deepEqual(others.slice(at + 1, at + 6), [
      'E-mail (JSON) tracking-audit@example.com',
      'SMS +15555550100',
      'Firehose stream parcel-scans',
      'Lambda function parcel-alerts',
      'HTTPS endpoint hooks.example.com',
    ]);
  });

  it('draws the fan-out on a phone top down: the publisher, then the topic, then the subscriptions in the list’s order', () => {
    const figure = shipments.slice(shipments.indexOf('id="sns-fan-out"'));
    const narrow = figure.slice(figure.indexOf('class="dg-narrow'), figure.indexOf('</figure>'));
    const texts = [...narrow.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => unescapeText(m[1]!));
    const at = (t: string): number => texts.findIndex((x) => x.includes(t));
    // The publisher by the first line of its name (it wraps: "Publish parcel" then "scans").
    assert.ok(at('Publish parcel') >= 0 && at('Publish parcel') < at('shipment-tracking'), texts.join(' | '));
    // The subscriptions in the order the wide picture draws them, as the table under it lists them.
    const list = /<table class="subscription-lines">[\s\S]*?<\/table>/.exec(shipments)![0].replace(/<wbr>/g, '');
    // Each by a line of its name in the drawing (a name wraps after a separator: "https://hooks." then "example.com/commerce/").
    const names = ['audit@example.com', '+15555550100', 'parcel-scans', 'parcel-alerts', 'https://hooks.'];
    const listed = [...names].sort((a, b) => list.indexOf(a) - list.indexOf(b));
    const drawn = [...names].sort((a, b) => at(a) - at(b));
    assert.deepEqual(drawn, listed, texts.join(' | '));
    assert.ok(at('shipment-tracking') < at(drawn[0]!), 'the topic before its subscriptions');
    // The FIFO topic's queues too.
    const fifo = channel.slice(channel.indexOf('id="sns-fan-out"'));
    const fifoTexts = [...fifo.slice(fifo.indexOf('class="dg-narrow'), fifo.indexOf('</figure>')).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
      unescapeText(m[1]!),
    );
    const fifoAt = (t: string): number => fifoTexts.findIndex((x) => x.includes(t));
    assert.ok(fifoAt('Publish order') < fifoAt('orders.fifo') && fifoAt('orders.fifo') < fifoAt('warehouse-picking.'), fifoTexts.join(' | '));
    assert.ok(fifoAt('orders.fifo') < fifoAt('fraud-screening.'), fifoTexts.join(' | '));
    assert.ok(fifoAt('orders.fifo') < fifoAt('billing-orders.'), fifoTexts.join(' | '));
  });

  it('draws the retry timeline on a phone at its own width, its end under the axis', () => {
    // The webhook's own schedule, which ends in its dead-letter queue.
    const figure = /<figure class="diagram-box has-narrow timeline-box"[\s\S]*?<\/figure>/.exec(notifying)![0];
    const narrow = figure.slice(figure.indexOf('class="dg-narrow'));
    assert.match(narrow, /viewBox="0 0 320 /);
    assert.match(narrow, /<text class="tl-after tl-axis-label tl-end"[^>]*>→ dead-letter queue<\/text>/);
  });

  it('says where the retries and the rate limit come from in words', () => {
    const text = unescapeText(notifying.replace(/<[^>]+>/g, ''));
    assert.doesNotMatch(text, /maxReceivesPerSecond from the topic/);
    assert.match(text, /20 retries over about 51 minutes \(1 immediately, [^)]*\(linear\)[^)]*\), by its own delivery policy →/);
    assert.match(text, /At most 50 deliveries per second \(the topic's limit\)\./);
  });
});
