/**
 * AMQP 0-9-1 in Java: RabbitMQ's amqp-client. Where a message goes follows the binding as in the
 * other languages (amqp.ts); the publisher waits for the broker's confirm.
 */
import { javaEnv, javaMap, javaProgram, javaString } from '../code-text.ts';
import { javaPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';
import { queueName } from '../amqp.ts';

export function java(t: SampleTarget): string {
  const payload = javaPayload(t);
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const { exchange, queue } = t.amqp;
  const imports = [
    'com.rabbitmq.client.Channel',
    'com.rabbitmq.client.Connection',
    'com.rabbitmq.client.ConnectionFactory',
    'java.nio.charset.StandardCharsets',
  ];
  const head = [
    'ConnectionFactory factory = new ConnectionFactory();',
    `factory.setHost(${javaString(t.host)});`,
    `factory.setPort(${t.port ?? (t.secure ? 5671 : 5672)});`,
    t.secure && 'factory.useSslProtocol();',
    c && `factory.setUsername(${javaEnv(c.user)});`,
    c && `factory.setPassword(${javaEnv(c.password)});`,
    'Connection connection = factory.newConnection();',
    'Channel channel = connection.createChannel();',
    exchange && `channel.exchangeDeclare(${javaString(exchange.name)}, ${javaString(exchange.type)}, ${exchange.durable});`,
  ];
  if (t.role === 'publish')
    return javaProgram(
      [...imports, 'com.rabbitmq.client.AMQP', t.headers.length > 0 && 'java.util.Map'],
      [
        ...head,
        'channel.confirmSelect();',
        'AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()',
        `    .contentType(${javaString(t.contentType)})`,
        t.headers.length > 0 && `    .headers(${javaMap(t.headers, 'Object')})`,
        '    .build();',
        `channel.basicPublish(${javaString(exchange?.name ?? '')}, ${javaString(exchange ? t.amqp.routingKey : queueName(t))}, properties, ${payload.value}.getBytes(StandardCharsets.UTF_8));`,
        'channel.waitForConfirmsOrDie(10_000);',
        'connection.close();',
      ],
      payload.setup,
    );
  return javaProgram(imports, [
    ...head,
    exchange && !queue
      ? 'String queue = channel.queueDeclare().getQueue();'
      : `String queue = channel.queueDeclare(${javaString(queueName(t))}, ${queue?.durable ?? true}, ${queue?.exclusive ?? false}, false, null).getQueue();`,
    exchange && `channel.queueBind(queue, ${javaString(exchange.name)}, ${javaString(t.amqp.routingKey)});`,
    'channel.basicConsume(queue, true, (tag, message) -> System.out.println(new String(message.getBody(), StandardCharsets.UTF_8)), (tag) -> {});',
  ]);
}
