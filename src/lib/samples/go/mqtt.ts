/**
 * MQTT in Go: Eclipse Paho (paho.mqtt.golang), with the binding's QoS and retain. Paho's Go client
 * speaks MQTT 3.1.1, which MQTT 5 brokers accept; a message's headers (MQTT 5 user properties)
 * need Eclipse's paho.golang, which a comment says.
 */
import { clientCertificate, GO_TLS_IMPORTS, goTlsConfig } from '../client-certificate.ts';
import { goEnv, goProgram, goString } from '../code-text.ts';
import { goPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';

/** Waits for the token of the call before, and stops on its error. */
const WAIT = ['token.Wait()', 'if err := token.Error(); err != nil {', '\tlog.Fatal(err)', '}'];

export function go(t: SampleTarget): string {
  const payload = goPayload(t);
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const cert = clientCertificate(t);
  const broker = `${t.secure ? 'ssl' : 'tcp'}://${t.host}:${t.port ?? (t.secure ? 8883 : 1883)}`;
  const connect = [
    ...(cert ? goTlsConfig(cert) : []),
    'options := mqtt.NewClientOptions()',
    `options.AddBroker(${goString(broker)})`,
    cert && 'options.SetTLSConfig(tlsConfig)',
    c && `options.SetUsername(${goEnv(c.user)})`,
    c && `options.SetPassword(${goEnv(c.password)})`,
    'client := mqtt.NewClient(options)',
    'token := client.Connect()',
    ...WAIT,
  ];
  const imports = ['log', c && 'os', ...(cert ? GO_TLS_IMPORTS : []), 'mqtt github.com/eclipse/paho.mqtt.golang'];
  if (t.role === 'publish')
    return goProgram(
      imports,
      [
        ...connect,
        t.mqtt.version === 5 && t.headers.length > 0 && "// The message's headers are MQTT 5 user properties: eclipse/paho.golang sends them.",
        `token = client.Publish(${goString(t.address)}, ${t.mqtt.qos}, ${t.mqtt.retain}, ${payload.value})`,
        ...WAIT,
        'client.Disconnect(250)',
      ],
      payload.setup,
    );
  return goProgram(
    [...imports, 'fmt'],
    [
      ...connect,
      'token = client.Subscribe(',
      `\t${goString(t.address)},`,
      `\t${t.mqtt.qos},`,
      '\tfunc(_ mqtt.Client, m mqtt.Message) {',
      '\t\tfmt.Println(string(m.Payload()))',
      '\t},',
      ')',
      ...WAIT,
      'select {}',
    ],
  );
}
