/**
 * Spring for Apache Kafka's own message headers (its KafkaHeaders constants) that its outbound
 * header mapper never writes to a record (AbstractKafkaHeaderMapper's NeverMatchHeaderMatcher):
 * they carry a received record's facts to a listener (offset, key, partition, topic, timestamp,
 * group) or steer Spring's producer (topic, key, partition), never travel as Kafka record
 * headers. Springwolf lists those a listener method reads among a message's headers, with
 * placeholder examples; a producer in any language has no reason to send them. Also
 * `kafka_recordMetadata`, the listener's ConsumerRecordMetadata, only ever present on receipt
 * (springwolf's examples name it by its class, `ConsumerRecordMetadata`).
 */
const SPRING_KAFKA_INTERNAL_HEADERS = new Set([
  'kafka_acknowledgment',
  'kafka_consumer',
  'kafka_messageKey',
  'kafka_offset',
  'kafka_partitionId',
  'kafka_data',
  'kafka_receivedMessageKey',
  'kafka_receivedPartitionId',
  'kafka_receivedTimestamp',
  'kafka_receivedTopic',
  'kafka_timestamp',
  'kafka_timestampType',
  'kafka_batchConvertedHeaders',
  'kafka_nativeHeaders',
  'kafka_topic',
  'kafka_deliveryAttempt',
  'kafka_listenerInfo',
  'kafka_groupId',
  'kafka_recordMetadata',
  'ConsumerRecordMetadata',
]);

/** Whether a header is one of Spring Kafka's that never travel on a record (see above). */
export const isSpringKafkaInternalHeader = (name: string): boolean => SPRING_KAFKA_INTERNAL_HEADERS.has(name);
