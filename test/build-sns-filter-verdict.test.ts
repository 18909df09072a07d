/**
 * A filter policy AWS rejects is never described as working (issue 34): the subscription's card
 * and the channel's fan-out list carry a badge "Refused by AWS" linked to a callout "AWS rejects
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
import { unescapeText } from '../src/lib/html-text.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { buildSite, tempDir } from './helpers.ts';
import { option, shellArgs } from './snippet-runners.ts';

const repo = join(import.meta.dirname, '..');
const text = (html: string): string => unescapeText(html.replace(/<wbr>/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
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
      assert.match(text(card), /Receives Refused by AWS : why, below As written it would take only/);
      const note = /href="#(sns-consumer-\d+-verdict)"/.exec(card)![1]!;
      assert.match(card, new RegExp(`<div class="verdict-note" id="${note}" role="note"`));
      assert.match(
        text(card),
        new RegExp(
          `Refused by AWS AWS rejects this filter policy: ${WHY}; "total" holds .* The subscription cannot be created as written, so no message reaches it\\.`,
        ),
      );
    });

    it('says so in the fan-out box and the fan-out list of the channel', () => {
      const box = /<a [^>]*href="[^"]*publishorderevent[^"]*"[^>]*>(?:(?!<\/a>)[\s\S])*?shipping-orders\.fifo[\s\S]*?<\/a>/.exec(channel)?.[0] ?? '';
      assert.match(text(box), /AWS rejects its filter policy/);
      assert.doesNotMatch(text(box), /only eventType/);
      // In the table a badge, linked to a callout under the table that says why.
      const list = /<table class="subscription-lines">[\s\S]*?<\/table>/.exec(channel)![0];
      assert.match(text(list), /shipping-orders\.fifo Refused by AWS : why, below the table as written, only messages where/);
      assert.doesNotMatch(text(list), /AWS rejects/);
      const after = channel.slice(channel.indexOf('</table>', channel.indexOf('<table class="subscription-lines">')));
      assert.match(text(after), new RegExp(`^ ?Refused by AWS : SQS queue shipping-orders\\.fifo AWS rejects this filter policy: ${WHY}`));
    });

    it('lists the subscription as unreachable under the publish commands, and no command claims to reach it', () => {
      const publish = /<h2 id="sns-publish"[^>]*>([\s\S]*?)<\/section>/.exec(operation)![1]!;
      assert.match(
        text(publish),
        new RegExp(
          `Unreachable sqs shipping-orders\\.fifo : AWS rejects this filter policy: ${WHY}.*so the subscription cannot be created and no message reaches it\\.`,
        ),
      );
      assert.doesNotMatch(publish, /<h3>To reach[^<]*shipping-orders/);
    });

    it('the tester says the policy is invalid, and shows the subscription without a filter as receiving every message', () => {
      assert.match(text(operation), new RegExp(`✗ this policy is invalid: ${WHY}`));
      assert.match(
        operation,
        /partner-orders\.fifo<\/a> <span class="kind">no filter<\/span><\/p>\s*<div role="status" class="tester-result" data-no-filter [^>]*data-result="no-filter"><strong>✓ receives: no filter<\/strong>/,
      );
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
