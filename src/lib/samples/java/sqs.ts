/** SQS in Java: the AWS SDK for Java 2.x; credentials, region and AWS_ENDPOINT_URL from the SDK's own chain. */
import { javaMap, javaProgram, javaString } from '../code-text.ts';
import { javaPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';
import { region } from '../sqs.ts';

const attribute = (value: string): string => `MessageAttributeValue.builder().dataType("String").stringValue(${javaString(value)}).build()`;

export function java(t: SampleTarget): string {
  const payload = javaPayload(t);
  const r = region(t);
  const imports = ['software.amazon.awssdk.services.sqs.SqsClient', r && 'software.amazon.awssdk.regions.Region'];
  const open = [
    `try (SqsClient sqs = SqsClient.builder()${r ? `.region(Region.of(${javaString(r)}))` : ''}.build()) {`,
    `  String queueUrl = sqs.getQueueUrl((request) -> request.queueName(${javaString(t.address)})).queueUrl();`,
  ];
  if (t.role === 'publish')
    return javaProgram(
      [...imports, ...(t.headers.length > 0 ? ['java.util.Map', 'software.amazon.awssdk.services.sqs.model.MessageAttributeValue'] : [])],
      [
        ...open,
        `  sqs.sendMessage((request) -> request.queueUrl(queueUrl).messageBody(${payload.value})${t.headers.length > 0 ? `.messageAttributes(${javaMap(t.headers, undefined, attribute)})` : ''});`,
        '}',
      ],
      payload.setup,
    );
  return javaProgram(
    [...imports, 'software.amazon.awssdk.services.sqs.model.Message'],
    [
      ...open,
      '  for (Message message : sqs.receiveMessage((request) -> request.queueUrl(queueUrl).waitTimeSeconds(20).messageAttributeNames("All")).messages()) {',
      '    System.out.println(message.body());',
      '  }',
      '}',
    ],
  );
}
