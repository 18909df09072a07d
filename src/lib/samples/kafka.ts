/** Kafka samples: kafkajs and confluent-kafka, with the binding's key, group id and client id, SASL from the environment over TLS for kafka-secure. */
import { clientCertificate, JS_READ_FILE, jsTlsOptions } from './client-certificate.ts';
import { jsEnv, lines, pyEnvAt, str, stringEntries } from './code-text.ts';
import { JS_ARGS, JS_OBJECT, list, PY_ARGS } from './line-layout.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

const broker = (t: SampleTarget): string => `${t.host}:${t.port ?? 9092}`;

/** The producer's `messages`: one record, on the line of its call's argument while it fits, else a field a line. */
const jsMessages = (fields: string[]): string => list(2, 'messages: [', [list(4, '{', fields, '}', JS_OBJECT, 1)], ']', JS_ARGS, 1);

const MECHANISMS: Record<string, [string, string]> = {
  scramSha256: ['scram-sha-256', 'SCRAM-SHA-256'],
  scramSha512: ['scram-sha-512', 'SCRAM-SHA-512'],
  gssapi: ['gssapi', 'GSSAPI'],
};
const mechanism = (t: SampleTarget): [string, string] =>
  (t.credentials?.kind === 'user-password' && t.credentials.mechanism && MECHANISMS[t.credentials.mechanism]) || ['plain', 'PLAIN'];

export function javascript(t: SampleTarget): string {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const cert = clientCertificate(t);
  const options = [
    `clientId: ${str(t.kafka.clientId ?? 'sample')}`,
    list(2, 'brokers: [', [str(broker(t))], ']', JS_ARGS, 1),
    t.secure && !cert && 'ssl: true',
    cert && ['ssl: {', ...jsTlsOptions(cert).map((o) => `  ${o},`), '}'].join('\n'),
    c && list(2, 'sasl: {', [`mechanism: ${str(mechanism(t)[0])}`, `username: ${jsEnv(c.user)}`, `password: ${jsEnv(c.password)}`], '}', JS_OBJECT, 1),
  ].filter((o): o is string => typeof o === 'string');
  const payload = jsPayload(t, `      value: ,`.length);
  const head = [
    cert && JS_READ_FILE,
    "import { Kafka } from 'kafkajs';",
    '',
    ...(t.role === 'publish' ? payload.setup : []),
    list(0, 'const kafka = new Kafka({', options, '});', JS_OBJECT),
  ];
  if (t.role === 'publish') {
    const message = [
      ...(t.kafka.key !== undefined ? [`key: ${str(t.kafka.key)}`] : []),
      `value: ${payload.value}`,
      ...(t.headers.length > 0 ? [list(6, 'headers: {', stringEntries(t.headers), '}', JS_OBJECT, 1)] : []),
    ];
    return lines([
      ...head,
      'const producer = kafka.producer();',
      'await producer.connect();',
      list(0, 'await producer.send({', [`topic: ${str(t.address)}`, jsMessages(message)], '});', JS_OBJECT),
      'await producer.disconnect();',
    ]);
  }
  return lines([
    ...head,
    list(0, 'const consumer = kafka.consumer({', [`groupId: ${str(t.kafka.groupId ?? 'sample')}`], '});', JS_OBJECT),
    'await consumer.connect();',
    list(0, 'await consumer.subscribe({', [list(2, 'topics: [', [str(t.address)], ']', JS_ARGS, 1), 'fromBeginning: true'], '});', JS_OBJECT),
    'await consumer.run({',
    '  eachMessage: async ({ message }) => {',
    '    console.log(message.value.toString());',
    '  },',
    '});',
  ]);
}

/** A configuration value: text from the document, or an environment variable's name. */
export type ConfigValue = { text: string } | { env: string };

/**
 * The client configuration librdkafka reads (confluent-kafka in Python, confluent-kafka-go) and,
 * but for SASL, Apache's kafka-clients: the keys are the same.
 */
export function kafkaConfig(t: SampleTarget, sasl: 'librdkafka' | 'none'): [string, ConfigValue][] {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  // librdkafka reads PEM files by these keys; Java's kafka-clients names its stores otherwise (java/kafka.ts).
  const cert = sasl === 'librdkafka' ? clientCertificate(t) : undefined;
  const entries: [string, ConfigValue | undefined | false][] = [
    ['bootstrap.servers', { text: broker(t) }],
    ['client.id', { text: t.kafka.clientId ?? 'sample' }],
    ['security.protocol', (t.secure || c) && { text: `${c ? 'SASL_' : ''}${t.secure ? 'SSL' : 'PLAINTEXT'}` }],
    ['sasl.mechanisms', sasl === 'librdkafka' && c && { text: kafkaMechanism(t) }],
    ['sasl.username', sasl === 'librdkafka' && c && { env: c.user }],
    ['sasl.password', sasl === 'librdkafka' && c && { env: c.password }],
    ['ssl.ca.location', cert && { env: cert.ca }],
    ['ssl.certificate.location', cert && { env: cert.cert }],
    ['ssl.key.location', cert && { env: cert.key }],
    ['group.id', t.role === 'subscribe' && { text: t.kafka.groupId ?? 'sample' }],
    ['auto.offset.reset', t.role === 'subscribe' && { text: 'earliest' }],
  ];
  return entries.flatMap(([k, v]) => (v ? [[k, v] as [string, ConfigValue]] : []));
}

/** The SASL mechanism as Kafka's configuration writes it: PLAIN, SCRAM-SHA-256… */
export const kafkaMechanism = (t: SampleTarget): string => mechanism(t)[1];

export function python(t: SampleTarget): string {
  const entries = kafkaConfig(t, 'librdkafka');
  const readsEnvironment = entries.some(([, v]) => 'env' in v);
  // Black's layout: an environment lookup that would run past the panel breaks inside its brackets.
  const config = entries.map(([k, v]) => ('env' in v ? pyEnvAt(4, `${str(k)}: `, v.env) : `${str(k)}: ${str(v.text)}`));
  const client = (name: string, type: string): string => list(0, `${name} = ${type}({`, config, '})', PY_ARGS);
  if (t.role === 'publish') {
    const payload = pyPayload(t, `    value=.encode(),`.length);
    const args = [
      str(t.address),
      `value=${payload.value}.encode()`,
      ...(t.kafka.key !== undefined ? [`key=${str(t.kafka.key)}`] : []),
      ...(t.headers.length > 0
        ? [
            list(
              4,
              'headers=[',
              t.headers.map(([n, v]) => list(8, '(', [str(n), str(v)], ')', PY_ARGS, 1)),
              ']',
              PY_ARGS,
              1,
            ),
          ]
        : []),
    ];
    return lines([
      ...payload.imports,
      readsEnvironment && 'import os',
      '',
      'from confluent_kafka import Producer',
      '',
      ...payload.setup,
      client('producer', 'Producer'),
      list(0, 'producer.produce(', args, ')', PY_ARGS),
      'producer.flush()',
    ]).replace(/^\n/, '');
  }
  return lines([
    readsEnvironment && 'import os',
    '',
    'from confluent_kafka import Consumer',
    '',
    client('consumer', 'Consumer'),
    list(0, 'consumer.subscribe([', [str(t.address)], '])', PY_ARGS),
    'while True:',
    '    message = consumer.poll(1.0)',
    '    if message is None or message.error():',
    '        continue',
    '    value = message.value().decode()',
    '    print(value, flush=True)',
  ]).replace(/^\n/, '');
}
