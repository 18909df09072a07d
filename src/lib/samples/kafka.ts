/** Kafka samples: kafkajs and confluent-kafka, with the binding's key, group id and client id, SASL from the environment over TLS for kafka-secure. */
import { clientCertificate, JS_READ_FILE, jsTlsOptions } from './client-certificate.ts';
import { jsEnv, jsObject, lines, pyEnv, str } from './code-text.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

const broker = (t: SampleTarget): string => `${t.host}:${t.port ?? 9092}`;

/** A line of code ends within this column while it fits the reference panel (payload-literal.ts): past it, an object is laid over several lines. */
const WIDTH = 44;

/**
 * `key: { a, b }` (or `key: [a]`) on one line while it fits, else one entry a line, as a person
 * (or Prettier) lays it out when it would run past the panel's edge.
 */
function jsEntry(indent: string, key: string, open: '{' | '[', parts: string[]): string {
  const close = open === '{' ? '}' : ']';
  const pad = open === '{' ? ' ' : '';
  const line = `${indent}${key}: ${open}${pad}${parts.join(', ')}${pad}${close},`;
  return line.length <= WIDTH ? line : [`${indent}${key}: ${open}`, ...parts.map((p) => `${indent}  ${p},`), `${indent}${close},`].join('\n');
}

/** `await call({ a, b });` on one line while it fits, else one argument entry a line. */
function jsCall(call: string, parts: string[]): string {
  const line = `${call}({ ${parts.join(', ')} });`;
  return line.length <= WIDTH && !line.includes('\n')
    ? line
    : [`${call}({`, ...parts.map((p) => `${p.replaceAll('\n', '\n  ').replace(/^/, '  ')},`), '});'].join('\n');
}

/** The producer's `messages`: one record on the line while it fits a call's argument line, else one field a line. */
function jsMessages(fields: string[]): string {
  const line = `messages: [{ ${fields.join(', ')} }]`;
  return `  ${line},`.length <= WIDTH && !line.includes('\n')
    ? line
    : ['messages: [', '  {', ...fields.map((f) => `    ${f.replaceAll('\n', '\n    ')},`), '  },', ']'].join('\n');
}

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
    `  clientId: ${str(t.kafka.clientId ?? 'sample')},`,
    jsEntry('  ', 'brokers', '[', [str(broker(t))]),
    t.secure && !cert && '  ssl: true,',
    cert &&
      `  ssl: {\n${jsTlsOptions(cert)
        .map((o) => `    ${o},`)
        .join('\n')}\n  },`,
    c && jsEntry('  ', 'sasl', '{', [`mechanism: ${str(mechanism(t)[0])}`, `username: ${jsEnv(c.user)}`, `password: ${jsEnv(c.password)}`]),
  ];
  const payload = jsPayload(t);
  const head = [
    cert && JS_READ_FILE,
    "import { Kafka } from 'kafkajs';",
    '',
    ...(t.role === 'publish' ? payload.setup : []),
    'const kafka = new Kafka({',
    ...options,
    '});',
  ];
  if (t.role === 'publish') {
    const message = [
      ...(t.kafka.key !== undefined ? [`key: ${str(t.kafka.key)}`] : []),
      `value: ${payload.value}`,
      ...(t.headers.length > 0 ? [`headers: ${jsObject(t.headers)}`] : []),
    ];
    return lines([
      ...head,
      'const producer = kafka.producer();',
      'await producer.connect();',
      jsCall('await producer.send', [`topic: ${str(t.address)}`, jsMessages(message)]),
      'await producer.disconnect();',
    ]);
  }
  return lines([
    ...head,
    `const consumer = kafka.consumer({ groupId: ${str(t.kafka.groupId ?? 'sample')} });`,
    'await consumer.connect();',
    jsCall('await consumer.subscribe', [`topics: [${str(t.address)}]`, 'fromBeginning: true']),
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
  const config = entries.map(([k, v]) => `    ${str(k)}: ${'env' in v ? pyEnv(v.env) : str(v.text)},`);
  if (t.role === 'publish') {
    const payload = pyPayload(t);
    const args = [
      str(t.address),
      `value=${payload.value}.encode()`,
      ...(t.kafka.key !== undefined ? [`key=${str(t.kafka.key)}`] : []),
      ...(t.headers.length > 0 ? [`headers=[${t.headers.map(([n, v]) => `(${str(n)}, ${str(v)})`).join(', ')}]`] : []),
    ];
    return lines([
      ...payload.imports,
      readsEnvironment && 'import os',
      '',
      'from confluent_kafka import Producer',
      '',
      ...payload.setup,
      'producer = Producer({',
      ...config,
      '})',
      `producer.produce(${args.join(', ')})`,
      'producer.flush()',
    ]).replace(/^\n/, '');
  }
  return lines([
    readsEnvironment && 'import os',
    '',
    'from confluent_kafka import Consumer',
    '',
    'consumer = Consumer({',
    ...config,
    '})',
    `consumer.subscribe([${str(t.address)}])`,
    'while True:',
    '    message = consumer.poll(1.0)',
    '    if message is not None and message.error() is None:',
    '        print(message.value().decode(), flush=True)',
  ]).replace(/^\n/, '');
}
