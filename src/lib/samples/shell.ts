/**
 * Shell samples: one command of a protocol's standard command-line client, as Debian packages it
 * (kcat for Kafka, mosquitto_pub and mosquitto_sub of mosquitto-clients for MQTT, amqp-tools for
 * AMQP 0-9-1), for a reader who wants to see a message go by before writing any code. Every value
 * of the document is one POSIX shell word (shellWord: single quotes, nothing it holds can end
 * them); credentials are read from the environment, in double quotes, as the other samples read
 * them. A command is written an option a line, so that it fits the panel and reads as a list.
 */
import { shellWord } from '../sns/snippet-quote.ts';
import { clientCertificate } from './client-certificate.ts';
import type { SampleTarget } from './sample-target.ts';

/** A command of several lines: its words, each list a line, joined with a backslash at the end of each but the last. */
const command = (head: string, ...options: (string | false | undefined)[]): string => indented('', head, ...options);

/** A command as `command` writes it, each of its lines after `indent`. */
const indented = (indent: string, head: string, ...options: (string | false | undefined)[]): string =>
  `${indent}${[head, ...options.filter((o): o is string => typeof o === 'string' && o !== '')].join(` \\\n${indent}  `)}`;

/** An environment variable's value as one word. */
const env = (name: string): string => `"$${name}"`;

/** An option with the value of an environment variable inside it (`-X "sasl.username=$KAFKA_USERNAME"`). */
const envIn = (prefix: string, name: string): string => `"${prefix}$${name}"`;

const userPassword = (t: SampleTarget) => (t.credentials?.kind === 'user-password' ? t.credentials : undefined);

/**
 * The payload on one line, for a client that reads a message a line (kcat): JSON text written on
 * several lines is the same JSON on one (a line break is never inside a JSON string, only between
 * its tokens); other text with a line break has no one-line form, and so no command.
 */
export function oneLinePayload(t: SampleTarget): string | undefined {
  if (!t.payload.includes('\n') && !t.payload.includes('\r')) return t.payload;
  if (!/json/i.test(t.contentType)) return undefined;
  try {
    JSON.parse(t.payload);
  } catch {
    return undefined;
  }
  // A comma keeps a space after it, as JSON written on one line reads.
  return t.payload.replace(/,[\r\n][ \t\r\n]*/g, ', ').replace(/[\r\n][ \t\r\n]*/g, '');
}

const KAFKA_MECHANISMS: Record<string, string> = { scramSha256: 'SCRAM-SHA-256', scramSha512: 'SCRAM-SHA-512', gssapi: 'GSSAPI' };

/** kcat's librdkafka properties for TLS, SASL and a client certificate. */
function kafkaSecurity(t: SampleTarget): string[] {
  const c = userPassword(t);
  const cert = clientCertificate(t);
  const protocol = c ? (t.secure ? 'SASL_SSL' : 'SASL_PLAINTEXT') : t.secure || cert ? 'SSL' : undefined;
  return [
    ...(protocol ? [`-X security.protocol=${protocol}`] : []),
    ...(c
      ? [
          `-X sasl.mechanisms=${(c.mechanism && KAFKA_MECHANISMS[c.mechanism]) || 'PLAIN'}`,
          `-X ${envIn('sasl.username=', c.user)}`,
          `-X ${envIn('sasl.password=', c.password)}`,
        ]
      : []),
    ...(cert
      ? [`-X ${envIn('ssl.ca.location=', cert.ca)}`, `-X ${envIn('ssl.certificate.location=', cert.cert)}`, `-X ${envIn('ssl.key.location=', cert.key)}`]
      : []),
  ];
}

/** kcat: a producer that reads the message as a line of its input, or a consumer in the binding's group that prints each message's value. */
export function kafka(t: SampleTarget): string | undefined {
  const broker = shellWord(`${t.host}:${t.port ?? 9092}`);
  if (t.role === 'publish') {
    const line = oneLinePayload(t);
    if (line === undefined) return undefined;
    // The message alone on the first line, however long: kcat's options read as a list under it.
    return `printf '%s\\n' ${shellWord(line)} |\n${indented(
      '  ',
      'kcat -P',
      `-b ${broker}`,
      `-t ${shellWord(t.address)}`,
      t.kafka.key !== undefined && `-k ${shellWord(t.kafka.key)}`,
      ...t.headers.map(([name, value]) => `-H ${shellWord(`${name}=${value}`)}`),
      ...kafkaSecurity(t),
    )}`;
  }
  return command(
    'kcat',
    `-b ${broker}`,
    `-G ${shellWord(t.kafka.groupId ?? 'sample')}`,
    '-X auto.offset.reset=earliest',
    ...kafkaSecurity(t),
    shellWord(t.address),
  );
}

/** The connection options mosquitto_pub and mosquitto_sub share: host, port, version, login and TLS. */
function mqttConnection(t: SampleTarget): string[] {
  const c = userPassword(t);
  const cert = clientCertificate(t);
  return [
    `-h ${shellWord(t.host)}`,
    `-p ${t.port ?? (t.secure ? 8883 : 1883)}`,
    ...(t.mqtt.version === 5 ? ['-V mqttv5'] : []),
    ...(c ? [`-u ${env(c.user)}`, `-P ${env(c.password)}`] : []),
    // Without a CA file of its own, mosquitto trusts the system's certificates only when told where they are.
    ...(cert ? [`--cafile ${env(cert.ca)}`, `--cert ${env(cert.cert)}`, `--key ${env(cert.key)}`] : t.secure ? ['--capath /etc/ssl/certs'] : []),
  ];
}

/** mosquitto_pub with the binding's QoS and retain flag, the headers as MQTT 5 user properties; mosquitto_sub printing each message. */
export function mqtt(t: SampleTarget): string {
  if (t.role === 'publish')
    return command(
      'mosquitto_pub',
      ...mqttConnection(t),
      `-t ${shellWord(t.address)}`,
      `-q ${t.mqtt.qos}`,
      t.mqtt.retain && '-r',
      // MQTT 3.1.1 has no headers: they go only in MQTT 5's user properties.
      ...(t.mqtt.version === 5 ? t.headers.map(([name, value]) => `-D publish user-property ${shellWord(name)} ${shellWord(value)}`) : []),
      t.payload === '' ? '-n' : `-m ${shellWord(t.payload)}`,
    );
  return command('mosquitto_sub', ...mqttConnection(t), `-t ${shellWord(t.address)}`, `-q ${t.mqtt.qos}`);
}

/** The connection options of amqp-tools' commands: server, port, login and TLS. */
function amqpConnection(t: SampleTarget): string[] {
  const c = userPassword(t);
  const cert = clientCertificate(t);
  return [
    `--server ${shellWord(t.host)}`,
    `--port ${t.port ?? (t.secure ? 5671 : 5672)}`,
    ...(c ? [`--username ${env(c.user)}`, `--password ${env(c.password)}`] : []),
    ...(t.secure || cert ? ['--ssl'] : []),
    ...(cert ? [`--cacert ${env(cert.ca)}`, `--cert ${env(cert.cert)}`, `--key ${env(cert.key)}`] : []),
  ];
}

/**
 * amqp-publish to the binding's exchange with the routing key (or to the queue through the default
 * exchange), with the content type and headers; amqp-consume binding a queue of its own (or the
 * named one, declared first) and printing each message on a line. amqp-tools declare no
 * exchange: the exchange is the API's, there before its readers come.
 */
export function amqp(t: SampleTarget): string {
  const { exchange, queue } = t.amqp;
  const queueName = queue?.name ?? t.address;
  const declareQueue = (): string => command('amqp-declare-queue', ...amqpConnection(t), `-q ${shellWord(queueName)}`, (queue?.durable ?? true) && '-d');
  if (t.role === 'publish') {
    const publish = command(
      'amqp-publish',
      ...amqpConnection(t),
      ...(exchange ? [`-e ${shellWord(exchange.name)}`, `-r ${shellWord(t.amqp.routingKey)}`] : [`-r ${shellWord(queueName)}`]),
      `-C ${shellWord(t.contentType)}`,
      ...t.headers.map(([name, value]) => `-H ${shellWord(`${name}: ${value}`)}`),
      `-b ${shellWord(t.payload)}`,
    );
    return exchange ? publish : `${declareQueue()}\n${publish}`;
  }
  const ownQueue = exchange && !queue;
  const consume = command(
    'amqp-consume',
    ...amqpConnection(t),
    ...(ownQueue ? [] : [`-q ${shellWord(queueName)}`]),
    ...(exchange ? [`-e ${shellWord(exchange.name)}`, `-r ${shellWord(t.amqp.routingKey)}`] : []),
    // After `--` the command is amqp-consume's to run for each message, not options of its own.
    "-- sh -c 'cat; echo'",
  );
  return ownQueue ? consume : `${declareQueue()}\n${consume}`;
}
