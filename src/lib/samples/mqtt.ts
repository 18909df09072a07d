/** MQTT samples: mqtt.js and paho-mqtt's one-shot helpers (publish.single, subscribe.callback), MQTT 5 when the server says mqtt5. */
import { clientCertificate, JS_READ_FILE, jsTlsOptions } from './client-certificate.ts';
import { jsEnv, lines, pyEnvAt, str, stringEntries } from './code-text.ts';
import { comment, JS_ARGS, JS_OBJECT, list, PY_ARGS } from './line-layout.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

function url(t: SampleTarget): string {
  return `${t.secure ? 'mqtts' : 'mqtt'}://${t.host}${t.port !== undefined ? `:${t.port}` : ''}`;
}

export function javascript(t: SampleTarget): string {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const cert = clientCertificate(t);
  const options = [
    t.mqtt.version === 5 && 'protocolVersion: 5',
    c && `username: ${jsEnv(c.user)}`,
    c && `password: ${jsEnv(c.password)}`,
    ...(cert ? jsTlsOptions(cert) : []),
  ].filter((p): p is string => typeof p === 'string');
  const connectArguments = [str(url(t)), ...(options.length > 0 ? [list(2, '{', options, '}', JS_OBJECT, 1)] : [])];
  const connect = list(0, 'const client = await mqtt.connectAsync(', connectArguments, ');', JS_ARGS);
  const publishOptions = [
    `qos: ${t.mqtt.qos}`,
    `retain: ${t.mqtt.retain}`,
    ...(t.mqtt.version === 5 && t.headers.length > 0
      ? [list(4, 'properties: {', [list(6, 'userProperties: {', stringEntries(t.headers), '}', JS_OBJECT, 1)], '}', JS_OBJECT, 1)]
      : []),
  ];
  const payload = jsPayload(t, `  ,`.length);
  return t.role === 'publish'
    ? lines([
        cert && JS_READ_FILE,
        "import mqtt from 'mqtt';",
        '',
        ...payload.setup,
        connect,
        list(0, 'await client.publishAsync(', [str(t.address), payload.value, list(2, '{', publishOptions, '}', JS_OBJECT, 1)], ');', JS_ARGS),
        'await client.endAsync();',
      ])
    : lines([
        cert && JS_READ_FILE,
        "import mqtt from 'mqtt';",
        '',
        connect,
        "client.on('message', (topic, payload) => {",
        '  console.log(payload.toString());',
        '});',
        list(0, 'await client.subscribeAsync(', [str(t.address), list(2, '{', [`qos: ${t.mqtt.qos}`], '}', JS_OBJECT, 1)], ');', JS_ARGS),
      ]);
}

export function python(t: SampleTarget): string {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const cert = clientCertificate(t);
  // paho's tls argument: the CA it trusts, and the certificate and key it presents.
  const tls = cert
    ? list(4, 'tls={', [pyEnvAt(8, "'ca_certs': ", cert.ca), pyEnvAt(8, "'certfile': ", cert.cert), pyEnvAt(8, "'keyfile': ", cert.key)], '}', PY_ARGS, 1)
    : 'tls={}';
  const connection = [
    `hostname=${str(t.host)}`,
    `port=${t.port ?? (t.secure ? 8883 : 1883)}`,
    c && list(4, 'auth={', [pyEnvAt(8, "'username': ", c.user), pyEnvAt(8, "'password': ", c.password)], '}', PY_ARGS, 1),
    t.mqtt.version === 5 && 'protocol=mqtt.MQTTv5',
    // MQTT 5 has no clean session flag (paho refuses one); 3.1.1 keeps paho's default.
    t.mqtt.version === 5 && t.role === 'subscribe' && 'clean_session=None',
    t.secure && tls,
  ].filter((p): p is string => typeof p === 'string');
  const imports = [(c || cert) && 'import os', t.mqtt.version === 5 && 'import paho.mqtt.client as mqtt'];
  const payload = pyPayload(t, `    ,`.length);
  return t.role === 'publish'
    ? lines([
        ...payload.imports,
        ...imports,
        'import paho.mqtt.publish as publish',
        '',
        ...payload.setup,
        list(
          0,
          'publish.single(',
          [str(t.address), payload.value, `qos=${t.mqtt.qos}`, `retain=${t.mqtt.retain ? 'True' : 'False'}`, ...connection],
          ')',
          PY_ARGS,
        ),
        ...(t.mqtt.version === 5 && t.headers.length > 0
          ? comment('#', "The message's headers go in MQTT 5 user properties: paho-mqtt 2's properties argument.")
          : []),
      ])
    : lines([
        ...imports,
        'import paho.mqtt.subscribe as subscribe',
        '',
        '',
        'def on_message(client, userdata, message):',
        '    text = message.payload.decode()',
        '    print(text, flush=True)',
        '',
        '',
        list(0, 'subscribe.callback(', ['on_message', str(t.address), `qos=${t.mqtt.qos}`, ...connection], ')', PY_ARGS),
      ]);
}
