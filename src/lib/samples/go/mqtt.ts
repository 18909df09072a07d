/**
 * MQTT in Go: Eclipse Paho (paho.mqtt.golang), with the binding's QoS and retain. Paho's Go client
 * speaks MQTT 3.1.1, which MQTT 5 brokers accept; a message's headers (MQTT 5 user properties)
 * need Eclipse's paho.golang, which a comment says.
 */
import { clientCertificate, GO_TLS_IMPORTS, goTlsConfig } from '../client-certificate.ts';
import { goEnv, goProgram, goString } from '../code-text.ts';
import { goPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';

export function go(t: SampleTarget): string {
  const payload = goPayload(t);
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const cert = clientCertificate(t);
  const broker = `${t.secure ? 'ssl' : 'tcp'}://${t.host}:${t.port ?? (t.secure ? 8883 : 1883)}`;
  const connect = [
    ...(cert ? goTlsConfig(cert) : []),
    `options := mqtt.NewClientOptions().AddBroker(${goString(broker)})`,
    cert && 'options.SetTLSConfig(tlsConfig)',
    c && `options.SetUsername(${goEnv(c.user)})`,
    c && `options.SetPassword(${goEnv(c.password)})`,
    'client := mqtt.NewClient(options)',
    'if token := client.Connect(); token.Wait() && token.Error() != nil {',
    '\tlog.Fatal(token.Error())',
    '}',
  ];
  const imports = ['log', c && 'os', ...(cert ? GO_TLS_IMPORTS : []), 'mqtt github.com/eclipse/paho.mqtt.golang'];
  if (t.role === 'publish')
    return goProgram(
      imports,
      [
        ...connect,
        t.mqtt.version === 5 && t.headers.length > 0 && "// The message's headers are MQTT 5 user properties: eclipse/paho.golang sends them.",
        `token := client.Publish(${goString(t.address)}, ${t.mqtt.qos}, ${t.mqtt.retain}, ${payload.value})`,
        'if token.Wait() && token.Error() != nil {',
        '\tlog.Fatal(token.Error())',
        '}',
        'client.Disconnect(250)',
      ],
      payload.setup,
    );
  return goProgram(
    [...imports, 'fmt'],
    [
      ...connect,
      `token := client.Subscribe(${goString(t.address)}, ${t.mqtt.qos}, func(_ mqtt.Client, message mqtt.Message) {`,
      '\tfmt.Println(string(message.Payload()))',
      '})',
      'if token.Wait() && token.Error() != nil {',
      '\tlog.Fatal(token.Error())',
      '}',
      'select {}',
    ],
  );
}
