/**
 * Protocols by the names readers know them by. A binding's key (`kafka`, `ws`) names one protocol;
 * a server's `protocol` is free text (`kafka-secure`, `https`, `secure-mqtt`), so a portal's
 * chips say the known ones in one style ("Kafka", "MQTT", "Amazon SNS") and keep any other as
 * written, rather than mix a document's spellings with product names.
 */

/** A binding's protocol, by its key: bindings pages label their sections so. */
export const PROTOCOL_NAMES: Record<string, string> = {
  http: 'HTTP',
  ws: 'WebSockets',
  kafka: 'Kafka',
  anypointmq: 'Anypoint MQ',
  amqp: 'AMQP 0-9-1',
  amqp1: 'AMQP 1.0',
  mqtt: 'MQTT',
  mqtt5: 'MQTT 5',
  nats: 'NATS',
  jms: 'JMS',
  sns: 'sns (topic notification)',
  solace: 'Solace',
  sqs: 'sqs (message queue)',
  stomp: 'STOMP',
  redis: 'Redis',
  mercure: 'Mercure',
  ibmmq: 'IBM MQ',
  googlepubsub: 'Google Pub/Sub',
  pulsar: 'Pulsar',
};

/** Names a catalog's chip gives where the binding's label does not suit (services by their product's name, the secure variants servers write). */
const CHIP_NAMES: Record<string, string> = {
  sns: 'Amazon SNS',
  sqs: 'Amazon SQS',
  amqp: 'AMQP',
  https: 'HTTPS',
  wss: 'WebSockets (TLS)',
  amqps: 'AMQP (TLS)',
  mqtts: 'MQTT (TLS)',
  'secure-mqtt': 'MQTT (TLS)',
  'kafka-secure': 'Kafka (TLS)',
  'ibmmq-secure': 'IBM MQ (TLS)',
  stomps: 'STOMP (TLS)',
};

/**
 * A protocol as a catalog's chip names it: known protocols (any case) by their reader's name,
 * others as the document writes them.
 */
export function protocolChipName(protocol: string): string {
  const key = protocol.toLowerCase();
  return (Object.hasOwn(CHIP_NAMES, key) ? CHIP_NAMES[key] : Object.hasOwn(PROTOCOL_NAMES, key) ? PROTOCOL_NAMES[key] : undefined) ?? protocol;
}

/**
 * A protocol badge in a reader's words, its version kept (`kafka-secure 2.8` → "Kafka (TLS) 2.8"):
 * the pages, their lists and the portal name a protocol one way, the portal's chip's. Where the
 * document's own spelling matters (a server's URL template and its Connect block), it stays as written.
 */
export function protocolWords(badge: string): string {
  const [protocol = '', ...version] = badge.split(' ');
  return [protocolChipName(protocol), ...version].join(' ');
}
