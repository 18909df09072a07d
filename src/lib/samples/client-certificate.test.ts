/**
 * A server whose security scheme is X509 (mutual TLS) gets samples that present a client
 * certificate: each protocol's JavaScript and Python sample (and Kafka's Go and Java, whose keys
 * librdkafka and kafka-clients name) reads the CA, the certificate and the key from the files the
 * environment names, over TLS. test/code-samples-mtls.test.ts runs the MQTT and NATS ones
 * against brokers that refuse a client without a certificate.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateSamples, type SampleLanguage } from './generators.ts';
import { type SampleRole, sampleTarget } from './sample-target.ts';

function codeOf(protocol: string, role: SampleRole, language: SampleLanguage, type = 'X509'): string {
  const target = sampleTarget({
    role,
    server: { host: 'broker.example.com:7000', protocol, variables: {}, security: [{ type }] },
    address: 'lights',
    parameters: {},
    bindings: { operation: {}, channel: {}, message: {} },
    example: { payload: { id: 'lamp-7' } },
    security: [],
  });
  assert.ok(target);
  const sample = generateSamples(target, [language])[0];
  assert.ok(sample, `no ${language} sample for ${protocol}`);
  return sample.code;
}

const PREFIX: Record<string, string> = { kafka: 'KAFKA', mqtt: 'MQTT', amqp: 'AMQP', amqp1: 'AMQP', nats: 'NATS', ws: 'WS', https: 'HTTP' };

describe('samples for a server that asks for a client certificate', () => {
  for (const protocol of Object.keys(PREFIX))
    for (const language of ['javascript', 'python'] as const)
      for (const role of ['publish', 'subscribe'] as const) {
        // HTTP's subscriber is a webhook: the reader's code is the server there, and the API the client.
        if (protocol === 'https' && role === 'subscribe') continue;
        it(`${protocol} ${language} ${role}: reads the CA, the certificate and the key from the environment`, () => {
          const code = codeOf(protocol, role, language);
          for (const what of ['CA', 'CERT', 'KEY']) assert.ok(code.includes(`${PREFIX[protocol]}_${what}_FILE`), `${what} missing:\n${code}`);
        });
      }

  // Go: the key pair and the CA from the same files, for every protocol but AMQP 1.0 (go-amqp's is not written yet).
  for (const protocol of ['kafka', 'mqtt', 'amqp', 'nats', 'ws', 'https'])
    it(`${protocol} go publish: reads the CA, the certificate and the key from the environment`, () => {
      const code = codeOf(protocol, 'publish', 'go');
      for (const what of ['CA', 'CERT', 'KEY']) assert.ok(code.includes(`${PREFIX[protocol]}_${what}_FILE`), `${what} missing:\n${code}`);
    });

  it("Java's samples but Kafka's, and Go's AMQP 1.0, say in their first line that they do not present the certificate yet", () => {
    for (const [protocol, language] of [
      ['mqtt', 'java'],
      ['nats', 'java'],
      ['amqp1', 'go'],
    ] as const)
      assert.match(
        codeOf(protocol, 'publish', language),
        /^\/\/ The server asks for a client certificate \(mutual TLS\): give this client's TLS settings \w+_CERT_FILE/,
      );
    assert.doesNotMatch(codeOf('kafka', 'publish', 'java'), /^\/\//);
  });

  it('Kafka: librdkafka reads the three PEM files by its own keys, over SSL, in Python and Go; kafka-clients as PEM stores', () => {
    for (const language of ['python', 'go'] as const) {
      const code = codeOf('kafka', 'publish', language);
      for (const key of ['ssl.ca.location', 'ssl.certificate.location', 'ssl.key.location'])
        assert.ok(code.includes(key), `${language}: ${key} missing:\n${code}`);
      assert.match(code, /"security\.protocol": "SSL"|'security\.protocol': 'SSL'/);
    }
    const java = codeOf('kafka', 'subscribe', 'java');
    for (const key of ['ssl.truststore.location', 'ssl.keystore.certificate.chain', 'ssl.keystore.key']) assert.ok(java.includes(key), `java: ${key} missing`);
  });

  it('a protocol written without TLS is used over TLS: a certificate is never sent in the clear', () => {
    assert.match(codeOf('mqtt', 'publish', 'javascript'), /mqtts:\/\/broker\.example\.com:7000/);
    assert.match(codeOf('nats', 'publish', 'javascript'), /tls:\/\/broker\.example\.com:7000/);
    assert.match(codeOf('amqp', 'publish', 'javascript'), /amqps:\/\//);
  });

  it("OpenAPI's name for the same scheme (mutualTLS) is read alike; SQS, signed with AWS's keys, is not", () => {
    assert.ok(codeOf('mqtt', 'publish', 'python', 'mutualTLS').includes('MQTT_CERT_FILE'));
    assert.ok(!codeOf('sqs', 'publish', 'python').includes('_CERT_FILE'));
  });
});
