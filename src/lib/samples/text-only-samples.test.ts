/**
 * The Go and Java samples whose client library Debian does not package cannot run in the tests
 * (test/code-samples-brokers.test.ts runs the others): these check that they still follow the
 * document as the running ones do: the address, the bindings that change the call, the message's
 * headers, the payload as sent, and credentials read from the environment only.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateSamples, type SampleLanguage } from './generators.ts';
import { type SampleRole, type SecurityScheme, sampleTarget } from './sample-target.ts';

const PAYLOAD = { id: 'lamp-7', level: 3 };

function codeOf(
  protocol: string,
  role: SampleRole,
  language: SampleLanguage,
  o: { bindings?: Record<string, unknown>; security?: SecurityScheme[]; host?: string } = {},
): string {
  const target = sampleTarget({
    role,
    server: { host: o.host ?? 'broker.example.com:{port}', protocol, variables: { port: { default: '7000' } }, security: o.security ?? [] },
    address: 'lights.{id}',
    parameters: { id: { examples: ['7'] } },
    bindings: { operation: o.bindings ?? {}, channel: {}, message: {} },
    example: { headers: { traceId: 't-1' }, payload: PAYLOAD },
    security: [],
  });
  assert.ok(target);
  const sample = generateSamples(target, [language])[0];
  assert.ok(sample, `no ${language} sample for ${protocol}`);
  return flat(sample.code);
}

/**
 * The code with the statements that line-layout.ts broke to fit the panel joined again (a line
 * break after an opening bracket, a comma or an `=`, or before a chained call or a closing
 * bracket, with the next line's indentation), so that a call reads as one line.
 */
const flat = (code: string): string =>
  code
    .replace(/,\n\s+(?=[)\]}])/g, '')
    .replace(/([([{=])\n\s+/g, (_, open: string) => (open === '=' ? '= ' : open))
    .replace(/,\n\s+/g, ', ')
    .replace(/\n\s+(?=[.)\]}])/g, '');

const PAYLOAD_GO_JAVA = JSON.stringify(JSON.stringify(PAYLOAD));
/** Go writes JSON text in a raw string: its quotes need no escape. */
const PAYLOAD_GO = `\`${JSON.stringify(PAYLOAD)}\``;

describe('Go and Java samples that the tests cannot run follow the document', () => {
  it('Java Kafka: the topic, the key, the headers, SASL from the environment; the consumer in its group', () => {
    const security = [{ type: 'scramSha256' }];
    const code = codeOf('kafka-secure', 'publish', 'java', { bindings: { kafka: { key: { const: 'lamp-7' }, groupId: { const: 'lights' } } }, security });
    assert.match(code, /config\.put\("bootstrap\.servers", "broker\.example\.com:7000"\);/);
    assert.match(code, /config\.put\("security\.protocol", "SASL_SSL"\);/);
    assert.match(code, /config\.put\("sasl\.mechanism", "SCRAM-SHA-256"\);/);
    assert.match(code, /String user = System\.getenv\("KAFKA_USERNAME"\);/);
    assert.match(code, /\.scram\.ScramLoginModule required"\n\s+\+ " username=\\"" \+ user \+ "\\""/);
    assert.ok(code.includes(`new ProducerRecord<>("lights.7", "lamp-7", ${PAYLOAD_GO_JAVA});`), code);
    assert.match(code, /record\.headers\(\)\.add\("traceId", "t-1"\.getBytes\(UTF_8\)\);/);
    const consumer = codeOf('kafka', 'subscribe', 'java', { bindings: { kafka: { groupId: { const: 'lights' } } } });
    assert.match(consumer, /config\.put\("group\.id", "lights"\);/);
    assert.match(consumer, /consumer\.subscribe\(List\.of\("lights\.7"\)\);/);
  });

  it("Java MQTT: the binding's QoS and retain, the user and password from the environment", () => {
    const code = codeOf('mqtt', 'publish', 'java', { bindings: { mqtt: { qos: 2, retain: true } }, security: [{ type: 'userPassword' }] });
    assert.ok(code.includes(`client.publish("lights.7", ${PAYLOAD_GO_JAVA}.getBytes(UTF_8), 2, true);`), code);
    assert.match(code, /options\.setPassword\(System\.getenv\("MQTT_PASSWORD"\)\.toCharArray\(\)\);/);
    assert.match(codeOf('mqtt', 'subscribe', 'java', { bindings: { mqtt: { qos: 1 } } }), /client\.subscribe\("lights\.7", 1, /);
  });

  it("Java NATS: the message's headers, the binding's queue group, the token from the environment", () => {
    const code = codeOf('nats', 'publish', 'java', { security: [{ type: 'http', scheme: 'bearer' }] });
    assert.match(code, /headers\.add\("traceId", "t-1"\);/);
    assert.ok(code.includes(`nc.publish("lights.7", headers, ${PAYLOAD_GO_JAVA}.getBytes(UTF_8));`), code);
    assert.match(code, /\.token\(System\.getenv\("NATS_TOKEN"\)\.toCharArray\(\)\)/);
    assert.match(codeOf('nats', 'subscribe', 'java', { bindings: { nats: { queue: 'lamps' } } }), /dispatcher\.subscribe\("lights\.7", "lamps"\);/);
  });

  it("Go and Java SQS: the queue by the channel's address, the headers as attributes, the region of the endpoint, no credentials written", () => {
    const host = 'sqs.eu-west-1.amazonaws.com';
    const go = codeOf('sqs', 'publish', 'go', { host });
    assert.match(go, /config\.LoadDefaultConfig\(ctx, config\.WithRegion\("eu-west-1"\)\)/);
    assert.match(go, /GetQueueUrlInput\{QueueName: aws\.String\("lights\.7"\)\}/);
    assert.ok(go.includes(`MessageBody: aws.String(${PAYLOAD_GO}),`), go);
    assert.match(go, /"traceId": \{DataType: aws\.String\("String"\), StringValue: aws\.String\("t-1"\)\}/);
    const java = codeOf('sqs', 'publish', 'java', { host });
    assert.match(java, /SqsClient\.builder\(\)\.region\(Region\.of\("eu-west-1"\)\)\.build\(\)/);
    assert.match(java, /Map\.entry\("traceId", MessageAttributeValue\.builder\(\)\.dataType\("String"\)\.stringValue\("t-1"\)\.build\(\)\)/);
    for (const code of [go, java]) assert.doesNotMatch(code, /AWS_SECRET|AKID/);
    assert.match(codeOf('sqs', 'subscribe', 'go', { host }), /WaitTimeSeconds: 20/);
  });

  it('Go AMQP 1.0: one data section holding the payload, the content type, the headers as application properties, SASL PLAIN from the environment', () => {
    const code = codeOf('amqp1', 'publish', 'go', { security: [{ type: 'userPassword' }] });
    assert.match(code, /amqp\.SASLTypePlain\(os\.Getenv\("AMQP_USERNAME"\), os\.Getenv\("AMQP_PASSWORD"\)\)/);
    assert.match(code, /session\.NewSender\(ctx, "lights\.7", nil\)/);
    assert.ok(code.includes(`Data: [][]byte{[]byte(${PAYLOAD_GO})},`), code);
    assert.match(code, /contentType := "application\/json"/);
    assert.match(code, /properties := map\[string\]any\{"traceId": "t-1"\}/);
    assert.match(code, /ApplicationProperties: properties\b/);
  });

  it('Java AMQP 1.0: the address, one data section holding the payload, the content type, the headers as application properties, the user and password from the environment', () => {
    const code = codeOf('amqp1', 'publish', 'java', { security: [{ type: 'userPassword' }] });
    assert.match(code, /options\.user\(System\.getenv\("AMQP_USERNAME"\)\);/);
    assert.match(code, /options\.password\(System\.getenv\("AMQP_PASSWORD"\)\);/);
    assert.match(code, /Client\.create\(\)\.connect\("broker\.example\.com", 7000, options\);/);
    assert.match(code, /connection\.openSender\("lights\.7"\);/);
    assert.ok(code.includes(`Message<byte[]> message = Message.create(${PAYLOAD_GO_JAVA}.getBytes(UTF_8));`), code);
    assert.match(code, /message\.contentType\("application\/json"\);/);
    assert.match(code, /message\.property\("traceId", "t-1"\);/);
    assert.match(code, /sender\.send\(message\)\.awaitSettlement\(\);/);
    const receiver = codeOf('amqp1', 'subscribe', 'java');
    assert.match(receiver, /connection\.openReceiver\("lights\.7"\);/);
    assert.doesNotMatch(receiver, /options|getenv/);
  });
});
