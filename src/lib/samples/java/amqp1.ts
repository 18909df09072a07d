/**
 * AMQP 1.0 in Java: Apache Qpid's protonj2 client, whose messages carry what rhea's and go-amqp's
 * do: one data section holding the payload's bytes, the content type, the headers as application
 * properties under any name (Qpid JMS would send the content type as application/octet-stream and
 * take only Java identifiers as property names).
 */
import { javaEnv, javaProgram, javaString } from '../code-text.ts';
import { javaPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';

export function java(t: SampleTarget): string {
  const payload = javaPayload(t);
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const withOptions = Boolean(c) || t.secure;
  const imports = [
    'org.apache.qpid.protonj2.client.Client',
    'org.apache.qpid.protonj2.client.Connection',
    'org.apache.qpid.protonj2.client.Message',
    'java.nio.charset.StandardCharsets',
    withOptions && 'org.apache.qpid.protonj2.client.ConnectionOptions',
  ];
  const head = [
    withOptions && 'ConnectionOptions options = new ConnectionOptions();',
    t.secure && 'options.sslEnabled(true);',
    c && `options.user(${javaEnv(c.user)});`,
    c && `options.password(${javaEnv(c.password)});`,
    `Connection connection = Client.create().connect(${javaString(t.host)}, ${t.port ?? (t.secure ? 5671 : 5672)}${withOptions ? ', options' : ''});`,
  ];
  if (t.role === 'publish')
    return javaProgram(
      [...imports, 'org.apache.qpid.protonj2.client.Sender'],
      [
        ...head,
        `Sender sender = connection.openSender(${javaString(t.address)});`,
        `Message<byte[]> message = Message.create(${payload.value}.getBytes(StandardCharsets.UTF_8));`,
        `message.contentType(${javaString(t.contentType)});`,
        ...t.headers.map(([n, v]) => `message.property(${javaString(n)}, ${javaString(v)});`),
        'sender.send(message).awaitSettlement();',
        'connection.close();',
      ],
      payload.setup,
    );
  return javaProgram(
    [...imports, 'org.apache.qpid.protonj2.client.Receiver'],
    [
      ...head,
      `Receiver receiver = connection.openReceiver(${javaString(t.address)});`,
      'while (true) {',
      '  Message<Object> message = receiver.receive().message();',
      '  Object body = message.body();',
      '  System.out.println(body instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : body);',
      '}',
    ],
  );
}
