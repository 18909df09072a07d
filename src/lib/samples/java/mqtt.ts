/**
 * MQTT in Java: Eclipse Paho's MQTT 3.1.1 client (org.eclipse.paho.client.mqttv3), which MQTT 5
 * brokers accept; a message's headers (MQTT 5 user properties) need Paho's mqttv5 client, which a
 * comment says.
 */
import { javaEnv, javaProgram, javaString } from '../code-text.ts';
import { javaPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';

export function java(t: SampleTarget): string {
  const payload = javaPayload(t);
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const broker = `${t.secure ? 'ssl' : 'tcp'}://${t.host}:${t.port ?? (t.secure ? 8883 : 1883)}`;
  const imports = [
    'java.nio.charset.StandardCharsets',
    'org.eclipse.paho.client.mqttv3.MqttClient',
    'org.eclipse.paho.client.mqttv3.MqttConnectOptions',
    'org.eclipse.paho.client.mqttv3.persist.MemoryPersistence',
  ];
  const connect = [
    `MqttClient client = new MqttClient(${javaString(broker)}, MqttClient.generateClientId(), new MemoryPersistence());`,
    'MqttConnectOptions options = new MqttConnectOptions();',
    c && `options.setUserName(${javaEnv(c.user)});`,
    c && `options.setPassword(${javaEnv(c.password)}.toCharArray());`,
    'client.connect(options);',
  ];
  if (t.role === 'publish')
    return javaProgram(
      imports,
      [
        ...connect,
        t.mqtt.version === 5 && t.headers.length > 0 && "// The message's headers are MQTT 5 user properties: Paho's mqttv5 client sends them.",
        `client.publish(${javaString(t.address)}, ${payload.value}.getBytes(StandardCharsets.UTF_8), ${t.mqtt.qos}, ${t.mqtt.retain});`,
        'client.disconnect();',
        'client.close();',
      ],
      payload.setup,
    );
  return javaProgram(imports, [
    ...connect,
    `client.subscribe(${javaString(t.address)}, ${t.mqtt.qos}, (topic, message) -> System.out.println(new String(message.getPayload(), StandardCharsets.UTF_8)));`,
  ]);
}
