/**
 * SQS samples: the AWS SDK for JavaScript v3 and boto3; the queue is found by its name (the
 * channel's address), credentials from the SDK's own chain (AWS_ACCESS_KEY_ID…), the endpoint from
 * AWS_ENDPOINT_URL when set (a local SQS, a VPC endpoint).
 */
import { lines, str } from './code-text.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

/** The region in an SQS endpoint host (sqs.eu-west-1.amazonaws.com), when it names one. */
export const region = (t: SampleTarget): string | undefined => /^sqs[.-]([a-z0-9-]+)\.amazonaws\.com/.exec(t.host)?.[1];

function jsAttributes(t: SampleTarget): string {
  return t.headers.map(([n, v]) => `${str(n)}: { DataType: 'String', StringValue: ${str(v)} }`).join(', ');
}

export function javascript(t: SampleTarget): string {
  const r = region(t);
  const head = [
    `import { GetQueueUrlCommand, ${t.role === 'publish' ? 'SendMessageCommand' : 'ReceiveMessageCommand'}, SQSClient } from '@aws-sdk/client-sqs';`,
    '',
    `const sqs = new SQSClient(${r ? `{ region: ${str(r)} }` : '{}'});`,
    `const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: ${str(t.address)} }));`,
  ];
  if (t.role === 'publish') {
    const payload = jsPayload(t);
    return lines([
      ...head.slice(0, 2),
      ...payload.setup,
      ...head.slice(2),
      `await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: ${payload.value}${t.headers.length > 0 ? `, MessageAttributes: { ${jsAttributes(t)} }` : ''} }));`,
    ]);
  }
  return lines([
    ...head,
    "const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20, MessageAttributeNames: ['All'] }));",
    'for (const message of Messages) console.log(message.Body);',
  ]);
}

export function python(t: SampleTarget): string {
  const r = region(t);
  const payload = t.role === 'publish' ? pyPayload(t) : undefined;
  const head = [
    ...(payload?.imports ?? []),
    'import os',
    '',
    'import boto3',
    '',
    ...(payload?.setup ?? []),
    // boto3 reads AWS_ENDPOINT_URL itself from 1.28.57 on; older ones (Debian 12's 1.26) are given it.
    `sqs = boto3.client('sqs'${r ? `, region_name=${str(r)}` : ''}, endpoint_url=os.environ.get('AWS_ENDPOINT_URL'))`,
    `queue_url = sqs.get_queue_url(QueueName=${str(t.address)})['QueueUrl']`,
  ];
  if (t.role === 'publish')
    return lines([
      ...head,
      'sqs.send_message(',
      '    QueueUrl=queue_url,',
      `    MessageBody=${payload?.value},`,
      t.headers.length > 0 && `    MessageAttributes={${t.headers.map(([n, v]) => `${str(n)}: {'DataType': 'String', 'StringValue': ${str(v)}}`).join(', ')}},`,
      ')',
    ]);
  return lines([
    ...head,
    "response = sqs.receive_message(QueueUrl=queue_url, WaitTimeSeconds=20, MessageAttributeNames=['All'])",
    "for message in response.get('Messages', []):",
    "    print(message['Body'])",
  ]);
}
