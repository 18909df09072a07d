/**
 * The words of the default content's pages, as a reader meets them (issue 34, round 3): facts a
 * reader needs without the document's plumbing (shared settings, the components entry a binding comes
 * from, a binding's version are in the folded Source, for authors, or the Markdown twin); what a
 * scheme's scopes ask of the caller, in words; a subscription's dead-letter
 * queue said as AWS means it (sns's retries, then its dead-letter queue; the receive count is the
 * sqs queue's own redrive policy, said apart and only for a queue); a correlation id in words; a
 * topic's subscriptions as a table under the picture, not lines that repeat it;
 * a server's tags as tags and its description right after its lede.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { visibleText } from './visible-text.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { buildSite, sharedSite, tempDir } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');

/** A page split into what a reader reads and its folded Source (for authors). */
function parts(html: string): { reading: string; source: string } {
  const at = html.indexOf('<div class="source"');
  assert.ok(at > 0, 'the page has a Source');
  const article = html.slice(0, html.indexOf('</article>', at));
  return { reading: html.slice(html.indexOf('<main'), at), source: article.slice(at) };
}

describe('the words of reference pages (default content)', () => {
  let out = '';
  const read = (url: string): string => readFileSync(join(out, url, 'index.html'), 'utf8');
  before(async () => {
    out = await sharedSite(['content'], repo);
  });

  it('shows an sns topic’s facts without the binding’s plumbing, which the folded Source keeps', () => {
    const { reading, source } = parts(read('channels/orderevents'));
    // The topic's name, then (as it differs from the channel's address) which of the two a client uses, then its type.
    assert.match(visibleText(reading), /Topic name orders\.fifo Type FIFO/);
    assert.doesNotMatch(visibleText(reading), /not the channel's id|Binding version|Defined in|sns binding from/);
    assert.match(visibleText(source), /sns binding from orderTopic sns binding version 0\.2\.0/);
  });

  it('says which traits gave an operation’s and a message’s fields only in the folded Source', () => {
    for (const url of ['operations/publishorderevents', 'components/messages/orderplaced']) {
      const { reading, source } = parts(read(url));
      assert.doesNotMatch(visibleText(reading), /[Tt]rait|AWS sees the topic|binding version/, url);
      assert.doesNotMatch(visibleText(source), /Trait/, url);
    }
    // The format's "trait" in the reader's visibleText, in the folded Source.
    assert.match(visibleText(parts(read('operations/publishorderevents')).source), /Operation trait ordersTeam gives /);
    assert.match(visibleText(parts(read('components/messages/orderplaced')).source), /Message trait fifoAttributes gives /);
  });

  it('shows no binding version to readers, folded or not, outside the folded Source (issue 34, round 6)', () => {
    for (const url of ['operations/receiveordereventsinwarehouse', 'operations/publishorderevents', 'channels/orderevents', 'channels/shipmenttracking']) {
      const { reading } = parts(read(url));
      assert.doesNotMatch(visibleText(reading), /binding version/i, url);
    }
  });

  it('says what a caller must hold for a scheme with scopes: a token that grants them', () => {
    for (const url of ['components/securityschemes/partneroauth', 'servers/partnerwebhooks']) {
      const reading = visibleText(read(url));
      assert.doesNotMatch(reading, /Scopes needed/, url);
      assert.match(reading, /Token must grant (all of )?[\w:.-]+/, url);
    }
  });

  it('says sns’s retries and dead-letter queue apart from the queue’s own redrive policy, and the receive count only for a queue', () => {
    const html = read('operations/receiveordereventsinwarehouse');
    // The operation's own queue in a card; the other teams' a row each (review 21).
    const cards = [...html.matchAll(/<article class="card consumer"[\s\S]*?<\/article>|<tr id="sns-consumer-[\s\S]*?<\/tr>/g)].map((m) => visibleText(m[0]));
    assert.equal(cards.length, 3);
    const [sqs, fraud] = cards as [string, string, string];
    assert.match(sqs, /If delivery fails AWS's fixed retries → dead-letter queue warehouse-picking-dlq\.fifo If processing fails/);
    assert.match(
      sqs,
      /If processing fails once its consumers have received a message 5 times without deleting it, the queue moves it to warehouse-picking-dlq\.fifo \(the queue's redrive policy\)/,
    );
    // A queue without a redrive policy: sns drops what it cannot deliver, and the queue keeps what fails processing.
    assert.match(fraud, /AWS's fixed retries → dropped/);
    assert.doesNotMatch(fraud, /If processing fails/);
    // The function and the webhook are on the standard shipment tracking topic (a FIFO topic delivers to queues only).
    const others = [...read('operations/notifycustomersofscans').matchAll(/<article class="card consumer"[\s\S]*?<\/article>/g)].map((m) => visibleText(m[0]));
    assert.equal(others.length, 5);
    const [lambda, https] = others.slice(3) as [string, string];
    // The protocol once, by its label (no key pill before it).
    assert.match(lambda, /^ *Lambda function parcel-alerts /);
    assert.match(lambda, /AWS's fixed retries → dropped/);
    assert.match(https, /^ *HTTPS endpoint https/);
    // The whole ARN where the card first names the queue (text a reader copies).
    assert.match(https, /→ dead-letter queue arn:aws:sqs:\S+:partner-shipments-dlq\b/);
    for (const card of [...cards, ...others]) assert.doesNotMatch(card, /after \d+ receives/);
    for (const card of others) assert.doesNotMatch(card, /If processing fails/);
  });

  it('glosses a correlation id in visibleText, as a reply address is', () => {
    const message = visibleText(parts(read('components/messages/orderplaced')).reading);
    assert.match(message, /Correlation ID The header MessageGroupId of the message \$message\.header#\/MessageGroupId/);
    const reply = visibleText(parts(read('operations/requeststockcheck')).reading);
    assert.match(reply, /to the address in the header replyTo of the request message/);
    assert.match(reply, /Correlation ID The header requestId of the message \$message\.header#\/requestId/);
  });

  it('explains request and reply once: the reply channel a key fact, the picture, then one sentence where the reply goes (issue 34, round 6; review 18)', () => {
    const html = read('operations/requeststockcheck');
    const reply = visibleText(parts(html).reading);
    // The reply's channel among the key facts at the top, linked to its page, beside the request's channel (review 18, defect 8).
    const keyFacts = /<dl class="facts">[\s\S]*?<\/dl>/.exec(html.slice(html.indexOf('<main')))![0];
    assert.match(keyFacts, /<dt[^>]*>Channel<\/dt> <dd><a href="\/channels\/stockcheck\/">Stock check requests<\/a><\/dd>/);
    assert.match(keyFacts, /<dt[^>]*>Reply channel<\/dt> <dd><a href="\/channels\/stockcheckreplies\/">Stock check replies<\/a><\/dd>/);
    // Said there; the Reply section's sentence says only the address.
    assert.equal(reply.match(/The reply comes back to the address in the header replyTo of the request message\./g)?.length, 1);
    assert.equal(reply.match(/Reply channel/g)?.length, 1, 'the key fact, once');
    // Not again as facts under Reply, nor beside the publish commands.
    assert.doesNotMatch(reply, /Reply address|Which means|names in \$message|comes back on Stock check replies/);
    assert.match(reply, /The reply does not come back on this topic: the Reply section says where\./);
    // The Markdown twin: the key fact, linked, once; the Reply section keeps the address.
    const twin = readFileSync(join(out, 'operations/requeststockcheck/index.md'), 'utf8');
    assert.equal(twin.match(/^- \*\*Reply channel:\*\* \[Stock check replies\]\([^)]*channels\/stockcheckreplies\/[^)]*\)$/gm)?.length, 1, twin);
    assert.equal(twin.match(/Reply channel:/g)?.length, 1, twin);
    assert.ok(twin.indexOf('Reply channel:') < twin.indexOf('## Messages'), 'among the key facts, before the messages');
    assert.match(twin, /Reply address/);
  });

  it('says what the sns envelope is once a page, the other cards naming it with a link there (issue 34, round 6)', () => {
    // E-mail (JSON), the function and the webhook get the envelope.
    const html = read('operations/notifycustomersofscans');
    const whole = 'in the SNS envelope: JSON with Type, MessageId, TopicArn, Message, …';
    assert.equal(visibleText(html).split(whole).length - 1, 1, 'the envelope explained once');
    assert.match(html, /<dd id="sns-envelope">in the SNS envelope: JSON/);
    const cards = [...html.matchAll(/<article class="card consumer"[\s\S]*?<\/article>/g)].map((m) => m[0]);
    const named = cards.filter((c) => /<dd>in the <a href="#sns-envelope">SNS envelope<\/a><\/dd>/.test(c));
    assert.ok(named.length >= 1, 'a later card names the envelope and links to it');
  });

  it('lists an sns topic’s subscriptions as a compact table under its picture, who receives each said once or on its row', () => {
    const table = (url: string, published: RegExp): string[] => {
      const html = read(url);
      const fanOut = html.slice(html.indexOf('<h3 id="sns-fan-out">'));
      assert.match(visibleText(fanOut), published, url);
      const lines = /<table class="subscription-lines">[\s\S]*?<\/table>/.exec(fanOut)![0];
      assert.deepEqual(
        [...lines.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]),
        ['Subscription', 'Receives', 'If delivery fails'],
      );
      // One holder for every subscription is said once, in the sentence; else each row says its own.
      if (/subscriptions, all /.test(visibleText(fanOut)))
        assert.doesNotMatch(visibleText(lines), /received by|received outside|set up by/, 'said once, in the sentence');
      // In the order the picture above draws them (left to right).
      return [...lines.matchAll(/<tr(?: [^>]*)?>(?!<th)[\s\S]*?<\/tr>/g)].map((m) => visibleText(m[0]).trim());
    };
    assert.deepEqual(table('channels/orderevents', /Published by Publish order events \. Delivered to 3 subscriptions ?:/), [
      // The other teams' queues, subscribed by ARN: their short name, then the ARN.
      "SQS queue billing-orders.fifo arn:aws:sqs:eu-west-1:123456789012:billing-orders.fifo received outside this API every message AWS's fixed retries → dropped",
      'SQS queue fraud-screening.fifo arn:aws:sqs:eu-west-1:123456789012:fraud-screening.fifo received outside this API only messages where eventType is "OrderPlaced" AWS\'s fixed retries → dropped',
      "SQS queue warehouse-picking.fifo received by Warehouse picks orders only messages where total.amount is a number > 0 AWS's fixed retries → warehouse-picking-dlq.fifo",
    ]);
    assert.deepEqual(
      table('channels/shipmenttracking', /Published by Publish parcel scans \. Delivered to 5 subscriptions, all received outside this API ?:/).slice(0, 2),
      [
        'HTTPS endpoint hooks.example.com https://hooks.example.com/commerce/v2/shipments every message 20 retries over about 51 minutes (1 immediately, 4 every 5 s, 10 backing off (linear) to 5 minutes, then 5 every 5 minutes) → partner-shipments-dlq',
        'Lambda function parcel-alerts arn:aws:lambda:eu-west-1:123456789012:function:parcel-alerts only messages where scanType is one of "OUT_FOR_DELIVERY", "DELIVERED" AWS\'s fixed retries → dropped',
      ],
    );
  });

  it('shows a server’s tags as tags and its description right after its lede', () => {
    const html = read('servers/production');
    assert.match(html, /<dt data-pagefind-ignore="all">Tags<\/dt> <dd data-pagefind-ignore="all"><span class="badge tag">env:production<\/span><\/dd>/);
    const lede = html.indexOf('<p class="lead">');
    const description = html.indexOf('<div class="description"><p>All production topics.');
    const facts = html.indexOf('<dl class="facts"><dt data-pagefind-ignore="true">URL template');
    assert.ok(lede > 0 && lede < description && description < facts, 'lede, description, then the facts');
  });
  it('says on an sns publishing page that the reader receives, the publish commands being theirs to test with (issue 34, round 7)', () => {
    for (const url of ['operations/publishorderevents', 'operations/requeststockcheck']) {
      const page = read(url);
      const panel = visibleText(/<h2 id="sns-publish"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '');
      assert.match(
        panel,
        /^ ?Send yourself a test message To see one arrive at your subscription, or to test its filter, send one to the topic yourself: /,
        url,
      );
      assert.match(visibleText(parts(page).reading), /For you You receive (these messages|the request and send the reply)\./, url);
      // One actor on the page, the reader: no sentence about what the application does beside what "you" do (round 8).
      assert.doesNotMatch(visibleText(page), /This application sends|as this application does|which this application receives/, url);
      // The Markdown twin says it the same way.
      const twin = readFileSync(join(out, url, 'index.md'), 'utf8');
      assert.match(
        twin,
        /### Send yourself a test message\n\nTo see one arrive at your subscription, or to test its filter, send one to the topic yourself:/,
        url,
      );
    }
    // How the reader receives: a queue of theirs subscribed to the topic, folded after the commands that test it.
    const page = read('operations/publishorderevents');
    const receive = visibleText(/<details class="fold receive-snippet"[\s\S]*?<\/details>/.exec(page)?.[0] ?? '');
    assert.match(
      receive,
      /^ ?Subscribe your SQS queue \(AWS CLI\) Replace <your-queue-arn> with the ARN of your SQS queue\. Its access policy must let the topic send to it: sqs:SendMessage for the principal sns\.amazonaws\.com, with aws:SourceArn the topic’s ARN\. The topic is FIFO: the queue must be a FIFO queue too\./,
    );
    assert.match(
      receive,
      /aws sns subscribe \\ --region eu-west-1 \\ --topic-arn arn:aws:sns:eu-west-1:123456789012:orders\.fifo \\ --protocol sqs \\ --notification-endpoint '<your-queue-arn>' \\/,
    );
    assert.doesNotMatch(receive, /RawMessageDelivery/);
    assert.ok(page.indexOf('receive-snippet') > page.indexOf('id="sns-publish"'), 'after the publish commands');
    assert.match(
      readFileSync(join(out, 'operations/publishorderevents/index.md'), 'utf8'),
      /\*\*Subscribe your SQS queue\*\*\n[\s\S]*?aws sns subscribe \\\n[\s\S]*?--protocol sqs \\\n {2}--notification-endpoint '<your-queue-arn>'/,
    );
    // A receiving page has no such command: its reader publishes.
    assert.doesNotMatch(read('operations/receiveordereventsinwarehouse'), /receive-snippet/);
  });

  it('names the queues of an sns receiving operation and the topic a channel’s address names in a reader’s words (issue 34, round 7)', () => {
    const receiving = visibleText(parts(read('operations/receiveordereventsinwarehouse')).reading);
    // Their settings in the card of the operation's own subscription, which names them (review 18: said once).
    assert.match(receiving, /Settings of its 2 queues \(SQS\) sqs sqs \(message queue\) queues name warehouse-picking\.fifo/);
    assert.doesNotMatch(receiving, /of the sqs binding/);
    // No binding names the request's topic: the page names the one the commands publish to, the channel's address.
    const request = visibleText(parts(read('operations/requeststockcheck')).reading);
    assert.match(request, /Publishes to the topic inventory-stock-check \(the channel's address\)/);
    assert.doesNotMatch(request, /the channel's topic/);
  });

  it("says things once and in a reader's words: the schema's name, the headers' fields first, the guide's subscribe step (round 8)", () => {
    // The schema page: the kind above the title, without the id the title already is; the table's heading is not "Schema" again.
    const schema = read('components/schemas/order');
    assert.match(schema, /<p class="kind page-kind">(?:<a [^>]*>Markdown<\/a>)?\s*<span data-pagefind-ignore>Schema<\/span><\/p><h1>Order<\/h1>/);
    // (Right under the title, nothing between: for the outline and screen readers only.)
    assert.match(schema, /<h2 id="h-schema" class="visually-hidden"><a href="#h-schema">Definition<\/a><\/h2>/);
    // A message's headers: the header names first, the schema that lists them named after them.
    const headers = /<section aria-labelledby="h-headers">[\s\S]*?<\/section>/.exec(read('components/messages/orderplaced'))?.[0] ?? '';
    assert.doesNotMatch(headers, /schema-root-line/);
    assert.ok(headers.indexOf('MessageGroupId') < headers.indexOf('As the schema'), 'the fields, then the schema');
    assert.match(visibleText(headers), /As the schema FifoAttributes defines them\./);
    // The guide's runnable step says what it does, not the subscription's protocol key.
    const guide = readFileSync(join(out, 'guides', 'getting-started', 'index.html'), 'utf8');
    assert.match(guide, /<strong>Run it:<\/strong> Subscribe an SQS queue to the topic, as warehouse-picking\.fifo does/);
    assert.doesNotMatch(guide, /Subscribe to the topic, like/);
    assert.doesNotMatch(guide, /<strong>Run it:<\/strong> sqs /);
  });
});

// Defined only when the corpus is there; test/corpus.test.ts fails loudly when it is not.
if (HAS_CORPUS)
  describe('the reply channel among an operation’s key facts (a corpus document whose replies come back on other channels)', () => {
    let out = '';
    before(async () => {
      out = await buildSite(['spec-kraken-websocket-request-reply-multiple-channels.yaml'], join(CORPUS, 'valid'), {
        work: tempDir('apidesc-page-words-reply-'),
      });
    });

    it('names each reply’s channel, linked, in the key facts of the page and of its twin', () => {
      // Each operation with a reply, and the channel its reply comes back on.
      const cases = [
        ['operations/receiveping', 'pong'],
        ['operations/subscribe', 'currencyinfo'],
        ['operations/unsubscribe', 'currencyinfo'],
      ] as const;
      for (const [operation, channel] of cases) {
        const html = readFileSync(join(out, operation, 'index.html'), 'utf8');
        const keyFacts = /<dl class="facts">[\s\S]*?<\/dl>/.exec(html.slice(html.indexOf('<main')))![0];
        assert.match(keyFacts, new RegExp(`<dt[^>]*>Reply channel</dt> <dd><a href="/channels/${channel}/">[^<]+</a></dd>`), operation);
        assert.equal(visibleText(parts(html).reading).match(/Reply channel/g)?.length, 1, `${operation}: said once`);
        const twin = readFileSync(join(out, operation, 'index.md'), 'utf8');
        assert.equal(twin.match(new RegExp(`^- \\*\\*Reply channel:\\*\\* \\[[^\\]]+\\]\\([^)]*channels/${channel}/[^)]*\\)$`, 'gm'))?.length, 1, twin);
      }
      // An operation without a reply has none.
      assert.doesNotMatch(readFileSync(join(out, 'operations/heartbeat', 'index.html'), 'utf8'), />Reply channel</);
    });
  });
