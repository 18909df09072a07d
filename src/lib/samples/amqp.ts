/**
 * AMQP 0-9-1 samples: amqplib and pika. The binding decides where a message goes: to an exchange
 * with a routing key (the channel's address unless `cc` gives one), or straight to a queue through
 * the default exchange; a subscriber binds a queue of its own (or the named one) to the exchange.
 */
import { clientCertificate, JS_READ_FILE, jsTlsOptions, pySslContext } from './client-certificate.ts';
import { jsEnv, jsObject, lines, pyDict, pyEnv, str, templateText } from './code-text.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

function jsUrl(t: SampleTarget): string {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const base = `${t.secure ? 'amqps' : 'amqp'}://`;
  const where = `${t.host}${t.port !== undefined ? `:${t.port}` : ''}`;
  return c ? `\`${base}\${encodeURIComponent(${jsEnv(c.user)})}:\${encodeURIComponent(${jsEnv(c.password)})}@${templateText(where)}\`` : str(`${base}${where}`);
}

/** The queue a subscriber reads and a publisher without exchange sends to. */
export const queueName = (t: SampleTarget): string => t.amqp.queue?.name ?? t.address;

export function javascript(t: SampleTarget): string {
  const { exchange, queue } = t.amqp;
  const properties = [`contentType: ${str(t.contentType)}`, ...(t.headers.length > 0 ? [`headers: ${jsObject(t.headers)}`] : [])].join(', ');
  const assertExchange = exchange && `await channel.assertExchange(${str(exchange.name)}, ${str(exchange.type)}, { durable: ${exchange.durable} });`;
  const queueOptions = `{ durable: ${queue?.durable ?? true}, exclusive: ${queue?.exclusive ?? false} }`;
  const cert = clientCertificate(t);
  // With a client certificate the broker takes the certificate as the login (SASL EXTERNAL), not a user and password.
  const certOptions = cert ? `, {\n${[...jsTlsOptions(cert), 'credentials: amqp.credentials.external()'].map((o) => `  ${o},`).join('\n')}\n}` : '';
  const head = [
    cert ? `${JS_READ_FILE}\nimport amqp from 'amqplib';` : "import amqp from 'amqplib';",
    '',
    `const connection = await amqp.connect(${jsUrl(t)}${certOptions});`,
  ];
  if (t.role === 'publish') {
    const payload = jsPayload(t);
    return lines([
      head[0],
      '',
      ...payload.setup,
      head[2],
      'const channel = await connection.createConfirmChannel();',
      assertExchange,
      exchange
        ? `channel.publish(${str(exchange.name)}, ${str(t.amqp.routingKey)}, Buffer.from(${payload.value}), { ${properties} });`
        : `channel.sendToQueue(${str(queueName(t))}, Buffer.from(${payload.value}), { ${properties} });`,
      'await channel.waitForConfirms();',
      'await connection.close();',
    ]);
  }
  return lines([
    ...head,
    'const channel = await connection.createChannel();',
    assertExchange,
    exchange && !queue
      ? "const { queue } = await channel.assertQueue('', { exclusive: true });"
      : `const { queue } = await channel.assertQueue(${str(queueName(t))}, ${queueOptions});`,
    exchange && `await channel.bindQueue(queue, ${str(exchange.name)}, ${str(t.amqp.routingKey)});`,
    'await channel.consume(queue, (message) => console.log(message.content.toString()), { noAck: true });',
  ]);
}

export function python(t: SampleTarget): string {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const cert = clientCertificate(t);
  const { exchange, queue } = t.amqp;
  const parameters = [
    `host=${str(t.host)}`,
    `port=${t.port ?? (t.secure ? 5671 : 5672)}`,
    ...(c ? [`credentials=pika.PlainCredentials(${pyEnv(c.user)}, ${pyEnv(c.password)})`] : []),
    ...(cert ? ['ssl_options=pika.SSLOptions(tls)', 'credentials=pika.credentials.ExternalCredentials()'] : []),
  ];
  const payload = t.role === 'publish' ? pyPayload(t) : undefined;
  const head = [
    ...(payload?.imports ?? []),
    (c || cert) && 'import os',
    cert && 'import ssl',
    '',
    'import pika',
    '',
    ...(payload?.setup ?? []),
    ...(cert ? pySslContext(cert) : []),
    cert
      ? `connection = pika.BlockingConnection(pika.ConnectionParameters(\n${parameters.map((p) => `    ${p},`).join('\n')}\n))`
      : `connection = pika.BlockingConnection(pika.ConnectionParameters(${parameters.join(', ')}))`,
    'channel = connection.channel()',
    exchange && `channel.exchange_declare(exchange=${str(exchange.name)}, exchange_type=${str(exchange.type)}, durable=${exchange.durable ? 'True' : 'False'})`,
  ];
  const headers = t.headers.length > 0 ? `, headers=${pyDict(t.headers)}` : '';
  if (t.role === 'publish')
    return lines([
      ...head,
      'channel.basic_publish(',
      `    exchange=${str(exchange?.name ?? '')},`,
      `    routing_key=${str(exchange ? t.amqp.routingKey : queueName(t))},`,
      `    body=${payload?.value}.encode(),`,
      `    properties=pika.BasicProperties(content_type=${str(t.contentType)}${headers}),`,
      ')',
      'connection.close()',
    ]).replace(/^\n/, '');
  return lines([
    ...head,
    exchange && !queue
      ? "queue = channel.queue_declare(queue='', exclusive=True).method.queue"
      : `queue = channel.queue_declare(queue=${str(queueName(t))}, durable=${queue?.durable === false ? 'False' : 'True'}, exclusive=${queue?.exclusive ? 'True' : 'False'}).method.queue`,
    exchange && `channel.queue_bind(queue=queue, exchange=${str(exchange.name)}, routing_key=${str(t.amqp.routingKey)})`,
    '',
    '',
    'def on_message(channel, method, properties, body):',
    '    print(body.decode(), flush=True)',
    '',
    '',
    'channel.basic_consume(queue=queue, on_message_callback=on_message, auto_ack=True)',
    'channel.start_consuming()',
  ]).replace(/^\n/, '');
}
