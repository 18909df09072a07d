/** MQTT samples: mqtt.js and paho-mqtt's one-shot helpers (publish.single, subscribe.callback), MQTT 5 when the server says mqtt5. */
import { clientCertificate, JS_READ_FILE, jsTlsOptions } from './client-certificate.ts';
import { jsEnv, jsObject, lines, pyEnv, str } from './code-text.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

function url(t: SampleTarget): string {
  return `${t.secure ? 'mqtts' : 'mqtt'}://${t.host}${t.port !== undefined ? `:${t.port}` : ''}`;
}

export function javascript(t: SampleTarget): string {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const cert = clientCertificate(t);
  const options = [
    t.mqtt.version === 5 && '  protocolVersion: 5,',
    c && `  username: ${jsEnv(c.user)},`,
    c && `  password: ${jsEnv(c.password)},`,
    ...(cert ? jsTlsOptions(cert).map((o) => `  ${o},`) : []),
  ].filter((p): p is string => typeof p === 'string');
  const connect = `const client = await mqtt.connectAsync(${str(url(t))}${options.length > 0 ? `, {\n${options.join('\n')}\n}` : ''});`;
  const userProperties = t.mqtt.version === 5 && t.headers.length > 0 ? `, properties: { userProperties: ${jsObject(t.headers)} }` : '';
  const payload = jsPayload(t);
  return t.role === 'publish'
    ? lines([
        cert && JS_READ_FILE,
        "import mqtt from 'mqtt';",
        '',
        ...payload.setup,
        connect,
        `await client.publishAsync(${str(t.address)}, ${payload.value}, { qos: ${t.mqtt.qos}, retain: ${t.mqtt.retain}${userProperties} });`,
        'await client.endAsync();',
      ])
    : lines([
        cert && JS_READ_FILE,
        "import mqtt from 'mqtt';",
        '',
        connect,
        "client.on('message', (topic, payload) => console.log(payload.toString()));",
        `await client.subscribeAsync(${str(t.address)}, { qos: ${t.mqtt.qos} });`,
      ]);
}

export function python(t: SampleTarget): string {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const cert = clientCertificate(t);
  // paho's tls argument: the CA it trusts, and the certificate and key it presents.
  const tls = cert
    ? `{\n        'ca_certs': ${pyEnv(cert.ca)},\n        'certfile': ${pyEnv(cert.cert)},\n        'keyfile': ${pyEnv(cert.key)},\n    }`
    : '{}';
  const connection = [
    `    hostname=${str(t.host)},`,
    `    port=${t.port ?? (t.secure ? 8883 : 1883)},`,
    c && `    auth={'username': ${pyEnv(c.user)}, 'password': ${pyEnv(c.password)}},`,
    t.mqtt.version === 5 && '    protocol=mqtt.MQTTv5,',
    // MQTT 5 has no clean session flag (paho refuses one); 3.1.1 keeps paho's default.
    t.mqtt.version === 5 && t.role === 'subscribe' && '    clean_session=None,',
    t.secure && `    tls=${tls},`,
  ];
  const imports = [(c || cert) && 'import os', t.mqtt.version === 5 && 'import paho.mqtt.client as mqtt'];
  const payload = pyPayload(t);
  return t.role === 'publish'
    ? lines([
        ...payload.imports,
        ...imports,
        'import paho.mqtt.publish as publish',
        '',
        ...payload.setup,
        'publish.single(',
        `    ${str(t.address)},`,
        `    ${payload.value},`,
        `    qos=${t.mqtt.qos},`,
        `    retain=${t.mqtt.retain ? 'True' : 'False'},`,
        ...connection,
        ')',
        t.mqtt.version === 5 && t.headers.length > 0 && "# The message's headers go in MQTT 5 user properties: paho-mqtt 2's properties argument.",
      ])
    : lines([
        ...imports,
        'import paho.mqtt.subscribe as subscribe',
        '',
        '',
        'def on_message(client, userdata, message):',
        '    print(message.payload.decode(), flush=True)',
        '',
        '',
        'subscribe.callback(',
        '    on_message,',
        `    ${str(t.address)},`,
        `    qos=${t.mqtt.qos},`,
        ...connection,
        ')',
      ]);
}
