/**
 * AMQP 0-9-1 samples: amqplib and pika. The binding decides where a message goes: to an exchange
 * with a routing key (the channel's address unless `cc` gives one), or straight to a queue through
 * the default exchange; a subscriber binds a queue of its own (or the named one) to the exchange.
 */
import { clientCertificate, JS_READ_FILE, jsTlsOptions, pySslContext } from './client-certificate.ts';
import { jsEnv, lines, pyEnvAt, str, stringEntries, templateText } from './code-text.ts';
import { assign, JS_ARGS, JS_OBJECT, list, PY_ARGS } from './line-layout.ts';
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
  const properties = [
    `contentType: ${str(t.contentType)}`,
    ...(t.headers.length > 0 ? [list(4, 'headers: {', stringEntries(t.headers), '}', JS_OBJECT, 1)] : []),
  ];
  const assertExchange =
    exchange &&
    list(
      0,
      'await channel.assertExchange(',
      [str(exchange.name), str(exchange.type), list(2, '{', [`durable: ${exchange.durable}`], '}', JS_OBJECT, 1)],
      ');',
      JS_ARGS,
    );
  const queueOptions = [`durable: ${queue?.durable ?? true}`, `exclusive: ${queue?.exclusive ?? false}`];
  const cert = clientCertificate(t);
  // With a client certificate the broker takes the certificate as the login (SASL EXTERNAL), not a user and password.
  const certOptions = cert ? [list(2, '{', [...jsTlsOptions(cert), 'credentials: amqp.credentials.external()'], '}', JS_OBJECT, 1)] : [];
  const head = [
    cert ? `${JS_READ_FILE}\nimport amqp from 'amqplib';` : "import amqp from 'amqplib';",
    '',
    list(0, 'const connection = await amqp.connect(', [jsUrl(t), ...certOptions], ');', JS_ARGS),
  ];
  if (t.role === 'publish') {
    const payload = jsPayload(t, `  Buffer.from(),`.length);
    const body = list(2, 'Buffer.from(', [payload.value], ')', JS_ARGS, 1);
    const options = list(2, '{', properties, '}', JS_OBJECT, 1);
    return lines([
      head[0],
      '',
      ...payload.setup,
      head[2],
      assign(0, 'const channel', 'await connection.createConfirmChannel();'),
      assertExchange,
      exchange
        ? list(0, 'channel.publish(', [str(exchange.name), str(t.amqp.routingKey), body, options], ');', JS_ARGS)
        : list(0, 'channel.sendToQueue(', [str(queueName(t)), body, options], ');', JS_ARGS),
      'await channel.waitForConfirms();',
      'await connection.close();',
    ]);
  }
  const assertQueue =
    exchange && !queue ? ["''", list(2, '{', ['exclusive: true'], '}', JS_OBJECT, 1)] : [str(queueName(t)), list(2, '{', queueOptions, '}', JS_OBJECT, 1)];
  return lines([
    ...head,
    assign(0, 'const channel', 'await connection.createChannel();'),
    assertExchange,
    list(0, 'const { queue } = await channel.assertQueue(', assertQueue, ');', JS_ARGS),
    exchange && list(0, 'await channel.bindQueue(', ['queue', str(exchange.name), str(t.amqp.routingKey)], ');', JS_ARGS),
    list(0, 'await channel.consume(', ['queue', '(message) => {\n  console.log(message.content.toString());\n}', '{ noAck: true }'], ');', JS_ARGS),
  ]);
}

export function python(t: SampleTarget): string {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const cert = clientCertificate(t);
  const { exchange, queue } = t.amqp;
  const parameters = [
    `host=${str(t.host)}`,
    `port=${t.port ?? (t.secure ? 5671 : 5672)}`,
    ...(c ? [list(8, 'credentials=pika.PlainCredentials(', [pyEnvAt(12, '', c.user), pyEnvAt(12, '', c.password)], ')', PY_ARGS, 1)] : []),
    ...(cert ? ['ssl_options=pika.SSLOptions(tls)', 'credentials=pika.credentials.ExternalCredentials()'] : []),
  ];
  const payload = t.role === 'publish' ? pyPayload(t, `    body=.encode(),`.length) : undefined;
  const pyBool = (b: boolean): string => (b ? 'True' : 'False');
  const head = [
    ...(payload?.imports ?? []),
    (c || cert) && 'import os',
    cert && 'import ssl',
    '',
    'import pika',
    '',
    ...(payload?.setup ?? []),
    ...(cert ? pySslContext(cert) : []),
    list(0, 'connection = pika.BlockingConnection(', [list(4, 'pika.ConnectionParameters(', parameters, ')', PY_ARGS, 1)], ')', PY_ARGS),
    'channel = connection.channel()',
    exchange &&
      list(
        0,
        'channel.exchange_declare(',
        [`exchange=${str(exchange.name)}`, `exchange_type=${str(exchange.type)}`, `durable=${pyBool(exchange.durable)}`],
        ')',
        PY_ARGS,
      ),
  ];
  const headers = t.headers.length > 0 ? [list(8, 'headers={', stringEntries(t.headers), '}', PY_ARGS, 1)] : [];
  if (t.role === 'publish')
    return lines([
      ...head,
      list(
        0,
        'channel.basic_publish(',
        [
          `exchange=${str(exchange?.name ?? '')}`,
          `routing_key=${str(exchange ? t.amqp.routingKey : queueName(t))}`,
          `body=${payload?.value}.encode()`,
          list(4, 'properties=pika.BasicProperties(', [`content_type=${str(t.contentType)}`, ...headers], ')', PY_ARGS, 1),
        ],
        ')',
        PY_ARGS,
      ),
      'connection.close()',
    ]).replace(/^\n/, '');
  const declare =
    exchange && !queue
      ? ["queue=''", 'exclusive=True']
      : [`queue=${str(queueName(t))}`, `durable=${pyBool(queue?.durable !== false)}`, `exclusive=${pyBool(queue?.exclusive === true)}`];
  return lines([
    ...head,
    list(0, 'declared = channel.queue_declare(', declare, ')', PY_ARGS),
    'queue = declared.method.queue',
    exchange && list(0, 'channel.queue_bind(', ['queue=queue', `exchange=${str(exchange.name)}`, `routing_key=${str(t.amqp.routingKey)}`], ')', PY_ARGS),
    '',
    '',
    // pika passes the callback's arguments by position: `ch` and `props` keep the line within the panel.
    'def on_message(ch, method, props, body):',
    '    print(body.decode(), flush=True)',
    '',
    '',
    list(0, 'channel.basic_consume(', ['queue=queue', 'on_message_callback=on_message', 'auto_ack=True'], ')', PY_ARGS),
    'channel.start_consuming()',
  ]).replace(/^\n/, '');
}
