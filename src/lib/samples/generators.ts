/**
 * The sample generators by protocol, and the samples of a target in the configured languages.
 * Each protocol's module writes JavaScript (Node) and Python; sns keeps its own commands.
 */
import * as amqp from './amqp.ts';
import * as amqp1 from './amqp1.ts';
import * as http from './http.ts';
import * as kafka from './kafka.ts';
import * as mqtt from './mqtt.ts';
import * as nats from './nats.ts';
import type { SampleProtocol, SampleTarget } from './sample-target.ts';
import * as sqs from './sqs.ts';
import * as websocket from './websocket.ts';

export type SampleLanguage = 'javascript' | 'python';

export const SAMPLE_LANGUAGES: readonly SampleLanguage[] = ['javascript', 'python'];

interface Generator {
  javascript: (t: SampleTarget) => string;
  python: (t: SampleTarget) => string;
}

const GENERATORS: Record<SampleProtocol, Generator> = { amqp, amqp1, http, kafka, mqtt, nats, sqs, ws: websocket };

/** The library each language's sample uses, by protocol: the tab's label. */
export const LIBRARIES: Record<SampleProtocol, Record<SampleLanguage, string>> = {
  amqp: { javascript: 'amqplib', python: 'pika' },
  amqp1: { javascript: 'rhea', python: 'qpid-proton' },
  http: { javascript: 'fetch', python: 'requests' },
  kafka: { javascript: 'kafkajs', python: 'confluent-kafka' },
  mqtt: { javascript: 'mqtt', python: 'paho-mqtt' },
  nats: { javascript: 'nats', python: 'nats-py' },
  sqs: { javascript: 'SDK v3', python: 'boto3' },
  ws: { javascript: 'ws', python: 'websockets' },
};

export interface GeneratedSample {
  language: SampleLanguage;
  /** "JavaScript (mqtt)". */
  label: string;
  code: string;
}

const LANGUAGE_NAMES: Record<SampleLanguage, string> = { javascript: 'JavaScript', python: 'Python' };

export function generateSamples(target: SampleTarget, languages: readonly SampleLanguage[] = SAMPLE_LANGUAGES): GeneratedSample[] {
  const generator = GENERATORS[target.protocol];
  return languages.map((language) => ({
    language,
    label: `${LANGUAGE_NAMES[language]} (${LIBRARIES[target.protocol][language]})`,
    code: generator[language](target),
  }));
}
