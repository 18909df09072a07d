/**
 * The sample generators by protocol and language, and the samples of a target in the configured
 * languages. JavaScript and Python are written by each protocol's module in this folder, Go and
 * Java by the modules of go/ and java/, Shell (a standard command-line client) by shell.ts; sns keeps
 * its own commands. A language with no mainstream client for a protocol has no generator there, and
 * so no tab: no shell for NATS (its `nats` command is not packaged by Debian), AMQP 1.0, WebSocket,
 * HTTP (curl would be its own page's matter) or SQS.
 */
import * as amqp from './amqp.ts';
import * as amqp1 from './amqp1.ts';
import * as goAmqp from './go/amqp.ts';
import * as goAmqp1 from './go/amqp1.ts';
import * as goHttp from './go/http.ts';
import * as goKafka from './go/kafka.ts';
import * as goMqtt from './go/mqtt.ts';
import * as goNats from './go/nats.ts';
import * as goSqs from './go/sqs.ts';
import * as goWebsocket from './go/websocket.ts';
import * as http from './http.ts';
import * as javaAmqp from './java/amqp.ts';
import * as javaAmqp1 from './java/amqp1.ts';
import * as javaHttp from './java/http.ts';
import * as javaKafka from './java/kafka.ts';
import * as javaMqtt from './java/mqtt.ts';
import * as javaNats from './java/nats.ts';
import * as javaSqs from './java/sqs.ts';
import * as javaWebsocket from './java/websocket.ts';
import * as kafka from './kafka.ts';
import * as mqtt from './mqtt.ts';
import * as nats from './nats.ts';
import * as shell from './shell.ts';
import type { SampleProtocol, SampleTarget } from './sample-target.ts';
import * as sqs from './sqs.ts';
import * as websocket from './websocket.ts';

export type SampleLanguage = 'javascript' | 'python' | 'go' | 'java' | 'shell';

/** Every language samples are written in, in the order of their tabs. */
export const ALL_SAMPLE_LANGUAGES: readonly SampleLanguage[] = ['javascript', 'python', 'go', 'java', 'shell'];

/** The languages shown when the configuration names none. */
export const SAMPLE_LANGUAGES: readonly SampleLanguage[] = ['javascript', 'python', 'shell'];

/** The sample's code, or undefined when the language cannot carry this target (kcat and a payload of several lines of text). */
type Generate = (t: SampleTarget) => string | undefined;

interface Generator {
  /** The client library each language's sample uses: the tab's label. */
  library: Partial<Record<SampleLanguage, string>>;
  write: Partial<Record<SampleLanguage, Generate>>;
}

const GENERATORS: Record<SampleProtocol, Generator> = {
  amqp: {
    library: { javascript: 'amqplib', python: 'pika', go: 'amqp091-go', java: 'amqp-client', shell: 'amqp-tools' },
    write: { javascript: amqp.javascript, python: amqp.python, go: goAmqp.go, java: javaAmqp.java, shell: shell.amqp },
  },
  amqp1: {
    library: { javascript: 'rhea', python: 'qpid-proton', go: 'go-amqp', java: 'protonj2' },
    write: { javascript: amqp1.javascript, python: amqp1.python, go: goAmqp1.go, java: javaAmqp1.java },
  },
  http: {
    library: { javascript: 'fetch', python: 'requests', go: 'net/http', java: 'java.net.http' },
    write: { javascript: http.javascript, python: http.python, go: goHttp.go, java: javaHttp.java },
  },
  kafka: {
    library: { javascript: 'kafkajs', python: 'confluent-kafka', go: 'confluent-kafka-go', java: 'kafka-clients', shell: 'kcat' },
    write: { javascript: kafka.javascript, python: kafka.python, go: goKafka.go, java: javaKafka.java, shell: shell.kafka },
  },
  mqtt: {
    library: { javascript: 'mqtt', python: 'paho-mqtt', go: 'paho.mqtt.golang', java: 'Paho', shell: 'mosquitto-clients' },
    write: { javascript: mqtt.javascript, python: mqtt.python, go: goMqtt.go, java: javaMqtt.java, shell: shell.mqtt },
  },
  nats: {
    library: { javascript: 'nats', python: 'nats-py', go: 'nats.go', java: 'jnats' },
    write: { javascript: nats.javascript, python: nats.python, go: goNats.go, java: javaNats.java },
  },
  sqs: {
    library: { javascript: 'SDK v3', python: 'boto3', go: 'SDK v2', java: 'SDK v2' },
    write: { javascript: sqs.javascript, python: sqs.python, go: goSqs.go, java: javaSqs.java },
  },
  ws: {
    library: { javascript: 'ws', python: 'websockets', go: 'gorilla/websocket', java: 'java.net.http' },
    write: { javascript: websocket.javascript, python: websocket.python, go: goWebsocket.go, java: javaWebsocket.java },
  },
};

/** The library a language's sample uses for a protocol, or undefined when no sample is written in it. */
export const libraryOf = (protocol: SampleProtocol, language: SampleLanguage): string | undefined => GENERATORS[protocol].library[language];

export interface GeneratedSample {
  language: SampleLanguage;
  /** "JavaScript": the tab's label, short enough that the tabs keep one row in the panel. */
  label: string;
  /** "mqtt": the client library, named inside the tab's panel. */
  library: string;
  code: string;
}

const LANGUAGE_NAMES: Record<SampleLanguage, string> = { javascript: 'JavaScript', python: 'Python', go: 'Go', java: 'Java', shell: 'Shell' };

/**
 * The samples that do not present a client certificate themselves yet (Java's but Kafka's, Go's
 * AMQP 1.0): they say so in their first line, naming the files the others read, rather than
 * pass for samples that would connect to a server asking for one.
 */
const WITHOUT_CLIENT_CERTIFICATE: Partial<Record<SampleLanguage, readonly SampleProtocol[]>> = {
  go: ['amqp1'],
  java: ['mqtt', 'amqp', 'amqp1', 'nats', 'ws', 'http'],
};

function certificateComment(target: SampleTarget, language: SampleLanguage): string {
  const c = target.credentials;
  if (c?.kind !== 'client-certificate' || !WITHOUT_CLIENT_CERTIFICATE[language]?.includes(target.protocol)) return '';
  return `// The server asks for a client certificate (mutual TLS): give this client's TLS settings ${c.cert}, ${c.key} and ${c.ca}.\n`;
}

export function generateSamples(target: SampleTarget, languages: readonly SampleLanguage[] = SAMPLE_LANGUAGES): GeneratedSample[] {
  const generator = GENERATORS[target.protocol];
  return languages.flatMap((language) => {
    const code = generator.write[language]?.(target);
    return code !== undefined
      ? [
          {
            language,
            label: LANGUAGE_NAMES[language],
            library: generator.library[language] ?? '',
            code: `${certificateComment(target, language)}${code}`,
          },
        ]
      : [];
  });
}
