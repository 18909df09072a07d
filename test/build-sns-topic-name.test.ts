/**
 * The topic a publish command targets is the one AWS sees (SPEC, sns binding: the channel
 * binding's `name` is the topic's name): not the channel's address, nor another name an
 * operation binding writes; the page names the topic AWS uses, and another name an operation's
 * binding writes is told to the authors in the folded Source (not the reading flow). A FIFO topic with
 * content-based deduplication gets commands without a deduplication id.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';

function document(operationTopic: string, contentBasedDeduplication: boolean): string {
  return `apidesc: 3.0.0
info:
  title: Orders
  version: 1.0.0
servers:
  aws:
    host: sns.eu-west-1.amazonaws.com
    protocol: sns
channels:
  orderEvents:
    address: orders-{region}.fifo
    parameters:
      region:
        default: eu-west-1
    bindings:
      sns:
        name: orders.fifo
        ordering:
          type: FIFO
          contentBasedDeduplication: ${contentBasedDeduplication}
    messages:
      orderPlaced:
        payload:
          type: object
          properties:
            orderId: {type: string, examples: [ord-1]}
operations:
  publishOrderEvents:
    action: send
    channel:
      $ref: '#/channels/orderEvents'
    bindings:
      sns:
        topic:
          name: ${operationTopic}
`;
}

async function build(yaml: string): Promise<{ page: string; twin: string; channel: string }> {
  const dir = tempTree({ 'api.yaml': yaml });
  const built = await runIn(dir, ['build', 'api.yaml', '--out', 'site']);
  assert.equal(built.code, 0, built.out + built.err);
  const at = join(dir, 'site/operations/publishorderevents');
  return {
    // Without the wrap points (<wbr>) code blocks put inside long words.
    page: readFileSync(join(at, 'index.html'), 'utf8').replaceAll('<wbr>', ''),
    twin: readFileSync(join(at, 'index.md'), 'utf8'),
    channel: readFileSync(join(dir, 'site/channels/orderevents/index.html'), 'utf8').replaceAll('<wbr>', ''),
  };
}

const text = (html: string): string =>
  html
    .replace(/<[^>]*>/g, '')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');

describe('the topic name on an sns publishing page', () => {
  it('is the channel binding’s name everywhere, when the operation’s binding writes another', async () => {
    const { page, twin } = await build(document('orders-eu-west-1.fifo', true));
    const words = text(page);
    assert.match(words, /Publishes to the topic orders\.fifo/);
    // The other name is the authors' business: said in the folded Source, not in the reading flow.
    const [reading, source] = [words.slice(0, words.indexOf('Defined in ')), words.slice(words.indexOf('Defined in '))];
    assert.doesNotMatch(reading, /orders-eu-west-1\.fifo|AWS sees/);
    assert.match(
      source,
      /Topic in the operation's binding orders-eu-west-1\.fifonot the topic AWS sees: the channel's sns binding names it orders\.fifo, which the commands on this page use/,
    );
    // Every command (CLI, JavaScript, Python) targets the topic the channel defines.
    const arns = [...words.matchAll(/arn:aws:sns:[^'"\s]+/g)].map((m) => m[0]);
    assert.ok(arns.length >= 3, words);
    for (const arn of arns) assert.equal(arn, 'arn:aws:sns:eu-west-1:<account-id>:orders.fifo');
    assert.match(twin, /\*\*Topic:\*\* `orders\.fifo`/);
    assert.match(twin, /\*\*Topic in the operation's binding:\*\* `orders-eu-west-1\.fifo` — not the topic AWS sees/);
    assert.doesNotMatch(twin, /--topic-arn '[^']*orders-eu-west-1/);
  });

  it('says which of the two a client uses in words for its readers, on the channel and where the operation first names the topic', async () => {
    const { page, channel } = await build(document('orders.fifo', true));
    const words = text(page);
    // The operation's summary shows the address: the same sentence as the channel's (one module), right after the topic's name.
    assert.match(
      words,
      /Publishes to the topic orders\.fifoThe name clients use with AWS \(the topic’s ARN ends in it\), not the channel’s address orders-\{region\}\.fifo\./,
    );
    assert.equal(page.match(/topic-name-note/g)?.length, 1, 'said once on the operation');
    // The channel's page says it once, in its "SNS topic" fact: not again beside the topic's settings.
    assert.match(text(channel), /SNS topic\s*orders\.fifo\s*The name clients use with AWS \(the topic’s ARN ends in it\), not the channel’s address\./);
    assert.doesNotMatch(words, /Clients use the topic's name|Clients publish and subscribe|AWS knows the topic|AWS sees/);
    assert.match(text(channel), /Topic name\s*orders\.fifo\s*Type/);
    assert.equal(channel.match(/ARN ends in it/g)?.length, 1, 'said once on the channel');
    // Words for the API's readers, not its authors: no "this document".
    assert.doesNotMatch(text(channel), /this document|for authors/i);
  });

  it('says nothing of two names when the channel’s address is the topic’s name', async () => {
    const { page, channel } = await build(
      document('orders.fifo', true).replace(
        /address: orders-\{region\}\.fifo\n {4}parameters:\n {6}region:\n {8}default: eu-west-1\n/,
        'address: orders.fifo\n',
      ),
    );
    assert.doesNotMatch(text(page) + text(channel), /Clients use the topic's name|Clients publish and subscribe with this name|The name clients use with AWS/);
  });

  it('leaves the deduplication id out when the topic deduplicates by content, and asks for it when not', async () => {
    const byContent = await build(document('orders.fifo', true));
    assert.doesNotMatch(byContent.page, /deduplication-id|MessageDeduplicationId/);
    assert.match(text(byContent.page), /The topic deduplicates by content: AWS makes each message’s deduplication id from its body/);
    assert.match(byContent.twin, /--message-group-id/);
    assert.doesNotMatch(byContent.twin, /--message-deduplication-id/);
    const byId = await build(document('orders.fifo', false));
    assert.match(byId.twin, /--message-deduplication-id '<deduplication-id>'/);
    assert.match(byId.page, /MessageDeduplicationId/);
    assert.doesNotMatch(text(byId.page), /deduplicates by content/);
  });
});

describe('a topic name AWS refuses', () => {
  // A request channel on an sns server without a binding: the pages take its address for the topic's name.
  const refused = `apidesc: 3.0.0
info:
  title: Stock
  version: 1.0.0
servers:
  aws:
    host: sns.eu-west-1.amazonaws.com
    protocol: sns
channels:
  stockCheck:
    address: inventory.stock-check
    servers:
      - $ref: '#/servers/aws'
  orderEvents:
    address: orders
    bindings:
      sns:
        name: orders.v2
`;
  const withOperation = `${refused}operations:
  requestStockCheck:
    action: send
    channel:
      $ref: '#/channels/stockCheck'
`;

  it('is a warning of its own rule, with file, line, column and a hint, for a written name and for an address taken as one', async () => {
    const dir = tempTree({ 'api.yaml': refused });
    const r = await runIn(dir, ['validate', 'api.yaml']);
    const said = r.out + r.err;
    // A warning, not an error: the SPEC's binding sets no rule for the name.
    assert.equal(r.code, 0, said);
    assert.match(
      said,
      /api\.yaml:11:14\s+warning\s+sns-topic-name\s+AWS refuses the topic name "inventory\.stock-check" \(no binding names the topic, so its name is taken to be the channel’s address\): it holds "\.", where a topic name holds only ASCII letters, digits, hyphens and underscores/,
    );
    assert.match(
      said,
      /hint: Name the topic as AWS takes it, for instance "inventory-stock-check", in the channel binding’s `name` \(bindings\.sns\.name\) or as the address\./,
    );
    assert.match(said, /api\.yaml:18:15\s+warning\s+sns-topic-name\s+AWS refuses the topic name "orders\.v2" \(the channel binding names the topic\)/);
    assert.match(said, /0 error\(s\), 2 warning\(s\)/);
  });

  it('is not the name in the commands of a channel whose address the pages take for it: the reader fills the name in', async () => {
    const dir = tempTree({ 'api.yaml': withOperation });
    const built = await runIn(dir, ['build', 'api.yaml', '--out', 'site']);
    assert.equal(built.code, 0, built.out + built.err);
    const words = text(readFileSync(join(dir, 'site/operations/requeststockcheck/index.html'), 'utf8').replaceAll('<wbr>', ''));
    // Said to be the address where the page names the topic; no command targets a topic AWS cannot create.
    assert.match(words, /Publishes to the topic inventory\.stock-check \(the channel's address\)/);
    const arns = [...words.matchAll(/arn:aws:sns:[^'"\s]+/g)].map((m) => m[0]);
    assert.ok(arns.length >= 3, words);
    for (const arn of arns) assert.equal(arn, 'arn:aws:sns:eu-west-1:<account-id>:<topic-name>');
    assert.match(
      words,
      /Replace <account-id> with the 12-digit AWS account that owns the topic and <topic-name> with the topic’s name: the API description does not give them\./,
    );
  });
});
