/**
 * The code samples of operation pages (issue 40) run against real brokers: each JavaScript,
 * Python, Go, Java and shell sample (mosquitto-clients, amqp-tools; kcat's are read in
 * src/lib/samples/shell.test.ts: Debian has no Kafka broker) generated from a document whose server is a broker this test starts on
 * 127.0.0.1 must deliver the message's example byte for byte (the payload holds quotes, a
 * backslash and non-ASCII text, to prove the quoting), and what arrives must pass the message's
 * schema. A subscribing sample must print what the test publishes. Brokers: mosquitto,
 * nats-server, rabbitmq-server (AMQP 0-9-1 and 1.0), and a WebSocket and HTTP server of the
 * test's own; Kafka and SQS samples run against stand-ins (kafka-stand-in.ts, sqs-stand-in.ts).
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import amqp, { type ChannelModel, type ConsumeMessage } from 'amqplib';
import rhea from 'rhea';
import mqtt from 'mqtt';
import { Kafka, type KafkaMessage, logLevel } from 'kafkajs';
import { WebSocketServer } from 'ws';
import { startMosquitto, startRabbitmq } from './brokers.ts';
import { freePort, until } from './helpers.ts';
import { type KafkaStandIn, startKafkaStandIn } from './kafka-stand-in.ts';
import type { SampleLanguage } from '../src/lib/samples/generators.ts';
import { codeIn, runSample, samplesOf } from './sample-run.ts';
import { type SqsStandIn, startSqsStandIn } from './sqs-stand-in.ts';
import { brokerForSuite, natsForSuite } from './suite-brokers.ts';

const SCHEMA = {
  type: 'object',
  required: ['id', 'level'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    level: { type: 'integer', minimum: 0 },
    note: { type: 'string' },
    'lamp-ids': { type: 'array', items: { type: 'array', items: { type: ['integer', 'boolean', 'null'] } } },
  },
};
/** Quotes, a backslash, non-ASCII text, a key that is no identifier, nested arrays, an integer past 2^53, true and null: the quoting of each sample's literal is proved. */
const PAYLOAD = {
  id: "lamp-'7'",
  level: 3,
  note: 'a "quoted" \\ line, été ✓',
  'lamp-ids': [
    [12345678901234567000, 2],
    [true, null],
  ],
};
/** The example as the page shows it, and as the Go and Java samples send it: indented, a line per field (too long for the panel on one line). */
const EXPECTED = Buffer.from(JSON.stringify(PAYLOAD, null, 2));
/** The example on one line: what a JavaScript sample's JSON.stringify sends, and what this test publishes to a receiving sample, which prints it. */
const PUBLISHED = Buffer.from(JSON.stringify(PAYLOAD));
const validate = new Ajv().compile(SCHEMA);

/** The bytes arrived as the example's, and they pass the schema. */
function assertDelivered(bytes: Buffer | string, what: string, expected = EXPECTED): void {
  const received = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
  assert.equal(received.toString('hex'), expected.toString('hex'), `${what}: ${received.toString()} is not the example`);
  assert.ok(validate(JSON.parse(received.toString())), `${what}: fails the schema: ${JSON.stringify(validate.errors)}`);
}

/**
 * What a sending sample delivers is the example: Go and Java send its text as written, byte for
 * byte; JavaScript sends JSON.stringify of its object literal, byte for byte the example on one
 * line; Python's json.dumps writes its own spacing and escapes, so there the value arrives, the
 * same in the same order.
 */
function assertSent(bytes: Buffer | string, what: string, lang: SampleLanguage): void {
  if (lang !== 'python') return assertDelivered(bytes, what, lang === 'javascript' ? PUBLISHED : EXPECTED);
  const text = Buffer.isBuffer(bytes) ? bytes.toString() : bytes;
  assert.equal(JSON.stringify(JSON.parse(text)), PUBLISHED.toString(), `${what}: ${text} is not the example`);
  assert.ok(validate(JSON.parse(text)), `${what}: fails the schema: ${JSON.stringify(validate.errors)}`);
}

interface DocumentOptions {
  protocol: string;
  port: number;
  address: string;
  pathname?: string;
  parameters?: Record<string, unknown>;
  operationBindings?: Record<string, unknown>;
  channelBindings?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * A document with one channel and two operations on it: `readerSends` (the application
 * receives: the reader's code publishes) and `readerReceives` (the application sends). The port
 * is a server variable, as documents write it.
 */
function documentFor(o: DocumentOptions): string {
  const message = {
    payload: SCHEMA,
    ...(o.headers ? { headers: { type: 'object', properties: Object.fromEntries(Object.keys(o.headers).map((k) => [k, { type: 'string' }])) } } : {}),
    examples: [{ name: 'lamp', payload: PAYLOAD, ...(o.headers ? { headers: o.headers } : {}) }],
  };
  const op = (action: string) => ({ action, channel: { $ref: '#/channels/lights' }, ...(o.operationBindings ? { bindings: o.operationBindings } : {}) });
  return JSON.stringify({
    apidesc: '3.0.0',
    info: { title: 'Samples', version: '1.0.0' },
    defaultContentType: 'application/json',
    servers: {
      local: {
        host: '127.0.0.1:{port}',
        protocol: o.protocol,
        ...(o.pathname ? { pathname: o.pathname } : {}),
        variables: { port: { default: String(o.port) } },
      },
    },
    channels: {
      lights: {
        address: o.address,
        ...(o.parameters ? { parameters: o.parameters } : {}),
        ...(o.channelBindings ? { bindings: o.channelBindings } : {}),
        messages: { lamp: message },
      },
    },
    operations: { readerSends: op('receive'), readerReceives: op('send') },
  });
}

/**
 * The languages whose samples run, by protocol: those whose client library Debian packages (or
 * the JDK holds). The others are text only, as the manual says: Python's NATS client (nats-py),
 * Java's Kafka, MQTT, NATS and AMQP 1.0 clients, Go's AMQP 1.0 client (go-amqp), the AWS SDKs for
 * Go and Java (Debian's Go SDK is 250 MB; the Java one is not packaged).
 */
const RUN = {
  mqtt: ['javascript', 'python', 'go', 'shell'],
  nats: ['javascript', 'go'],
  ws: ['javascript', 'python', 'go', 'java'],
  http: ['javascript', 'python', 'go', 'java'],
  amqp: ['javascript', 'python', 'go', 'java', 'shell'],
  amqp1: ['javascript', 'python'],
  kafka: ['javascript', 'python', 'go'],
  sqs: ['javascript', 'python'],
} as const satisfies Record<string, readonly SampleLanguage[]>;

describe('MQTT samples against mosquitto', { timeout: 300_000 }, () => {
  const { broker } = brokerForSuite(() => startMosquitto());

  for (const version of ['mqtt', 'mqtt5'] as const)
    for (const lang of RUN.mqtt) {
      it(`${version}: the ${lang} sample publishes the example on the topic, the parameter filled in, with the binding's QoS`, async () => {
        const samples = await samplesOf(
          documentFor({
            protocol: version,
            port: broker().port,
            address: 'lights/{lightId}/on',
            parameters: { lightId: { examples: ['7'] } },
            operationBindings: { mqtt: { qos: 1 } },
          }),
        );
        const code = codeIn(samples.get('readersends'), 0, lang);
        // JavaScript and Python name the QoS; Go passes it second to Publish; mosquitto_pub takes -q.
        assert.match(code, /qos(: |=)1|Publish\(\s*"[^"]*",\s*1,|-q 1/);
        const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker().port}`, { protocolVersion: version === 'mqtt5' ? 5 : 4 });
        try {
          const arrived = new Promise<{ topic: string; payload: Buffer; qos: number }>((done) =>
            client.once('message', (topic, payload, packet) => done({ topic, payload, qos: packet.qos })),
          );
          await client.subscribeAsync('lights/#', { qos: 1 });
          const sample = runSample(lang, code);
          try {
            assert.equal(await sample.exit(), 0, sample.stderr());
            const m = await arrived;
            assert.equal(m.topic, 'lights/7/on');
            assert.equal(m.qos, 1);
            assertSent(m.payload, `${version} ${lang}`, lang);
          } finally {
            await sample.stop();
          }
        } finally {
          await client.endAsync();
        }
      });

      it(`${version}: the ${lang} sample subscribes and prints what is published`, async () => {
        const samples = await samplesOf(documentFor({ protocol: version, port: broker().port, address: 'lights/announce' }));
        const sample = runSample(lang, codeIn(samples.get('readerreceives'), 0, lang));
        const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker().port}`);
        // Published until the sample prints: the test cannot see when its subscription is in place.
        const timer = setInterval(() => void client.publishAsync('lights/announce', PUBLISHED).catch(() => undefined), 200);
        try {
          assertDelivered(await sample.firstLine(), `${version} ${lang} subscriber`, PUBLISHED);
        } finally {
          clearInterval(timer);
          await sample.stop();
          await client.endAsync();
        }
      });
    }
  it('mqtt5: the shell sample delivers text with quotes, $, backticks and line breaks byte for byte, its header as a user property', async () => {
    const text = `it's "quoted" $HOME \`id\` $(id) \\ été\nsecond line\n`;
    const header = "t-'1' $x `y`";
    const doc = JSON.parse(documentFor({ protocol: 'mqtt5', port: broker().port, address: 'lights/raw' }));
    doc.channels.lights.messages.lamp = {
      contentType: 'text/plain',
      payload: { type: 'string' },
      headers: { type: 'object', properties: { traceId: { type: 'string' } } },
      examples: [{ payload: text, headers: { traceId: header } }],
    };
    const code = codeIn((await samplesOf(JSON.stringify(doc))).get('readersends'), 0, 'shell');
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker().port}`, { protocolVersion: 5 });
    try {
      const arrived = new Promise<{ payload: Buffer; properties: unknown }>((done) =>
        client.once('message', (_topic, payload, packet) => done({ payload, properties: packet.properties?.userProperties })),
      );
      await client.subscribeAsync('lights/raw', { qos: 0 });
      const sample = runSample('shell', code);
      try {
        assert.equal(await sample.exit(), 0, sample.stderr());
        const m = await arrived;
        assert.equal(m.payload.toString('hex'), Buffer.from(text).toString('hex'), m.payload.toString());
        assert.deepEqual({ ...(m.properties as object) }, { traceId: header });
      } finally {
        await sample.stop();
      }
    } finally {
      await client.endAsync();
    }
  });
});

describe('NATS samples against nats-server', { timeout: 240_000 }, () => {
  const { broker, client: nc } = natsForSuite();

  for (const lang of RUN.nats) {
    it(`the ${lang} sample publishes the example with its headers on the subject`, async () => {
      const samples = await samplesOf(
        documentFor({
          protocol: 'nats',
          port: broker().port,
          address: 'lights.{lightId}.on',
          parameters: { lightId: { default: '7' } },
          headers: { traceId: 't-1' },
        }),
      );
      const subscription = nc().subscribe('lights.>', { max: 1 });
      await nc().flush();
      const sample = runSample(lang, codeIn(samples.get('readersends'), 0, lang));
      try {
        assert.equal(await sample.exit(), 0, sample.stderr());
        for await (const m of subscription) {
          assert.equal(m.subject, 'lights.7.on');
          assert.equal(m.headers?.get('traceId'), 't-1');
          assertSent(Buffer.from(m.data), `nats ${lang}`, lang);
        }
      } finally {
        await sample.stop();
      }
    });

    it(`the ${lang} sample subscribes in the binding's queue group and prints what is published`, async () => {
      const samples = await samplesOf(
        documentFor({ protocol: 'nats', port: broker().port, address: 'lights.announce', operationBindings: { nats: { queue: 'lamps' } } }),
      );
      const code = codeIn(samples.get('readerreceives'), 0, lang);
      assert.match(code, /lamps/);
      const sample = runSample(lang, code);
      const timer = setInterval(() => nc().publish('lights.announce', PUBLISHED), 200);
      try {
        assertDelivered(await sample.firstLine(), `nats ${lang} subscriber`, PUBLISHED);
      } finally {
        clearInterval(timer);
        await sample.stop();
      }
    });
  }
});

describe('WebSocket samples against a server of the test', { timeout: 300_000 }, () => {
  let server: WebSocketServer;
  let port: number;
  const received: { url: string; data: Buffer }[] = [];
  before(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((done) => server.once('listening', done));
    port = (server.address() as AddressInfo).port;
    server.on('connection', (socket, request) => {
      socket.on('message', (data: Buffer) => received.push({ url: request.url ?? '', data }));
      if (request.url?.startsWith('/feed/announce')) socket.send(PUBLISHED);
      // A request and reply: the reply comes back on the connection the request came on, the request's value on one line (printed, read as a line).
      if (request.url?.startsWith('/feed/echo')) socket.on('message', (data: Buffer) => socket.send(JSON.stringify(JSON.parse(data.toString()))));
    });
  });
  after(() => new Promise((done) => server.close(done)));

  for (const lang of RUN.ws) {
    it(`the ${lang} sample connects to the server's path, the address and the binding's query, and sends the example`, async () => {
      received.length = 0;
      const samples = await samplesOf(
        documentFor({
          protocol: 'ws',
          port,
          pathname: '/feed',
          address: '/lights',
          channelBindings: { ws: { query: { type: 'object', properties: { v: { const: '2' } } } } },
        }),
      );
      const sample = runSample(lang, codeIn(samples.get('readersends'), 0, lang));
      try {
        assert.equal(await sample.exit(), 0, sample.stderr());
        assert.equal(received.length, 1);
        assert.equal(received[0]!.url, '/feed/lights?v=2');
        assertSent(received[0]!.data, `ws ${lang}`, lang);
      } finally {
        await sample.stop();
      }
    });

    it(`the ${lang} sample of a request with a reply sends the example and prints the reply from the same connection`, async () => {
      const doc = JSON.parse(documentFor({ protocol: 'ws', port, pathname: '/feed', address: '/echo' })) as {
        operations: Record<string, Record<string, unknown>>;
      };
      doc.operations.readerSends!.reply = { channel: { $ref: '#/channels/lights' } };
      const samples = await samplesOf(JSON.stringify(doc));
      assert.deepEqual(
        samples.get('readersends')?.map((g) => g.title),
        ['Send on /echo and read the reply'],
      );
      const sample = runSample(lang, codeIn(samples.get('readersends'), 0, lang));
      try {
        assertDelivered(await sample.firstLine(), `ws ${lang} reply`, PUBLISHED);
        assert.equal(await sample.exit(), 0, sample.stderr());
      } finally {
        await sample.stop();
      }
    });

    it(`the ${lang} sample receives and prints what the server sends`, async () => {
      const samples = await samplesOf(documentFor({ protocol: 'ws', port, pathname: '/feed', address: '/announce' }));
      const sample = runSample(lang, codeIn(samples.get('readerreceives'), 0, lang));
      try {
        assertDelivered(await sample.firstLine(), `ws ${lang} receiver`, PUBLISHED);
      } finally {
        await sample.stop();
      }
    });
  }
});

describe('HTTP samples against a server of the test', { timeout: 240_000 }, () => {
  const requests: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(request.method === 'GET' ? 200 : 204).end(request.method === 'GET' ? PUBLISHED : undefined);
    });
  });
  let port: number;
  before(async () => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise((done) => server.close(done)));

  for (const lang of RUN.http) {
    it(`the ${lang} sample sends the example with the binding's method, the message's headers and the API key from the environment`, async () => {
      requests.length = 0;
      const yaml = documentFor({
        protocol: 'http',
        port,
        address: '/lights/{lightId}',
        parameters: { lightId: { enum: ['7', '8'] } },
        operationBindings: { http: { method: 'PUT' } },
        headers: { 'X-Trace': 't-1' },
      });
      const secured = JSON.parse(yaml) as Record<string, Record<string, Record<string, unknown>>>;
      secured.servers!.local!.security = [{ type: 'httpApiKey', name: 'X-Api-Key', in: 'header' }];
      const samples = await samplesOf(JSON.stringify(secured));
      const code = codeIn(samples.get('readersends'), 0, lang);
      assert.doesNotMatch(code, /secret-from-env/);
      const sample = runSample(lang, code, { HTTP_API_KEY: 'secret-from-env' });
      try {
        assert.equal(await sample.exit(), 0, sample.stderr());
        assert.equal(requests.length, 1);
        const r = requests[0]!;
        assert.equal(r.method, 'PUT');
        assert.equal(r.url, '/lights/7');
        assert.equal(r.headers['x-trace'], 't-1');
        assert.equal(r.headers['x-api-key'], 'secret-from-env');
        assert.equal(r.headers['content-type'], 'application/json');
        assertSent(r.body, `http ${lang}`, lang);
      } finally {
        await sample.stop();
      }
    });
  }
  for (const lang of RUN.http) {
    it(`the ${lang} sample sends HTTP basic credentials from the environment as UTF-8, a password past Latin-1 too`, async () => {
      requests.length = 0;
      const yaml = documentFor({ protocol: 'http', port, address: '/lights', operationBindings: { http: { method: 'POST' } } });
      const secured = JSON.parse(yaml) as Record<string, Record<string, Record<string, unknown>>>;
      secured.servers!.local!.security = [{ type: 'userPassword' }];
      const samples = await samplesOf(JSON.stringify(secured));
      const code = codeIn(samples.get('readersends'), 0, lang);
      const sample = runSample(lang, code, { HTTP_USERNAME: 'reader', HTTP_PASSWORD: 'pa✓ss' });
      try {
        assert.equal(await sample.exit(), 0, sample.stderr());
        assert.equal(requests.length, 1);
        assert.equal(requests[0]!.headers.authorization, `Basic ${Buffer.from('reader:pa✓ss', 'utf8').toString('base64')}`);
      } finally {
        await sample.stop();
      }
    });
  }
});

describe('HTTP webhook samples: the application calls the reader', { timeout: 240_000 }, () => {
  for (const lang of RUN.http) {
    it(`the ${lang} sample serves the address on PORT and prints the body the application sends`, async () => {
      const samples = await samplesOf(documentFor({ protocol: 'https', port: 443, address: '/hooks/lights', operationBindings: { http: { method: 'POST' } } }));
      const port = await freePort();
      const sample = runSample(lang, codeIn(samples.get('readerreceives'), 0, lang), { PORT: String(port) });
      // Posted until the sample prints: the test cannot see when it listens.
      const timer = setInterval(
        () =>
          void fetch(`http://127.0.0.1:${port}/hooks/lights`, { method: 'POST', body: PUBLISHED, headers: { 'Content-Type': 'application/json' } }).catch(
            () => undefined,
          ),
        200,
      );
      try {
        assertDelivered(await sample.firstLine(), `http webhook ${lang}`, PUBLISHED);
      } finally {
        clearInterval(timer);
        await sample.stop();
      }
    });
  }
});

describe('AMQP 0-9-1 and AMQP 1.0 samples against rabbitmq-server', { timeout: 480_000 }, () => {
  const { broker, client: connection } = brokerForSuite(
    () => startRabbitmq(),
    (started) => until('an AMQP connection', () => amqp.connect(`amqp://127.0.0.1:${started.port}`), 60_000),
    (opened: ChannelModel) => opened.close(),
  );
  const exchange = { name: 'lights', type: 'topic', durable: true };

  for (const lang of RUN.amqp) {
    it(`amqp: the ${lang} sample publishes the example to the binding's exchange with the channel's routing key and the message's headers`, async () => {
      const samples = await samplesOf(
        documentFor({
          protocol: 'amqp',
          port: broker().port,
          address: 'lights.{lightId}.on',
          parameters: { lightId: { examples: ['7'] } },
          channelBindings: { amqp: { is: 'routingKey', exchange } },
          headers: { traceId: 't-1' },
        }),
      );
      const channel = await connection().createChannel();
      try {
        await channel.assertExchange('lights', 'topic', { durable: true });
        const { queue } = await channel.assertQueue('', { exclusive: true });
        await channel.bindQueue(queue, 'lights', 'lights.#');
        const arrived = new Promise<ConsumeMessage>((done) => void channel.consume(queue, (m) => m && done(m), { noAck: true }));
        const sample = runSample(lang, codeIn(samples.get('readersends'), 0, lang));
        try {
          assert.equal(await sample.exit(), 0, sample.stderr());
          const m = await arrived;
          assert.equal(m.fields.routingKey, 'lights.7.on');
          assert.equal(m.properties.contentType, 'application/json');
          assert.equal(String(m.properties.headers?.traceId), 't-1');
          assertSent(m.content, `amqp ${lang}`, lang);
        } finally {
          await sample.stop();
        }
      } finally {
        await channel.close();
      }
    });

    it(`amqp: the ${lang} sample binds a queue of its own to the exchange and prints what is published`, async () => {
      const samples = await samplesOf(
        documentFor({ protocol: 'amqp', port: broker().port, address: 'lights.announce', channelBindings: { amqp: { is: 'routingKey', exchange } } }),
      );
      const sample = runSample(lang, codeIn(samples.get('readerreceives'), 0, lang));
      const channel = await connection().createChannel();
      const timer = setInterval(() => channel.publish('lights', 'lights.announce', PUBLISHED), 200);
      try {
        assertDelivered(await sample.firstLine(60_000), `amqp ${lang} subscriber`, PUBLISHED);
      } finally {
        clearInterval(timer);
        await sample.stop();
        await channel.close();
      }
    });
  }

  for (const lang of RUN.amqp1) {
    it(`amqp1: the ${lang} sample sends the example as one data section to the address`, async () => {
      const queue = `samples-${lang}`;
      const samples = await samplesOf(documentFor({ protocol: 'amqp1', port: broker().port, address: `/queue/${queue}` }));
      const sample = runSample(lang, codeIn(samples.get('readersends'), 0, lang));
      try {
        assert.equal(await sample.exit(), 0, sample.stderr());
        const body = await receiveOne(broker().port, `/queue/${queue}`);
        assertSent(body, `amqp1 ${lang}`, lang);
      } finally {
        await sample.stop();
      }
    });

    it(`amqp1: the ${lang} sample receives from the address and prints what is sent`, async () => {
      const queue = `samples-sub-${lang}`;
      const samples = await samplesOf(documentFor({ protocol: 'amqp1', port: broker().port, address: `/queue/${queue}` }));
      const sample = runSample(lang, codeIn(samples.get('readerreceives'), 0, lang));
      try {
        await sendOne(broker().port, `/queue/${queue}`);
        assertDelivered(await sample.firstLine(60_000), `amqp1 ${lang} receiver`, PUBLISHED);
      } finally {
        await sample.stop();
      }
    });
  }
});

/** The body of one message received over AMQP 1.0 from an address (a data section's bytes). */
function receiveOne(port: number, address: string): Promise<Buffer> {
  return new Promise((done, fail) => {
    const connection = rhea.create_container().connect({ host: '127.0.0.1', port, reconnect: false });
    const timer = setTimeout(() => {
      connection.close();
      fail(new Error(`nothing arrived on ${address}`));
    }, 30_000);
    connection.on('error', (e) => fail(new Error(String(e.error ?? e))));
    connection.open_receiver(address).once('message', (context) => {
      clearTimeout(timer);
      const body = context.message?.body as { content?: Buffer } | Buffer;
      connection.close();
      done(Buffer.isBuffer(body) ? body : Buffer.from(body.content ?? ''));
    });
  });
}

/** Sends the example over AMQP 1.0 to an address, settled by the broker. */
function sendOne(port: number, address: string): Promise<void> {
  return new Promise((done, fail) => {
    const connection = rhea.create_container().connect({ host: '127.0.0.1', port, reconnect: false });
    connection.on('error', (e) => fail(new Error(String(e.error ?? e))));
    const sender = connection.open_sender(address);
    sender.once('sendable', () => sender.send({ body: rhea.message.data_section(PUBLISHED) }));
    sender.once('accepted', () => {
      connection.close();
      done();
    });
  });
}

describe('Kafka samples against a Kafka stand-in (Debian has no Kafka broker)', { timeout: 360_000 }, () => {
  let standIn: KafkaStandIn;
  let kafka: Kafka;
  before(async () => {
    standIn = await startKafkaStandIn();
    kafka = new Kafka({ clientId: 'samples-test', brokers: [`127.0.0.1:${standIn.port}`], logLevel: logLevel.NOTHING });
  });
  after(() => standIn?.stop());

  /** The first record of a topic as a consumer of the test's own (kafkajs, in a group of its own) reads it from the stand-in. */
  async function consumeFirst(topic: string, groupId: string): Promise<KafkaMessage> {
    const consumer = kafka.consumer({ groupId });
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      return await new Promise<KafkaMessage>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`nothing consumed from ${topic}`)), 30_000);
        void consumer.run({
          eachMessage: async ({ message }) => {
            clearTimeout(timer);
            done(message);
          },
        });
      });
    } finally {
      await consumer.disconnect();
    }
  }

  /** kafkajs logs to stdout, a JSON object a line, before the message the sample prints. */
  const isKafkajsLog = (line: string): boolean => /^\{"level":"[A-Z]+",.*"logger":"kafkajs"/.test(line);

  for (const lang of RUN.kafka) {
    it(`the ${lang} sample produces the example with the binding's key and the message's headers to the topic; a consumer reads it back whole`, async () => {
      const samples = await samplesOf(
        documentFor({
          protocol: 'kafka',
          port: standIn.port,
          address: 'lights.{lightId}.on',
          parameters: { lightId: { examples: [lang] } },
          operationBindings: { kafka: { key: { type: 'string', enum: ['lamp-7'] }, clientId: { type: 'string', enum: ['lights-app'] } } },
          headers: { traceId: 't-1' },
        }),
      );
      const code = codeIn(samples.get('readersends'), 0, lang);
      assert.match(code, /client(Id: |\.id['"]: )['"]lights-app['"]/);
      const topic = `lights.${lang}.on`;
      const sample = runSample(lang, code);
      try {
        assert.equal(await sample.exit(), 0, sample.stderr());
        assert.deepEqual(standIn.refused, []);
        const records = standIn.records.filter((r) => r.topic === topic);
        assert.equal(records.length, 1);
        const record = records[0]!;
        assert.equal(record.key?.toString(), 'lamp-7');
        assert.deepEqual(
          record.headers.map(([name, value]) => [name, value?.toString()]),
          [['traceId', 't-1']],
        );
        assertSent(record.value ?? Buffer.alloc(0), `kafka ${lang}`, lang);
        const consumed = await consumeFirst(topic, `check-${lang}`);
        assert.equal(consumed.key?.toString(), 'lamp-7');
        assert.equal(consumed.headers?.traceId?.toString(), 't-1');
        assertSent(consumed.value ?? Buffer.alloc(0), `kafka ${lang}, consumed back`, lang);
        assert.deepEqual(standIn.refused, []);
      } finally {
        await sample.stop();
      }
    });

    it(`the ${lang} sample consumes in the binding's group from the topic's start and prints the value of a record produced with headers`, async () => {
      const topic = `lights.${lang}.announce`;
      const groupId = `lamps-${lang}`;
      const producer = kafka.producer();
      await producer.connect();
      await producer.send({ topic, messages: [{ key: 'lamp-7', value: PUBLISHED, headers: { traceId: 't-1' } }] });
      await producer.disconnect();
      const samples = await samplesOf(
        documentFor({ protocol: 'kafka', port: standIn.port, address: topic, operationBindings: { kafka: { groupId: { type: 'string', const: groupId } } } }),
      );
      const sample = runSample(lang, codeIn(samples.get('readerreceives'), 0, lang));
      try {
        assertDelivered(await sample.firstLine(undefined, isKafkajsLog), `kafka ${lang} consumer`, PUBLISHED);
        assert.deepEqual(
          standIn.groups.joined.filter((g) => g === groupId),
          [groupId],
          "the sample joins the binding's group",
        );
        assert.deepEqual(standIn.refused, []);
      } finally {
        await sample.stop();
      }
    });
  }

  for (const lang of ['javascript', 'python'] as const) {
    it(`the ${lang} sample of each message of an operation of several produces that message's example, with its own key and headers`, async () => {
      const topic = `parcels-${lang}`;
      const samples = await samplesOf(`apidesc: 3.0.0
info: { title: Parcels, version: 1.0.0 }
defaultContentType: application/json
servers: { depot: { host: '127.0.0.1:${standIn.port}', protocol: kafka } }
channels:
  events:
    address: ${topic}
    messages:
      scanned:
        title: Parcel scanned
        headers: { type: object, properties: { eventType: { type: string, const: scanned } } }
        payload: { type: object, properties: { parcelId: { type: string }, scanner: { type: string } } }
        examples: [{ headers: { eventType: scanned }, payload: { parcelId: P-1001, scanner: gate-3 } }]
      delivered:
        title: Parcel delivered
        bindings: { kafka: { key: { type: string, enum: [P-2001] } } }
        payload: { type: object, properties: { parcelId: { type: string }, signedBy: { type: string } } }
        examples: [{ payload: { parcelId: P-2001, signedBy: Ädne "Q" Reader } }]
operations:
  report: { action: receive, channel: { $ref: '#/channels/events' } }
`);
      const group = samples.get('report')![0]!;
      assert.deepEqual(
        group.messages?.map((m) => m.title),
        ['Parcel scanned', 'Parcel delivered'],
      );
      for (const [i, message] of group.messages.entries()) {
        const sample = runSample(lang, message.samples.find((x) => x.lang === lang)!.code);
        try {
          assert.equal(await sample.exit(), 0, sample.stderr());
        } finally {
          await sample.stop();
        }
        const records = standIn.records.filter((r) => r.topic === topic);
        assert.equal(records.length, i + 1, `${message.title}: one record more`);
        const record = records[i]!;
        const value = JSON.parse(record.value?.toString() ?? 'null');
        if (i === 0) {
          assert.deepEqual(value, { parcelId: 'P-1001', scanner: 'gate-3' });
          assert.equal(record.key, null);
          assert.deepEqual(
            record.headers.map(([name, v]) => [name, v?.toString()]),
            [['eventType', 'scanned']],
          );
        } else {
          assert.deepEqual(value, { parcelId: 'P-2001', signedBy: 'Ädne "Q" Reader' });
          assert.equal(record.key?.toString(), 'P-2001');
          assert.deepEqual(record.headers, []);
        }
      }
      assert.deepEqual(standIn.refused, []);
    });
  }
});

describe('SQS samples against an SQS stand-in reached through AWS_ENDPOINT_URL', { timeout: 120_000 }, () => {
  let standIn: SqsStandIn;
  before(async () => (standIn = await startSqsStandIn()));
  after(() => standIn?.stop());
  /** Credentials and region as a reader sets them; the endpoint is the stand-in's. */
  const environment = (): Record<string, string> => ({
    AWS_ACCESS_KEY_ID: 'AKIDSAMPLETEST',
    AWS_SECRET_ACCESS_KEY: 'secret-from-env',
    // The SDK for JavaScript reads AWS_REGION, boto3 AWS_DEFAULT_REGION.
    AWS_REGION: 'eu-west-1',
    AWS_DEFAULT_REGION: 'eu-west-1',
    AWS_ENDPOINT_URL: standIn.endpoint,
  });

  for (const lang of RUN.sqs) {
    it(`the ${lang} sample finds the queue by the channel's address and sends the example with the message's headers as attributes`, async () => {
      standIn.sent.length = 0;
      const samples = await samplesOf(
        documentFor({ protocol: 'sqs', port: 443, address: 'lights-{lightId}', parameters: { lightId: { examples: ['7'] } }, headers: { traceId: 't-1' } }),
      );
      const code = codeIn(samples.get('readersends'), 0, lang);
      assert.doesNotMatch(code, /AKIDSAMPLETEST|secret-from-env/);
      const sample = runSample(lang, code, environment());
      try {
        assert.equal(await sample.exit(), 0, sample.stderr());
        assert.deepEqual(standIn.refused, []);
        assert.equal(standIn.sent.length, 1);
        const m = standIn.sent[0]!;
        assert.equal(m.queue, 'lights-7');
        assert.equal(m.accessKey, 'AKIDSAMPLETEST', 'the request is signed with the credentials of the environment');
        assert.deepEqual(m.attributes, { traceId: 't-1' });
        assertSent(m.body, `sqs ${lang}`, lang);
      } finally {
        await sample.stop();
      }
    });

    it(`the ${lang} sample receives from the queue and prints the body`, async () => {
      const queue = `announce-${lang}`;
      standIn.waiting.set(queue, [PUBLISHED]);
      const samples = await samplesOf(documentFor({ protocol: 'sqs', port: 443, address: queue }));
      const sample = runSample(lang, codeIn(samples.get('readerreceives'), 0, lang), environment());
      try {
        assertDelivered(await sample.firstLine(), `sqs ${lang} receiver`, PUBLISHED);
        assert.deepEqual(standIn.refused, []);
      } finally {
        await sample.stop();
      }
    });
  }
});
