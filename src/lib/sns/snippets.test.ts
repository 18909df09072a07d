/**
 * Snippets stay correct whatever a document holds: values with quotes, `$(…)`, backticks,
 * backslashes, line breaks, U+2028, `</script>` and keys named `__proto__` reach `aws`, the
 * JavaScript SDK and boto3 exactly as written (run through sh, node:vm and python3), and the
 * JSON arguments parse.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsPublishInput, option, pythonPublishInput, shellArgs, subscriptionAttributes } from '../../../test/snippet-runners.ts';
import { codeString, shellWord } from './snippet-quote.ts';
import { publishCli, publishJs, publishPython, subscribeCli, type Topic } from './snippets.ts';

const HOSTILE = [
  `it's`,
  `$(touch /tmp/pwned) \`id\` $HOME`,
  'back\\slash \\n \\u0041',
  'line\nbreak\r\n',
  'sep\u2028ara\u2029tor',
  `</script><script>alert('x')</script>`,
  "'\\''",
  'ünï©ødé 🐙',
  '',
];

describe('snippet quoting', () => {
  it('a shell word reaches the command as written', () => {
    for (const text of HOSTILE) assert.deepEqual(shellArgs(`aws ${shellWord(text)}`), [text], JSON.stringify(text));
    assert.equal(shellWord('eu-west-1'), 'eu-west-1');
    assert.equal(shellWord('arn:aws:sns:eu-west-1:123456789012:orders.fifo'), 'arn:aws:sns:eu-west-1:123456789012:orders.fifo');
  });

  it('a code string reads the same in JavaScript and Python', async () => {
    const { runInNewContext } = await import('node:vm');
    for (const text of HOSTILE) assert.equal(runInNewContext(codeString(text)), text, JSON.stringify(text));
  });

  it('publish snippets carry hostile values exactly, in all three forms', async () => {
    const topic: Topic = { arn: "arn:aws:sns:eu-west-1:<account-id>:it's.fifo", region: 'eu-west-1', fifo: true };
    const body = JSON.stringify({ text: HOSTILE.join(' | '), __proto__x: 1 });
    const attributes: [string, unknown][] = [
      ['__proto__', HOSTILE[0]],
      ["na'me $(x)", 12.5],
      ['list', [HOSTILE[1]!, HOSTILE[3]!]],
    ];
    const publication = { body, attributes, groupId: HOSTILE[5]!, deduplicationId: HOSTILE[2]! };
    const expected = {
      TopicArn: topic.arn,
      Message: body,
      MessageAttributes: JSON.parse(
        JSON.stringify({
          ['__proto__']: { DataType: 'String', StringValue: HOSTILE[0] },
          "na'me $(x)": { DataType: 'Number', StringValue: '12.5' },
          list: { DataType: 'String.Array', StringValue: JSON.stringify([HOSTILE[1], HOSTILE[3]]) },
        }),
      ),
      MessageGroupId: HOSTILE[5],
      MessageDeduplicationId: HOSTILE[2],
    };
    // A computed key is an own property, as JSON.parse makes it.
    assert.ok(Object.hasOwn(expected.MessageAttributes, '__proto__'));
    const args = shellArgs(publishCli(topic, publication));
    const at = (name: string): string => option(args, name)!;
    assert.equal(at('--topic-arn'), topic.arn);
    assert.equal(at('--message'), body);
    assert.deepEqual(JSON.parse(at('--message-attributes')), expected.MessageAttributes);
    assert.ok(Object.hasOwn(JSON.parse(at('--message-attributes')), '__proto__'));
    assert.equal(at('--message-group-id'), HOSTILE[5]);
    const js = await jsPublishInput(publishJs(topic, publication));
    assert.deepEqual(js, expected);
    assert.ok(Object.hasOwn(js.MessageAttributes as object, '__proto__'), 'the JavaScript object has __proto__ as a key');
    assert.deepEqual(pythonPublishInput(publishPython(topic, publication)), expected);
  });

  it('a long body reaches all three forms exactly, written on several lines, none of them long', async () => {
    const topic: Topic = { arn: 'arn:aws:sns:eu-west-1:123456789012:orders', region: 'eu-west-1', fifo: false };
    const body = JSON.stringify(
      {
        orderId: 'ord-1042',
        note: HOSTILE.join(' | '),
        lines: [
          { sku: 'BOOK-1', quantity: 1 },
          { sku: 'MUG-3', quantity: 2 },
        ],
      },
      null,
      2,
    );
    for (const text of [body, `${body}\n`, 'first\n\nthird\n']) {
      const publication = { body: text, attributes: [] };
      const cli = publishCli(topic, publication);
      const js = publishJs(topic, publication);
      const python = publishPython(topic, publication);
      assert.equal(option(shellArgs(cli), '--message'), text);
      assert.equal((await jsPublishInput(js)).Message, text);
      assert.equal(pythonPublishInput(python).Message, text);
      if (text === body)
        for (const [form, code] of Object.entries({ cli, js, python })) {
          const longest = Math.max(
            ...code
              .split('\n')
              .filter((l) => l.includes('ord-1042') || l.includes('BOOK-1'))
              .map((l) => l.length),
          );
          assert.ok(longest < 60, `${form}: the body's lines stay short (${longest})`);
        }
    }
  });

  it('subscribe snippets carry the attributes as strings', () => {
    const policy = JSON.stringify({ "it's": [{ prefix: '$(x)' }] });
    const args = shellArgs(
      subscribeCli(
        { arn: 'arn:aws:sns:eu-west-1:123456789012:t', fifo: false },
        { protocol: 'https', endpoint: "https://h.example/a'b", attributes: [['FilterPolicy', policy]] },
      ),
    );
    assert.equal(option(args, '--notification-endpoint'), "https://h.example/a'b");
    const attributes = subscriptionAttributes(args);
    assert.deepEqual(Object.keys(attributes), ['FilterPolicy']);
    assert.deepEqual(JSON.parse(attributes.FilterPolicy!), JSON.parse(policy));
  });

  it("writes a policy's JSON as JSON, not escaped inside a string, and keeps the other attributes strings", () => {
    const policy = JSON.stringify({ total: { amount: [{ numeric: ['>', 0] }] } });
    const redrive = JSON.stringify({ deadLetterTargetArn: 'arn:aws:sqs:eu-west-1:123456789012:dlq' });
    const code = subscribeCli(
      { arn: 'arn:aws:sns:eu-west-1:123456789012:t', fifo: false },
      {
        protocol: 'sqs',
        endpoint: 'arn:aws:sqs:eu-west-1:123456789012:q',
        attributes: [
          ['FilterPolicy', policy],
          ['FilterPolicyScope', 'MessageBody'],
          ['RawMessageDelivery', 'true'],
          ['RedrivePolicy', redrive],
        ],
      },
    );
    assert.doesNotMatch(code, /\\"/, 'no escaped quote');
    assert.match(code, /FilterPolicy: \|-\n {6}\{\n {8}"total": \{ "amount": \[\{ "numeric": \[">", 0\] \}\] \}\n {6}\}\n/);
    // What the CLI reads: the same attributes, each a string as the API takes it.
    const read = subscriptionAttributes(shellArgs(code));
    assert.deepEqual(Object.keys(read), ['FilterPolicy', 'FilterPolicyScope', 'RawMessageDelivery', 'RedrivePolicy']);
    assert.deepEqual(JSON.parse(read.FilterPolicy!), JSON.parse(policy));
    assert.deepEqual(JSON.parse(read.RedrivePolicy!), JSON.parse(redrive));
    assert.equal(read.FilterPolicyScope, 'MessageBody');
    assert.equal(read.RawMessageDelivery, 'true');
  });
});
