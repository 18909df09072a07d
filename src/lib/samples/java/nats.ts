/** NATS in Java: jnats, with the binding's queue group on the subscriber and the message's headers. */
import { javaEnv, javaProgram, javaString } from '../code-text.ts';
import { javaPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';

function auth(t: SampleTarget): string {
  const c = t.credentials;
  if (c?.kind === 'user-password') return `.userInfo(${javaEnv(c.user)}, ${javaEnv(c.password)})`;
  if (c?.kind === 'bearer') return `.token(${javaEnv(c.variable)}.toCharArray())`;
  return '';
}

export function java(t: SampleTarget): string {
  const payload = javaPayload(t);
  const url = `${t.secure ? 'tls' : 'nats'}://${t.host}:${t.port ?? 4222}`;
  const imports = ['io.nats.client.Connection', 'io.nats.client.Nats', 'io.nats.client.Options', 'java.nio.charset.StandardCharsets'];
  const connect = `Connection nc = Nats.connect(new Options.Builder().server(${javaString(url)})${auth(t)}.build());`;
  if (t.role === 'subscribe')
    return javaProgram(
      [...imports, 'io.nats.client.Dispatcher'],
      [
        connect,
        'Dispatcher dispatcher = nc.createDispatcher((message) -> System.out.println(new String(message.getData(), StandardCharsets.UTF_8)));',
        `dispatcher.subscribe(${javaString(t.address)}${t.nats.queue ? `, ${javaString(t.nats.queue)}` : ''});`,
      ],
    );
  const hasHeaders = t.headers.length > 0;
  return javaProgram(
    [...imports, hasHeaders && 'io.nats.client.impl.Headers', 'java.time.Duration'],
    [
      connect,
      hasHeaders && 'Headers headers = new Headers();',
      ...t.headers.map(([n, v]) => `headers.add(${javaString(n)}, ${javaString(v)});`),
      `nc.publish(${javaString(t.address)}, ${hasHeaders ? 'headers, ' : ''}${payload.value}.getBytes(StandardCharsets.UTF_8));`,
      'nc.flush(Duration.ofSeconds(5));',
      'nc.close();',
    ],
    payload.setup,
  );
}
