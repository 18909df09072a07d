/**
 * SQS samples: the AWS SDK for JavaScript v3 and boto3; the queue is found by its name (the
 * channel's address), credentials from the SDK's own chain (AWS_ACCESS_KEY_ID…), the endpoint from
 * AWS_ENDPOINT_URL when set (a local SQS, a VPC endpoint).
 */
import { lines, str } from './code-text.ts';
import { JS_ARGS, JS_OBJECT, type ListStyle, list, PY_ARGS } from './line-layout.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

/** The region in an SQS endpoint host (sqs.eu-west-1.amazonaws.com), when it names one. */
export const region = (t: SampleTarget): string | undefined => /^sqs[.-]([a-z0-9-]+)\.amazonaws\.com/.exec(t.host)?.[1];

/** The message's headers as SQS message attributes of type String, at column `at`. */
function attributes(t: SampleTarget, at: number, open: string, entry: (value: string) => string[], style: ListStyle): string {
  return list(
    at,
    open,
    t.headers.map(([n, v]) => list(at + style.unit.length, `${str(n)}: {`, entry(v), '}', style, 1)),
    '}',
    style,
    1,
  );
}

export function javascript(t: SampleTarget): string {
  const r = region(t);
  const command = t.role === 'publish' ? 'SendMessageCommand' : 'ReceiveMessageCommand';
  const head = [
    list(0, 'import {', ['GetQueueUrlCommand', command, 'SQSClient'], "} from '@aws-sdk/client-sqs';", JS_OBJECT),
    '',
    list(0, 'const sqs = new SQSClient(', [r ? list(2, '{', [`region: ${str(r)}`], '}', JS_OBJECT, 1) : '{}'], ');', JS_ARGS),
    list(0, 'const { QueueUrl } = await sqs.send(', [list(2, 'new GetQueueUrlCommand({', [`QueueName: ${str(t.address)}`], '})', JS_OBJECT, 1)], ');', JS_ARGS),
  ];
  if (t.role === 'publish') {
    const payload = jsPayload(t, `    MessageBody: ,`.length);
    const fields = [
      'QueueUrl',
      `MessageBody: ${payload.value}`,
      ...(t.headers.length > 0 ? [attributes(t, 4, 'MessageAttributes: {', (v) => ["DataType: 'String'", `StringValue: ${str(v)}`], JS_OBJECT)] : []),
    ];
    return lines([
      ...head.slice(0, 2),
      ...payload.setup,
      ...head.slice(2),
      list(0, 'await sqs.send(', [list(2, 'new SendMessageCommand({', fields, '})', JS_OBJECT, 1)], ');', JS_ARGS),
    ]);
  }
  const receive = list(2, 'new ReceiveMessageCommand({', ['QueueUrl', 'WaitTimeSeconds: 20', "MessageAttributeNames: ['All']"], '})', JS_OBJECT, 1);
  return lines([
    ...head,
    list(0, 'const { Messages = [] } = await sqs.send(', [receive], ');', JS_ARGS),
    'for (const message of Messages) {',
    '  console.log(message.Body);',
    '}',
  ]);
}

export function python(t: SampleTarget): string {
  const r = region(t);
  const payload = t.role === 'publish' ? pyPayload(t, `    MessageBody=,`.length) : undefined;
  const head = [
    ...(payload?.imports ?? []),
    'import os',
    '',
    'import boto3',
    '',
    ...(payload?.setup ?? []),
    // boto3 reads AWS_ENDPOINT_URL itself from 1.28.57 on; older ones (Debian 12's 1.26) are given it.
    list(
      0,
      'sqs = boto3.client(',
      ["'sqs'", ...(r ? [`region_name=${str(r)}`] : []), list(4, 'endpoint_url=os.environ.get(', ["'AWS_ENDPOINT_URL'"], ')', PY_ARGS, 1)],
      ')',
      PY_ARGS,
    ),
    list(0, 'queue_url = sqs.get_queue_url(', [`QueueName=${str(t.address)}`], ")['QueueUrl']", PY_ARGS),
  ];
  if (t.role === 'publish')
    return lines([
      ...head,
      list(
        0,
        'sqs.send_message(',
        [
          'QueueUrl=queue_url',
          `MessageBody=${payload?.value}`,
          ...(t.headers.length > 0 ? [attributes(t, 4, 'MessageAttributes={', (v) => ["'DataType': 'String'", `'StringValue': ${str(v)}`], PY_ARGS)] : []),
        ],
        ')',
        PY_ARGS,
      ),
    ]);
  return lines([
    ...head,
    list(0, 'response = sqs.receive_message(', ['QueueUrl=queue_url', 'WaitTimeSeconds=20', "MessageAttributeNames=['All']"], ')', PY_ARGS),
    "for message in response.get('Messages', []):",
    "    print(message['Body'])",
  ]);
}
