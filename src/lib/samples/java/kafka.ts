/**
 * Kafka in Java: Apache's kafka-clients, configured with the keys librdkafka shares (kafka.ts's
 * kafkaConfig) and SASL through a JAAS line whose user and password come from the environment.
 */
import { clientCertificate } from '../client-certificate.ts';
import { javaEnv, javaProgram, javaString } from '../code-text.ts';
import { javaPayload } from '../payload-literal.ts';
import { kafkaConfig, kafkaMechanism } from '../kafka.ts';
import type { SampleTarget } from '../sample-target.ts';

/** JAAS login modules by SASL mechanism: Kerberos takes the principal's name, the others a user and password. */
function saslLines(t: SampleTarget): string[] {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  if (!c) return [];
  const mechanism = kafkaMechanism(t);
  // The JAAS line a piece a line, its module's long name cut at a dot, so that it reads within the panel.
  const login =
    mechanism === 'GSSAPI'
      ? ['"com.sun.security.auth.module"', '".Krb5LoginModule required"', '" useTicketCache=true"', '" principal=\\"" + user + "\\";"']
      : [
          '"org.apache.kafka.common.security"',
          mechanism.startsWith('SCRAM') ? '".scram.ScramLoginModule required"' : '".plain.PlainLoginModule required"',
          '" username=\\"" + user + "\\""',
          '" password=\\"" + password + "\\";"',
        ];
  return [
    `config.put("sasl.mechanism", ${javaString(mechanism)});`,
    ...(mechanism === 'GSSAPI' ? ['config.put("sasl.kerberos.service.name", "kafka");'] : []),
    `String user = ${javaEnv(c.user)};`,
    mechanism !== 'GSSAPI' && `String password = ${javaEnv(c.password)};`,
    'String jaas =',
    `    ${login[0]}`,
    ...login.slice(1).map((piece, i) => `    + ${piece}${i === login.length - 2 ? ';' : ''}`),
    'config.put("sasl.jaas.config", jaas);',
  ].filter((l): l is string => typeof l === 'string');
}

/** Mutual TLS from PEM files (kafka-clients 2.7 on): the CA as the trust store, the certificate and its PKCS #8 key as the key store. */
function certificateLines(t: SampleTarget): string[] {
  const c = clientCertificate(t);
  if (!c) return [];
  const read = (variable: string): string => `Files.readString(Path.of(${javaEnv(variable)}))`;
  return [
    'config.put("ssl.truststore.type", "PEM");',
    `config.put("ssl.truststore.location", ${javaEnv(c.ca)});`,
    'config.put("ssl.keystore.type", "PEM");',
    `config.put("ssl.keystore.certificate.chain", ${read(c.cert)});`,
    `config.put("ssl.keystore.key", ${read(c.key)});`,
  ];
}

export function java(t: SampleTarget): string {
  const payload = javaPayload(t);
  const side = t.role === 'publish' ? 'Serializer' : 'Deserializer';
  const head = [
    'Properties config = new Properties();',
    ...kafkaConfig(t, 'none').map(([k, v]) => `config.put(${javaString(k)}, ${'env' in v ? javaEnv(v.env) : javaString(v.text)});`),
    ...saslLines(t),
    ...certificateLines(t),
    `config.put(${javaString(`key.${side.toLowerCase()}`)}, String${side}.class.getName());`,
    `config.put(${javaString(`value.${side.toLowerCase()}`)}, String${side}.class.getName());`,
  ];
  if (t.role === 'publish')
    return javaProgram(
      [
        'java.util.Properties',
        clientCertificate(t) && 'java.nio.file.Files',
        clientCertificate(t) && 'java.nio.file.Path',
        clientCertificate(t) && 'java.nio.file.Files',
        clientCertificate(t) && 'java.nio.file.Path',
        'org.apache.kafka.clients.producer.KafkaProducer',
        'org.apache.kafka.clients.producer.Producer',
        'org.apache.kafka.clients.producer.ProducerRecord',
        'org.apache.kafka.common.serialization.StringSerializer',
        t.headers.length > 0 && 'java.nio.charset.StandardCharsets',
      ],
      [
        ...head,
        // Declared apart from its type's arguments, whose comma the layout would take for an argument's.
        'Producer<String, String> producer = new KafkaProducer<>(config);',
        `ProducerRecord<String, String> record = new ProducerRecord<>(${javaString(t.address)}, ${t.kafka.key !== undefined ? javaString(t.kafka.key) : 'null'}, ${payload.value});`,
        ...t.headers.map(([n, v]) => `record.headers().add(${javaString(n)}, ${javaString(v)}.getBytes(StandardCharsets.UTF_8));`),
        'producer.send(record).get();',
        // Close sends what is still buffered before the program ends.
        'producer.close();',
      ],
      payload.setup,
    );
  return javaProgram(
    [
      'java.time.Duration',
      'java.util.List',
      'java.util.Properties',
      clientCertificate(t) && 'java.nio.file.Files',
      clientCertificate(t) && 'java.nio.file.Path',
      'org.apache.kafka.clients.consumer.KafkaConsumer',
      'org.apache.kafka.common.serialization.StringDeserializer',
    ],
    [
      ...head,
      // Never closed: the loop reads until the program is stopped.
      'KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config);',
      `consumer.subscribe(List.of(${javaString(t.address)}));`,
      'Duration wait = Duration.ofSeconds(1);',
      'while (true) {',
      '  var records = consumer.poll(wait);',
      '  for (var record : records) {',
      '    System.out.println(record.value());',
      '  }',
      '}',
    ],
  );
}
