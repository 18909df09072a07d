/**
 * Kafka in Go: confluent-kafka-go, configured as librdkafka is in Python (kafka.ts's kafkaConfig),
 * with the binding's key and the message's headers; the producer waits for the delivery report.
 */
import { GO_CHECK, goEnv, goProgram, goString } from '../code-text.ts';
import { goPayload } from '../payload-literal.ts';
import { kafkaConfig } from '../kafka.ts';
import type { SampleTarget } from '../sample-target.ts';

const KAFKA = 'github.com/confluentinc/confluent-kafka-go/v2/kafka';

export function go(t: SampleTarget): string {
  const payload = goPayload(t);
  const config = kafkaConfig(t, 'librdkafka');
  const configLines = config.map(([k, v]) => `\t${goString(k)}: ${'env' in v ? goEnv(v.env) : goString(v.text)},`);
  const imports = ['log', config.some(([, v]) => 'env' in v) && 'os', KAFKA];
  if (t.role === 'publish') {
    const message = [
      'TopicPartition: kafka.TopicPartition{Topic: &topic, Partition: kafka.PartitionAny},',
      t.kafka.key !== undefined && `Key: []byte(${goString(t.kafka.key)}),`,
      `Value: []byte(${payload.value}),`,
      t.headers.length > 0 && `Headers: []kafka.Header{${t.headers.map(([n, v]) => `{Key: ${goString(n)}, Value: []byte(${goString(v)})}`).join(', ')}},`,
    ];
    return goProgram(
      imports,
      [
        'config := &kafka.ConfigMap{',
        ...configLines,
        '}',
        'producer, err := kafka.NewProducer(config)',
        ...GO_CHECK,
        'defer producer.Close()',
        `topic := ${goString(t.address)}`,
        'delivered := make(chan kafka.Event, 1)',
        'err = producer.Produce(&kafka.Message{',
        ...message.filter((m): m is string => typeof m === 'string').map((m) => `\t${m}`),
        '}, delivered)',
        ...GO_CHECK,
        'report := (<-delivered).(*kafka.Message)',
        'err = report.TopicPartition.Error',
        ...GO_CHECK,
      ],
      payload.setup,
    );
  }
  return goProgram(
    [...imports, 'fmt'],
    [
      'config := &kafka.ConfigMap{',
      ...configLines,
      '}',
      'consumer, err := kafka.NewConsumer(config)',
      ...GO_CHECK,
      `err = consumer.SubscribeTopics([]string{${goString(t.address)}}, nil)`,
      ...GO_CHECK,
      'for {',
      '\tmessage, err := consumer.ReadMessage(-1)',
      '\tif err == nil {',
      '\t\tfmt.Println(string(message.Value))',
      '\t}',
      '}',
    ],
  );
}
