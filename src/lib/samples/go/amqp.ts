/**
 * AMQP 0-9-1 in Go: rabbitmq/amqp091-go. Where a message goes follows the binding as in the other
 * languages (amqp.ts): an exchange with a routing key, or a queue through the default exchange;
 * the publisher waits for the broker's confirm (a NotifyPublish listener set before publishing).
 */
import { clientCertificate, GO_TLS_IMPORTS, goTlsConfig } from '../client-certificate.ts';
import { GO_CHECK, goEnv, goProgram, goString } from '../code-text.ts';
import { goPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';
import { queueName } from '../amqp.ts';

const table = (entries: [string, string][]): string => `amqp.Table{${entries.map(([n, v]) => `${goString(n)}: ${goString(v)}`).join(', ')}}`;

export function go(t: SampleTarget): string {
  const payload = goPayload(t);
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const { exchange, queue } = t.amqp;
  const url = `${t.secure ? 'amqps' : 'amqp'}://${t.host}:${t.port ?? (t.secure ? 5671 : 5672)}/`;
  const cert = clientCertificate(t);
  const imports = ['log', c && 'os', ...(cert ? GO_TLS_IMPORTS : []), 'amqp github.com/rabbitmq/amqp091-go'];
  // With a client certificate, the certificate is the login: SASL EXTERNAL.
  const dial = cert
    ? [...goTlsConfig(cert), `connection, err := amqp.DialTLS_ExternalAuth(${goString(url)}, tlsConfig)`]
    : c
      ? [
          `connection, err := amqp.DialConfig(${goString(url)}, amqp.Config{SASL: []amqp.Authentication{&amqp.PlainAuth{Username: ${goEnv(c.user)}, Password: ${goEnv(c.password)}}}})`,
        ]
      : [`connection, err := amqp.Dial(${goString(url)})`];
  const head = [
    ...dial,
    ...GO_CHECK,
    'defer connection.Close()',
    'channel, err := connection.Channel()',
    ...GO_CHECK,
    ...(exchange
      ? [`err = channel.ExchangeDeclare(${goString(exchange.name)}, ${goString(exchange.type)}, ${exchange.durable}, false, false, false, nil)`, ...GO_CHECK]
      : []),
  ];
  if (t.role === 'publish') {
    const publishing = [
      `ContentType: ${goString(t.contentType)}`,
      ...(t.headers.length > 0 ? [`Headers: ${table(t.headers)}`] : []),
      `Body: []byte(${payload.value})`,
    ];
    return goProgram(
      [...imports, 'context'],
      [
        ...head,
        'err = channel.Confirm(false)',
        ...GO_CHECK,
        // The classic confirm listener rather than a deferred confirmation, whose Wait could miss a
        // confirm that arrived first in some releases of the library (a publish hanging for good).
        'confirms := channel.NotifyPublish(make(chan amqp.Confirmation, 1))',
        'err = channel.PublishWithContext(',
        '\tcontext.Background(),',
        `\t${goString(exchange?.name ?? '')},`,
        `\t${goString(exchange ? t.amqp.routingKey : queueName(t))},`,
        '\tfalse,',
        '\tfalse,',
        '\tamqp.Publishing{',
        ...publishing.map((p) => `\t\t${p},`),
        '\t},',
        ')',
        ...GO_CHECK,
        'confirmed := <-confirms',
        'if !confirmed.Ack {',
        '\tlog.Fatal("the broker did not take the message")',
        '}',
      ],
      payload.setup,
    );
  }
  return goProgram(
    [...imports, 'fmt'],
    [
      ...head,
      exchange && !queue
        ? 'queue, err := channel.QueueDeclare("", false, true, true, false, nil)'
        : `queue, err := channel.QueueDeclare(${goString(queueName(t))}, ${queue?.durable ?? true}, false, ${queue?.exclusive ?? false}, false, nil)`,
      ...GO_CHECK,
      ...(exchange ? [`err = channel.QueueBind(queue.Name, ${goString(t.amqp.routingKey)}, ${goString(exchange.name)}, false, nil)`, ...GO_CHECK] : []),
      'messages, err := channel.Consume(queue.Name, "", true, false, false, false, nil)',
      ...GO_CHECK,
      'for message := range messages {',
      '\tfmt.Println(string(message.Body))',
      '}',
    ],
  );
}
