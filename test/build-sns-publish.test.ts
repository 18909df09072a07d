/**
 * `aws sns publish` where an operation sends to an sns topic (issue 33): also when only the
 * channel's binding names the topic, the operation carrying no binding of its own; and a runnable
 * command never sends a bare type name: a value a generated example made from a plain `string`
 * is a visible `<placeholder>`, named in the line that asks the reader to fill them in.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';

const DOCUMENT = `apidesc: 3.0.0
info:
  title: Orders out
  version: 1.0.0
servers:
  aws:
    host: sns.eu-west-1.amazonaws.com
    protocol: sns
channels:
  orderEvents:
    address: order-events.fifo
    bindings:
      sns:
        name: order-events.fifo
        ordering:
          type: FIFO
    messages:
      orderPlaced:
        headers:
          type: object
          required: [MessageGroupId, eventType]
          properties:
            MessageGroupId: {type: string}
            eventType: {type: string}
        payload:
          type: object
          properties:
            orderId: {type: string, format: uuid}
operations:
  publishOrderEvents:
    action: send
    channel:
      $ref: '#/channels/orderEvents'
`;

describe('aws sns publish on an operation that sends to a topic its channel names', () => {
  it('is shown without a binding on the operation, with placeholders where the document gives no value', async () => {
    const dir = tempTree({ 'api.yaml': DOCUMENT });
    const built = await runIn(dir, ['build', 'api.yaml', '--out', 'site']);
    assert.equal(built.code, 0, built.out + built.err);
    const twin = readFileSync(join(dir, 'site/operations/publishorderevents/index.md'), 'utf8');
    const command = /aws sns publish[\s\S]*?\n\n/.exec(twin)?.[0] ?? '';
    assert.match(command, /--topic-arn 'arn:aws:sns:eu-west-1:<account-id>:order-events\.fifo'/);
    // A value the generated example guessed from a header's name is sent as the example shows it (one answer to
    // "what goes here" on the page), and said to be made up; only the account and the deduplication id are to fill in.
    assert.match(twin, /"MessageGroupId": "message-group-1042"/);
    assert.match(command, /--message-group-id message-group-1042 /);
    // The attributes indented, a line per field: the panel is about 40 characters of code wide.
    assert.match(command, /--message-attributes '\{\n {4}"eventType": \{\n {6}"DataType": "String",\n {6}"StringValue": "Event type"\n/);
    assert.match(twin, /The value of eventType is made up, as in the generated example: send your own\./);
    assert.doesNotMatch(command, /\bstring\b/);
    assert.match(twin, /Replace `<account-id>`, `<deduplication-id>` with your own values/);
    const page = readFileSync(join(dir, 'site/operations/publishorderevents/index.html'), 'utf8');
    assert.match(page, /aws sns publish/);
  });
});
