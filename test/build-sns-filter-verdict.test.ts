/**
 * A filter policy AWS rejects is never described as working (issue 34): the subscription's card
 * and the channel's fan-out list carry a badge "Refused by AWS" linked to a callout "AWS refuses
 * this filter policy: <why>", the fan-out box says so, the
 * publish commands list the subscription as unreachable, and the filter tester says the policy
 * is invalid instead of "does not match"; subscriptions without a filter are in the tester as
 * receiving every message. The reasons are the validator's (src/lib/sns/filter-lint.ts).
 * Also: a header the schema declares as an array is published as a String.Array attribute.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { visibleText } from './visible-text.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { buildSite, tempDir, tempTree, validateFiles } from './helpers.ts';
import { option, shellArgs } from './snippet-runners.ts';

const repo = join(import.meta.dirname, '..');
const WHY = '"eventType" holds "OrderPlaced" outside a list';

if (HAS_CORPUS)
  describe('a filter policy AWS rejects (bindings-sns-fifo-orders.yaml, shipping-orders.fifo)', () => {
    let operation = '';
    let channel = '';
    before(async () => {
      const out = await buildSite([join(CORPUS, 'valid', 'bindings-sns-fifo-orders.yaml')], repo, { work: tempDir('apidesc-sns-verdict-') });
      operation = readFileSync(join(out, 'operations', 'publishorderevent', 'index.html'), 'utf8');
      channel = readFileSync(join(out, 'channels', 'orderevents', 'index.html'), 'utf8');
    });

    it('says so in the subscription’s card: a badge before what the policy would take, linked to a callout with why', () => {
      const card = /<article class="card consumer"[^>]*>(?:(?!<\/article>)[\s\S])*?shipping-orders\.fifo[\s\S]*?<\/article>/.exec(operation)![0];
      assert.match(visibleText(card), /Receives Refused by AWS : why, below As written it would take only/);
      const note = /href="#(sns-consumer-\d+-verdict)"/.exec(card)![1]!;
      assert.match(card, new RegExp(`<div class="verdict-note" id="${note}" role="note"`));
      assert.match(
        visibleText(card),
        new RegExp(
          `AWS refuses this filter policy ?: ${WHY}; "total" holds [^.]*"total"\\. The subscription cannot be created as written, so no message reaches it\\.`,
        ),
      );
    });

    it('says so in the fan-out box and the fan-out list of the channel', () => {
      const box = /<a [^>]*href="[^"]*publishorderevent[^"]*"[^>]*>(?:(?!<\/a>)[\s\S])*?shipping-orders\.fifo[\s\S]*?<\/a>/.exec(channel)?.[0] ?? '';
      assert.match(visibleText(box), /AWS refuses its filter policy/);
      assert.doesNotMatch(visibleText(box), /only eventType/);
      // In the table a badge alone, linked to a callout under the table that says why: said once (review 13).
      const list = /<table class="subscription-lines">[\s\S]*?<\/table>/.exec(channel)![0];
      assert.match(visibleText(list), /shipping-orders\.fifo Refused by AWS : why, below the table nothing is delivered/);
      assert.match(list, /<a class="verdict-badge"[^>]*href="#fan-out-verdict-\d+"/);
      assert.doesNotMatch(visibleText(list), /AWS refuses|as written/);
      const after = channel.slice(channel.indexOf('</table>', channel.indexOf('<table class="subscription-lines">')));
      assert.match(
        visibleText(after),
        // (After the numbers of AWS's fixed retries and what retries mean, when a row has them.)
        new RegExp(
          `^ ?(?:AWS's fixed retries \\([^)]*\\): .*?says\\. )?(?:If a delivery fails[^.]*\\. )?SQS queue shipping-orders\\.fifo AWS refuses this filter policy ?: ${WHY}`,
        ),
      );
    });

    it('lists the subscription as unreachable under the publish commands, and no command claims to reach it', () => {
      const publish = /<h2 id="sns-publish"[^>]*>([\s\S]*?)<\/section>/.exec(operation)![1]!;
      // Its card on this page says why: named and linked there, not said a third time.
      assert.match(visibleText(publish), /Unreachable sqs shipping-orders\.fifo : refused by AWS, so no message reaches it \( why \)\./);
      assert.match(publish, /<a href="#sns-consumer-\d+-verdict">why<\/a>/);
      assert.doesNotMatch(visibleText(publish), new RegExp(WHY));
      assert.doesNotMatch(publish, /<h3>To reach[^<]*shipping-orders/);
    });

    it('the tester says AWS refuses the policy (why: in its card), and shows the subscription without a filter as receiving every message', () => {
      assert.match(
        visibleText(operation),
        /✗ AWS refuses this filter policy: no message reaches this subscription \(why: with its subscription on this page\)/,
      );
      assert.match(
        operation,
        // Its name links to where the subscription is said (review 18: not "no filter" again beside the result that says it).
        /partner-orders\.fifo<\/a><\/p>\s*<div role="status" class="tester-result" data-no-filter [^>]*data-result="no-filter"><strong>✓ receives: no filter<\/strong>/,
      );
    });
  });

/**
 * A FIFO topic delivers to SQS queues only (AWS, "FIFO message delivery"): the corpus's FIFO
 * document with one Lambda subscription added to its FIFO topic, as the default content had one.
 * It is refused as a refused filter policy is, and neither it nor the subscription whose filter AWS
 * refuses is told of as receiving messages, retried, or moved to a dead-letter queue.
 */
if (HAS_CORPUS)
  describe('a Lambda subscription on a FIFO topic (bindings-sns-fifo-orders.yaml, one subscription added)', () => {
    const FIFO_WHY = 'AWS refuses this subscription ?: a FIFO topic delivers to SQS queues only, not to a Lambda function';
    let out = '';
    let operation = '';
    let channel = '';
    const card = (html: string, name: string): string =>
      new RegExp(`<article class="card consumer"[^>]*>(?:(?!</article>)[\\s\\S])*?${name.replace(/\./g, '\\.')}[\\s\\S]*?</article>`).exec(html)![0];
    before(async () => {
      const dir = tempDir('apidesc-sns-fifo-lambda-');
      const written = readFileSync(join(CORPUS, 'valid', 'bindings-sns-fifo-orders.yaml'), 'utf8');
      const first = '        consumers:\n          - protocol: sqs\n            endpoint:\n              name: billing-orders.fifo\n';
      assert.ok(written.includes(first), 'the corpus document still has its first subscription');
      const lambda = [
        '        consumers:',
        '          - protocol: lambda',
        '            endpoint:',
        '              arn: arn:aws:lambda:eu-west-1:123456789012:function:fraud-screening',
        '            rawMessageDelivery: false',
        '            filterPolicy:',
        '              eventType: [OrderPlaced]',
        '            redrivePolicy:',
        '              deadLetterQueue:',
        '                arn: arn:aws:sqs:eu-west-1:123456789012:fraud-dlq',
        '',
      ].join('\n');
      writeFileSync(join(dir, 'api.yaml'), written.replace(first, `${lambda}${first.slice('        consumers:\n'.length)}`));
      out = await buildSite(['api.yaml'], dir, { work: dir });
      operation = readFileSync(join(out, 'operations', 'publishorderevent', 'index.html'), 'utf8');
      channel = readFileSync(join(out, 'channels', 'orderevents', 'index.html'), 'utf8');
    });

    it('its card says AWS refuses it, and nothing of delivery, retries, dead-letter queue or a command to create it', () => {
      const lambda = card(operation, 'fraud-screening');
      assert.match(visibleText(lambda), /Receives Refused by AWS : why, below As written it would take only messages where eventType/);
      assert.match(visibleText(lambda), new RegExp(`${FIFO_WHY}\\. It cannot be created, so no message reaches it\\.`));
      for (const told of ['If delivery fails', 'Delivered', 'fraud-dlq', 'retries', 'Create this subscription'])
        assert.doesNotMatch(visibleText(lambda), new RegExp(told), told);
    });

    it('the subscription whose filter AWS refuses is not told of as retried or dropped either', () => {
      const shipping = card(operation, 'shipping-orders.fifo');
      assert.match(visibleText(shipping), /Refused by AWS/);
      for (const told of ['If delivery fails', 'Delivered', 'retries', 'drops']) assert.doesNotMatch(visibleText(shipping), new RegExp(told), told);
    });

    it("the page's retries are those of the subscriptions that receive: SQS, no Lambda", () => {
      const retries = /<h2 id="sns-retries">[\s\S]*?<\/dl>/.exec(operation)![0];
      assert.match(visibleText(retries), /Retries SQS [\d,]+ retries over about [^(]+\(.*?\), fixed by AWS/);
      assert.doesNotMatch(visibleText(retries), /Lambda/);
    });

    it("the channel's subscriptions table: a badge, nothing delivered, and the callout under the table", () => {
      const table = /<table class="subscription-lines">[\s\S]*?<\/table>/.exec(channel)![0];
      const row = /<tr(?: [^>]*)?>(?:(?!<\/tr>)[\s\S])*?fraud-screening[\s\S]*?<\/tr>/.exec(table)![0];
      assert.match(visibleText(row), /Refused by AWS : why, below the table nothing is delivered/);
      assert.doesNotMatch(visibleText(row), /fraud-dlq|retries/);
      const after = channel.slice(channel.indexOf('</table>', channel.indexOf('<table class="subscription-lines">')));
      assert.match(visibleText(after), new RegExp(`Lambda function fraud-screening ${FIFO_WHY}\\.`));
    });

    it('the filter tester and the publish commands say it is refused, not that it matches', () => {
      assert.match(
        visibleText(operation),
        /Lambda function fraud-screening ✗ refused by AWS: this subscription cannot be created \(why: with its subscription on this page\)/,
      );
      const publish = /<h2 id="sns-publish"[^>]*>([\s\S]*?)<\/section>/.exec(operation)![1]!;
      assert.match(visibleText(publish), /Unreachable lambda fraud-screening : refused by AWS, so no message reaches it \( why \)\./);
      // Its short name, as everywhere on the site; the whole ARN is its tooltip.
      assert.match(publish, /<code title="arn:aws:lambda:eu-west-1:123456789012:function:fraud-screening">/);
      assert.doesNotMatch(operation, /aws sns subscribe[^<]*(?:<[^>]+>[^<]*)*?--protocol[^<]*(?:<[^>]+>)*[^<]*lambda/);
    });

    it('the Markdown twin says the same, without retries or a dead-letter queue for it', () => {
      const twin = readFileSync(join(out, 'operations', 'publishorderevent', 'index.md'), 'utf8');
      const block = /#### Subscription 1: Lambda function[\s\S]*?(?=\n#### |\n### )/.exec(twin)![0];
      assert.match(block, new RegExp(`\\*\\*${FIFO_WHY}\\.\\*\\* It cannot be created, so no message reaches it\\.`));
      assert.doesNotMatch(block, /Dead-letter queue|Delivery retries|fraud-dlq/);
      const topicTwin = readFileSync(join(out, 'channels', 'orderevents', 'index.md'), 'utf8');
      assert.match(topicTwin, new RegExp(`fraud-screening\`, (?:received|set up by) [^·\n]+ · \\*\\*${FIFO_WHY}\\*\\*\n`));
    });
  });

/**
 * The same refusal without the corpus: a document of our own whose FIFO topic has an SQS queue, a
 * Lambda function and an HTTPS endpoint subscribed (the default content subscribes queues only to
 * its FIFO topic). The validator warns at each refused protocol; the pages refuse both and tell
 * of no delivery, retries or dead-letter queue for them, while the queue keeps its fate.
 */
const FIFO_FIXTURE = `apidesc: 3.0.0
info: {title: Refunds, version: 1.0.0}
channels:
  refunds:
    address: refunds.fifo
    messages:
      refundIssued:
        payload: {type: object, properties: {refundId: {type: string}}}
    bindings:
      sns: {name: refunds.fifo, ordering: {type: FIFO}, bindingVersion: 0.2.0}
operations:
  receiveRefunds:
    action: receive
    channel: {$ref: '#/channels/refunds'}
    bindings:
      sns:
        consumers:
          - protocol: sqs
            endpoint: {arn: 'arn:aws:sqs:eu-west-1:123456789012:ledger.fifo'}
            rawMessageDelivery: true
          - protocol: lambda
            endpoint: {arn: 'arn:aws:lambda:eu-west-1:123456789012:function:refund-audit'}
            rawMessageDelivery: false
            redrivePolicy:
              deadLetterQueue: {arn: 'arn:aws:sqs:eu-west-1:123456789012:refund-audit-dlq'}
          - protocol: https
            endpoint: {url: 'https://hooks.example.com/refunds'}
            rawMessageDelivery: false
            deliveryPolicy: {minDelayTarget: 5, maxDelayTarget: 300, numRetries: 20, numNoDelayRetries: 1, numMinDelayRetries: 4, numMaxDelayRetries: 5, backoffFunction: linear}
        bindingVersion: 0.2.0
`;

describe('a FIFO topic with a Lambda function and an HTTPS endpoint subscribed (a document of our own)', () => {
  const card = (html: string, name: string): string =>
    new RegExp(`<article class="card consumer"[^>]*>(?:(?!</article>)[\\s\\S])*?${name.replace(/\./g, '\\.')}[\\s\\S]*?</article>`).exec(html)![0];
  let operation = '';
  before(async () => {
    const dir = tempTree({ 'refunds.yaml': FIFO_FIXTURE });
    const out = await buildSite(['refunds.yaml'], dir, { work: dir });
    operation = readFileSync(join(out, 'operations', 'receiverefunds', 'index.html'), 'utf8');
  });

  it('the validator warns at the protocol of each subscription a FIFO topic refuses, not at the queue', async () => {
    const found = (await validateFiles({ 'refunds.yaml': FIFO_FIXTURE }, 'refunds.yaml')).filter((d) => d.code === 'sns-fifo-protocol');
    assert.deepEqual(
      found.map((d) => [d.severity, d.line, d.column]),
      [
        ['warning', 21, 23],
        ['warning', 26, 23],
      ],
    );
    assert.match(found[0]!.message, /AWS refuses this lambda subscription: the topic "refunds\.fifo" is FIFO, and a FIFO topic delivers to SQS queues only/);
  });

  it('the cards of the function and the endpoint say AWS refuses them, and nothing of their delivery, retries or dead-letter queue', () => {
    for (const [name, label] of [
      ['refund-audit', 'a Lambda function'],
      ['hooks.example.com', 'an HTTPS endpoint'],
    ] as const) {
      const refused = visibleText(card(operation, name));
      assert.match(
        refused,
        new RegExp(
          `AWS refuses this subscription ?: a FIFO topic delivers to SQS queues only, not to ${label}\\. It cannot be created, so no message reaches it\\.`,
        ),
        name,
      );
      assert.match(refused, /Receives Refused by AWS : why, below no message/, name);
      for (const told of ['If delivery fails', 'Delivered', 'refund-audit-dlq', 'retries', 'Delivery policy', 'every message'])
        assert.doesNotMatch(refused, new RegExp(told), `${name}: ${told}`);
    }
    // The queue is delivered to, and retried as AWS fixes it.
    const queue = visibleText(card(operation, 'ledger.fifo'));
    assert.doesNotMatch(queue, /Refused/);
    assert.match(queue, /If delivery fails AWS's fixed retries/);
  });

  it("the page's retries are the queue's only: no HTTPS delivery policy told of", () => {
    const retries = visibleText(/<h2 id="sns-retries">[\s\S]*?<\/dl>/.exec(operation)![0]);
    assert.match(retries, /Retries SQS [\d,]+ retries over about [^(]+\(.*?\), fixed by AWS/);
    assert.doesNotMatch(retries, /Lambda|HTTP|20 retries/);
    assert.doesNotMatch(visibleText(operation), /20 retries over/);
  });
});

describe('a header the schema declares as an array', () => {
  it('is published as a String.Array attribute', async () => {
    const dir = tempDir('apidesc-sns-array-');
    writeFileSync(
      join(dir, 'api.yaml'),
      `apidesc: 3.0.0
info: {title: Sign-ups, version: 1.0.0}
channels:
  signedUp:
    address: user-signedup
    bindings: {sns: {name: user-signedup}}
    messages:
      userSignedUp:
        headers:
          type: object
          properties:
            customer_interests: {type: array, items: {type: string}}
        payload: {type: object}
        examples:
          - headers: {customer_interests: rugby}
            payload: {}
operations:
  sendUserSignedUp:
    action: send
    channel: {$ref: '#/channels/signedUp'}
    bindings:
      sns:
        consumers:
          - protocol: sqs
            endpoint: {name: welcome-email}
            rawMessageDelivery: false
            filterPolicy: {customer_interests: [rugby, football]}
`,
    );
    await buildSite(['api.yaml'], dir, { work: dir });
    const twin = readFileSync(join(dir, 'site', 'operations', 'sendusersignedup', 'index.md'), 'utf8');
    const args = shellArgs(/aws sns publish[\s\S]*?\n```/.exec(twin)![0].replace(/\n```$/, ''));
    const attributes = JSON.parse(option(args, '--message-attributes')!) as Record<string, unknown>;
    assert.deepEqual(attributes.customer_interests, { DataType: 'String.Array', StringValue: '["rugby"]' });
  });
});
