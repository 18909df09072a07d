/** SQS in Go: the AWS SDK for Go v2; credentials, region and AWS_ENDPOINT_URL from the SDK's own chain. */
import { GO_CHECK, goProgram, goString } from '../code-text.ts';
import { goPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';
import { region } from '../sqs.ts';

export function go(t: SampleTarget): string {
  const payload = goPayload(t);
  const r = region(t);
  const imports = ['context', 'log', 'github.com/aws/aws-sdk-go-v2/aws', 'github.com/aws/aws-sdk-go-v2/config', 'github.com/aws/aws-sdk-go-v2/service/sqs'];
  const head = [
    'ctx := context.Background()',
    `settings, err := config.LoadDefaultConfig(ctx${r ? `, config.WithRegion(${goString(r)})` : ''})`,
    ...GO_CHECK,
    'client := sqs.NewFromConfig(settings)',
    `queue, err := client.GetQueueUrl(ctx, &sqs.GetQueueUrlInput{QueueName: aws.String(${goString(t.address)})})`,
    ...GO_CHECK,
  ];
  if (t.role === 'publish') {
    const attributes = t.headers.map(([n, v]) => `\t\t${goString(n)}: {DataType: aws.String("String"), StringValue: aws.String(${goString(v)})},`);
    return goProgram(
      [...imports, t.headers.length > 0 && 'github.com/aws/aws-sdk-go-v2/service/sqs/types'],
      [
        ...head,
        '_, err = client.SendMessage(ctx, &sqs.SendMessageInput{',
        '\tQueueUrl: queue.QueueUrl,',
        `\tMessageBody: aws.String(${payload.value}),`,
        ...(t.headers.length > 0 ? ['\tMessageAttributes: map[string]types.MessageAttributeValue{', ...attributes, '\t},'] : []),
        '})',
        ...GO_CHECK,
      ],
      payload.setup,
    );
  }
  return goProgram(
    [...imports, 'fmt'],
    [
      ...head,
      'received, err := client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: queue.QueueUrl, WaitTimeSeconds: 20, MessageAttributeNames: []string{"All"}})',
      ...GO_CHECK,
      'for _, message := range received.Messages {',
      '\tfmt.Println(*message.Body)',
      '}',
    ],
  );
}
