/**
 * What a reader sees first on the overview, the lists, server, channel and message pages (issue
 * 34): the overview leads with its description and keeps its Info fields compact; cards and
 * lists lead with the title, the address and the summary, never the id twice; schemas are listed
 * by name with their description's first sentence (those of a simple value last); a server
 * names its variables once and lists its channels with their addresses; a channel shows each
 * message's payload; a message page shows its example beside its payload and says who sends and
 * who receives it.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { unescapeText } from '../src/lib/html-text.ts';
import { visibleText } from './visible-text.ts';
import { runCli, tempDir } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');

/** A document whose objects mostly have no title, as many real ones (their ids are their names). */
const DOCUMENT = `apidesc: 3.0.0
info:
  title: Reading
  version: 1.0.0
  description: What the reading API is for.
  termsOfService: https://example.com/terms
  contact: { name: Team, url: 'https://example.com/team', email: team@example.com }
  license: { name: MIT }
  tags: [{ name: users }]
defaultContentType: application/json
servers:
  eu:
    host: 'broker.{region}.example.com'
    protocol: kafka
    variables:
      region: { enum: [eu-west-1, eu-central-1], default: eu-west-1, description: Where the broker runs. }
    security:
      - { type: httpApiKey, name: Authorization, in: header }
channels:
  another-topic:
    address: another-topic
    servers: [{ $ref: '#/servers/eu' }]
    messages:
      anotherPayload: { $ref: '#/components/messages/anotherPayload' }
  lightingMeasured:
    address: 'smartylighting.streetlights.1.0.event.{streetlightId}.lighting.measured'
    parameters: { streetlightId: { description: The light. } }
  userSignedUp:
    title: User signed up
    summary: A user signed up.
    address: 'users.{userId}.signedup'
    parameters: { userId: { description: The user. } }
    messages:
      signedUp: { $ref: '#/components/messages/signedUp' }
operations:
  publishAnother: { action: send, channel: { $ref: '#/channels/another-topic' } }
  onUserSignedUp: { action: receive, channel: { $ref: '#/channels/userSignedUp' } }
  notifyUserSignedUp: { action: send, channel: { $ref: '#/channels/userSignedUp' } }
  receiveLightMeasurement: { action: receive, channel: { $ref: '#/channels/lightingMeasured' } }
components:
  messages:
    anotherPayload:
      headers: { type: object, description: No header is documented. }
      payload: { $ref: '#/components/schemas/Zebra' }
    signedUp:
      title: Signed up
      contentType: application/cloudevents+json
      headers: { type: object, properties: { traceId: { type: string } } }
      payload: { $ref: '#/components/schemas/Apple' }
      examples:
        - name: ada
          headers: { traceId: t-1 }
          payload: { name: Ada }
  schemas:
    Zebra: { type: object, description: 'Stripes, e.g. black and white. Many of them.', properties: { stripes: { type: integer } } }
    Apple: { type: object, description: 'A fruit. Red or green.', properties: { name: { type: string } } }
    mango: { type: object, description: Yellow fruit., properties: { ripe: { type: boolean } } }
    kiwi: { type: string, description: A fruit code. }
`;

async function build(args: string[], cwd: string): Promise<void> {
  assert.equal(await runCli(['build', ...args], cwd), 0);
}

/** The cards of a list page: each card's HTML. */
const cards = (html: string): string[] => [...html.matchAll(/<ul class="cards[^"]*">([\s\S]*?)<\/ul>/g)].flatMap((m) => m[1]!.split('<li>').slice(1));

describe('reading the overview, lists, server, channel and message pages', () => {
  const work = tempDir('apidesc-reading-');
  const doc = join(work, 'doc');
  const content = join(work, 'content');
  const page = (site: string, url: string): string => readFileSync(join(site, url, 'index.html'), 'utf8');
  before(async () => {
    writeFileSync(join(work, 'reading.yaml'), DOCUMENT);
    await build(['reading.yaml', '--out', doc], work);
    await build(['content', '--out', content], repo);
  });

  it('leads the overview with the title and the description, the Info fields compact after them', () => {
    const html = page(content, '');
    const h1 = html.indexOf('<h1>');
    const description = html.indexOf('<div class="description">', h1);
    const meta = html.indexOf('<dl class="info-meta">', h1);
    assert.ok(h1 > 0 && description > h1, 'the description after the title');
    assert.ok(meta > description, 'the Info fields after the description');
    // Nothing but the description between the title and it: no table of fields first.
    assert.doesNotMatch(html.slice(h1, description), /<dl|<table/);
    // Contact in one field (name, URL, e-mail), one label per field.
    const fields = [...html.slice(meta).matchAll(/<dt[^>]*>([^<]*)<\/dt>/g)].map((m) => m[1]);
    assert.deepEqual(fields.slice(0, 3), ['Contact', 'License', 'Terms of service']);
    assert.equal(fields.filter((f) => f?.startsWith('Contact')).length, 1);
  });

  it('shows each card with its title, its address and its summary, and the id only when it is not the title', () => {
    const channels = cards(page(doc, 'channels/'));
    assert.equal(channels.length, 3);
    const another = channels.find((c) => c.includes('>another-topic</a>'));
    const signedUp = channels.find((c) => c.includes('>User signed up</a>'));
    assert.match(another!, /^<a href="\/channels\/another-topic\/">another-topic<\/a>/);
    assert.equal(visibleText(another!).split('another-topic').length - 1, 1, `neither the id nor the address repeats the title: ${visibleText(another!)}`);
    assert.doesNotMatch(another!, /Channel/, 'no kind word in a list of one kind');
    assert.match(signedUp!, /^<a href="\/channels\/usersignedup\/">User signed up<\/a>/);
    assert.match(signedUp!, /<code class="template entry-address">users\.<var>\{userId\}<\/var>\.signedup<\/code>/);
    assert.match(signedUp!, /<p class="entry-summary">A user signed up\.<\/p>/);
    assert.match(signedUp!, /<code>userSignedUp<\/code>/, 'the id, quietly, when the title differs');
    // A channel's card says what it carries (a key read as words keeps the key as its tooltip) and what this API does on it.
    assert.match(signedUp!, /<p class="entry-summary entry-carries"><span class="kind">Carries<\/span> Signed up<\/p>/);
    assert.match(
      signedUp!,
      /<span class="badge send">API sends<\/span> <span class="badge receive">API receives<\/span> <span class="badge protocol">Kafka<\/span>/,
    );
    assert.match(another!, /<span class="kind">Carries<\/span> <span class="message-name" title="key anotherPayload">Another payload<\/span><\/p>/);
    assert.match(another!, /<span class="entry-badges"><span class="badge send">API sends<\/span> <span class="badge protocol">Kafka<\/span><\/span>/);
    const lighting = channels.find((c) => c.includes('href="/channels/lightingmeasured/"'))!;
    assert.doesNotMatch(lighting, /Carries/, 'no line for a channel that names no message');
    assert.match(lighting, /<span class="entry-badges"><span class="badge receive">API receives<\/span>/);
    // An operation's card shows its channel's address; the overview's cards too.
    const operations = cards(page(doc, 'operations/'));
    assert.match(operations.find((c) => c.includes('onUserSignedUp'))!, /users\.<var>\{userId\}<\/var>\.signedup/);
    assert.match(cards(page(doc, '')).join(''), /users\.<var>\{userId\}<\/var>\.signedup/);
    assert.match(
      cards(page(content, '')).join(''),
      /<code class="template entry-address">sns:\/\/sns\.<var>\{region\}<\/var>\.amazonaws\.com<\/code>/,
      "a server's URL",
    );
  });

  it("gives every message card of the overview one shape: its summary where it has one, and its payload's first fields in any case", () => {
    const html = page(content, '');
    const grid = html.slice(html.indexOf('<h2 id="h-message">'));
    const messages = cards(grid.slice(0, grid.indexOf('</ul>') + 5));
    assert.equal(messages.length, 5);
    for (const card of messages) assert.match(card, /<p class="entry-summary entry-payload"><span class="kind">Payload<\/span> /, visibleText(card));
    // With a summary ("A customer completed checkout."), the payload line comes after it, not instead of it.
    const placed = messages.find((c) => c.includes('>Order placed</a>'))!;
    assert.match(
      placed,
      /<p class="entry-summary">A customer completed checkout\.<\/p> <p class="entry-summary entry-payload"><span class="kind">Payload<\/span> Order · <code>orderId<\/code>/,
    );
  });

  it('lists schemas by name with the first sentence of their description, those of a simple value after the others', () => {
    const list = page(doc, 'components/schemas/');
    const schemas = cards(list).map((c) => visibleText(c));
    assert.deepEqual(schemas, ['Apple A fruit.', 'mango Yellow fruit.', 'Zebra Stripes, e.g. black and white.', 'kiwi A fruit code.']);
    assert.match(list, /<h2 id="simple-types">Simple types<\/h2><ul class="cards[^"]*"><li><a href="\/components\/schemas\/kiwi\/">/);
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(page(doc, 'components/schemas/zebra/'))![0];
    assert.deepEqual(
      [...sidebar.matchAll(/components\/schemas\/(\w+)\/|<div class="group"[^>]*>([^<]+)/g)].map((m) => m[1] ?? m[2]),
      ['apple', 'mango', 'zebra', 'Simple types', 'kiwi'],
      'the sidebar in the same order',
    );
  });

  it('names each server variable and channel parameter once with its values, calls a scheme written in place by what it is, and lists channels with their addresses', () => {
    const html = page(doc, 'servers/eu/');
    const variables = /<section aria-labelledby="h-variables">[\s\S]*?<\/section>/.exec(html)![0];
    assert.equal(visibleText(variables), 'Variables region string, one of eu-west-1, eu-central-1; default eu-west-1 Where the broker runs.');
    // A channel's parameters the same way.
    const parameters = /<section aria-labelledby="h-parameters">[\s\S]*?<\/section>/.exec(page(doc, 'channels/usersignedup/'))![0];
    assert.equal(visibleText(parameters), 'Parameters userId string The user.');
    assert.doesNotMatch(html, /written in place/);
    assert.match(html, /<p class="scheme-head"><strong>Key in the HTTP header Authorization<\/strong>/);
    const channels = /<section aria-labelledby="h-channels"[^>]*>[\s\S]*?<\/section>/.exec(html)![0];
    assert.match(channels, /<a href="\/channels\/usersignedup\/">User signed up<\/a> <code class="template">users\.<var>\{userId\}<\/var>\.signedup<\/code>/);
    // A channel named by its address is not followed by it again.
    assert.match(channels, /<li><a href="\/channels\/another-topic\/">another-topic<\/a><\/li>/);
  });

  it("shows each of a channel's messages with its name, content type and payload's first fields with their types", () => {
    const messages = /<section aria-labelledby="h-messages">[\s\S]*?<\/section>/.exec(page(doc, 'channels/usersignedup/'))![0];
    assert.equal(visibleText(messages), 'Messages Signed up signedUp application/cloudevents+json Payload Apple · name string');
    assert.match(messages, /<a href="\/components\/schemas\/apple\/">Apple<\/a>/, "the payload's schema, linked");
    const order = /<section aria-labelledby="h-messages">[\s\S]*?<\/section>/.exec(page(content, 'channels/orderevents/'))![0];
    assert.match(
      visibleText(order),
      /Order placed OrderPlaced application\/json A customer completed checkout\. Payload Order · orderId string , placedAt string \(date-time\) , customer object , lines array of object , and 2 more/,
    );
    // A payload of one array field: the field and what it holds, not "object: items".
    const stock = /<section aria-labelledby="h-messages">[\s\S]*?<\/section>/.exec(page(content, 'channels/stockcheck/'))![0];
    assert.match(visibleText(stock), /Payload items array of object$/);
  });

  it("follows an sns topic's fan-out picture with its subscriptions in visibleText, each once, without a stray arrow", () => {
    const subscriptions = (url: string, published: RegExp): string[] => {
      const html = page(content, url);
      const fanOut = html.slice(html.indexOf('<h3 id="sns-fan-out">Fan-out</h3>'));
      assert.doesNotMatch(fanOut, /→ topic →/);
      assert.match(visibleText(fanOut), published);
      // Each named as a reader of AWS's console knows it, the whole ARN or URL under the name, once.
      return [...fanOut.matchAll(/<td data-label="Subscription">([\s\S]*?)<\/td>/g)].map((m) => visibleText(m[1]!).trim()).sort();
    };
    assert.deepEqual(
      subscriptions('channels/orderevents/', /Published by Publish order events ?\. Delivered to 3 subscriptions ?:/),
      // The other teams' queues are subscribed by ARN (the warehouse's sqs binding defines only its own).
      // Only the warehouse's own queue (its sqs binding defines it) is received by its operation.
      [
        'SQS queue billing-orders.fifo arn:aws:sqs:eu-west-1:123456789012:billing-orders.fifo received outside this API',
        'SQS queue fraud-screening.fifo arn:aws:sqs:eu-west-1:123456789012:fraud-screening.fifo received outside this API',
        'SQS queue warehouse-picking.fifo received by Warehouse picks orders',
      ],
    );
    assert.deepEqual(
      subscriptions('channels/shipmenttracking/', /Published by Publish parcel scans ?\. Delivered to 5 subscriptions, all received outside this API ?:/),
      [
        'E-mail (JSON) tracking-audit@example.com',
        'Firehose stream parcel-scans arn:aws:firehose:eu-west-1:123456789012:deliverystream/parcel-scans',
        'HTTPS endpoint hooks.example.com https://hooks.example.com/commerce/v2/shipments',
        'Lambda function parcel-alerts arn:aws:lambda:eu-west-1:123456789012:function:parcel-alerts',
        'SMS +15555550100',
      ],
    );
  });

  it("shows a channel's whole address in its flow box, wrapped at separators rather than cut", () => {
    const svg = /<svg [^>]*class="diagram[\s\S]*?<\/svg>/.exec(page(doc, 'channels/lightingmeasured/'))![0];
    // The channel's own box (the drawing also has a box for the side this document does not describe).
    const box = /<(a|g) class="dg-node dg-channel"[\s\S]*?<\/\1>/.exec(svg)![0];
    const lines = [...box.matchAll(/<text class="dg-line"[^>]*>([^<]*)<\/text>/g)].map((m) => unescapeText(m[1]!));
    assert.equal(lines.join(''), 'smartylighting.streetlights.1.0.event.{streetlightId}.lighting.measured');
    assert.ok(lines.length > 1 && lines.every((l) => !l.includes('…')), lines.join(' | '));
  });

  it("puts a message's examples right after its headers and payload, the headers and the payload of each apart", () => {
    const html = page(doc, 'components/messages/signedup/');
    // The schemas at the left, the examples in the panel beside them (ReferencePanel.astro).
    const layout = /<div class="ref-main">([\s\S]*?)<aside class="ref-panel"[^>]*>([\s\S]*?)<\/aside>/.exec(html);
    assert.ok(layout, 'the schemas and the examples side by side');
    assert.match(layout[1]!, /id="h-headers"[\s\S]*id="h-payload"/);
    const examples = layout[2]!;
    assert.match(examples, /<h2 id="h-examples" class="panel-title">/);
    const parts = [...examples.matchAll(/<p class="example-part" data-pagefind-ignore>(\w+)<\/p><div class="code"[^>]*>([\s\S]*?)<\/div>/g)].map((m) => [
      m[1],
      visibleText(m[2]!).replace(/\s+/g, ''),
    ]);
    assert.deepEqual(parts, [
      ['Headers', '{"traceId":"t-1"}'],
      ['Payload', '{"name":"Ada"}'],
    ]);
    // Headers of no field give an empty object: left out beside the payload.
    const generated = page(doc, 'components/messages/anotherpayload/');
    const example = generated.slice(generated.indexOf('<aside class="ref-panel"'));
    assert.deepEqual(
      [...example.matchAll(/<p class="example-part" data-pagefind-ignore>(\w+)<\/p>/g)].map((m) => m[1]),
      ['Payload'],
    );
  });

  it("says on a message's page, in one list, which operations send it and which receive it, and what else uses it", () => {
    const html = page(doc, 'components/messages/signedup/');
    const section = /<section aria-labelledby="h-used-by"[^>]*>[\s\S]*?<\/section>/.exec(html)![0];
    // Both operations may be the same application's: which one sends and which receives, never "you send it".
    assert.deepEqual([...section.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => visibleText(m[1]!)).sort(), [
      'User signed up the channel that carries it',
      'notifyUserSignedUp sends it on User signed up',
      'onUserSignedUp receives it on User signed up',
    ]);
    assert.equal(html.match(/<h2 id="h-used-by">/g)?.length, 1, 'one "Used by" list, no "Sent and received by" beside it');
    assert.doesNotMatch(html, /Sent and received by|you send it|you receive it/);
    // A reply's message goes the other way: the operation that sends the request receives it.
    const reply = /<section aria-labelledby="h-used-by"[^>]*>[\s\S]*?<\/section>/.exec(page(content, 'components/messages/stockcheckanswered/'))![0];
    assert.match(visibleText(reply), /^Used by Request a stock check receives it as the reply/);
  });
});
